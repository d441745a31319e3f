/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/sched.h - struct task_struct, task states, schedule()
 *
 * Models:  include/linux/sched.h, include/linux/sched/task.h,
 *          kernel/sched/core.c (schedule, wake_up_process),
 *          kernel/time/timer.c (schedule_timeout*)
 * CUSTOM:  every process is single threaded, so a thread group is one
 *          task.  Flag words (@flags, thread_info.flags) are unsigned long
 *          bitmaps touched with bitops, so each flag is its own seam
 *          object.  Time passes only in the threads engine; in the coop
 *          engine a timeout is a scheduling choice.
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/bitops.h>
#include <linux/spinlock.h>
#include <linux/list.h>
#include <linux/timer.h>
#include <asm/current.h>
#include <asm/processor.h>

#define HZ		1000
#define TASK_COMM_LEN	16
#define MAX_SCHEDULE_TIMEOUT	LONG_MAX

/* Task states, as set_current_state() takes them. */
#define TASK_RUNNING		0x0000
#define TASK_INTERRUPTIBLE	0x0001
#define TASK_UNINTERRUPTIBLE	0x0002
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | 0x0400)
#define TASK_KILLABLE		(TASK_UNINTERRUPTIBLE | 0x0100)

/* Bits of task_struct::flags (the kernel's PF_* masks, as bit numbers). */
enum {
	PF_EXITING = 2,		/* getting shut down */
	PF_KTHREAD = 21,	/* a kernel thread */
};

/* Bits of thread_info::flags. */
enum {
	TIF_SIGPENDING = 2,
	TIF_MEMDIE = 20,	/* may dip into memory reserves: an OOM victim */
};

struct mm_struct;
struct signal_struct;

/**
 * struct thread_info - low-level task flags.
 * @flags: TIF_* bits.
 */
struct thread_info {
	unsigned long flags;
};

/**
 * struct sigpending - signals sent to a task and not yet delivered.
 * @signal: bit n set while signal n is pending.
 */
struct sigpending {
	unsigned long signal;
};

//! [task_struct]
/**
 * struct task_struct - a task (here always a whole single-threaded process).
 */
struct task_struct {
	/** @thread_info: TIF_MEMDIE lives here. */
	struct thread_info thread_info;
	/** @flags: PF_* bits. */
	unsigned long flags;
	/** @pid: process id; in the model also the pidfd. */
	pid_t pid;
	/** @comm: executable name. */
	char comm[TASK_COMM_LEN];

	/* --- alloc_lock (task_lock()) protects below --- */

	/** @alloc_lock: task_lock(): protects @mm against exit_mm(). */
	spinlock_t alloc_lock;
	/** @mm: the address space; NULL once exit_mm() has run. */
	struct mm_struct *mm;

	/* --- shared with signal senders: touched with bitops --- */

	/** @pending: pending signals. */
	struct sigpending pending;
	/** @signal: the thread group's shared signal state. */
	struct signal_struct *signal;

	/* --- oom_reaper_lock protects below --- */

	/** @oom_reaper_list: next task queued for the OOM reaper. */
	struct task_struct *oom_reaper_list;

	/*
	 * @sim_refs: simulator bookkeeping, not kernel state: the references
	 * get_task_struct() took and put_task_struct() has not dropped yet.
	 */
	int sim_refs;
	/**
	 * @oom_reaper_timer: queues the task for the reaper 2 s after the
	 * kill (since e4a38402c36e, v5.18); set up before it is armed.
	 */
	struct timer_list oom_reaper_timer;

	/* --- set once when the scenario is built --- */

	/** @tasks: link in init_task's list, walked by for_each_process(). */
	struct list_head tasks;
	/** @thread: the simulated CPU context that runs this task. */
	struct thread_struct thread;
};
//! [task_struct]

extern struct task_struct init_task;

#define next_task(p)							\
	list_entry((p)->tasks.next, struct task_struct, tasks)
#define for_each_process(p)						\
	for (p = &init_task; (p = next_task(p)) != &init_task;)
/* One thread per process in the model. */
#define for_each_thread(p, t)	for (t = (p); t; t = NULL)

static inline pid_t task_pid_nr(struct task_struct *tsk)
{
	return tsk->pid;
}

/*
 * DOC: Task references
 *
 * Upstream a task_struct is freed when its usage count drops to zero.
 * dup_task_struct() gives it references of its own, for the task itself
 * and for release_task() once it is reaped (some kernels count those two
 * apart, in rcu_users, which holds a usage reference for both), and
 * whoever keeps a pointer to another task takes one more with
 * get_task_struct() (wake_oom_reaper() for the reaper's queue,
 * pidfd_get_task() for process_mrelease(), the v5.18 timer) and drops it
 * with put_task_struct().
 *
 * The model's task structs outlive the run (a task is never released),
 * and freeing them would cost more than it shows: a refcount on the seam
 * multiplied the traces of the oom scenario by ten to twenty, and a
 * victim released at the end of do_exit() leaves the task list while a
 * /proc reader still pins its mm (upstream a zombie stays there until
 * its parent's wait()).  So the count is bookkeeping beside the model, in
 * @sim_refs: the references taken and not yet put, not the task's own.
 * It decides nothing and orders nothing (no seam operation; atomic only
 * for the threads engine); what it checks is the balance.  A put that
 * takes it below zero drops a reference its caller never took: upstream
 * one of the task's own, so the task is freed under a pointer someone
 * still uses ("refcount_t: underflow; use-after-free."): a WARN verdict.
 * That is what a task taken off the reaper's queue twice does, when the
 * queue is written outside oom_reaper_lock.
 *
 * A put can also come first in an order the run did not take: a timer's
 * callback that puts the reference its arming task takes only after
 * add_timer().  With no seam operation between the two, no schedule puts
 * the callback in between, and the count never goes below zero.  So each
 * reference is also handed to the machine (ref_tracker_get() and
 * ref_tracker_put(), CUSTOM, after the kernel's ref_tracker, which keeps
 * each reference with the stack that took it), and the data-race oracle
 * checks every put against happens-before: it must drop a reference taken
 * before it, by its own thread or by one whose release, atomic or wake-up
 * it has seen (DOC: A reference is put after it is taken,
 * sim/world/race.c).  One that finds only references taken concurrently
 * with it is the same WARN.  What neither can show is a use after the
 * last put (v4.9's and v5.15's MMF_OOM_SKIP set after put_task_struct()):
 * no put is ever the last.
 */
void ref_tracker_get(const void *obj);
void ref_tracker_put(const void *obj);

#define get_task_struct(t)						\
	({ __atomic_add_fetch(&(t)->sim_refs, 1, __ATOMIC_RELAXED);	\
	   ref_tracker_get(&(t)->sim_refs); })
#define refcount_underflow(t)						\
	(__atomic_sub_fetch(&(t)->sim_refs, 1, __ATOMIC_RELAXED) < 0)
#define put_task_struct(t)						\
	({ ref_tracker_put(&(t)->sim_refs);				\
	   (void)WARN_ON(refcount_underflow(t)); })

/* task_lock() - take the lock that pins @p->mm (task_struct::alloc_lock). */
static inline void task_lock(struct task_struct *p)
{
	spin_lock(&p->alloc_lock);
}

static inline void task_unlock(struct task_struct *p)
{
	spin_unlock(&p->alloc_lock);
}

#define test_tsk_thread_flag(t, f)	test_bit(f, &(t)->thread_info.flags)
#define set_tsk_thread_flag(t, f)	set_bit(f, &(t)->thread_info.flags)
#define test_and_set_tsk_thread_flag(t, f)				\
	test_and_set_bit(f, &(t)->thread_info.flags)
#define test_and_clear_tsk_thread_flag(t, f)				\
	test_and_clear_bit(f, &(t)->thread_info.flags)
#define test_thread_flag(f)	test_tsk_thread_flag(current, f)
#define clear_thread_flag(f)	clear_bit(f, &current->thread_info.flags)

#define set_current_state(state)					\
	((void)SEAM(SEAM_SET_STATE, current, 0, state, 0,		\
		    "set_current_state", #state))
#define __set_current_state(state)					\
	((void)SEAM(SEAM_SET_STATE, current, 0, state, 0,		\
		    "__set_current_state", #state))

/* schedule() - sleep until woken, if current's state is not TASK_RUNNING. */
#define schedule()							\
	((void)SEAM(SEAM_SCHEDULE, current, 0, 0, 0, "schedule", ""))

/*
 * schedule_timeout() - sleep for @timeout jiffies unless woken first.
 * Return: 0 if the time ran out, the jiffies left otherwise.
 */
#define __SCHEDULE_TIMEOUT(t, state, fn)				\
	({ SEAM(SEAM_SCHEDULE_TIMEOUT, current, 0, t, state, fn, #t); })
#define schedule_timeout(t)						\
	__SCHEDULE_TIMEOUT(t, -1, "schedule_timeout")
#define schedule_timeout_idle(t)					\
	__SCHEDULE_TIMEOUT(t, TASK_IDLE, "schedule_timeout_idle")
#define schedule_timeout_killable(t)					\
	__SCHEDULE_TIMEOUT(t, TASK_KILLABLE, "schedule_timeout_killable")
#define schedule_timeout_uninterruptible(t)				\
	__SCHEDULE_TIMEOUT(t, TASK_UNINTERRUPTIBLE,			\
			   "schedule_timeout_uninterruptible")

/* wake_up_process() - make @p runnable if it sleeps. Return: 1 if it did. */
#define wake_up_process(p)						\
	({ (int)SEAM(SEAM_WAKE_UP_PROCESS, p, 0, 0, 0, "wake_up_process", #p); })

#endif /* _LINUX_SCHED_H */
