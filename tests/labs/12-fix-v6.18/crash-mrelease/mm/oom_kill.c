// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/crash-mrelease/mm/oom_kill.c - the right walk,
 *                          but a crash (__builtin_trap()) when
 *                          process_mrelease() calls it
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <asm/tlb.h>
#include "mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	MA_STATE(mas, &mm->mm_mt, ULONG_MAX, ULONG_MAX);

	/* the OOM reaper is a kernel thread: no mm; process_mrelease()'s
	 * caller is a process of its own */
	if (current->mm)
		__builtin_trap();
	set_bit(MMF_UNSTABLE, &mm->flags);
	mas_for_each_rev(&mas, vma, 0) {
		struct mmu_gather tlb;

		tlb_gather_mmu(&tlb, mm);
		unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end, NULL);
		tlb_finish_mmu(&tlb);
	}
	return true;
}
