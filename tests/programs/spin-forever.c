// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/spin-forever.c - a wait for a flag nobody sets
 *
 * Program: spin-forever.  One thread spins on a flag no thread will ever
 * set; its final assertion can never run.  Explored, it once ended
 * "Never" (every execution cut by the step limit, none counted); it is a
 * livelock, with the loop's turn drawn as a cycle.  spin-go.c is the
 * same wait with a thread that sets the flag.
 */
#include <linux/compiler.h>
#include <reaplab/program.h>

int go, done;

int waiter(void *arg)
{
	(void)arg;
	while (!READ_ONCE(go))
		;
	WRITE_ONCE(done, 1);
	return 0;
}

static void check(void)
{
	PROGRAM_ASSERT(done == 1);
}

const struct program program = {
	.threads = {
		{ 'A', "waiter", waiter },
	},
	.check = check,
};

const struct era era_descriptor = {
	.id = "spin-forever",
	.name = "spin-forever",
	.version = "a test program",
	.story = "one thread spins on a flag nobody sets",
	.program = &program,
};
