/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/mutex.h - struct mutex
 *
 * Models:  include/linux/mutex.h
 * CUSTOM:  a sleeping lock with an owner, nothing more: no optimistic
 *          spinning, no hand-off; waiters are woken in any order, which
 *          is a superset of the kernel's orders.
 */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/compiler.h>

/**
 * struct mutex - a sleeping mutual exclusion lock.
 * @owner: 0 when free, otherwise the holder's simulated task number + 1.
 * @name: lockdep-style class name.
 */
struct mutex {
	int owner;
	const char *name;
};

#define __MUTEX_INITIALIZER(lockname)	{ .owner = 0, .name = #lockname }
#define DEFINE_MUTEX(mutexname)						\
	struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

#define mutex_init(lock)						\
do {									\
	(lock)->owner = 0;						\
	(lock)->name = #lock;						\
} while (0)

#define mutex_lock(lock)						\
	((void)SEAM(SEAM_MUTEX_LOCK, lock, 0, 0, 0, "mutex_lock", #lock))
#define mutex_trylock(lock)						\
	({ (int)SEAM(SEAM_MUTEX_TRYLOCK, lock, 0, 0, 0, "mutex_trylock", #lock); })
#define mutex_unlock(lock)						\
	((void)SEAM(SEAM_MUTEX_UNLOCK, lock, 0, 0, 0, "mutex_unlock", #lock))

#endif /* _LINUX_MUTEX_H */
