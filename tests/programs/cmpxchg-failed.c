// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/cmpxchg-failed.c - a failed cmpxchg() taken for an
 * acquire
 *
 * Program: cmpxchg-failed.  The writer stores its datum with plain C and
 * publishes it with xchg(), fully ordered.  The reader tries to move the
 * flag from 2 to 3: that fails when the writer has set it to 1, and the
 * reader, seeing 1, reads the datum.  A conditional atomic that fails
 * orders nothing (Documentation/atomic_t.txt), so nothing orders the
 * read after the store: a data race (DOC: The data-race oracle).
 * cmpxchg-taken.c moves the flag from 1 to 2, which succeeds, and is
 * clean.
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
	if (cmpxchg(&flag, 2, 3) == 1)
		return (int)datum;	/* the race: the failure ordered nothing */
	return 0;
}

const struct program program = {
	.threads = {
		{ 'W', "writer", writer },
		{ 'R', "reader", reader },
	},
};

const struct era era_descriptor = {
	.id = "cmpxchg-failed",
	.name = "cmpxchg-failed",
	.version = "a test program",
	.story = "a datum read after a cmpxchg() that failed",
	.program = &program,
};
