// SPDX-License-Identifier: GPL-2.0-only
/*
 * mark_oom_victim() as the reference solution has it.
 *
 * 4837fe37adff: MMF_OOM_VICTIM marks the mm of an OOM victim, once, when
 * signal->oom_mm is set.
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
