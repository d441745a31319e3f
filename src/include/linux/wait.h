/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/wait.h - wait queues and wait_event()
 *
 * Models:  include/linux/wait.h, kernel/sched/wait.c
 * CUSTOM:  a wait queue is a bitmap of the simulated threads sleeping on
 *          it.  prepare_to_wait() puts current on the queue and sets its
 *          state, wake_up() makes every waiter runnable, schedule() sleeps
 *          until then.  Exactly the kernel's protocol, so a lost wake-up in
 *          the model is a lost wake-up in the code it models.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/compiler.h>
#include <linux/sched.h>

/**
 * struct wait_queue_head - a queue of sleeping tasks.
 * @waiters: bit n set while simulated thread n waits here.
 * @name: the queue's name from the source text.
 */
struct wait_queue_head {
	unsigned long waiters;
	const char *name;
};
typedef struct wait_queue_head wait_queue_head_t;

/* One waiter; the model keeps waiters in the head's bitmap instead. */
struct wait_queue_entry {
	int unused;
};

#define __WAIT_QUEUE_HEAD_INITIALIZER(wqname)	{ .waiters = 0, .name = #wqname }
#define DECLARE_WAIT_QUEUE_HEAD(wqname)					\
	struct wait_queue_head wqname = __WAIT_QUEUE_HEAD_INITIALIZER(wqname)
#define init_waitqueue_head(wq)						\
do {									\
	(wq)->waiters = 0;						\
	(wq)->name = #wq;						\
} while (0)
#define DEFINE_WAIT(name)	struct wait_queue_entry name = { 0 }

#define prepare_to_wait(wq, wait, state)				\
	((void)(wait), (void)SEAM(SEAM_PREPARE_TO_WAIT, wq, 0, state, 0,\
				  "prepare_to_wait", #wq))
#define finish_wait(wq, wait)						\
	((void)(wait), (void)SEAM(SEAM_FINISH_WAIT, wq, 0, 0, 0,	\
				  "finish_wait", #wq))
#define wake_up(wq)							\
	((void)SEAM(SEAM_WAKE_UP, wq, 0, 0, 0, "wake_up", #wq))
#define wake_up_all(wq)							\
	((void)SEAM(SEAM_WAKE_UP, wq, 0, 0, 0, "wake_up_all", #wq))

/*
 * wait_event() - sleep until @condition is true.  @condition must read
 * shared state through seam operations (READ_ONCE(), test_bit(), ...), as
 * every read of a word another task writes does in this model.
 */
#define __wait_event(wq_head, condition, state)				\
do {									\
	DEFINE_WAIT(__wait);						\
	for (;;) {							\
		prepare_to_wait(&(wq_head), &__wait, state);		\
		if (condition)						\
			break;						\
		schedule();						\
	}								\
	finish_wait(&(wq_head), &__wait);				\
} while (0)

#define wait_event(wq_head, condition)					\
	__wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE)
/* The freezer is not modelled: a freezable wait is a plain one. */
#define wait_event_freezable(wq_head, condition)			\
	__wait_event(wq_head, condition, TASK_INTERRUPTIBLE)

#endif /* _LINUX_WAIT_H */
