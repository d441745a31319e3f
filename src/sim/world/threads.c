// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/threads.c - the threads engine: the model on real pthreads
 *
 * Simulator-only.
 *
 * DOC: The threads engine
 *
 * Each simulated thread is a real pthread, kept in a pool from one
 * iteration to the next.  An iteration restores the world's snapshot,
 * releases every thread at once, and waits until the run is quiescent: the
 * non-daemon threads have finished (or parked), and every kernel thread is
 * asleep with nothing pending.  Then the daemons are told to stop, and the
 * end-of-run oracles judge the state, exactly as in the coop engine.
 *
 * The operations have the coop engine's semantics on C11 atomics:
 *
 *     spinlock_t       compare-and-swap, spinning, then sched_yield()
 *     struct mutex     compare-and-swap, then a futex sleep
 *     rw_semaphore     the count updated by compare-and-swap, futex sleeps
 *     wait queues      the waiter bitmap with atomic or/and, a futex per
 *                      thread's state word
 *     schedule_timeout a real sleep of jiffies x jiffy-ns
 *
 * Every blocking wait sleeps at most a millisecond at a time and looks at
 * the stop flag, so a stopped iteration (an oracle fired, or the end was
 * reached) unwinds every thread promptly: each has a sigsetjmp() at the
 * top of its body, and the model keeps no state outside the arena that an
 * abandoned stack could leave inconsistent.
 *
 * Lock word encodings differ from the coop engine's (0 free, 1 held, 2 held
 * with waiters for spinlocks and mutexes); the held-lock lists, kept per
 * thread, are the same.  An unlock makes a futex system call only when
 * some thread may be asleep on the lock, as the kernel's own fast paths
 * do: an uncontended lock cycle costs atomics, not a trip into the host
 * kernel, so that what a benchmark times is the model's cost.
 *
 * DOC: Measuring on the threads engine
 *
 * Every thread counts the time it spends waiting for spinlocks
 * (lock_wait_ns, always on: it costs a clock read only when a lock is
 * contended).  With sim_threads_measure(SIM_MEASURE_LOCKS), each thread
 * also keeps, per lock class (the name spin_lock_init() or init_rwsem()
 * recorded, e.g. "&pt->ptl" or "&mm->mmap_lock"), how often it acquired
 * the lock, how often it had to wait, how long it waited, how long it
 * held it, exclusively and shared (a downgrade_write() ends an exclusive
 * hold and starts a shared one), and when it first took and last released
 * it.  That costs two clock reads per lock cycle, which
 * is why it is off unless a benchmark asks.  While measuring at all
 * (SIM_MEASURE_ON too), the watchdog sleeps until a thread finishes or a
 * millisecond has passed, so that on a small machine it does not take CPU
 * time from the threads being timed; a thread about to sleep first waits
 * for its wake-up on the CPU for a while (spin_before_sleep()); and each
 * thread of the pool runs on a CPU of its own as far as there are CPUs
 * (pin_thread()), so that two threads meant to run side by side do not
 * take turns on one CPU while another idles.
 */
#define _GNU_SOURCE		/* CPU affinity, see pin_thread() */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/wait.h>
#include "kernel.h"
#include "threads.h"

/*
 * The futex operations, from <linux/futex.h>, which cannot be included
 * here: the model's own include/linux/ shadows the system's.
 */
#define FUTEX_WAIT_PRIVATE	128
#define FUTEX_WAKE_PRIVATE	129

struct sim_pthread {
	pthread_t pth;
	struct sim_thread *t;
	/* both written by the thread, read by the watchdog: atomics */
	int finished;			/* the body returned or parked */
	int sleeping;			/* inside schedule() with a state set */
	u64 lock_wait_ns;		/* time spent waiting for spinlocks */
	struct sim_trace trace;		/* this thread's events, if traced */
	/* measuring: when each entry of t->held[] was taken, and the totals */
	bool pinned;
	u64 held_since[SIM_MAX_HELD];
	int nclasses;
	struct sim_lock_stat cls[SIM_LOCK_CLASSES];
	/*
	 * Operations executed: progress, for the watchdog.  Per thread and
	 * on a cache line of its own, so that counting is not itself a
	 * point of contention between the threads being timed.
	 */
	unsigned long long ops __attribute__((aligned(64)));
} __attribute__((aligned(64)));

static struct sim_pthread pool[SIM_MAX_THREADS];
static int pool_size;
static struct sim_world *pool_world;
static pthread_barrier_t start_barrier, end_barrier;
static volatile int pool_quit;
static bool measuring;			/* sim_threads_measure() */
static bool timing_locks;		/* ... with SIM_MEASURE_LOCKS */
static int finished_seq;		/* bumped when a thread finishes */
#define SPIN_BEFORE_SLEEP	2000000	/* ns; see spin_before_sleep() */
/*
 * Threads that may be asleep on some rw_semaphore: an unlock that sees 0
 * here skips the futex wake-up (see rwsem_sleep()).
 */
static int rwsem_sleepers;

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static u64 iteration_start;

/**
 * sim_trace_of() - where @t's events go (see world/kernel.h).
 * @t: the running thread, or NULL.
 */
struct sim_trace *sim_trace_of(struct sim_thread *t)
{
	if (t && sim->mode == SIM_MODE_THREADS)
		return &((struct sim_pthread *)t->pth)->trace;
	return &sim->trace;
}

/* nanoseconds since the iteration began (0 in the coop engine) */
u64 sim_trace_ns(void)
{
	return sim->mode == SIM_MODE_THREADS ? now_ns() - iteration_start : 0;
}

static int ev_cmp(const void *a, const void *b)
{
	const struct sim_event *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? -1 : 1;
	return x->tid < y->tid ? -1 : x->tid > y->tid;
}

/*
 * The threads' own traces, merged into the world's by time; operations
 * are numbered in that order.  Text messages are copied over.
 */
static void merge_traces(struct sim_world *w)
{
	unsigned int step = 0;
	size_t i, start = w->trace.nr;
	int t;

	for (t = 0; t < w->nthreads; t++) {
		struct sim_trace *tr = &pool[t].trace;

		for (i = 0; i < tr->nr; i++) {
			struct sim_event *ev = sim_trace_add(&w->trace);

			*ev = tr->ev[i];
			if (ev->msg >= 0)
				ev->msg = sim_trace_text(&w->trace, "%s",
							 sim_trace_msg(tr, ev->msg));
		}
		sim_trace_reset(tr);
	}
	qsort(w->trace.ev + start, w->trace.nr - start, sizeof(*w->trace.ev),
	      ev_cmp);
	for (i = start; i < w->trace.nr; i++)
		if (w->trace.ev[i].type == SIM_EV_OP)
			w->trace.ev[i].step = ++step;
	w->step = w->run_steps = step;
}

static int futex_wait(int *addr, int val, long ns)
{
	struct timespec ts = { ns / 1000000000, ns % 1000000000 };

	return syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, &ts, NULL, 0);
}

static void futex_wake(int *addr, int n)
{
	syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

static __attribute__((noreturn)) void threads_abort(struct sim_thread *t)
{
	siglongjmp(t->abort_jmp, 1);
}

static void check_stop(struct sim_world *w, struct sim_thread *t)
{
	if (__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE))
		threads_abort(t);
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__)
	__builtin_ia32_pause();
#endif
}

/*
 * spin_acquire() - take a spinlock word; returns how long it waited (1 ns
 * at least once it had to wait, so a contended acquisition is never 0).
 */
static u64 spin_acquire(struct sim_world *w, struct sim_thread *t, int *word)
{
	struct sim_pthread *me = t->pth;
	int zero = 0, spins = 0;
	u64 start, waited;

	if (__atomic_compare_exchange_n(word, &zero, 1, false, __ATOMIC_ACQUIRE,
					__ATOMIC_RELAXED))
		return 0;
	start = now_ns();
	for (;;) {
		zero = 0;
		if (__atomic_load_n(word, __ATOMIC_RELAXED) == 0 &&
		    __atomic_compare_exchange_n(word, &zero, 1, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			break;
		if (++spins % 256 == 0) {
			check_stop(w, t);
			sched_yield();
		} else {
			cpu_relax();
		}
	}
	waited = now_ns() - start;
	me->lock_wait_ns += waited;
	return waited ? waited : 1;
}

static u64 mutex_acquire(struct sim_world *w, struct sim_thread *t, int *word)
{
	u64 start;
	int c = 0;

	if (__atomic_compare_exchange_n(word, &c, 1, false, __ATOMIC_ACQUIRE,
					__ATOMIC_RELAXED))
		return 0;
	start = now_ns();
	for (;;) {
		c = __atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE);
		if (!c)
			break;
		futex_wait(word, 2, 1000000);
		check_stop(w, t);
	}
	return now_ns() - start + 1;
}

static void mutex_release(int *word)
{
	if (__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 2)
		futex_wake(word, 1);
}

/*
 * rwsem_sleep() - wait for @count to change from @c, announced first.
 *
 * A sleeper counts itself in rwsem_sleepers before it looks at the lock
 * word a last time; an unlocker stores the word before it looks at
 * rwsem_sleepers.  Both are sequentially consistent, so either the
 * unlocker sees the sleeper and wakes it, or the sleeper sees the new
 * word and does not sleep (the futex compares it too).  *@since is when
 * the wait began.  While measuring, the waiter first watches the word on
 * the CPU for a while, as spin_before_sleep() does.
 */
static void rwsem_sleep(int *count, int c, bool *announced, u64 *since)
{
	if (!*announced) {
		*announced = true;
		*since = now_ns();
		__atomic_add_fetch(&rwsem_sleepers, 1, __ATOMIC_SEQ_CST);
		return;		/* look at the word again first */
	}
	if (measuring && now_ns() - *since < SPIN_BEFORE_SLEEP) {
		int spins = 0;

		while (__atomic_load_n(count, __ATOMIC_RELAXED) == c &&
		       (++spins % 64 || now_ns() - *since < SPIN_BEFORE_SLEEP))
			cpu_relax();
		return;
	}
	futex_wait(count, c, 1000000);
}

/* The end of a wait begun by rwsem_sleep(): how long it took, or 0. */
static u64 rwsem_woken(bool announced, u64 since)
{
	if (!announced)
		return 0;
	__atomic_sub_fetch(&rwsem_sleepers, 1, __ATOMIC_SEQ_CST);
	return now_ns() - since + 1;
}

/* Wake the sleepers of @count, if there can be any. */
static void rwsem_wake(int *count)
{
	if (__atomic_load_n(&rwsem_sleepers, __ATOMIC_SEQ_CST))
		futex_wake(count, SIM_MAX_THREADS);
}

static u64 rwsem_read(struct sim_world *w, struct sim_thread *t, int *count)
{
	bool announced = false;
	u64 since = 0;

	for (;;) {
		int c = __atomic_load_n(count, __ATOMIC_SEQ_CST);

		if (c >= 0 && __atomic_compare_exchange_n(count, &c, c + 1,
							  false,
							  __ATOMIC_ACQUIRE,
							  __ATOMIC_RELAXED))
			return rwsem_woken(announced, since);
		if (c < 0)
			rwsem_sleep(count, c, &announced, &since);
		check_stop(w, t);
	}
}

static bool rwsem_read_try(int *count)
{
	int c = __atomic_load_n(count, __ATOMIC_RELAXED);

	while (c >= 0)
		if (__atomic_compare_exchange_n(count, &c, c + 1, false,
						__ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return true;
	return false;
}

static u64 rwsem_write(struct sim_world *w, struct sim_thread *t, int *count)
{
	bool announced = false;
	u64 since = 0;

	for (;;) {
		int c = 0;

		if (__atomic_compare_exchange_n(count, &c, -1, false,
						__ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return rwsem_woken(announced, since);
		rwsem_sleep(count, c, &announced, &since);
		check_stop(w, t);
	}
}

/* Make thread @tid runnable, as wake_up_process() does. */
static int wake_tid(struct sim_world *w, int tid)
{
	struct sim_thread *t;

	if (tid < 0 || tid >= w->nthreads)
		return 0;
	t = &w->threads[tid];
	if (__atomic_exchange_n(&t->state, TASK_RUNNING, __ATOMIC_SEQ_CST) ==
	    TASK_RUNNING)
		return 0;
	futex_wake(&t->state, 1);
	return 1;
}

/*
 * spin_before_sleep() - while measuring, wait for a wake-up on the CPU for
 * a while before sleeping in the host kernel: a host thread woken from a
 * futex may wait a millisecond for an idle (virtual) CPU to come back, a
 * delay no kernel task sees when it is woken on a busy machine.
 */
static void spin_before_sleep(struct sim_world *w, struct sim_thread *t,
			      u64 end)
{
	u64 until = now_ns() + SPIN_BEFORE_SLEEP;
	int spins = 0;

	if (end && end < until)
		until = end;
	while (__atomic_load_n(&t->state, __ATOMIC_SEQ_CST) != TASK_RUNNING) {
		cpu_relax();
		if (++spins % 64)
			continue;
		if (now_ns() >= until ||
		    __atomic_load_n(&w->stop, __ATOMIC_ACQUIRE))
			return;
	}
}

/* Sleep until woken, or for at most @ns nanoseconds (0: forever). */
static bool sleep_state(struct sim_world *w, struct sim_thread *t, u64 ns)
{
	struct sim_pthread *me = t->pth;
	u64 end = ns ? now_ns() + ns : 0;
	bool woken = false;

	/* only an untimed sleep can be a kernel thread's idle wait */
	__atomic_store_n(&me->sleeping, !ns, __ATOMIC_RELEASE);
	if (measuring)
		spin_before_sleep(w, t, end);
	for (;;) {
		int s = __atomic_load_n(&t->state, __ATOMIC_SEQ_CST);
		u64 left = 1000000;

		if (s == TASK_RUNNING) {
			woken = true;
			break;
		}
		if (end) {
			u64 n = now_ns();

			if (n >= end)
				break;
			if (end - n < left)
				left = end - n;
		}
		futex_wait(&t->state, s, left);
		if (__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE)) {
			__atomic_store_n(&me->sleeping, 0, __ATOMIC_RELEASE);
			threads_abort(t);
		}
	}
	__atomic_store_n(&me->sleeping, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&t->state, TASK_RUNNING, __ATOMIC_SEQ_CST);
	return woken;
}

static void uaf(struct sim_world *w, struct sim_thread *t,
		const struct sim_op *op)
{
	char what[192];

	sim_obj_describe_free(op->obj, what, sizeof(what));
	sim_oracle_fatal(w, ORACLE_UAF, t->tid, "%c: %s(%s) touches %s",
			 t->letter, op->site->fn, op->site->what, what);
	threads_abort(t);
}


/*
 * class_stat() - @me's totals for lock class @name.  Class names are
 * string literals: the pointer usually matches, the text always does.
 * Past SIM_LOCK_CLASSES classes, the rest share the last slot.
 */
static struct sim_lock_stat *class_stat(struct sim_pthread *me,
					const char *name)
{
	int i;

	if (!name)
		name = "?";
	for (i = 0; i < me->nclasses; i++)
		if (me->cls[i].name == name || !strcmp(me->cls[i].name, name))
			return &me->cls[i];
	if (me->nclasses == SIM_LOCK_CLASSES)
		return &me->cls[SIM_LOCK_CLASSES - 1];
	me->cls[me->nclasses].name = name;
	return &me->cls[me->nclasses++];
}

/* Measuring: an acquisition of @op's lock that waited @waited ns. */
static void count_acquire(struct sim_thread *t, const struct sim_op *op,
			  u64 waited)
{
	struct sim_lock_stat *st;

	if (!timing_locks)
		return;
	st = class_stat(t->pth, sim_lock_name(op));
	st->acquired++;
	if (waited) {
		st->contended++;
		st->wait_ns += waited;
	}
}

/*
 * The threads engine's held-lock bookkeeping: the coop engine's rules,
 * per thread, with no shared state.  While timing locks, the time each
 * lock was held goes to its class.
 */
static void held(struct sim_world *w, struct sim_thread *t,
		 const struct sim_op *op, bool push, bool read)
{
	struct sim_pthread *me = t->pth;
	int i;

	if (push) {
		if (t->nheld < SIM_MAX_HELD) {
			t->held[t->nheld].lock = op->obj;
			t->held[t->nheld].kind = op->kind;
			t->held[t->nheld].read = read;
			t->held[t->nheld].site = op->site;
			if (timing_locks) {
				struct sim_lock_stat *st;
				u64 now = now_ns();

				st = class_stat(me, sim_lock_name(op));
				me->held_since[t->nheld] = now;
				if (!st->first_ns)
					st->first_ns = now - iteration_start;
			}
			t->nheld++;
		}
		return;
	}
	for (i = t->nheld - 1; i >= 0; i--) {
		if (t->held[i].lock != op->obj || t->held[i].read != read)
			continue;
		if (timing_locks) {
			struct sim_lock_stat *st = class_stat(me,
							      sim_lock_name(op));
			u64 now = now_ns(), d = now - me->held_since[i];

			if (read)
				st->hold_read_ns += d;
			else
				st->hold_ns += d;
			st->last_ns = now - iteration_start;
			me->held_since[i] = me->held_since[t->nheld - 1];
		}
		t->held[i] = t->held[--t->nheld];
		return;
	}
	sim_oracle_fatal(w, ORACLE_LOCK_IMBALANCE, t->tid,
			 "%c: %s(%s) of a lock it does not hold", t->letter,
			 op->site->fn, op->site->what);
	threads_abort(t);
}

static long load(const void *p, int size)
{
	switch (size) {
	case 1:
		return __atomic_load_n((const u8 *)p, __ATOMIC_SEQ_CST);
	case 2:
		return __atomic_load_n((const short *)p, __ATOMIC_SEQ_CST);
	case 4:
		return __atomic_load_n((const int *)p, __ATOMIC_SEQ_CST);
	default:
		return __atomic_load_n((const long *)p, __ATOMIC_SEQ_CST);
	}
}

static void store(void *p, int size, long v)
{
	switch (size) {
	case 1:
		__atomic_store_n((u8 *)p, v, __ATOMIC_SEQ_CST);
		break;
	case 2:
		__atomic_store_n((short *)p, v, __ATOMIC_SEQ_CST);
		break;
	case 4:
		__atomic_store_n((int *)p, v, __ATOMIC_SEQ_CST);
		break;
	default:
		__atomic_store_n((long *)p, v, __ATOMIC_SEQ_CST);
		break;
	}
}

static long rmw(int kind, void *p, int size, long arg, long arg2)
{
	long old;

	if (size == 4) {
		int *q = p, o;

		switch (kind) {
		case SEAM_ATOMIC_ADD:
			return __atomic_add_fetch(q, (int)arg, __ATOMIC_SEQ_CST);
		case SEAM_ATOMIC_XCHG:
			return __atomic_exchange_n(q, (int)arg,
						   __ATOMIC_SEQ_CST);
		case SEAM_ATOMIC_CMPXCHG:
			/* a compare that fails is a read (see below) */
			o = __atomic_load_n(q, __ATOMIC_SEQ_CST);
			if (o == (int)arg)
				__atomic_compare_exchange_n(q, &o, (int)arg2,
							    false,
							    __ATOMIC_SEQ_CST,
							    __ATOMIC_SEQ_CST);
			return o;
		case SEAM_ATOMIC_INC_NOT_ZERO:
			o = __atomic_load_n(q, __ATOMIC_SEQ_CST);
			while (o)
				if (__atomic_compare_exchange_n(q, &o, o + 1,
						false, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
					return 1;
			return 0;
		}
		return 0;
	}
	switch (kind) {
	case SEAM_ATOMIC_ADD:
		return __atomic_add_fetch((long *)p, arg, __ATOMIC_SEQ_CST);
	case SEAM_ATOMIC_XCHG:
		return __atomic_exchange_n((long *)p, arg, __ATOMIC_SEQ_CST);
	case SEAM_ATOMIC_CMPXCHG:
		/*
		 * A compare that fails is a read: a cmpxchg() that finds
		 * another value reads it and writes nothing, and TSan, which
		 * counts every compare-exchange as a write, would see a plain
		 * read of the word elsewhere race with it (add_timer()'s scan
		 * of the timer slots against a timer thread reading its own).
		 * The load is the failed compare's answer; one that matches
		 * goes on to the compare-exchange, which answers for itself.
		 */
		old = __atomic_load_n((long *)p, __ATOMIC_SEQ_CST);
		if (old == arg)
			__atomic_compare_exchange_n((long *)p, &old, arg2,
						    false, __ATOMIC_SEQ_CST,
						    __ATOMIC_SEQ_CST);
		return old;
	case SEAM_ATOMIC_INC_NOT_ZERO:
		old = __atomic_load_n((long *)p, __ATOMIC_SEQ_CST);
		while (old)
			if (__atomic_compare_exchange_n((long *)p, &old,
							old + 1, false,
							__ATOMIC_SEQ_CST,
							__ATOMIC_SEQ_CST))
				return 1;
		return 0;
	}
	return 0;
}

static long threads_exec(struct sim_world *w, struct sim_thread *t,
			 const struct sim_op *op, unsigned long mask, int size,
			 struct wait_queue_head *wq, struct rw_semaphore *sem);

/**
 * sim_threads_op() - a seam operation in the threads engine.
 * @op: the operation.
 *
 * Return: its result.
 */
long sim_threads_op(struct sim_op *op)
{
	struct sim_world *w = sim;
	struct sim_thread *t = sim_self;
	unsigned long mask = 1UL << (op->arg & 63);
	int size = op->site->size;
	struct wait_queue_head *wq = op->obj;
	struct rw_semaphore *sem = op->obj;
	long ret;
	u64 begin = w->trace_threads ? sim_trace_ns() : 0;

	{
		struct sim_pthread *me = t->pth;

		/* only this thread writes it: no locked instruction needed */
		__atomic_store_n(&me->ops, me->ops + 1, __ATOMIC_RELAXED);
	}
	check_stop(w, t);
	if (op->obj && sim_addr_freed(op->obj))
		uaf(w, t, op);
	ret = threads_exec(w, t, op, mask, size, wq, sem);
	if (w->trace_threads) {
		struct sim_event *ev = sim_trace_add(&((struct sim_pthread *)
							t->pth)->trace);

		ev->type = SIM_EV_OP;
		ev->tid = t->tid;
		ev->kind = op->kind;
		ev->site = op->site;
		ev->obj = op->obj;
		ev->arg = op->arg;
		ev->arg2 = op->arg2;
		ev->result = ret;
		ev->ns = begin;
		ev->dur = sim_trace_ns() - begin;
	}
	return ret;
}

static long threads_exec(struct sim_world *w, struct sim_thread *t,
			 const struct sim_op *op, unsigned long mask, int size,
			 struct wait_queue_head *wq, struct rw_semaphore *sem)
{
	long ret = 0;

	switch (op->kind) {
	case SEAM_SPIN_LOCK:
		count_acquire(t, op, spin_acquire(w, t,
					&((spinlock_t *)op->obj)->owner));
		held(w, t, op, true, false);
		break;
	case SEAM_SPIN_TRYLOCK: {
		int zero = 0;

		ret = __atomic_compare_exchange_n(&((spinlock_t *)op->obj)->owner,
						  &zero, 1, false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED);
		if (ret) {
			count_acquire(t, op, 0);
			held(w, t, op, true, false);
		}
		break;
	}
	case SEAM_SPIN_UNLOCK:
		held(w, t, op, false, false);
		__atomic_store_n(&((spinlock_t *)op->obj)->owner, 0,
				 __ATOMIC_RELEASE);
		break;
	case SEAM_MUTEX_LOCK:
		count_acquire(t, op, mutex_acquire(w, t,
				&((struct mutex *)op->obj)->owner));
		held(w, t, op, true, false);
		break;
	case SEAM_MUTEX_TRYLOCK: {
		int zero = 0;

		ret = __atomic_compare_exchange_n(&((struct mutex *)op->obj)->owner,
						  &zero, 1, false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED);
		if (ret) {
			count_acquire(t, op, 0);
			held(w, t, op, true, false);
		}
		break;
	}
	case SEAM_MUTEX_UNLOCK:
		held(w, t, op, false, false);
		mutex_release(&((struct mutex *)op->obj)->owner);
		break;
	case SEAM_DOWN_READ:
		count_acquire(t, op, rwsem_read(w, t, &sem->count));
		held(w, t, op, true, true);
		break;
	case SEAM_DOWN_READ_TRYLOCK:
		ret = rwsem_read_try(&sem->count);
		if (ret) {
			count_acquire(t, op, 0);
			held(w, t, op, true, true);
		}
		break;
	case SEAM_UP_READ:
		held(w, t, op, false, true);
		if (__atomic_sub_fetch(&sem->count, 1, __ATOMIC_SEQ_CST) == 0)
			rwsem_wake(&sem->count);
		break;
	case SEAM_DOWN_WRITE:
		count_acquire(t, op, rwsem_write(w, t, &sem->count));
		held(w, t, op, true, false);
		break;
	case SEAM_DOWN_WRITE_TRYLOCK: {
		int zero = 0;

		ret = __atomic_compare_exchange_n(&sem->count, &zero, -1, false,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED);
		if (ret) {
			count_acquire(t, op, 0);
			held(w, t, op, true, false);
		}
		break;
	}
	case SEAM_UP_WRITE:
		held(w, t, op, false, false);
		__atomic_store_n(&sem->count, 0, __ATOMIC_SEQ_CST);
		rwsem_wake(&sem->count);
		break;
	case SEAM_DOWNGRADE_WRITE:
		held(w, t, op, false, false);
		held(w, t, op, true, true);
		__atomic_store_n(&sem->count, 1, __ATOMIC_SEQ_CST);
		rwsem_wake(&sem->count);
		break;

	case SEAM_ATOMIC_READ:
	case SEAM_READ_ONCE:
		ret = load(op->obj, size);
		break;
	case SEAM_ATOMIC_SET:
	case SEAM_WRITE_ONCE:
		store(op->obj, size, op->arg);
		break;
	case SEAM_ATOMIC_ADD:
	case SEAM_ATOMIC_INC_NOT_ZERO:
	case SEAM_ATOMIC_CMPXCHG:
	case SEAM_ATOMIC_XCHG:
		ret = rmw(op->kind, op->obj, size, op->arg, op->arg2);
		break;

	case SEAM_TEST_BIT:
		ret = !!(__atomic_load_n((unsigned long *)op->obj,
					 __ATOMIC_SEQ_CST) & mask);
		break;
	case SEAM_SET_BIT:
		__atomic_fetch_or((unsigned long *)op->obj, mask,
				  __ATOMIC_SEQ_CST);
		break;
	case SEAM_CLEAR_BIT:
		__atomic_fetch_and((unsigned long *)op->obj, ~mask,
				   __ATOMIC_SEQ_CST);
		break;
	case SEAM_TEST_AND_SET_BIT:
		ret = !!(__atomic_fetch_or((unsigned long *)op->obj, mask,
					   __ATOMIC_SEQ_CST) & mask);
		break;
	case SEAM_TEST_AND_CLEAR_BIT:
		ret = !!(__atomic_fetch_and((unsigned long *)op->obj, ~mask,
					    __ATOMIC_SEQ_CST) & mask);
		break;

	case SEAM_FREE:
		if (op->obj && sim_obj_free(op->obj, t->tid, 0, op->site) > 0)
			uaf(w, t, op);
		break;

	case SEAM_SET_STATE:
		__atomic_store_n(&t->state, (int)op->arg, __ATOMIC_SEQ_CST);
		break;
	case SEAM_PREPARE_TO_WAIT:
		__atomic_fetch_or(&wq->waiters, 1UL << t->tid, __ATOMIC_SEQ_CST);
		__atomic_store_n(&t->state, (int)op->arg, __ATOMIC_SEQ_CST);
		break;
	case SEAM_FINISH_WAIT:
		__atomic_fetch_and(&wq->waiters, ~(1UL << t->tid),
				   __ATOMIC_SEQ_CST);
		__atomic_store_n(&t->state, TASK_RUNNING, __ATOMIC_SEQ_CST);
		break;
	case SEAM_SCHEDULE:
		sleep_state(w, t, 0);
		break;
	case SEAM_SCHEDULE_TIMEOUT: {
		u64 ns = (u64)op->arg * w->params.jiffy_ns;

		if (op->arg2 >= 0)
			__atomic_store_n(&t->state, (int)op->arg2,
					 __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&t->state, __ATOMIC_SEQ_CST) ==
		    TASK_RUNNING) {
			/* no sleep state: just let time pass */
			struct timespec ts = { 0, (long)(ns % 1000000000) };

			ts.tv_sec = ns / 1000000000;
			if (ns)
				nanosleep(&ts, NULL);
			else
				sched_yield();
			break;
		}
		ret = (sleep_state(w, t, ns ? ns : 1) && op->arg2 < 0) ?
		      op->arg : 0;
		break;
	}
	case SEAM_WAKE_UP: {
		unsigned long waiters = __atomic_exchange_n(&wq->waiters, 0,
							    __ATOMIC_SEQ_CST);

		while (waiters) {
			int tid = __builtin_ctzl(waiters);

			waiters &= waiters - 1;
			ret += wake_tid(w, tid);
		}
		break;
	}
	case SEAM_WAKE_UP_PROCESS:
		ret = wake_tid(w, ((struct task_struct *)op->obj)->thread.sim_tid);
		break;
	case SEAM_RELAX:
		/* busy-waiting on real CPUs: let the sibling thread in */
#if defined(__x86_64__)
		__builtin_ia32_pause();
#endif
		break;
	case SEAM_PARK:
		__atomic_store_n(&((struct sim_pthread *)t->pth)->finished, 1,
				 __ATOMIC_RELEASE);
		for (;;) {
			struct timespec ts = { 0, 1000000 };

			nanosleep(&ts, NULL);
			check_stop(w, t);
		}
	default:
		break;
	}
	return ret;
}

/* The CPUs the process may run on, as it started. */
static cpu_set_t allowed_cpus;
static bool have_allowed_cpus;

/*
 * pin_thread() - while measuring, pool thread i runs on the i-th CPU the
 * process may use (modulo their number); otherwise wherever it likes.
 */
static void pin_thread(struct sim_pthread *me, bool on)
{
	int i, n = 0, want = me - pool;
	cpu_set_t set;

	if (me->pinned == on || !have_allowed_cpus)
		return;
	me->pinned = on;
	if (!on) {
		pthread_setaffinity_np(pthread_self(), sizeof(allowed_cpus),
				       &allowed_cpus);
		return;
	}
	want %= CPU_COUNT(&allowed_cpus);
	CPU_ZERO(&set);
	for (i = 0; i < CPU_SETSIZE; i++) {
		if (!CPU_ISSET(i, &allowed_cpus))
			continue;
		if (n++ == want) {
			CPU_SET(i, &set);
			break;
		}
	}
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static void *pool_main(void *arg)
{
	struct sim_pthread *me = arg;

	for (;;) {
		struct sim_thread *t;

		pthread_barrier_wait(&start_barrier);
		if (pool_quit)
			return NULL;
		pin_thread(me, measuring);
		t = me->t;
		sim_self_set(t);
		me->lock_wait_ns = 0;
		me->nclasses = 0;
		memset(me->cls, 0, sizeof(me->cls));
		switch (sigsetjmp(t->abort_jmp, 1)) {
		case 0:
			t->fn(t->arg);
			if (t->nheld)
				sim_held_check_exit(pool_world, t);
			break;
		case 2:
			sim_thread_fault_report(pool_world, t);
			break;
		}
		t->run = SIM_T_DONE;
		__atomic_store_n(&me->finished, 1, __ATOMIC_RELEASE);
		if (measuring) {
			__atomic_add_fetch(&finished_seq, 1, __ATOMIC_SEQ_CST);
			futex_wake(&finished_seq, 1);
		}
		sim_self_set(NULL);
		pthread_barrier_wait(&end_barrier);
	}
}

static void pool_stop(void)
{
	int i;

	if (!pool_size)
		return;
	pool_quit = 1;
	pthread_barrier_wait(&start_barrier);
	for (i = 0; i < pool_size; i++)
		pthread_join(pool[i].pth, NULL);
	pthread_barrier_destroy(&start_barrier);
	pthread_barrier_destroy(&end_barrier);
	pool_size = 0;
	pool_quit = 0;
}

static void pool_start(struct sim_world *w)
{
	int i;

	/*
	 * A pool of the right size serves another world as it is: its
	 * threads look at their sim_thread only after the start barrier.
	 * Benchmarks alternate between worlds run after run.
	 */
	if (pool_size && pool_size == w->nthreads) {
		pool_world = w;
		for (i = 0; i < pool_size; i++) {
			pool[i].t = &w->threads[i];
			w->threads[i].pth = &pool[i];
		}
		return;
	}
	pool_stop();
	if (!have_allowed_cpus)
		have_allowed_cpus = !sched_getaffinity(0, sizeof(allowed_cpus),
						       &allowed_cpus);
	pool_world = w;
	pool_size = w->nthreads;
	pthread_barrier_init(&start_barrier, NULL, pool_size + 1);
	pthread_barrier_init(&end_barrier, NULL, pool_size + 1);
	for (i = 0; i < pool_size; i++) {
		pool[i].t = &w->threads[i];
		pool[i].pinned = false;
		w->threads[i].pth = &pool[i];
		if (pthread_create(&pool[i].pth, NULL, pool_main, &pool[i])) {
			perror("reaplab: pthread_create");
			exit(2);
		}
	}
}

/* Is the iteration over: users finished, kernel threads asleep? */
static bool quiescent(struct sim_world *w)
{
	int i;

	for (i = 0; i < w->nthreads; i++) {
		struct sim_thread *t = &w->threads[i];
		struct sim_pthread *p = &pool[i];

		if (__atomic_load_n(&p->finished, __ATOMIC_ACQUIRE))
			continue;
		if (!(t->flags & SIM_T_DAEMON))
			return false;
		if (!__atomic_load_n(&p->sleeping, __ATOMIC_ACQUIRE) ||
		    __atomic_load_n(&t->state, __ATOMIC_SEQ_CST) == TASK_RUNNING)
			return false;
	}
	return true;
}

static void wake_all(struct sim_world *w)
{
	int i;

	for (i = 0; i < w->nthreads; i++)
		futex_wake(&w->threads[i].state, 1);
}

/**
 * sim_threads_iteration() - one run of @w on real threads.
 * @w: a built world.
 * @timeout: seconds without progress after which blocked threads are a
 *	     deadlock.
 * @lock_wait_ns: if not NULL, gets the spinlock waiting time per thread.
 *
 * Return: 1 if an oracle fired, else 0.
 */
int sim_threads_iteration(struct sim_world *w, double timeout,
			  u64 *lock_wait_ns)
{
	unsigned long long last_ops = ~0ull;
	u64 last_progress;
	int i, spins = 0, seen;

	sim_install_segv();
	sim_symbols_load();	/* before two threads both read it */
	/*
	 * A world freed and built again in the same place is another world:
	 * its threads lost their pthread (the build zeroes them), so the
	 * pointer alone does not say the pool serves it.
	 */
	if (pool_world != w || pool_size != w->nthreads ||
	    w->threads[0].pth != &pool[0])
		pool_start(w);
	sim_world_reset(w);
	sim = w;
	rwsem_sleepers = 0;
	for (i = 0; i < w->nthreads; i++) {
		pool[i].finished = pool[i].sleeping = 0;
		sim_trace_reset(&pool[i].trace);
	}
	iteration_start = now_ns();
	w->mode = SIM_MODE_THREADS;
	seen = __atomic_load_n(&finished_seq, __ATOMIC_SEQ_CST);
	pthread_barrier_wait(&start_barrier);
	last_progress = now_ns();
	for (;;) {
		unsigned long long ops;

		if (__atomic_load_n(&w->stop, __ATOMIC_ACQUIRE))
			break;
		if (quiescent(w)) {
			/* look twice: a wake-up may be on its way */
			sched_yield();
			if (quiescent(w))
				break;
		}
		for (ops = 0, i = 0; i < w->nthreads; i++)
			ops += __atomic_load_n(&pool[i].ops, __ATOMIC_RELAXED);
		if (ops != last_ops) {
			last_ops = ops;
			last_progress = now_ns();
		} else if (now_ns() - last_progress > timeout * 1e9) {
			for (i = 0; i < w->nthreads; i++) {
				struct sim_thread *t = &w->threads[i];

				if (__atomic_load_n(&pool[i].finished,
						    __ATOMIC_ACQUIRE) ||
				    ((t->flags & SIM_T_DAEMON) &&
				     __atomic_load_n(&pool[i].sleeping,
						     __ATOMIC_ACQUIRE)))
					continue;
				sim_oracle(w, ORACLE_DEADLOCK, i,
					   "%c (%s) made no progress for %.1f s",
					   t->letter, t->name, timeout);
			}
			break;
		}
		if (measuring) {
			/*
			 * Leave the CPUs to the threads being timed: look
			 * again when a thread finishes, or in a millisecond.
			 */
			futex_wait(&finished_seq, seen, 1000000);
			seen = __atomic_load_n(&finished_seq, __ATOMIC_SEQ_CST);
		} else if (++spins < 64) {
			sched_yield();
		} else {
			struct timespec ts = { 0, 20000 };

			nanosleep(&ts, NULL);
		}
	}
	{
		/* the end, unless an oracle said so first */
		enum sim_stop none = SIM_STOP_NONE;

		__atomic_compare_exchange_n(&w->stop, &none, SIM_STOP_POLICY,
					    false, __ATOMIC_ACQ_REL,
					    __ATOMIC_ACQUIRE);
	}
	wake_all(w);
	pthread_barrier_wait(&end_barrier);
	if (lock_wait_ns)
		for (i = 0; i < w->nthreads; i++)
			lock_wait_ns[i] = pool[i].lock_wait_ns;
	w->mode = SIM_MODE_IDLE;
	if (w->trace_threads)
		merge_traces(w);
	if (w->stop == SIM_STOP_POLICY) {
		w->stop = SIM_STOP_NONE;
		if (w->scn->check)
			w->scn->check(w);
		sim_oracle_end(w);
	}
	return w->verdict.fired ? 1 : 0;
}

/**
 * sim_threads_measure() - run the next iterations for a benchmark.
 * @how: SIM_MEASURE_OFF, SIM_MEASURE_ON (a quiet watchdog, pinned
 *	 threads, spinning before sleeping) or SIM_MEASURE_LOCKS (that, and
 *	 every lock cycle timed by class).
 *
 * See DOC: Measuring on the threads engine.  Takes effect at the next
 * iteration.
 */
void sim_threads_measure(enum sim_measure how)
{
	measuring = how != SIM_MEASURE_OFF;
	timing_locks = how == SIM_MEASURE_LOCKS;
}

/**
 * sim_threads_lock_stat() - what thread @tid did with lock class @name
 * during the last iteration.
 * @tid: the thread.
 * @name: the class, e.g. "&pt->ptl".
 * @out: filled; all zero if the thread never took such a lock, or if
 *	 measuring was off.
 */
void sim_threads_lock_stat(int tid, const char *name,
			   struct sim_lock_stat *out)
{
	int i;

	memset(out, 0, sizeof(*out));
	out->name = name;
	if (tid < 0 || tid >= pool_size)
		return;
	for (i = 0; i < pool[tid].nclasses; i++)
		if (!strcmp(pool[tid].cls[i].name, name))
			*out = pool[tid].cls[i];
}

void sim_threads_shutdown(void)
{
	pool_stop();
	pool_world = NULL;
}
