// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/ref-ordered.c - ref-late.c fixed
 *
 * Program: ref-ordered.  The owner takes the reference before it
 * publishes the object: the unlock orders the get before the consumer's
 * put, and no execution fires.
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
	get();
	spin_lock(&lock);
	published = 1;
	spin_unlock(&lock);
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
	.id = "ref-ordered",
	.name = "ref-ordered",
	.version = "a test program",
	.story = "a reference taken before the object is handed over",
	.program = &program,
};
