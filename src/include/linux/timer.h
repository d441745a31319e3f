/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/timer.h - one-shot kernel timers
 *
 * Models:  include/linux/timer.h, kernel/time/timer.c (timer_setup,
 *          add_timer, from_timer, run_local_timers)
 * CUSTOM:  time does not pass in the coop engine, and every task is its
 *          own CPU.  A timer goes on the timer base of the arming task's
 *          CPU and expires at that CPU's next tick, which the model puts
 *          at the task's next timed sleep (schedule_timeout() and friends):
 *          the callback runs there, in the sleeper's context, as the timer
 *          softirq runs on the way out of a tick.  So a delay of any length
 *          (OOM_REAPER_DELAY is 2 s) is one tick long; what other tasks do
 *          meanwhile is the explorer's choice, as ever.  A timer armed by a
 *          task that never sleeps again never fires.  (Expiring timers on
 *          a thread of their own, at any time, multiplied the traces of the
 *          oom scenario by a hundred, for no behaviour the reaper does not
 *          show anyway: see DOC: v5.18: the reaper waits.)
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/kernel.h>

/**
 * struct timer_list - a function to call later, once.
 * @next: the next timer pending on the same CPU.
 * @expires: when, in jiffies (see CUSTOM above: kept, never compared).
 * @function: the callback.
 */
struct timer_list {
	struct timer_list *next;
	unsigned long expires;
	void (*function)(struct timer_list *timer);
};

void timer_setup(struct timer_list *timer,
		 void (*func)(struct timer_list *timer), unsigned int flags);
void add_timer(struct timer_list *timer);
void run_local_timers(void);

/* from_timer() - the structure that embeds @timer as its @field. */
#define from_timer(var, timer, field)					\
	container_of(timer, __typeof__(*var), field)

/* The clock: it never moves (see CUSTOM above). */
#define jiffies		0UL

#endif /* _LINUX_TIMER_H */
