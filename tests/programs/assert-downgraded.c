// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/assert-downgraded.c - a write-locked assertion after the
 * lock was downgraded
 *
 * Program: assert-downgraded.  The editor takes the lock for write,
 * downgrades it to read, then edits what the write lock protects, after
 * mmap_assert_write_locked(), which fails in every execution: the hold is
 * a read hold by then.  assert-write-held.c asserts before it downgrades.
 */
#include <linux/rwsem.h>
#include <linux/mmap_lock.h>
#include <reaplab/program.h>

/* an address space, as far as the assertion looks at one */
struct space {
	struct rw_semaphore mmap_lock;
	unsigned long slot;
};

struct space space = { .mmap_lock = __RWSEM_INITIALIZER(space.mmap_lock) };

static int editor(void *arg)
{
	(void)arg;
	down_write(&space.mmap_lock);
	downgrade_write(&space.mmap_lock);
	mmap_assert_write_locked(&space);
	space.slot = 1;
	up_read(&space.mmap_lock);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'E', "editor", editor },
	},
};

const struct era era_descriptor = {
	.id = "assert-downgraded",
	.name = "assert-downgraded",
	.version = "a test program",
	.story = "mmap_assert_write_locked() with the lock downgraded to read",
	.program = &program,
};
