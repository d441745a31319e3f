// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/skips-top/mm/oom_kill.c - a reverse walk that
 *                                    steps over the highest VMA by mistake
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	MA_STATE(mas, &mm->mm_mt, ULONG_MAX, ULONG_MAX);

	set_bit(MMF_UNSTABLE, &mm->flags);
	vma = mas_find_rev(&mas, 0);
	mas_for_each_rev(&mas, vma, 0) {
		struct mmu_gather tlb;

		tlb_gather_mmu(&tlb, mm);
		unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end, NULL);
		tlb_finish_mmu(&tlb);
	}
	return true;
}
