/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/kthread.h - kernel threads
 *
 * Models:  include/linux/kthread.h
 * CUSTOM:  kthread_run() may only be called while a scenario is being
 *          built; the simulator gives the thread a letter for the trace
 *          from its name ("oom_reaper" is R).
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

struct task_struct;

struct task_struct *kthread_run(int (*threadfn)(void *data), void *data,
				const char *name);

#endif /* _LINUX_KTHREAD_H */
