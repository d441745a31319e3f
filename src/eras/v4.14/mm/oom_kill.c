// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.14/mm/oom_kill.c - MMF_OOM_SKIP tested under mmap_sem
 *
 * Era:     v4.14, "empty-write-cycle" (212925802454, Andrea Arcangeli).
 *          oom_lock stays around the reap until v4.19 (af5679fbc669).
 * Book:    chapter "v4.14: the empty write cycle" (book/era-v4.14.md).
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/mutex.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../mm/internal.h"

//! [v4.14-reap]
/*
 * __oom_reap_task_mm() - one attempt to reap @mm.
 *
 * No mm_users reference: exit_mmap() may run concurrently, and the
 * MMF_OOM_SKIP test under mmap_sem for read is what keeps us out of its
 * destructive part (DOC: v4.14: a barrier, not a critical section).
 *
 * Return: false if mmap_sem was busy (retry), true otherwise.
 */
__era bool __oom_reap_task_mm(struct task_struct *tsk, struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	bool ret = true;

	mutex_lock(&oom_lock);

	if (!down_read_trylock(&mm->mmap_sem)) {
		ret = false;
		trace_skip_task_reaping(tsk->pid);
		goto unlock_oom;
	}

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
	sim_assert_oom_reaped(mm);
	pr_info("oom_reaper: reaped process %d (%s)", task_pid_nr(tsk),
		tsk->comm);
	up_read(&mm->mmap_sem);
	trace_finish_task_reaping(tsk->pid);
unlock_oom:
	mutex_unlock(&oom_lock);
	return ret;
}
//! [v4.14-reap]
