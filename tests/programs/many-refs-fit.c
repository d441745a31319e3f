// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/many-refs-fit.c - many-refs.c within what the oracle keeps
 *
 * Program: many-refs-fit.  One thread takes 32 references to its own task, then
 * puts them all.  The data-race oracle keeps 32 references taken and
 * not yet put (DOC: A reference is put after it is taken); with more it
 * stops looking for the rest of the run (DOC: The data-race oracle).
 * Such a run proves no race absent, and a search that ran it ends
 * Unknown, never Never (DOC: No verdict without completion).
 * many-refs.c holds 33; many-refs-fit.c holds 32, and is proven.
 */
#include <linux/sched.h>
#include <reaplab/program.h>

static int taker(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 32; i++)
		get_task_struct(current);
	for (i = 0; i < 32; i++)
		put_task_struct(current);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'T', "taker", taker },
	},
};

const struct era era_descriptor = {
	.id = "many-refs-fit",
	.name = "many-refs-fit",
	.version = "a test program",
	.story = "one thread holding 32 task references at once",
	.program = &program,
};
