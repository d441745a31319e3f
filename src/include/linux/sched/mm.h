/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/sched/mm.h - mmget, mmput, mmgrab, mmdrop
 *
 * Models:  include/linux/sched/mm.h, kernel/fork.c
 * Book:    see DOC: The two reference counts of an mm (mm_types.h).
 */
#ifndef _LINUX_SCHED_MM_H
#define _LINUX_SCHED_MM_H

#include <linux/mm_types.h>
#include <linux/atomic.h>

struct task_struct;

struct mm_struct *mm_alloc(void);
void __mmdrop(struct mm_struct *mm);
void mmput(struct mm_struct *mm);
void mmput_async(struct mm_struct *mm);
struct mm_struct *get_task_mm(struct task_struct *task);

//! [mmgrab-mmget]
/*
 * mmgrab() - pin the struct mm_struct (not the address space).
 *
 * The name is v4.11's (f1f1007644ff, and mmget() 3fce371bfac2); every era
 * uses it, as it uses other current names.  Before v4.11 the kernel wrote
 * atomic_inc(&mm->mm_count) and atomic_inc(&mm->mm_users) in place.
 */
static inline void mmgrab(struct mm_struct *mm)
{
	atomic_inc(&mm->mm_count);
}

/* mmdrop() - unpin the struct; the last mm_count frees it (__mmdrop()). */
static inline void mmdrop(struct mm_struct *mm)
{
	if (unlikely(atomic_dec_and_test(&mm->mm_count)))
		__mmdrop(mm);
}

/* mmget() - pin the address space; the caller must already hold a user. */
static inline void mmget(struct mm_struct *mm)
{
	atomic_inc(&mm->mm_users);
}

/*
 * mmget_not_zero() - pin the address space unless its teardown has
 * started.  Return: false once mm_users has reached 0 (invariant 3).
 */
static inline bool mmget_not_zero(struct mm_struct *mm)
{
	return atomic_inc_not_zero(&mm->mm_users);
}
//! [mmgrab-mmget]

#endif /* _LINUX_SCHED_MM_H */
