// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/exit.c - do_exit() and exit_mm()
 *
 * Models:  kernel/exit.c, Linux v4.6
 * Omits:   everything in do_exit() after the mm is gone (files, signals,
 *          notifying the parent, becoming a zombie), core dumps.
 * Book:    chapter "Primer" (book/primer.md).
 */
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/oom.h>

//! [exit_mm]
/*
 * exit_mm() - detach the address space from the exiting task.
 *
 * task_lock() orders this against find_lock_task_mm(): whoever sees
 * tsk->mm != NULL under the lock may pin the mm before the final mmput().
 * The store is a WRITE_ONCE() although the lock is held, so that a reader
 * who reads ->mm outside the lock is seen racing with it (DOC: The sync
 * seam, rule (5)); the kernel writes it plainly.
 * TIF_MEMDIE is cleared only after mmput(): from then on, in v4.6, the OOM
 * killer stops waiting for this task.
 */
static void exit_mm(struct task_struct *tsk)
{
	struct mm_struct *mm = tsk->mm;

	if (!mm)
		return;
	task_lock(tsk);
	WRITE_ONCE(tsk->mm, NULL);
	task_unlock(tsk);
	mmput(mm);
	if (test_thread_flag(TIF_MEMDIE))
		exit_oom_victim(tsk);
}

/**
 * do_exit() - the end of a task.
 * @code: exit code (unused).
 *
 * CUSTOM: returns to its caller instead of never returning; the simulated
 * thread ends when its body returns.  A timer the task left pending (the
 * v5.18 OOM reaper delay of a victim that queued itself) runs in
 * ksoftirqd, whether the task is gone or not (linux/timer.h).
 */
void do_exit(long code)
{
	struct task_struct *tsk = current;

	(void)code;
	set_bit(PF_EXITING, &tsk->flags);
	exit_mm(tsk);
}
//! [exit_mm]

/**
 * do_group_exit() - kill the whole thread group (one task here).
 * @exit_code: exit code.
 */
void do_group_exit(int exit_code)
{
	do_exit(exit_code);
}
