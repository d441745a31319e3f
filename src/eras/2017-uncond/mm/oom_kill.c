// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/2017-uncond/mm/oom_kill.c - the reaper without oom_lock and
 *                                      without mm_users
 *
 * Era:     2017-uncond (see src/eras/2017-uncond/mm/mmap.c for the idea).
 * Book:    chapter "2017-uncond" (book/era-2017-uncond.md).
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../mm/internal.h"

//! [2017-uncond-reap]
/*
 * __oom_reap_task_mm() - one attempt to reap @mm.
 *
 * mmap_sem for read is all the exclusion needed: exit_mmap() frees page
 * tables and VMAs only under mmap_sem for write, and leaves mm->mmap NULL
 * behind.  No oom_lock, no mmget_not_zero(), no mmput_async().
 *
 * Return: false if mmap_sem was busy (retry), true otherwise.
 */
__era bool __oom_reap_task_mm(struct task_struct *tsk, struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	if (!down_read_trylock(&mm->mmap_sem)) {
		trace_skip_task_reaping(tsk->pid);
		return false;
	}

	/*
	 * exit_mmap() has finished: there is nothing left to reap.  It
	 * clears mm->mmap under mmap_sem for write here; 2017-cond's, which
	 * reuses this reaper, may not, so the read is a READ_ONCE().
	 */
	if (!READ_ONCE(mm->mmap))
		goto unlock;

	trace_start_task_reaping(tsk->pid);
	set_bit(MMF_UNSTABLE, &mm->flags);

	tlb_gather_mmu(&tlb, mm, 0, -1);
	for (vma = READ_ONCE(mm->mmap); vma; vma = READ_ONCE(vma->vm_next)) {
		if (!can_madv_dontneed_vma(vma))
			continue;
		if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED))
			unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end,
					 NULL);
	}
	tlb_finish_mmu(&tlb, 0, -1);
	sim_assert_oom_reaped(mm);
	pr_info("oom_reaper: reaped process %d (%s)", task_pid_nr(tsk),
		tsk->comm);
unlock:
	up_read(&mm->mmap_sem);
	return true;
}
//! [2017-uncond-reap]
