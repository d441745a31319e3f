// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/late-task-ref/mm/oom_kill.c - queue_oom_reaper() takes
 * its task reference after add_timer()
 *
 * v6.1's queue_oom_reaper() (src/eras/v6.1/mm/oom_kill.c), with its
 * callback and its two callers (it is static there), and one change:
 * get_task_struct() comes after add_timer() instead of before
 * timer_setup().  The timer is due at once (linux/timer.h), so its
 * callback may run before the reference is taken and put it: on the
 * drop path at once, otherwise through the reaper's put in
 * oom_reap_task().  Upstream that frees the task under the OOM killer.
 * No seam operation lies between add_timer() and the get, so no schedule
 * runs the callback in between; the put is not ordered after the get in
 * happens-before, which the data-race oracle checks (DOC: A reference is
 * put after it is taken, src/sim/world/race.c).
 */

/* before mm/internal.h, as v6.1 has it: the callback is ours */
#define OOM_REAPER_DELAY	(2 * HZ)

#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/timer.h>
#include <linux/wait.h>
#include <trace/events/oom.h>
#include "../../../../src/mm/internal.h"

/* src/eras/v6.1/mm/oom_kill.c */
void mark_oom_victim(struct task_struct *tsk);
/* src/eras/v4.9/mm/oom_kill.c */
void select_bad_process(struct oom_control *oc);

/* The timer's callback, as v6.1 has it. */
static void wake_oom_reaper(struct timer_list *timer)
{
	struct task_struct *tsk = from_timer(tsk, timer, oom_reaper_timer);
	struct mm_struct *mm = READ_ONCE(tsk->signal->oom_mm);

	if (test_bit(MMF_OOM_SKIP, &mm->flags)) {
		put_task_struct(tsk);
		return;
	}

	spin_lock(&oom_reaper_lock);
	WRITE_ONCE(tsk->oom_reaper_list, oom_reaper_list);
	WRITE_ONCE(oom_reaper_list, tsk);
	spin_unlock(&oom_reaper_lock);
	trace_wake_reaper(tsk->pid);
	wake_up(&oom_reaper_wait);
}

/* The mutation: the reference comes last, after the timer may have run. */
static void queue_oom_reaper(struct task_struct *tsk)
{
	if (!oom_reaper_th)
		return;

	if (test_and_set_bit(MMF_OOM_REAP_QUEUED,
			     &READ_ONCE(tsk->signal->oom_mm)->flags))
		return;

	timer_setup(&tsk->oom_reaper_timer, wake_oom_reaper, 0);
	tsk->oom_reaper_timer.expires = jiffies + OOM_REAPER_DELAY;
	add_timer(&tsk->oom_reaper_timer);
	get_task_struct(tsk);
}

/* v6.1's, calling the queue_oom_reaper() above. */
__era void oom_kill_process(struct oom_control *oc, struct task_struct *victim)
{
	struct task_struct *p;
	struct mm_struct *mm;

	(void)oc;
	task_lock(victim);
	if (READ_ONCE(victim->mm) && task_will_free_mem(victim)) {
		mark_oom_victim(victim);
		queue_oom_reaper(victim);
		task_unlock(victim);
		return;
	}
	task_unlock(victim);

	p = find_lock_task_mm(victim);
	if (!p)
		return;
	victim = p;

	mm = READ_ONCE(victim->mm);
	mmgrab(mm);
	do_send_sig_info(SIGKILL, NULL, victim, 0);
	mark_oom_victim(victim);
	pr_err("Killed process %d (%s)", task_pid_nr(victim), victim->comm);
	task_unlock(victim);

	queue_oom_reaper(victim);
	mmdrop(mm);
}

/* v6.1's, calling the queue_oom_reaper() above. */
__era bool out_of_memory(struct oom_control *oc)
{
	if (task_will_free_mem(current)) {
		mark_oom_victim(current);
		queue_oom_reaper(current);
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
