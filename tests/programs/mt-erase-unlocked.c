// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/mt-erase-unlocked.c - a maple tree written unlocked
 *
 * Program: mt-erase-unlocked, on v6.1's maple tree.  The eraser erases
 * from a tree whose external lock it does not hold: lockdep's check on
 * the write path (mt_locked()) fails in every execution.
 * mt-erase-read-held.c takes the lock for read, which v6.1 accepts.
 */
#include <linux/rwsem.h>
#include <linux/maple_tree.h>
#include <reaplab/program.h>

/* an mm's tree and the mmap_lock it names as its external lock */
struct rw_semaphore mmap_lock = __RWSEM_INITIALIZER(mmap_lock);
struct maple_tree tree = { .ma_external_lock = &mmap_lock };

static int eraser(void *arg)
{
	(void)arg;
	mtree_erase(&tree, 0);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'E', "eraser", eraser },
	},
};

const struct era era_descriptor = {
	.id = "mt-erase-unlocked",
	.name = "mt-erase-unlocked",
	.version = "a test program",
	.parent = "v6.1",
	.story = "mtree_erase() without the tree's external lock (v6.1)",
	.program = &program,
};
