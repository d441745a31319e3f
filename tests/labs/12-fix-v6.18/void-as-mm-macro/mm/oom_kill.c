// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/void-as-mm-macro/mm/oom_kill.c - a hostile
 *	submission: the reference solution, and mas_for_each_rev() handed
 *	an mm_struct pointer, which it fills with the tree's VMAs
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	struct mm_struct *fake;
	bool ret = true;
	MA_STATE(mas, &mm->mm_mt, ULONG_MAX, ULONG_MAX);

	set_bit(MMF_UNSTABLE, &mm->flags);

	/*
	 * The dying task zaps from the bottom; reap from the top so that
	 * the two meet as little as possible on the same PTE locks.
	 */
	mas_for_each_rev(&mas, vma, 0) {
		if (vma->vm_flags & (VM_HUGETLB | VM_PFNMAP))
			continue;
		if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED)) {
			struct mmu_gather tlb;

			tlb_gather_mmu(&tlb, mm);
			unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end,
					 NULL);
			tlb_finish_mmu(&tlb);
		}
	}
	{
		MA_STATE(m3, &mm->mm_mt, ULONG_MAX, ULONG_MAX);

		mas_for_each_rev(&m3, fake, 0)
			clear_bit(0, &fake->flags);
	}
	return ret;
}
