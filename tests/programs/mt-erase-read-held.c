// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/mt-erase-read-held.c - v6.1's check passes a read hold
 *
 * Program: mt-erase-read-held, on v6.1's maple tree.  mt-erase-unlocked.c
 * with the external lock held for read: v6.1's check asks for any hold,
 * and holds in every execution (19a462f06eb5 asks for a write hold:
 * mt-erase-downgraded.c).
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
	down_read(&mmap_lock);
	mtree_erase(&tree, 0);
	up_read(&mmap_lock);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'E', "eraser", eraser },
	},
};

const struct era era_descriptor = {
	.id = "mt-erase-read-held",
	.name = "mt-erase-read-held",
	.version = "a test program",
	.parent = "v6.1",
	.story = "mtree_erase() with the tree's lock held for read (v6.1)",
	.program = &program,
};
