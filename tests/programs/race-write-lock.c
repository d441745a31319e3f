// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/race-write-lock.c - the same store under the write lock
 *
 * Program: race-write-lock.  race-read-lock.c fixed: the editor takes the
 * rwsem for write, so every reader's hold comes before its store or after
 * its release, and the oracle finds the two accesses ordered in every
 * execution.
 */
#include <linux/rwsem.h>
#include <reaplab/program.h>

DECLARE_RWSEM(table_sem);
unsigned long table[2] = { 7, 8 };

static int editor(void *arg)
{
	(void)arg;
	down_write(&table_sem);
	table[0] = table[1];
	up_write(&table_sem);
	return 0;
}

static int reader(void *arg)
{
	unsigned long slot;

	(void)arg;
	down_read(&table_sem);
	slot = table[0];
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
	.id = "race-write-lock",
	.name = "race-write-lock",
	.version = "a test program",
	.story = "a plain store under the write lock, beside a reader",
	.program = &program,
};
