// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/null-deref.c - model code that follows a NULL pointer
 *
 * Program: null-deref.  The reader loads a pointer the other thread may
 * have cleared and dereferences it itself, between two seam operations:
 * the thread faults for real, and the explorer reports the function and
 * the line (the one marked below), not a crash of its own.
 * null-deref-checked.c is the fix.
 */
#include <linux/compiler.h>
#include <linux/mm_types.h>
#include <reaplab/program.h>

struct mm_struct the_mm;
struct mm_struct *task_mm = &the_mm;
unsigned long seen;

static int exit_mm_thread(void *arg)
{
	(void)arg;
	WRITE_ONCE(task_mm, NULL);
	return 0;
}

static int reader(void *arg)
{
	struct mm_struct *mm;

	(void)arg;
	mm = READ_ONCE(task_mm);
	seen = mm->total_vm;	/* faults here */
	WRITE_ONCE(seen, seen + 1);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'E', "exit_mm", exit_mm_thread },
		{ 'R', "reader", reader },
	},
};

const struct era era_descriptor = {
	.id = "null-deref",
	.name = "null-deref",
	.version = "a test program",
	.story = "a pointer another thread cleared, followed without a check",
	.program = &program,
};
