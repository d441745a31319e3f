// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/skip-after-barrier/mm/oom_kill.c - the fix's
 *	mark_oom_victim(), written out: a submission pulls in no file of
 *	exercises/solutions (vet.sh refuses it, even from the grader's own)
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <trace/events/oom.h>

void mark_oom_victim(struct task_struct *tsk)
{
	struct mm_struct *mm = tsk->mm;

	if (test_and_set_tsk_thread_flag(tsk, TIF_MEMDIE))
		return;

	if (!cmpxchg(&tsk->signal->oom_mm, NULL, mm)) {
		mmgrab(mm);
		set_bit(MMF_OOM_VICTIM, &mm->flags);
	}
	trace_mark_victim(tsk);
}
