// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/poll-locked.c - a poll of a word its lock protects
 *
 * Program: poll-locked.  The waiter takes the lock, reads the flag with a
 * plain load (the lock protects it: rule (1) of DOC: The sync seam),
 * drops the lock, and goes round again until the flag is set; the setter
 * sets it under the same lock.  No turn of the waiter's loop writes
 * anything, so it is an await on the lock: it runs again only once
 * another thread has taken the lock, and DPOR proves that every schedule
 * ends with done == 1 (DOC: Spin-waits are awaits).
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <reaplab/program.h>

static DEFINE_SPINLOCK(flag_lock);
static int flag;
int done;

int poller(void *arg)
{
	int seen;

	(void)arg;
	do {
		spin_lock(&flag_lock);
		seen = flag;
		spin_unlock(&flag_lock);
	} while (!seen);
	WRITE_ONCE(done, 1);
	return 0;
}

int setter(void *arg)
{
	(void)arg;
	spin_lock(&flag_lock);
	flag = 1;
	spin_unlock(&flag_lock);
	return 0;
}

static void check(void)
{
	PROGRAM_ASSERT(done == 1);
}

const struct program program = {
	.threads = {
		{ 'A', "poller", poller },
		{ 'B', "setter", setter },
	},
	.check = check,
};

const struct era era_descriptor = {
	.id = "poll-locked",
	.name = "poll-locked",
	.version = "a test program",
	.story = "one thread polls a flag under a lock the other sets it under",
	.program = &program,
};
