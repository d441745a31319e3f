// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/mt-erase-write-held.c - the tree written under a write hold
 *
 * Program: mt-erase-write-held, on v6.18's maple tree.
 * mt-erase-downgraded.c fixed: the eraser holds the external lock for
 * write while it erases; the check holds in every execution.
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
	down_write(&mmap_lock);
	mtree_erase(&tree, 0);
	up_write(&mmap_lock);
	return 0;
}

const struct program program = {
	.threads = {
		{ 'E', "eraser", eraser },
	},
};

const struct era era_descriptor = {
	.id = "mt-erase-write-held",
	.name = "mt-erase-write-held",
	.version = "a test program",
	.parent = "v6.18",
	.story = "mtree_erase() with the tree's lock held for write (v6.18)",
	.program = &program,
};
