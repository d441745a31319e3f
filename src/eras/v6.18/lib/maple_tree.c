// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.18/lib/maple_tree.c - lockdep wants the tree's writers to
 *                                   hold its lock for write
 *
 * Era:     v6.18 (since 19a462f06eb5 "maple_tree: Be more strict about
 *          locking", Liam R. Howlett, posted 2023-07-14).
 * Models:  lib/maple_tree.c's mt_write_locked(): the write path's slots
 *          are read under lock_is_held_type(lock, 0) of the tree's
 *          external lock, a write hold; a read hold, or a downgraded
 *          one, fails it, where v6.1's check (mt_locked()) passed.
 */
#include <linux/maple_tree.h>
#include <linux/lockdep.h>

void mt_assert_write_path(struct maple_tree *mt)
{
	if (mt->ma_external_lock)
		lockdep_assert_held_write(mt->ma_external_lock);
}
