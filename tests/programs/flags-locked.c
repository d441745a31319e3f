// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/flags-locked.c - eight one-byte flags read and one
 * set, under one spinlock
 *
 * Program: flags-locked.  flags-racy.c with the fix: the checker reads
 * the eight flags and the setter sets its one under the same spinlock,
 * so whichever takes it second has taken in the other's accesses, and
 * the data-race oracle proves the program clean.
 */
#include <linux/spinlock.h>
#include <reaplab/program.h>

struct flags {
	unsigned char f[8];
};

DEFINE_SPINLOCK(flags_lock);
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
	int n;

	(void)arg;
	spin_lock(&flags_lock);
	n = count_set();
	spin_unlock(&flags_lock);
	return n > 8;
}

static int setter(void *arg)
{
	(void)arg;
	spin_lock(&flags_lock);
	flags.f[1] = 1;
	spin_unlock(&flags_lock);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'C', "checker", checker },
		{ 'S', "setter", setter },
	},
};

const struct era era_descriptor = {
	.id = "flags-locked",
	.name = "flags-locked",
	.version = "a test program",
	.story = "eight one-byte flags read and one set, under one lock",
	.program = &program,
};
