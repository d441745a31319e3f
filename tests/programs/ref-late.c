// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/ref-late.c - a reference handed over before it is taken
 *
 * Program: ref-late.  The owner publishes its object under a lock and
 * only then takes the reference the consumer will drop; a consumer that
 * finds the object published puts it.  The count never goes below zero
 * in any execution (the owner's get comes in the same step as its
 * unlock), but the consumer's put is not ordered after the get: the
 * data-race oracle's reference check (DOC: A reference is put after it is
 * taken, src/sim/world/race.c) fires a WARN in every execution where the
 * consumer puts.  ref-ordered.c takes the reference first.
 */
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <reaplab/program.h>

DEFINE_SPINLOCK(lock);
int published;
int refs;

static void get(void)
{
	__atomic_add_fetch(&refs, 1, __ATOMIC_RELAXED);
	ref_tracker_get(&refs);
}

static void put(void)
{
	ref_tracker_put(&refs);
	WARN_ON(__atomic_sub_fetch(&refs, 1, __ATOMIC_RELAXED) < 0);
}

static int owner(void *arg)
{
	(void)arg;
	spin_lock(&lock);
	published = 1;
	spin_unlock(&lock);
	get();
	return 0;
}

static int consumer(void *arg)
{
	int found;

	(void)arg;
	spin_lock(&lock);
	found = published;
	spin_unlock(&lock);
	if (found)
		put();
	return 0;
}

const struct program program = {
	.threads = {
		{ 'O', "owner", owner },
		{ 'C', "consumer", consumer },
	},
};

const struct era era_descriptor = {
	.id = "ref-late",
	.name = "ref-late",
	.version = "a test program",
	.story = "a reference taken after the object is handed over",
	.program = &program,
};
