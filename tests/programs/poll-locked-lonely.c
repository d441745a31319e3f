// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/poll-locked-lonely.c - poll-locked.c, and nobody sets the flag
 *
 * Program: poll-locked-lonely.  The poller of poll-locked.c, and a thread
 * that takes the lock and drops it without setting the flag.  Its
 * acquisition lets the poller's await run one more turn, which reads the
 * same flag; then no thread is left to take the lock: a livelock (DOC:
 * Spin-waits are awaits), and the final assertion is never run.
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

int toucher(void *arg)
{
	(void)arg;
	spin_lock(&flag_lock);
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
		{ 'B', "toucher", toucher },
	},
	.check = check,
};

const struct era era_descriptor = {
	.id = "poll-locked-lonely",
	.name = "poll-locked-lonely",
	.version = "a test program",
	.story = "one thread polls a flag under a lock nobody sets it under",
	.program = &program,
};
