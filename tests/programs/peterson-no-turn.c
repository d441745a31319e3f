// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/peterson-no-turn.c - Peterson's lock for two threads
 *
 * Program: peterson-no-turn.  peterson.c without turn: a thread waits
 * as long as the other wants in.  When both raise their flag before
 * either looks, each waits for the other forever: a livelock, which the
 * explorer finds and draws.
 */
#include <linux/compiler.h>
#include <linux/processor.h>
#include <reaplab/program.h>

int flag[2];
long count;

static void peterson_lock(int me)
{
	int other = 1 - me;

	WRITE_ONCE(flag[me], 1);
	while (READ_ONCE(flag[other]))
		cpu_relax();
}

static void peterson_unlock(int me)
{
	WRITE_ONCE(flag[me], 0);
}

static int worker(int me)
{
	long v;

	peterson_lock(me);
	v = READ_ONCE(count);
	WRITE_ONCE(count, v + 1);
	peterson_unlock(me);
	return 0;
}

static int thread_a(void *arg)
{
	(void)arg;
	return worker(0);
}

static int thread_b(void *arg)
{
	(void)arg;
	return worker(1);
}

static void both_counted(void)
{
	PROGRAM_ASSERT(count == 2);
}

const struct program program = {
	.threads = {
		{ 'A', "thread_a", thread_a },
		{ 'B', "thread_b", thread_b },
	},
	.check = both_counted,
};

const struct era era_descriptor = {
	.id = "peterson-no-turn",
	.name = "peterson-no-turn",
	.version = "a test program",
	.story = "Peterson's lock without turn: each waits while the other wants in",
	.program = &program,
};
