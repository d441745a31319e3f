/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/mmap_lock.h - the mmap_lock API of v5.8 and later
 *
 * Models:  include/linux/mmap_lock.h (da1c55f1b272, v5.8, Michel
 *          Lespinasse's "mmap locking API" series)
 * Note:    before v5.8 the same lock was mm->mmap_sem and was taken with
 *          down_read()/down_write() directly.  mm_struct keeps both names
 *          for one lock, so every era reads as its own source did.  These
 *          wrappers are macros, not inline functions, so the trace shows
 *          the name the model wrote (mmap_read_trylock, not
 *          down_read_trylock).
 */
#ifndef _LINUX_MMAP_LOCK_H
#define _LINUX_MMAP_LOCK_H

#include <linux/rwsem.h>

#define __MMAP(op, mm, fn)						\
	SEAM(op, &(mm)->mmap_lock, 0, 0, 0, fn, "&" #mm "->mmap_lock")

#define mmap_read_lock(mm)						\
	((void)__MMAP(SEAM_DOWN_READ, mm, "mmap_read_lock"))
#define mmap_read_lock_killable(mm)					\
	({ (int)__MMAP(SEAM_DOWN_READ, mm, "mmap_read_lock_killable"); })
#define mmap_read_trylock(mm)						\
	({ (bool)__MMAP(SEAM_DOWN_READ_TRYLOCK, mm, "mmap_read_trylock"); })
#define mmap_read_unlock(mm)						\
	((void)__MMAP(SEAM_UP_READ, mm, "mmap_read_unlock"))
#define mmap_write_lock(mm)						\
	((void)__MMAP(SEAM_DOWN_WRITE, mm, "mmap_write_lock"))
#define mmap_write_unlock(mm)						\
	((void)__MMAP(SEAM_UP_WRITE, mm, "mmap_write_unlock"))
#define mmap_write_downgrade(mm)					\
	((void)__MMAP(SEAM_DOWNGRADE_WRITE, mm, "mmap_write_downgrade"))

//! [mmap_assert_locked]
/*
 * mmap_assert_locked() - lockdep's check that the caller holds mmap_lock
 * (5b78ed24e8ec put one in find_vma()).  It is a tracepoint, not a
 * scheduling point: the simulator checks the caller's held locks.
 */
#define mmap_assert_locked(mm)						\
	SEAM_TRACE(SEAM_TRACE_MMAP_ASSERT, &(mm)->mmap_lock, 0,		\
		   "mmap_assert_locked")
//! [mmap_assert_locked]

/*
 * mmap_assert_write_locked() - lockdep's check that the caller holds
 * mmap_lock for write (a read hold, or one downgraded, fails it).
 */
#define mmap_assert_write_locked(mm)					\
	SEAM_TRACE(SEAM_TRACE_MMAP_ASSERT, &(mm)->mmap_lock, 1,		\
		   "mmap_assert_write_locked")

struct vm_area_struct;

/*
 * vma_start_write() - the per-VMA lock's writer side (v6.4 on): before a
 * VMA is changed or taken out of the tree, with mmap_lock held for write,
 * which it asserts.  Before v6.4 there is no such lock: a no-op in the
 * common tree (src/mm/mmap.c), the assertion in v6.18's overlay.
 */
void vma_start_write(struct vm_area_struct *vma);

#endif /* _LINUX_MMAP_LOCK_H */
