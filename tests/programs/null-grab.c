// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/null-grab.c - mmgrab() of an mm that is already gone
 *
 * Program: null-grab.  The shape of oom_kill_process() reading
 * victim->mm without task_lock(): the exiting thread clears the task's
 * mm, the killer reads it and pins it with mmgrab().  Read after the
 * clear, the mm is NULL, and mmgrab() hands the simulator a NULL object:
 * a counterexample (bad-access), never a crash of the explorer.
 * null-grab-checked.c is the fix.
 */
#include <linux/compiler.h>
#include <linux/mm_types.h>
#include <linux/sched/mm.h>
#include <reaplab/program.h>

struct mm_struct the_mm;
struct mm_struct *task_mm = &the_mm;

static int exit_mm_thread(void *arg)
{
	(void)arg;
	WRITE_ONCE(task_mm, NULL);
	return 0;
}

static int killer(void *arg)
{
	struct mm_struct *mm;

	(void)arg;
	mm = READ_ONCE(task_mm);
	mmgrab(mm);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'E', "exit_mm", exit_mm_thread },
		{ 'K', "killer", killer },
	},
};

const struct era era_descriptor = {
	.id = "null-grab",
	.name = "null-grab",
	.version = "a test program",
	.story = "mmgrab() of a task's mm read after exit_mm() cleared it",
	.program = &program,
};
