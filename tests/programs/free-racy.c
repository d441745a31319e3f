// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/free-racy.c - a plain read that nothing orders before
 * the free of what it reads
 *
 * Program: free-racy.  The owner publishes a buffer, waits until the
 * reader says it is done, and frees it; the reader picks the pointer up
 * with READ_ONCE(), reads the buffer with plain C and says so with
 * WRITE_ONCE().  In every execution the read comes before the free: the
 * owner frees only after it has seen the flag, which the reader sets
 * after its read.  But READ_ONCE() and WRITE_ONCE() order nothing (a
 * CPU may make the reader's load after its store), so nothing orders the
 * read before the free: the use-after-free oracle reports it from the
 * free (DOC: A free is a write of its object, src/sim/world/race.c), and
 * no execution touches the freed buffer.  free-ordered.c takes the
 * pointer back under a lock the reader reads it under.
 */
#include <linux/compiler.h>
#include <linux/processor.h>
#include <linux/slab.h>
#include <reaplab/program.h>

long *shared;
int done;

static int owner(void *arg)
{
	long *buf = kmalloc(sizeof(*buf), GFP_KERNEL);

	(void)arg;
	WRITE_ONCE(shared, buf);
	while (!READ_ONCE(done))
		cpu_relax();
	kfree(buf);		/* the bug: done orders nothing */
	return 0;
}

static int reader(void *arg)
{
	long *buf = READ_ONCE(shared), v = 0;

	(void)arg;
	if (buf)
		v = *buf;
	WRITE_ONCE(done, 1);
	return (int)v;
}

const struct program program = {
	.threads = {
		{ 'R', "reader", reader },
		{ 'O', "owner", owner },
	},
};

const struct era era_descriptor = {
	.id = "free-racy",
	.name = "free-racy",
	.version = "a test program",
	.story = "a buffer freed after a flag that orders nothing",
	.program = &program,
};
