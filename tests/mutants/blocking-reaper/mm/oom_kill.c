// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/blocking-reaper/mm/oom_kill.c - v4.14's __oom_reap_task_mm(), sleeping on
 * mmap_sem
 *
 * The planted bug: the reaper waits for mmap_sem instead of trying it.
 * The reaper exists because the victim may hold mmap_sem while it waits
 * for memory; a reaper that waits for the victim then waits forever, and
 * so does everyone waiting for the reaper.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/mutex.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../../src/mm/internal.h"

__era bool __oom_reap_task_mm(struct task_struct *tsk, struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	bool ret = true;

	mutex_lock(&oom_lock);

	down_read(&mm->mmap_sem);	/* mutant: sleeps, never fails */

	/*
	 * exit_mmap() sets MMF_OOM_SKIP when the reaper must not touch the
	 * mm any more.  Tested under mmap_sem for read, it is ordered
	 * against exit_mmap()'s down_write();up_write() cycle.
	 */
	if (test_bit(MMF_OOM_SKIP, &mm->flags)) {
		up_read(&mm->mmap_sem);
		trace_skip_task_reaping(tsk->pid);
		goto unlock_oom;
	}

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
	pr_info("oom_reaper: reaped process %d (%s)", task_pid_nr(tsk),
		tsk->comm);
	up_read(&mm->mmap_sem);
	trace_finish_task_reaping(tsk->pid);
unlock_oom:
	mutex_unlock(&oom_lock);
	return ret;
}
