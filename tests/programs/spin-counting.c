// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/spin-counting.c - a wait whose own state changes on
 * every turn
 *
 * Program: spin-counting.  One thread waits for a flag nobody sets and
 * counts its turns on its stack, so no turn is the same as the one
 * before: no await can stand for it, every execution is cut by the step
 * limit, and the only honest verdict is Unknown (never Never).
 */
#include <linux/compiler.h>
#include <reaplab/program.h>

int go;
long turns;

static int count_turns(void *arg)
{
	long n = 0;

	(void)arg;
	while (!READ_ONCE(go))
		n++;
	WRITE_ONCE(turns, n);
	return 0;
}

static void counted(void)
{
	PROGRAM_ASSERT(turns > 0);
}

const struct program program = {
	.threads = {
		{ 'A', "count_turns", count_turns },
	},
	.check = counted,
};

const struct era era_descriptor = {
	.id = "spin-counting",
	.name = "spin-counting",
	.version = "a test program",
	.story = "a wait that counts its turns, for a flag nobody sets",
	.program = &program,
};
