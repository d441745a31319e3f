/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/workqueue.h - deferred work
 *
 * Models:  include/linux/workqueue.h, kernel/workqueue.c
 * CUSTOM:  one queue (system_wq) served by one kworker thread, W in the
 *          trace.  mmput_async() needs it.
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/types.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

/**
 * struct work_struct - a deferred function call.
 * @func: what to run.
 * @entry: next queued work (system_wq's lock protects it).
 */
struct work_struct {
	work_func_t func;
	struct work_struct *entry;
};

#define INIT_WORK(work, fn)						\
do {									\
	(work)->func = (fn);						\
	(work)->entry = NULL;						\
} while (0)

bool schedule_work(struct work_struct *work);
void workqueue_init(void);

#endif /* _LINUX_WORKQUEUE_H */
