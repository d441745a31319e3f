// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/mark-unlocked/mm/oom_kill.c - oom_kill_process() that
 * marks the victim after task_unlock()
 *
 * The planted bug: 2017-cond's exit_mmap() trusts tsk_is_oom_victim(current)
 * because the OOM killer sets signal->oom_mm only under task_lock, for a
 * task whose ->mm it found set; exit_mm() clears ->mm under that same
 * lock.  Marked after the unlock (and, here, after the SIGKILL that sets
 * the victim on its way), the victim can be past exit_mm() and into
 * exit_mmap() with oom_mm still NULL: it does not take the write lock, and
 * the reaper woken a moment later zaps page tables being freed.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/mutex.h>
#include <trace/events/oom.h>
#include "../../../../src/mm/internal.h"

/* mark_oom_victim() with the mm found earlier: ->mm may be gone now */
static void mark_victim_unlocked(struct task_struct *tsk,
				 struct mm_struct *mm)
{
	if (test_and_set_tsk_thread_flag(tsk, TIF_MEMDIE))
		return;
	if (!cmpxchg(&tsk->signal->oom_mm, NULL, mm))
		mmgrab(mm);
	trace_mark_victim(tsk);
}

__era void oom_kill_process(struct oom_control *oc, struct task_struct *victim)
{
	struct task_struct *p;
	struct mm_struct *mm;

	(void)oc;
	task_lock(victim);
	if (READ_ONCE(victim->mm) && task_will_free_mem(victim)) {
		mark_oom_victim(victim);
		wake_oom_reaper(victim);
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
	pr_err("Killed process %d (%s)", task_pid_nr(victim), victim->comm);
	task_unlock(victim);

	do_send_sig_info(SIGKILL, NULL, victim, 0);
	mark_victim_unlocked(victim, mm);	/* mutant: unlocked, too late */
	wake_oom_reaper(victim);
	mmdrop(mm);
}
