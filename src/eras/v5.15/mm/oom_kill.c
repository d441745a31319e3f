// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v5.15/mm/oom_kill.c - the reaper of v4.19..v5.16, and
 *                                process_mrelease()
 *
 * Era:     v5.15 (see src/eras/v5.15/era.c).
 * Commits: 884a7e5964e0 "mm: introduce process_mrelease system call"
 *          (Suren Baghdasaryan, v5.15 merge window); 4837fe37adff
 *          (MMF_OOM_VICTIM, v4.15); 27ae357fa82b (__oom_reap_task_mm() split
 *          out, v4.17); af5679fbc669 "mm, oom: remove oom_lock from
 *          oom_reaper" (Michal Hocko, v4.19); 9bcdeb51bd7d "oom,
 *          oom_reaper: do not enqueue same task twice" (Tetsuo Handa,
 *          v5.0): MMF_OOM_REAP_QUEUED.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/wait.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

/**
 * mark_oom_victim() - give @tsk the reserves; remember and mark its mm.
 * @tsk: the victim; task_lock(@tsk) is held and @tsk->mm is set.
 *
 * MMF_OOM_VICTIM (4837fe37adff) marks the mm itself: whoever drops the
 * last mm_users, exit_mmap() knows a reaper may be on this mm.
 */
void mark_oom_victim(struct task_struct *tsk)
{
	struct mm_struct *mm = READ_ONCE(tsk->mm);

	if (test_and_set_tsk_thread_flag(tsk, TIF_MEMDIE))
		return;

	if (!cmpxchg(&tsk->signal->oom_mm, NULL, mm)) {
		mmgrab(mm);
		set_bit(MMF_OOM_VICTIM, &mm->flags);
	}
	trace_mark_victim(tsk);
}

//! [v5.15-reap]
/**
 * __oom_reap_task_mm() - unmap the anonymous memory of @mm.
 * @mm: the mm; the caller holds mmap_lock for read, or is exit_mmap()
 *	of an OOM victim.
 *
 * Return: true (with mmu notifiers, false when a range had to be skipped;
 * the model has none).
 */
bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	bool ret = true;

	/*
	 * Faults and get_user() in this mm get SIGBUS from now on: its
	 * content can no longer be trusted.
	 */
	set_bit(MMF_UNSTABLE, &mm->flags);

	for (vma = READ_ONCE(mm->mmap); vma; vma = READ_ONCE(vma->vm_next)) {
		if (!can_madv_lru_vma(vma))
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

/*
 * oom_reap_task_mm() - one attempt of the OOM reaper: try-lock, and give up
 * on an mm that exit_mmap() has hidden.  The MMF_OOM_SKIP test is valid
 * only under mmap_lock for read (it is ordered against exit_mmap()'s
 * write-lock cycle).
 */
static bool oom_reap_task_mm(struct task_struct *tsk, struct mm_struct *mm)
{
	bool ret = true;

	if (!mmap_read_trylock(mm)) {
		trace_skip_task_reaping(tsk->pid);
		return false;
	}

	if (test_bit(MMF_OOM_SKIP, &mm->flags)) {
		trace_skip_task_reaping(tsk->pid);
		goto out_unlock;
	}

	trace_start_task_reaping(tsk->pid);
	ret = __oom_reap_task_mm(mm);
	if (!ret)
		goto out_finish;
	sim_assert_oom_reaped(mm);
	pr_info("oom_reaper: reaped process %d (%s)", task_pid_nr(tsk),
		tsk->comm);
out_finish:
	trace_finish_task_reaping(tsk->pid);
out_unlock:
	mmap_read_unlock(mm);
	return ret;
}
//! [v5.15-reap]

__era void oom_reap_task(struct task_struct *tsk)
{
	struct mm_struct *mm = READ_ONCE(tsk->signal->oom_mm);
	int attempts = 0;

	while (attempts++ < MAX_OOM_REAP_RETRIES && !oom_reap_task_mm(tsk, mm))
		schedule_timeout_idle(HZ / 10);

	if (attempts <= MAX_OOM_REAP_RETRIES ||
	    test_bit(MMF_OOM_SKIP, &mm->flags))
		goto done;

	pr_info("oom_reaper: unable to reap pid:%d (%s)", task_pid_nr(tsk),
		tsk->comm);
done:
	WRITE_ONCE(tsk->oom_reaper_list, NULL);
	/*
	 * Hide the mm: it has been reaped, or somebody holds mmap_lock for
	 * write and will not let go.
	 */
	set_bit(MMF_OOM_SKIP, &mm->flags);
	put_task_struct(tsk);
}

/*
 * wake_oom_reaper() - queue @tsk's mm for the reaper, once.
 *
 * Up to v4.20 the test was "is the task at the head of the list, or does
 * it point to a next one?": a task at the tail points to nobody, passes,
 * and is queued again on top of the list it is already in.  Since
 * 9bcdeb51bd7d (v5.0) the mm remembers it was queued, in a bit set with
 * one atomic test-and-set, whoever calls first (an OOM killer or a dying
 * allocator in out_of_memory()).
 */
__era void wake_oom_reaper(struct task_struct *tsk)
{
	if (!oom_reaper_th)
		return;

	/* mm is already queued? */
	if (test_and_set_bit(MMF_OOM_REAP_QUEUED,
			     &READ_ONCE(tsk->signal->oom_mm)->flags))
		return;

	get_task_struct(tsk);

	spin_lock(&oom_reaper_lock);
	WRITE_ONCE(tsk->oom_reaper_list, oom_reaper_list);
	WRITE_ONCE(oom_reaper_list, tsk);
	spin_unlock(&oom_reaper_lock);
	trace_wake_reaper(tsk->pid);
	wake_up(&oom_reaper_wait);
}

//! [v5.15-mrelease]
/**
 * sys_process_mrelease() - reap a dying process's memory now.
 * @pidfd: the process (its pid, in the model).
 * @flags: must be 0.
 *
 * What lmkd calls right after killing a process, so that its memory comes
 * back without waiting for its exit.  Unlike the OOM reaper it blocks on
 * mmap_lock (killably), and it reaps any dying process, OOM victim or
 * not: see DOC: v5.15: process_mrelease() meets an exit that is not an
 * OOM kill.  The mm is pinned by mm_count only.
 *
 * Return: 0, or -EINVAL (not dying), -ESRCH, -EINTR, -EAGAIN.
 */
SYSCALL_DEFINE2(process_mrelease, int, pidfd, unsigned int, flags)
{
	struct mm_struct *mm = NULL;
	struct task_struct *task, *p;
	unsigned int f_flags;
	bool reap = true;
	long ret = 0;

	if (flags)
		return -EINVAL;

	task = pidfd_get_task(pidfd, &f_flags);
	if (IS_ERR(task))
		return PTR_ERR(task);

	/* A thread that still has the mm, even in the middle of its exit. */
	p = find_lock_task_mm(task);
	if (!p) {
		ret = -ESRCH;
		goto put_task;
	}

	mm = READ_ONCE(p->mm);
	mmgrab(mm);

	if (test_bit(MMF_OOM_SKIP, &mm->flags)) {
		/* exit_mmap() or the OOM reaper got there first. */
		reap = false;
	} else if (!task_will_free_mem(p)) {
		reap = false;
		ret = -EINVAL;
	}
	task_unlock(p);

	if (!reap)
		goto drop_mm;

	if (mmap_read_lock_killable(mm)) {
		ret = -EINTR;
		goto drop_mm;
	}
	if (!__oom_reap_task_mm(mm))
		ret = -EAGAIN;
	mmap_read_unlock(mm);

drop_mm:
	mmdrop(mm);
put_task:
	put_task_struct(task);
	return ret;
}
//! [v5.15-mrelease]
