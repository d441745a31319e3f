/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/rwsem.h - struct rw_semaphore
 *
 * Models:  include/linux/rwsem.h, kernel/locking/rwsem.c
 * CUSTOM:  @count is 0 when free, the number of readers when positive and
 *          -1 while a writer holds it.  A reader may overtake a writer that
 *          is already waiting (the kernel queues it behind the writer);
 *          for safety properties that only adds interleavings, so anything
 *          the model proves safe is safe under the kernel's fairer rules.
 *          The _killable variants never see a fatal signal in our
 *          scenarios and behave as the plain ones.
 */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

#include <linux/compiler.h>

//! [rw_semaphore]
/**
 * struct rw_semaphore - a sleeping reader/writer lock.
 * @count: 0 free, > 0 readers, -1 a writer.
 * @owner: the writer's simulated task number + 1 (for the trace).
 * @name: lockdep-style class name, e.g. "&mm->mmap_lock".
 */
struct rw_semaphore {
	int count;
	int owner;
	const char *name;
};
//! [rw_semaphore]

#define __RWSEM_INITIALIZER(semname)	{ .count = 0, .owner = 0, .name = #semname }
#define DECLARE_RWSEM(semname)	struct rw_semaphore semname = __RWSEM_INITIALIZER(semname)

#define init_rwsem(sem)							\
do {									\
	(sem)->count = 0;						\
	(sem)->owner = 0;						\
	(sem)->name = #sem;						\
} while (0)

#define __RWSEM(op, sem, fn)	SEAM(op, sem, 0, 0, 0, fn, #sem)

#define down_read(sem)		((void)__RWSEM(SEAM_DOWN_READ, sem, "down_read"))
#define down_read_killable(sem)						\
	({ (int)__RWSEM(SEAM_DOWN_READ, sem, "down_read_killable"); })
#define down_read_trylock(sem)						\
	({ (int)__RWSEM(SEAM_DOWN_READ_TRYLOCK, sem, "down_read_trylock"); })
#define up_read(sem)		((void)__RWSEM(SEAM_UP_READ, sem, "up_read"))
#define down_write(sem)		((void)__RWSEM(SEAM_DOWN_WRITE, sem, "down_write"))
#define down_write_killable(sem)					\
	({ (int)__RWSEM(SEAM_DOWN_WRITE, sem, "down_write_killable"); })
#define down_write_trylock(sem)						\
	({ (int)__RWSEM(SEAM_DOWN_WRITE_TRYLOCK, sem, "down_write_trylock"); })
#define up_write(sem)		((void)__RWSEM(SEAM_UP_WRITE, sem, "up_write"))
#define downgrade_write(sem)						\
	((void)__RWSEM(SEAM_DOWNGRADE_WRITE, sem, "downgrade_write"))

#endif /* _LINUX_RWSEM_H */
