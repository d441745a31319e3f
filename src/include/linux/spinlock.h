/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/spinlock.h - spinlock_t
 *
 * Models:  include/linux/spinlock.h, include/linux/spinlock_types.h
 * CUSTOM:  @owner holds the simulated task's number plus one (0 = free), in
 *          both engines; the threads engine spins on it, then sleeps on a
 *          futex.  @name is the lock's lockdep class name, taken from the
 *          source text exactly as spin_lock_init() in the kernel takes it,
 *          and is what the trace prints.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/compiler.h>

/**
 * typedef spinlock_t - a busy-waiting mutual exclusion lock.
 * @owner: 0 when free, otherwise the holder's simulated task number + 1.
 * @name: lockdep-style class name, e.g. "&pt->ptl".
 */
typedef struct spinlock {
	int owner;
	const char *name;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(lockname)	{ .owner = 0, .name = #lockname }
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

#define spin_lock_init(lock)						\
do {									\
	(lock)->owner = 0;						\
	(lock)->name = #lock;						\
} while (0)

#define spin_lock(lock)							\
	((void)SEAM(SEAM_SPIN_LOCK, lock, 0, 0, 0, "spin_lock", #lock))
#define spin_trylock(lock)						\
	({ (int)SEAM(SEAM_SPIN_TRYLOCK, lock, 0, 0, 0, "spin_trylock", #lock); })
#define spin_unlock(lock)						\
	((void)SEAM(SEAM_SPIN_UNLOCK, lock, 0, 0, 0, "spin_unlock", #lock))

/* Interrupts do not exist in the model: the _irq variants are the plain ones. */
#define spin_lock_irq(lock)	spin_lock(lock)
#define spin_unlock_irq(lock)	spin_unlock(lock)

#endif /* _LINUX_SPINLOCK_H */
