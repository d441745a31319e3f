// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/reaped-unhidden/mm/oom_kill.c - v5.15's oom_reap_task(),
 * hiding only what it could not reap
 *
 * The planted bug: MMF_OOM_SKIP is set on the "unable to reap" path only.
 * A reaped victim that never exits (blocked in the kernel for good, no
 * lock held) is never hidden: only the wedged scenario has one.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <trace/events/oom.h>
#include "../../../../src/mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

/* v5.15's, unchanged: static there */
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
	trace_finish_task_reaping(tsk->pid);
out_unlock:
	mmap_read_unlock(mm);
	return ret;
}

void oom_reap_task(struct task_struct *tsk)
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
	/* the bug: below done: in v5.15 */
	set_bit(MMF_OOM_SKIP, &mm->flags);
done:
	WRITE_ONCE(tsk->oom_reaper_list, NULL);
	put_task_struct(tsk);
}
