// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/08-fix-v4.14/mm/oom_kill.c - mark_oom_victim() of v4.14, to fix
 *
 * Lab 08 (README.md).  This is mark_oom_victim() as v4.14 has it (from
 * src/eras/v4.9/mm/oom_kill.c).  Your file replaces it in the era `lab`.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <trace/events/oom.h>

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
	struct mm_struct *mm = tsk->mm;

	if (test_and_set_tsk_thread_flag(tsk, TIF_MEMDIE))
		return;

	if (!cmpxchg(&tsk->signal->oom_mm, NULL, mm))
		mmgrab(mm);
	/*
	 * TODO: whoever drops the last reference to this mm must be able to
	 * tell that it was an OOM victim's, whichever task it runs in.
	 */
	trace_mark_victim(tsk);
}
