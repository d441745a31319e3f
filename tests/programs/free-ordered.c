// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/free-ordered.c - free-racy.c fixed: the pointer taken
 * back under the lock the reader reads it under
 *
 * Program: free-ordered.  The owner publishes its buffer under a lock,
 * and before it frees it, takes the pointer back under the same lock.
 * A reader that found the buffer read it before its unlock, which the
 * owner's lock takes in: its read happens before the free.  A reader
 * that comes later finds nothing.  DPOR proves it clean.
 */
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <reaplab/program.h>

DEFINE_SPINLOCK(lock);
long *shared;

static int owner(void *arg)
{
	long *buf = kmalloc(sizeof(*buf), GFP_KERNEL);

	(void)arg;
	spin_lock(&lock);
	shared = buf;
	spin_unlock(&lock);
	spin_lock(&lock);
	shared = NULL;
	spin_unlock(&lock);
	kfree(buf);
	return 0;
}

static int reader(void *arg)
{
	long *buf, v = 0;

	(void)arg;
	spin_lock(&lock);
	buf = shared;
	if (buf)
		v = *buf;
	spin_unlock(&lock);
	return (int)v;
}

const struct program program = {
	.threads = {
		{ 'R', "reader", reader },
		{ 'O', "owner", owner },
	},
};

const struct era era_descriptor = {
	.id = "free-ordered",
	.name = "free-ordered",
	.version = "a test program",
	.story = "a buffer taken back under the reader's lock, then freed",
	.program = &program,
};
