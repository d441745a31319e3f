/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/lockdep.h - lockdep's assertions that a lock is held
 *
 * Models:  include/linux/lockdep.h: lockdep_assert_held() (any hold) and
 *          lockdep_assert_held_write() (a write hold: a read one, or one
 *          downgraded, fails it).
 * CUSTOM:  only mmap_lock is asserted this way in the model (as the maple
 *          tree's external lock, v6.1 on: lib/maple_tree.c), so a failure
 *          is the mmap-unlocked verdict, as mmap_assert_locked()'s is.
 *          Each is a tracepoint, not a scheduling point: the simulator
 *          looks at the caller's held locks.
 */
#ifndef _LINUX_LOCKDEP_H
#define _LINUX_LOCKDEP_H

#include <asm/seam.h>

#define lockdep_assert_held(l)						\
	SEAM_TRACE(SEAM_TRACE_MMAP_ASSERT, (l), 0, "lockdep_assert_held")
#define lockdep_assert_held_write(l)					\
	SEAM_TRACE(SEAM_TRACE_MMAP_ASSERT, (l), 1,			\
		   "lockdep_assert_held_write")

#endif /* _LINUX_LOCKDEP_H */
