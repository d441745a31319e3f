// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/assert-write-held.c - the write-locked assertion before
 * the downgrade
 *
 * Program: assert-write-held.  assert-downgraded.c fixed: the editor
 * edits, and asserts, while it holds the lock for write, and downgrades
 * after; the assertion holds in every execution.
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
	mmap_assert_write_locked(&space);
	space.slot = 1;
	downgrade_write(&space.mmap_lock);
	up_read(&space.mmap_lock);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'E', "editor", editor },
	},
};

const struct era era_descriptor = {
	.id = "assert-write-held",
	.name = "assert-write-held",
	.version = "a test program",
	.story = "mmap_assert_write_locked() before the downgrade",
	.program = &program,
};
