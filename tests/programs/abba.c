// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/abba.c - two mutexes taken in opposite orders
 *
 * Program: abba.  Each thread's first operation takes the lock the other
 * one takes second: the textbook ABBA deadlock.  The diagram of its
 * counterexample must draw both acquisitions that ran and the two that
 * never return (tests/check_explore.c); abba-ordered.c is the fix.
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

static int take_ba(void *arg)
{
	(void)arg;
	mutex_lock(&b);
	mutex_lock(&a);
	mutex_unlock(&a);
	mutex_unlock(&b);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'A', "take_ab", take_ab },
		{ 'B', "take_ba", take_ba },
	},
};

const struct era era_descriptor = {
	.id = "abba",
	.name = "abba",
	.version = "a test program",
	.story = "two mutexes taken in opposite orders",
	.program = &program,
};
