// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/01-lost-update/lost-update.c - two threads, one counter
 *
 * Program: lost-update, given by lab 01 (README.md).  Do not edit it: your
 *          increment() goes in increment.c, which replaces this one in
 *          the program `lab`.
 *
 * Two threads each add one to a shared counter.  Each reads the counter
 * and writes it back plus one, with READ_ONCE() and WRITE_ONCE(): two
 * seam operations, so two steps, and another thread may run between
 * them.  When both have finished, the counter must be 2.
 */
#include <linux/compiler.h>
#include <reaplab/program.h>

long counter;

int increment(void *arg)
{
	long v;

	(void)arg;
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}

/* The final assertion, once both threads have finished. */
static void both_added_one(void)
{
	PROGRAM_ASSERT(counter == 2);
}

const struct program program = {
	.threads = {
		{ 'A', "increment", increment },
		{ 'B', "increment", increment },
	},
	.check = both_added_one,
};

const struct era era_descriptor = {
	.id = "lost-update",
	.name = "lost-update",
	.version = "a program (lab 01)",
	.story = "two threads add one to a counter with READ_ONCE() then WRITE_ONCE()",
	.program = &program,
};
