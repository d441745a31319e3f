// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.1/lib/maple_tree.c - lockdep watches the tree's writers
 *
 * Era:     v6.1 (the maple tree series: d4af56c5c7c6 "mm: start tracking
 *          VMAs with maple tree", Liam R. Howlett).
 * Models:  lib/maple_tree.c's mt_locked(): a writer reads each slot of a
 *          tree whose lock is external (an mm's: its mmap_lock, set by
 *          mm_init()) with rcu_dereference_protected(), and lockdep's
 *          condition there is lock_is_held() of that lock: any hold.
 *
 * A read hold passes it, so in v6.1 lockdep says nothing of a munmap()
 * that detaches its VMAs after downgrading mmap_lock to read: the
 * data-race oracle does (DOC: The data-race oracle).  19a462f06eb5 made
 * the check a write hold's (src/eras/v6.18/lib/maple_tree.c).
 */
#include <linux/maple_tree.h>
#include <linux/lockdep.h>

void mt_assert_write_path(struct maple_tree *mt)
{
	if (mt->ma_external_lock)
		lockdep_assert_held(mt->ma_external_lock);
}
