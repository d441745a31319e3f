/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/kthread.h - kernel threads
 *
 * Models:  include/linux/kthread.h
 * CUSTOM:  kthread_run() and kthread_create() may only be called while a
 *          scenario is being built; the simulator gives the thread a
 *          letter for the trace from its name ("oom_reaper" is R).  A
 *          thread kthread_create() made starts every execution asleep,
 *          and its body must begin with schedule(): that first sleep
 *          stands for kthread()'s, which lasts until the creator's
 *          wake_up_process().
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

struct task_struct;

struct task_struct *kthread_run(int (*threadfn)(void *data), void *data,
				const char *name);
struct task_struct *kthread_create(int (*threadfn)(void *data), void *data,
				   const char *name);

#endif /* _LINUX_KTHREAD_H */
