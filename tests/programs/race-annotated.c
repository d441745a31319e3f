// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/race-annotated.c - a race allowed on purpose
 *
 * Program: race-annotated.  race-read-lock.c with the reader's load in
 * data_race(), as upstream marks a read whose value may be stale without
 * harm (a statistic, a hint): the oracle does not check what data_race()
 * reads, and the program is clean.
 */
#include <linux/rwsem.h>
#include <reaplab/program.h>

DECLARE_RWSEM(table_sem);
unsigned long table[2] = { 7, 8 };

static int editor(void *arg)
{
	(void)arg;
	down_read(&table_sem);
	table[0] = table[1];
	up_read(&table_sem);
	return 0;
}

static int reader(void *arg)
{
	unsigned long slot;

	(void)arg;
	down_read(&table_sem);
	/* a hint: 7 or 8 will do (the reason a data_race() must give) */
	slot = data_race(table[0]);
	up_read(&table_sem);
	return slot == 0;
}

const struct program program = {
	.threads = {
		{ 'E', "editor", editor },
		{ 'R', "reader", reader },
	},
};

const struct era era_descriptor = {
	.id = "race-annotated",
	.name = "race-annotated",
	.version = "a test program",
	.story = "a plain store under a read lock, read through data_race()",
	.program = &program,
};
