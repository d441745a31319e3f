// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/abba-ordered.c - abba.c fixed: one lock order for all
 *
 * Program: abba-ordered.  Both threads take a, then b: no deadlock in
 * any schedule, and DPOR proves it.
 */
#include <linux/mutex.h>
#include <reaplab/program.h>

DEFINE_MUTEX(a);
DEFINE_MUTEX(b);

static int take_ab(void *arg)
{
	(void)arg;
	mutex_lock(&a);
	mutex_lock(&b);
	mutex_unlock(&b);
	mutex_unlock(&a);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'A', "take_ab", take_ab },
		{ 'B', "take_ab", take_ab },
	},
};

const struct era era_descriptor = {
	.id = "abba-ordered",
	.name = "abba-ordered",
	.version = "a test program",
	.story = "two mutexes taken in one order by both threads",
	.program = &program,
};
