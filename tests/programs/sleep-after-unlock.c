// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/sleep-after-unlock.c - sleep-in-atomic.c fixed
 *
 * Program: sleep-after-unlock.  The mutex is taken after the spinlock is
 * dropped, and a trylock (which never sleeps) under it: the atomic-sleep
 * oracle stays quiet.
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
	if (mutex_trylock(&m))
		mutex_unlock(&m);
	spin_unlock(&s);
	mutex_lock(&m);
	mutex_unlock(&m);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'A', "nest", nest },
	},
};

const struct era era_descriptor = {
	.id = "sleep-after-unlock",
	.name = "sleep-after-unlock",
	.version = "a test program",
	.story = "a mutex taken after the spinlock is dropped",
	.program = &program,
};
