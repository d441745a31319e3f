// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.9/mm/oom_kill.c - the reaper under oom_lock, victims by mm
 *
 * Era:     v4.9, "oom_lock" (see src/eras/v4.9/era.c).
 * Commits: e2fe14564d33 "oom_reaper: close race with exiting task" (v4.7):
 *          the whole reap runs under oom_lock;
 *          26db62f179d1 "oom: keep mm of the killed task available" (v4.9):
 *          the victim is signal->oom_mm, pinned by mm_count, and the reaper
 *          works on that mm even after its owner has left exit_mm(); (the
 *          order "mm_users only after mmap_sem" is older: Michal Hocko's
 *          "mm, oom_reaper: make sure that mmput_async is called only when
 *          memory was reaped", v4.8);
 *          862e3073b3ee (v4.9): MMF_OOM_SKIP replaces TIF_MEMDIE as "stop
 *          waiting for this victim";
 *          3f70dc38cec2 (v4.9): MMF_UNSTABLE, which in v4.9 only a
 *          kernel thread using the mm through use_mm() (vhost) checks.
 *          Authors: Michal Hocko.  (The victim-selection rework of v4.8,
 *          oom_evaluate_task(), is here too, reduced to what matters.)
 * Fixed:   DOC: The v4.6 race: while the reaper unmaps it holds oom_lock,
 *          so no OOM killer can choose a new victim meanwhile.
 * Kept:    DOC: v4.9: MMF_OOM_SKIP before the memory is freed.
 */

//! [v4.9-race]
/*
 * DOC: v4.9: MMF_OOM_SKIP before the memory is freed
 *
 * The race David Rientjes hit, as Michal Hocko's 2017 changelog draws it: the
 * victim has started its last mmput() (mm_users is 0) but exit_mmap() has
 * not freed anything yet, for instance because exit_aio() sleeps.
 *
 *     oom_reap_task                     victim (do_exit)
 *     -------------------------------------------------------------
 *                                       exit_mm
 *     __oom_reap_task_mm
 *                                         mmput
 *                                           __mmput   # mm_users is 0
 *                                             exit_aio   # sleeps
 *       mmget_not_zero   # fails: "raced with exit"
 *     set_bit(MMF_OOM_SKIP)   # the victim is of no interest any more
 *                 allocating task: out_of_memory
 *                   oom_evaluate_task   # skips the victim
 *                   oom_kill_process    # kills a second task
 *                                             exit_mmap   # frees memory
 *
 * Invariant broken: MMF_OOM_SKIP should mean "nothing more will come back
 * from this mm", and here it is set before anything came back.  Holding
 * oom_lock and sleeping in out_of_memory() only made the window smaller.
 * v4.14 (212925802454) lets the reaper and exit_mmap() run concurrently
 * instead.
 */
//! [v4.9-race]

#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/mutex.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../mm/internal.h"

//! [v4.9-mark-victim]
/**
 * mark_oom_victim() - give @tsk the reserves and remember its mm.
 * @tsk: the victim; task_lock(@tsk) is held and @tsk->mm is set.
 *
 * signal->oom_mm pins the mm by mm_count for as long as the process
 * exists, so the OOM killer and the reaper can look at it after
 * exit_mm().
 */
void mark_oom_victim(struct task_struct *tsk)
{
	struct mm_struct *mm = READ_ONCE(tsk->mm);

	if (test_and_set_tsk_thread_flag(tsk, TIF_MEMDIE))
		return;

	/* v4.9 wrote atomic_inc(&mm->mm_count): mmgrab() came in v4.11. */
	if (!cmpxchg(&tsk->signal->oom_mm, NULL, mm))
		mmgrab(mm);
	trace_mark_victim(tsk);
}
//! [v4.9-mark-victim]

/* An mm the OOM killer must skip (MMF_OOM_SKIP) scores 0 too. */
__era long oom_badness(struct task_struct *p, unsigned long totalpages)
{
	struct mm_struct *mm;
	long points;
	long adj;

	p = find_lock_task_mm(p);
	if (!p)
		return 0;

	mm = READ_ONCE(p->mm);
	adj = READ_ONCE(p->signal->oom_score_adj);
	if (adj == OOM_SCORE_ADJ_MIN || test_bit(MMF_OOM_SKIP, &mm->flags)) {
		task_unlock(p);
		return 0;
	}
	points = get_mm_rss(mm);
	task_unlock(p);

	points += adj * (long)totalpages / 1000;
	return points > 0 ? points : 1;
}

static bool __task_will_free_mem(struct task_struct *task)
{
	if (signal_group_exit(task->signal))
		return true;
	return test_bit(PF_EXITING, &task->flags);
}

/*
 * task_will_free_mem() - will @task free its memory soon by itself?  Not
 * if its mm is already hidden: then it could not before either.
 * Context: task_lock(@task) held, or @task is current.
 */
__era bool task_will_free_mem(struct task_struct *task)
{
	struct mm_struct *mm = READ_ONCE(task->mm);

	if (!__task_will_free_mem(task))
		return false;
	if (!mm)
		return false;
	if (test_bit(MMF_OOM_SKIP, &mm->flags))
		return false;
	/* Nobody else shares the mm in the model's processes. */
	return true;
}

//! [v4.9-evaluate]
/*
 * oom_evaluate_task() - fold @task into the choice.  An OOM victim whose
 * mm is not yet hidden (MMF_OOM_SKIP) makes the caller wait instead.
 *
 * Return: 1 to abort the scan (oc->chosen is -1UL), 0 to go on.
 */
static int oom_evaluate_task(struct task_struct *task, struct oom_control *oc)
{
	long points;

	if (tsk_is_oom_victim(task)) {
		if (test_bit(MMF_OOM_SKIP, &task->signal->oom_mm->flags))
			return 0;
		oc->chosen = (struct task_struct *)(-1UL);
		return 1;
	}

	points = oom_badness(task, oc->totalpages);
	if (!points || points < oc->chosen_points)
		return 0;
	oc->chosen = task;
	oc->chosen_points = points;
	return 0;
}
//! [v4.9-evaluate]

/*
 * select_bad_process() - the victim in oc->chosen, or -1UL to wait.
 * (__era: v6.1's out_of_memory() calls it from its own copy of the file.)
 */
__era void select_bad_process(struct oom_control *oc)
{
	struct task_struct *p;

	for_each_process(p)
		if (oom_evaluate_task(p, oc))
			break;
}

__era bool out_of_memory(struct oom_control *oc)
{
	/*
	 * An exiting allocator gets the reserves and goes, and the reaper
	 * helps it.
	 */
	if (task_will_free_mem(current)) {
		mark_oom_victim(current);
		wake_oom_reaper(current);
		return true;
	}

	oc->totalpages = contig_zone.managed_pages;
	select_bad_process(oc);
	if (!oc->chosen) {
		pr_err("Out of memory and no killable processes...");
		return false;
	}
	if (oc->chosen != (struct task_struct *)(-1UL)) {
		oom_kill_process(oc, oc->chosen);
		/* Give the victim a chance to exit before we try again. */
		schedule_timeout_killable(1);
	}
	return true;
}

//! [v4.9-reap]
/*
 * __oom_reap_task_mm() - one attempt to reap @mm.
 *
 * oom_lock keeps every OOM killer out while we unmap (e2fe14564d33): no
 * new victim can be chosen until this victim's memory is back (DOC: The
 * v4.6 race).  mm_users is pinned only once mmap_sem is held, and a
 * failing mmget_not_zero() is taken to mean "the victim is exiting, its
 * memory is on its way": the assumption the 2017 thread shows wrong.
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
		goto unlock_oom;
	}

	/*
	 * Pin the address space only now that we are going to reap it, so
	 * that mmput_async() runs only when there was something to do.
	 */
	if (!mmget_not_zero(mm)) {
		up_read(&mm->mmap_sem);
		goto unlock_oom;
	}

	/*
	 * From here on, a fault a kernel thread takes in this mm through
	 * use_mm() (vhost) gets SIGBUS rather than zeroes; in v4.9 no other
	 * fault checks it.  Nothing in the model faults after a kill.
	 */
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

	/* Never the last mmput() here: exit_mmap() may block (ec8d7c14ea14). */
	mmput_async(mm);
unlock_oom:
	mutex_unlock(&oom_lock);
	return ret;
}

/*
 * oom_reap_task() - reap the victim's mm, then hide it: either it has
 * been reaped or somebody holds mmap_sem forever; either way waiting for
 * it further is pointless.
 */
__era void oom_reap_task(struct task_struct *tsk)
{
	struct mm_struct *mm = READ_ONCE(tsk->signal->oom_mm);
	int attempts = 0;

	while (attempts++ < MAX_OOM_REAP_RETRIES &&
	       !__oom_reap_task_mm(tsk, mm))
		schedule_timeout_idle(HZ / 10);

	if (attempts > MAX_OOM_REAP_RETRIES)
		pr_info("oom_reaper: unable to reap pid:%d (%s)",
			task_pid_nr(tsk), tsk->comm);

	WRITE_ONCE(tsk->oom_reaper_list, NULL);
	set_bit(MMF_OOM_SKIP, &mm->flags);
	put_task_struct(tsk);
}
//! [v4.9-reap]
