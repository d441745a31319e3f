// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unqueued-victim/mm/oom_kill.c - v5.15's wake_oom_reaper(),
 * losing the victim
 *
 * The planted bug: the mm is marked queued, but the task never reaches
 * oom_reaper_list, so the reaper never hides it (MMF_OOM_SKIP).  Only a
 * victim that cannot exit by itself shows it: the oom-lockup oracle.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include "../../../../src/mm/internal.h"

void wake_oom_reaper(struct task_struct *tsk)
{
	if (!oom_reaper_th)
		return;

	/* mm is already queued? */
	if (test_and_set_bit(MMF_OOM_REAP_QUEUED,
			     &READ_ONCE(tsk->signal->oom_mm)->flags))
		return;

	/* the enqueue under oom_reaper_lock is missing */
	wake_up(&oom_reaper_wait);
}
