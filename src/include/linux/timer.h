/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/timer.h - one-shot kernel timers
 *
 * Models:  include/linux/timer.h, kernel/time/timer.c (timer_setup,
 *          add_timer, from_timer, the timer softirq's expiry)
 * CUSTOM:  time does not pass in the coop engine, so a delay of any
 *          length (OOM_REAPER_DELAY is 2 s) may have run out at any
 *          point after add_timer(): a timer is due as soon as it is
 *          added.  Its callback runs in a kernel thread of its own (T
 *          for the first timer of a run, X and Y for the next), which
 *          add_timer() wakes and the explorer then schedules like any
 *          other thread: DOC: Timers fire when the kernel could fire them
 *          (kernel/time/timer.c).  One timer base for every task, not
 *          one per CPU, so callbacks run one at a time; no timer is
 *          deleted or re-armed while pending (del_timer() and
 *          mod_timer() are not modelled: nothing calls them).
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/kernel.h>

/**
 * struct timer_list - a function to call later, once.
 * @expires: when, in jiffies (see CUSTOM above: kept, never compared).
 * @function: the callback.
 */
struct timer_list {
	unsigned long expires;
	void (*function)(struct timer_list *timer);
};

void timer_setup(struct timer_list *timer,
		 void (*func)(struct timer_list *timer), unsigned int flags);
void add_timer(struct timer_list *timer);
void init_timers(void);

/* from_timer() - the structure that embeds @timer as its @field. */
#define from_timer(var, timer, field)					\
	container_of(timer, __typeof__(*var), field)

/* The clock: it never moves (see CUSTOM above). */
#define jiffies		0UL

#endif /* _LINUX_TIMER_H */
