// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/flags-racy.c - a race on one byte of a granule whose
 * other bytes one thread read just before
 *
 * Program: flags-racy.  Eight one-byte flags share one 8-byte word, as
 * bool fields of a struct do.  The checker reads all eight with plain
 * loads, one after another, with no seam operation between them; the
 * setter sets one flag with a plain store, and nothing orders the two.
 * That is a data race in every execution.  The checker's eight reads are
 * eight accesses of one granule: a shadow that keeps four of them per
 * granule, as ThreadSanitizer does, must push reads out, and when the
 * checker runs first the read the setter races with is gone (DOC: An
 * access is dropped only when another stands for it).  flags-locked.c
 * is the fix: both hold one spinlock.
 */
#include <reaplab/program.h>

struct flags {
	unsigned char f[8];
};

struct flags flags __attribute__((aligned(8)));

/* How many of the eight flags are set: eight plain one-byte loads. */
static int count_set(void)
{
	int i, n = 0;

	for (i = 0; i < 8; i++)
		if (flags.f[i])
			n++;
	return n;
}

static int checker(void *arg)
{
	(void)arg;
	return count_set() > 8;
}

static int setter(void *arg)
{
	(void)arg;
	flags.f[1] = 1;		/* the race: no lock held */
	return 0;
}

const struct program program = {
	.threads = {
		{ 'C', "checker", checker },
		{ 'S', "setter", setter },
	},
};

const struct era era_descriptor = {
	.id = "flags-racy",
	.name = "flags-racy",
	.version = "a test program",
	.story = "eight one-byte flags read in one go, one set beside them",
	.program = &program,
};
