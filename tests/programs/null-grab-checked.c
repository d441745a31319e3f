// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/null-grab-checked.c - null-grab.c fixed
 *
 * Program: null-grab-checked.  The killer pins the mm only if the task
 * still has one, as find_lock_task_mm() makes sure it does: clean in
 * every schedule.
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
	if (mm)
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
	.id = "null-grab-checked",
	.name = "null-grab-checked",
	.version = "a test program",
	.story = "mmgrab() only of an mm that is still there",
	.program = &program,
};
