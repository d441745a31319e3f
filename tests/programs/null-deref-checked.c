// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/null-deref-checked.c - null-deref.c fixed
 *
 * Program: null-deref-checked.  The reader follows the pointer only when
 * it is not NULL: clean in every schedule.
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
	if (mm)
		seen = mm->total_vm;
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
	.id = "null-deref-checked",
	.name = "null-deref-checked",
	.version = "a test program",
	.story = "a pointer another thread cleared, checked before use",
	.program = &program,
};
