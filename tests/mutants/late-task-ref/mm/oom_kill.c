// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/late-task-ref/mm/oom_kill.c - queue_oom_reaper() takes
 * its task reference after add_timer()
 *
 * v6.1's queue_oom_reaper() (src/eras/v6.1/mm/oom_kill.c), with its
 * callback (static there), and one line moved, so that `reaplab diff v6.1
 * mutant-late-task-ref` shows it: get_task_struct() comes after
 * add_timer() instead of before timer_setup().  The timer is due at once (linux/timer.h), so its
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

/*
 * wake_oom_reaper() - the timer's callback: hand the victim to the reaper,
 * unless its own exit_mmap() has already done the work.
 */
static void wake_oom_reaper(struct timer_list *timer)
{
	struct task_struct *tsk = from_timer(tsk, timer, oom_reaper_timer);
	struct mm_struct *mm = READ_ONCE(tsk->signal->oom_mm);

	/* The victim managed to terminate on its own - see exit_mmap(). */
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

/*
 * queue_oom_reaper() - have @tsk reaped OOM_REAPER_DELAY from now, once
 * per mm (MMF_OOM_REAP_QUEUED, as since v5.0).
 */
__era void queue_oom_reaper(struct task_struct *tsk)
{
	if (!oom_reaper_th)
		return;

	/* mm is already queued? */
	if (test_and_set_bit(MMF_OOM_REAP_QUEUED,
			     &READ_ONCE(tsk->signal->oom_mm)->flags))
		return;

	timer_setup(&tsk->oom_reaper_timer, wake_oom_reaper, 0);
	tsk->oom_reaper_timer.expires = jiffies + OOM_REAPER_DELAY;
	add_timer(&tsk->oom_reaper_timer);
	get_task_struct(tsk);
}
