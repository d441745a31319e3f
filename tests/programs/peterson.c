// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/peterson.c - Peterson's lock for two threads
 *
 * Program: peterson.  Peterson's algorithm for two threads, with the
 * spin-wait written as the kernel writes one.  Each thread adds one to a
 * counter inside the lock; the counter must end at 2.  Under sequential
 * consistency (the explorer's) the lock excludes, and DPOR proves it:
 * the wait is explored as an await (src/sim/world/spin.c), not turn by turn.
 */
#include <linux/compiler.h>
#include <linux/processor.h>
#include <reaplab/program.h>

int flag[2], turn;
long count;

static void peterson_lock(int me)
{
	int other = 1 - me;

	WRITE_ONCE(flag[me], 1);
	WRITE_ONCE(turn, other);
	while (READ_ONCE(flag[other]) && READ_ONCE(turn) == other)
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
	.id = "peterson",
	.name = "peterson",
	.version = "a test program",
	.story = "Peterson's lock, its wait a spin loop with cpu_relax()",
	.program = &program,
};
