// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/cmpxchg-taken.c - cmpxchg-failed.c fixed: a cmpxchg()
 * that succeeds
 *
 * Program: cmpxchg-taken.  The writer stores its datum with plain C and
 * publishes it with xchg(); the reader moves the flag from 1 to 2, which
 * succeeds only once the writer has set it, and a cmpxchg() that
 * succeeds is fully ordered: it takes in what the xchg() published, and
 * the read comes after the store.  DPOR proves it clean.
 */
#include <linux/atomic.h>
#include <reaplab/program.h>

long datum;
long flag;

static int writer(void *arg)
{
	(void)arg;
	datum = 42;
	xchg(&flag, 1);
	return 0;
}

static int reader(void *arg)
{
	(void)arg;
	if (cmpxchg(&flag, 1, 2) == 1)
		return (int)datum;	/* ordered: the success took it in */
	return 0;
}

const struct program program = {
	.threads = {
		{ 'W', "writer", writer },
		{ 'R', "reader", reader },
	},
};

const struct era era_descriptor = {
	.id = "cmpxchg-taken",
	.name = "cmpxchg-taken",
	.version = "a test program",
	.story = "a datum read after a cmpxchg() that succeeded",
	.program = &program,
};
