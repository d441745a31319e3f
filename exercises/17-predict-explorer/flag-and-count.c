// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/17-predict-explorer/flag-and-count.c - three threads, seven
 *                                                  steps
 *
 * Program: flag-and-count, given by lab 17 (README.md), for counting what
 *          the explorer does.
 *
 * A publishes: it writes data, then a flag, then counts itself in.  B
 * reads the flag, then the data.  C counts itself in, then writes a word
 * nobody else touches.  Each thread always makes the same steps: A three,
 * B two, C two.  The final assertion is the message-passing test: a
 * reader that saw the flag must see the data written before it.
 */
#include <linux/compiler.h>
#include <linux/atomic.h>
#include <reaplab/program.h>

long data, flag, seen_flag, seen_data, own;
atomic_t count = ATOMIC_INIT(0);

/* A: publish */
int publisher(void *arg)
{
	(void)arg;
	WRITE_ONCE(data, 42);
	WRITE_ONCE(flag, 1);
	atomic_inc(&count);
	return 0;
}

/* B: read the flag, then the data; keep what it saw for the check */
int reader(void *arg)
{
	long f, d;

	(void)arg;
	f = READ_ONCE(flag);
	d = READ_ONCE(data);
	seen_flag = f;		/* B's own: no other thread reads them */
	seen_data = d;
	return 0;
}

/* C: count itself in, then write its own word */
int counter(void *arg)
{
	(void)arg;
	atomic_inc(&count);
	WRITE_ONCE(own, 1);
	return 0;
}

static void message_passing(void)
{
	PROGRAM_ASSERT(!seen_flag || seen_data == 42);
	PROGRAM_ASSERT(count.counter == 2);	/* every thread done: a plain read */
}

const struct program program = {
	.threads = {
		{ 'A', "publisher", publisher },
		{ 'B', "reader", reader },
		{ 'C', "counter", counter },
	},
	.check = message_passing,
};

const struct era era_descriptor = {
	.id = "flag-and-count",
	.name = "flag-and-count",
	.version = "a program (lab 17)",
	.story = "A writes data then a flag then counts; B reads the flag then the data; C counts",
	.program = &program,
};
