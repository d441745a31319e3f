// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.18/mm/oom_kill.c - the reaper starts from the other end
 *
 * Era:     v6.18, "reverse-reap" (see src/eras/v6.18/era.c).
 * Commit:  5e1953dc71af "mm/oom_kill: the OOM reaper traverses the VMA
 *          maple tree in reverse order" (zhongjinji).
 * Fixed:   DOC: v6.18: reaping from the top.
 */

//! [v6.18-top]
/*
 * DOC: v6.18: reaping from the top
 *
 * exit_mmap() zaps from the lowest address up.  A reaper that does too
 * meets it on the very same PTE tables and the two take turns on each
 * ptl.  Starting from ULONG_MAX and walking the VMAs down, the reaper
 * meets the exiting task only where their walks cross, somewhere in the
 * middle (inside one VMA both still zap upwards, unmap_page_range(), so
 * in a large one they may trail each other there; the commit says it
 * reduces those races, not that it ends them):
 *
 *     address   0 ------------------------------------------ TASK_SIZE
 *     v6.1      exit_mmap  ---->
 *               reaper     ---->     # the same tables, in the same order
 *     v6.18     exit_mmap  ---->                        <---- reaper
 *
 * zhongjinji's measurements (arm64): time waiting for PTE locks fell from 33.1 ms to
 * 1.0 ms, the total running time of exit_mmap() and the reaper from
 * 167.1 ms to 132.6 ms.
 */
//! [v6.18-top]

#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

//! [v6.18-reap]
/**
 * __oom_reap_task_mm() - unmap the anonymous memory of @mm, top down.
 * @mm: the mm; the caller holds mmap_lock for read.
 *
 * The OOM reaper and process_mrelease() both call it.  Since 5e1953dc71af
 * the walk starts at ULONG_MAX and goes down the maple tree, away from
 * the exiting task, whose unmap_vmas() zaps from the bottom.
 *
 * Return: true (false only for mmu notifiers, which the model has none of).
 */
bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
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
	return ret;
}
//! [v6.18-reap]
