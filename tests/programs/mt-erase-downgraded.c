// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/mt-erase-downgraded.c - the tree written after a downgrade
 *
 * Program: mt-erase-downgraded, on v6.18's maple tree.  The eraser takes
 * the external lock for write and downgrades it to read before it
 * erases, as a munmap() that downgrades too early would: the write path's
 * check (mt_write_locked(), 19a462f06eb5 on) fails in every execution.
 * mt-erase-write-held.c erases before it lets go of the write hold.
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
	downgrade_write(&mmap_lock);
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
	.id = "mt-erase-downgraded",
	.name = "mt-erase-downgraded",
	.version = "a test program",
	.parent = "v6.18",
	.story = "mtree_erase() with its lock downgraded to read (v6.18)",
	.program = &program,
};
