/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/timer.h - one-shot kernel timers
 *
 * Models:  include/linux/timer.h, kernel/time/timer.c (timer_setup,
 *          add_timer, from_timer, run_local_timers)
 * CUSTOM:  time does not pass in the coop engine, and every task is its
 *          own CPU.  A timer goes on the timer base of the arming task's
 *          CPU and expires at that CPU's next tick.  The model gives a CPU
 *          a tick at two points: the task's next timed sleep
 *          (schedule_timeout() and friends), where the callback runs in
 *          the sleeper's context, as the timer softirq runs on the way
 *          out of a tick; and the end of do_exit(), where the kernel's
 *          CPU goes on ticking in the idle task after the task is gone
 *          (tick_after_exit() below, simulator-only).  So a delay of any
 *          length (OOM_REAPER_DELAY is 2 s) is one tick long, and always
 *          ends: what other tasks do meanwhile is the explorer's choice, as
 *          ever.  Only a task that arms a timer and then blocks for good
 *          without a timeout, or whose thread ends without do_exit() and
 *          without a timed sleep, would leave one pending; no scenario has
 *          one (the dying allocator of two-victims arms the v5.18 reaper
 *          delay and exits without sleeping: its timer fires at the end of
 *          its do_exit()).  (Expiring timers on a thread of their own, at
 *          any time, multiplied the traces of the oom scenario by a
 *          hundred, for no behaviour the reaper does not show anyway: see
 *          DOC: v5.18: the reaper waits.)
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

/*
 * Simulator-only: the ticks of current's CPU after current has stopped
 * for good (the end of do_exit()); see CUSTOM above.
 */
void tick_after_exit(void);

/* from_timer() - the structure that embeds @timer as its @field. */
#define from_timer(var, timer, field)					\
	container_of(timer, __typeof__(*var), field)

/* The clock: it never moves (see CUSTOM above). */
#define jiffies		0UL

#endif /* _LINUX_TIMER_H */
