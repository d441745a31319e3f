// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/race-read-lock.c - a plain store under a lock held for
 * read
 *
 * Program: race-read-lock.  The shape of a munmap() that downgrades
 * mmap_lock before it edits the VMA tree: the editor stores into a table
 * with plain C while it holds the rwsem only for read, and a reader,
 * holding it for read too, loads the same slot.  Two readers may hold
 * the lock at once, so nothing orders the two accesses: the data-race
 * oracle reports them (DOC: The data-race oracle), without the explorer
 * putting anything between them.  race-write-lock.c is the fix;
 * race-annotated.c reads the slot through data_race(), which the oracle
 * does not look into.
 */
#include <linux/rwsem.h>
#include <reaplab/program.h>

DECLARE_RWSEM(table_sem);
unsigned long table[2] = { 7, 8 };

static int editor(void *arg)
{
	(void)arg;
	down_read(&table_sem);
	table[0] = table[1];	/* the race: only a read lock held */
	up_read(&table_sem);
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
	.id = "race-read-lock",
	.name = "race-read-lock",
	.version = "a test program",
	.story = "a plain store under a read lock, beside a reader",
	.program = &program,
};
