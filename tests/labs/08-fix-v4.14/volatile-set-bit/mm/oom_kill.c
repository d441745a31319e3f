// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/volatile-set-bit/mm/oom_kill.c - a hostile
 *	submission: set_bit() as a volatile read-modify-write
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
		*(volatile unsigned long *)&mm->flags |= 1UL << MMF_OOM_VICTIM;
	}
	trace_mark_victim(tsk);
}
