// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/sleep-in-atomic.c - a mutex taken under a spinlock
 *
 * Program: sleep-in-atomic.  The thread takes a mutex while it holds a
 * spinlock: nothing else runs, so it never blocks, and still the kernel
 * says "BUG: sleeping function called from invalid context" (the
 * atomic-sleep oracle, tests/check_explore.c).  sleep-after-unlock.c is
 * the fix.
 */
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <reaplab/program.h>

DEFINE_SPINLOCK(s);
DEFINE_MUTEX(m);

static int nest(void *arg)
{
	(void)arg;
	spin_lock(&s);
	mutex_lock(&m);
	mutex_unlock(&m);
	spin_unlock(&s);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'A', "nest", nest },
	},
};

const struct era era_descriptor = {
	.id = "sleep-in-atomic",
	.name = "sleep-in-atomic",
	.version = "a test program",
	.story = "a mutex taken under a spinlock",
	.program = &program,
};
