// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/first-last/mm/oom_kill.c - a hostile
 *	submission: the walk up kept, only the lowest VMA put off to the end
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
	struct vm_area_struct *vma, *first = NULL;
	VMA_ITERATOR(vmi, mm, 0);

	set_bit(MMF_UNSTABLE, &mm->flags);
	for_each_vma(vmi, vma) {
		if (!first) {
			first = vma;
			continue;
		}
		reap_one(mm, vma);
	}
	if (first)
		reap_one(mm, first);
	return true;
}
