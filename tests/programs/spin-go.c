// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/spin-go.c - spin-forever.c, with someone to set the flag
 *
 * Program: spin-go.  The same wait, and a thread that sets the flag:
 * every schedule ends with done == 1, and DPOR proves it although the
 * waiter may spin any number of turns first.
 */
#include <linux/compiler.h>
#include <linux/processor.h>
#include <reaplab/program.h>

int go, done;

int waiter(void *arg)
{
	(void)arg;
	while (!READ_ONCE(go))
		cpu_relax();
	WRITE_ONCE(done, 1);
	return 0;
}

int setter(void *arg)
{
	(void)arg;
	WRITE_ONCE(go, 1);
	return 0;
}

static void check(void)
{
	PROGRAM_ASSERT(done == 1);
}

const struct program program = {
	.threads = {
		{ 'A', "waiter", waiter },
		{ 'B', "setter", setter },
	},
	.check = check,
};

const struct era era_descriptor = {
	.id = "spin-go",
	.name = "spin-go",
	.version = "a test program",
	.story = "one thread spins on a flag the other sets",
	.program = &program,
};
