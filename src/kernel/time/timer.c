// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/time/timer.c - one-shot timers, expired by the timer softirq
 *
 * Models:  kernel/time/timer.c (timer_setup, add_timer, run_timer_softirq
 *          and expire_timers).
 * CUSTOM:  see include/linux/timer.h: a timer is due as soon as it is
 *          added, and its callback runs in a kernel thread of its own
 *          (T, X or Y, one per timer armed in a run, at most
 *          NR_TIMER_THREADS), which add_timer() hands the timer to and
 *          wakes; upstream the tick that finds the timer due raises
 *          TIMER_SOFTIRQ, and the softirq runs every callback due.  Only
 *          the v5.18 OOM reaper delay (e4a38402c36e, the v6.1 and v6.18
 *          eras) arms one; only those eras start the threads (their
 *          oom_init()), so no other era has a thread that never runs.
 *
 * DOC: Timers fire when the kernel could fire them
 *
 * Upstream a timer's callback runs in softirq context once the timer is
 * due: on the way out of the tick's interrupt, or in ksoftirqd when
 * softirqs pile up, on whatever the CPU was running, which need not be
 * the task that armed it.  So between add_timer() and the callback
 * anything may happen, and so may nothing: a task preempted right after
 * add_timer() may come back to find that the callback has already run.
 *
 * The model gives the explorer exactly that choice.  Each timer armed in
 * a run gets a thread of its own, made asleep at boot (kthread_create()):
 * add_timer() claims the first free one with a cmpxchg() and wakes it,
 * and the thread's next step, the callback's first operation, can come
 * at any scheduling point after that, before the arming task's next
 * operation or long after.  Until then the thread takes no step at all,
 * and after its one callback it ends: no idle loop, no tick, no sleep of
 * its own to race with the next add_timer().  The claim, the wake-up and
 * the callback's accesses are seam operations like any other, so DPOR
 * reorders the callback only against what it conflicts with (the
 * dependency relation, explore/dep.c), and what the arming task did
 * before add_timer() happens before the callback (the wake-up orders it,
 * DOC: The data-race oracle).
 *
 * Callbacks run one at a time, in either order: a CPU's timer softirq
 * calls the callbacks due one after another (expire_timers()), and the
 * model has one timer base, whose softirq the lock below stands for.
 * Two callbacks on two CPUs could overlap upstream; wake_oom_reaper(),
 * the only callback, reads the victim's mm and MMF_OOM_SKIP and puts a
 * task reference outside oom_reaper_lock, and reads commute, so their
 * overlap shows nothing one at a time does not.  Measured in v6.1's oom
 * (DPOR, default sizes): 18116 executions with the callback run at the
 * arming task's next sleep (what the model did before), 218764 with
 * callbacks that overlap, 32880 one at a time.
 */
#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/kthread.h>
#include <linux/atomic.h>
#include <linux/spinlock.h>

/* More than any scenario arms in one run (add_timer() WARNs otherwise). */
#define NR_TIMER_THREADS	3

/**
 * struct timer_thread - where one armed timer's callback runs.
 * @task: the thread, asleep until add_timer() hands it @timer.
 * @timer: the timer it runs, NULL while it is free.
 */
struct timer_thread {
	struct task_struct *task;
	struct timer_list *timer;
};

static struct timer_thread timer_threads[NR_TIMER_THREADS];
/* CUSTOM: the timer softirq runs one callback at a time (DOC above) */
static DEFINE_SPINLOCK(timer_softirq_lock);

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
}

/**
 * add_timer() - start @timer: it is due at once (linux/timer.h), and its
 * callback runs when the explorer lets the thread it is handed to run.
 * @timer: set up and not pending.
 */
void add_timer(struct timer_list *timer)
{
	struct timer_thread *tt;

	for (tt = timer_threads; tt < timer_threads + NR_TIMER_THREADS; tt++) {
		if (cmpxchg(&tt->timer, NULL, timer))
			continue;
		/* upstream: the tick that finds it due raises TIMER_SOFTIRQ */
		wake_up_process(tt->task);
		return;
	}
	/* a model limit, not the kernel's: say so rather than drop it */
	WARN_ON(1);
}

/*
 * run_timer_softirq() - the body of a timer's thread: wait to be handed
 * a timer, run its callback when no other callback runs, and end.
 */
static int run_timer_softirq(void *data)
{
	struct timer_thread *tt = data;
	struct timer_list *timer;

	/* created asleep: add_timer() ends this sleep, never anyone else */
	schedule();
	timer = tt->timer;
	spin_lock(&timer_softirq_lock);
	timer->function(timer);
	spin_unlock(&timer_softirq_lock);
	return 0;
}

/**
 * init_timers() - make the threads the timers' callbacks run in, asleep
 * until add_timer() wakes one.
 *
 * Context: boot, before the first add_timer().
 */
void init_timers(void)
{
	static const char *const names[NR_TIMER_THREADS] = {
		"timer softirq 1", "timer softirq 2", "timer softirq 3",
	};
	int i;

	for (i = 0; i < NR_TIMER_THREADS; i++)
		timer_threads[i].task = kthread_create(run_timer_softirq,
						       &timer_threads[i],
						       names[i]);
}
