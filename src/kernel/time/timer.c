// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/time/timer.c - one-shot timers, expired at the next tick
 *
 * Models:  kernel/time/timer.c (timer_setup, add_timer, run_local_timers
 *          and the timer softirq's expiry).
 * CUSTOM:  see include/linux/timer.h: one timer base per task (its CPU),
 *          a tick at the task's next timed sleep and one after its
 *          do_exit() (tick_after_exit(), simulator-only).  Only the v5.18 OOM
 *          reaper delay (e4a38402c36e, the v6.1 and v6.18 eras) arms one.
 *          The base is touched only by the task that owns it, so it needs
 *          no lock and no seam operation.
 */
#include <linux/sched.h>
#include <linux/timer.h>

/**
 * timer_setup() - prepare @timer to call @func.
 * @timer: the timer, not pending.
 * @func: the callback.
 * @flags: unused (TIMER_* flags).
 */
void timer_setup(struct timer_list *timer,
		 void (*func)(struct timer_list *timer), unsigned int flags)
{
	(void)flags;
	timer->function = func;
	timer->expires = 0;
	timer->next = NULL;
}

/**
 * add_timer() - start @timer on current's CPU.
 * @timer: set up and not pending; its callback runs once, at the next
 *	   tick of this CPU.
 */
void add_timer(struct timer_list *timer)
{
	timer->next = current->thread.timers;
	current->thread.timers = timer;
}

/**
 * run_local_timers() - the tick: run the callbacks of every timer pending
 * on current's CPU, oldest first.
 *
 * Context: current is about to sleep with a timeout (linux/sched.h).
 */
void run_local_timers(void)
{
	struct timer_list *timer, *first = NULL;

	/* the base is a stack: reverse it, so the oldest runs first */
	while ((timer = current->thread.timers)) {
		current->thread.timers = timer->next;
		timer->next = first;
		first = timer;
	}
	while ((timer = first)) {
		first = timer->next;
		timer->next = NULL;
		timer->function(timer);
	}
}

/**
 * tick_after_exit() - simulator-only: the ticks of current's CPU once
 * current has stopped for good.
 *
 * In the kernel do_exit() ends in do_task_dead(): the CPU switches to
 * another task, the idle task if no other is runnable, and keeps ticking;
 * a tick's softirq expires the timers due on the CPU's base, the ones the
 * dead task armed among them.  The model has no idle task, and a task's
 * timer base is its own (linux/timer.h), so the exiting task's simulated
 * thread runs them itself, after the last thing do_exit() did: the
 * callbacks' operations show up as that thread's, where the kernel would
 * run them in softirq context on the same CPU.
 *
 * Context: the end of do_exit(); current runs nothing of its own again.
 */
void tick_after_exit(void)
{
	run_local_timers();
}
