// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/race-early.c - a data race early in every execution,
 * and races for the explorer after it
 *
 * Program: race-early.  race-read-lock's editor and reader (a plain store
 * and a plain load under a lock both hold for read: the data-race oracle
 * reports them in every execution), each of which then goes on to touch
 * a flag the other touches too, with WRITE_ONCE() and READ_ONCE(): races
 * DPOR reverses, so that every execution but the first repeats the first
 * one's steps up to the flag and differs only after the data race.  The
 * oracle must find it again in each (DOC: A shared prefix is checked
 * once, src/sim/world/race.c).
 */
#include <linux/compiler.h>
#include <linux/rwsem.h>
#include <reaplab/program.h>

DECLARE_RWSEM(table_sem);
unsigned long table[2] = { 7, 8 };
unsigned long flag;

static int editor(void *arg)
{
	(void)arg;
	down_read(&table_sem);
	table[0] = table[1];	/* the race: only a read lock held */
	up_read(&table_sem);
	WRITE_ONCE(flag, 1);
	WRITE_ONCE(flag, 2);
	return 0;
}

static int reader(void *arg)
{
	unsigned long slot;

	(void)arg;
	down_read(&table_sem);
	slot = table[0];
	up_read(&table_sem);
	return READ_ONCE(flag) + READ_ONCE(flag) + slot == 0;
}

const struct program program = {
	.threads = {
		{ 'E', "editor", editor },
		{ 'R', "reader", reader },
	},
};

const struct era era_descriptor = {
	.id = "race-early",
	.name = "race-early",
	.version = "a test program",
	.story = "a data race, then races on a flag",
	.program = &program,
};
