// SPDX-License-Identifier: GPL-2.0-only
/*
 * From the top for an mm the OOM killer queued for the reaper
 * (MMF_OOM_REAP_QUEUED), v6.1's walk up for any other: the mm of a
 * process_mrelease() that no OOM kill came before.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

static void reap_vma(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct mmu_gather tlb;

	if (vma->vm_flags & (VM_HUGETLB | VM_PFNMAP))
		return;
	if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED)) {
		tlb_gather_mmu(&tlb, mm);
		unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end, NULL);
		tlb_finish_mmu(&tlb);
	}
}

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	MA_STATE(mas, &mm->mm_mt, ULONG_MAX, ULONG_MAX);
	VMA_ITERATOR(vmi, mm, 0);

	set_bit(MMF_UNSTABLE, &mm->flags);
	if (test_bit(MMF_OOM_REAP_QUEUED, &mm->flags)) {
		mas_for_each_rev(&mas, vma, 0)
			reap_vma(mm, vma);
	} else {
		for_each_vma(vmi, vma)
			reap_vma(mm, vma);
	}
	return true;
}
