// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/ops.c - what each seam operation does, in the coop engine
 *
 * Simulator-only.  For every operation two functions: sim_op_enabled()
 * says whether the pending operation can run now (a lock that is free, a
 * sleeper that was woken), and sim_op_exec() runs it atomically.  The boot
 * phase uses the same code, so the model is built by the semantics it is
 * later checked under.  The threads engine (threads.c) implements the same
 * semantics with real atomics and futexes.
 *
 * Lock operations also keep each thread's list of held locks, lockdep
 * style, which is what the lock-imbalance oracle and the
 * mmap_assert_locked() check read.
 */
#include <string.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/wait.h>
#include "sim.h"

static const char *const op_names[SEAM_NR_OPS] = {
	[SEAM_NONE] = "none",
	[SEAM_SPIN_LOCK] = "spin_lock",
	[SEAM_SPIN_TRYLOCK] = "spin_trylock",
	[SEAM_SPIN_UNLOCK] = "spin_unlock",
	[SEAM_MUTEX_LOCK] = "mutex_lock",
	[SEAM_MUTEX_TRYLOCK] = "mutex_trylock",
	[SEAM_MUTEX_UNLOCK] = "mutex_unlock",
	[SEAM_DOWN_READ] = "down_read",
	[SEAM_DOWN_READ_TRYLOCK] = "down_read_trylock",
	[SEAM_UP_READ] = "up_read",
	[SEAM_DOWN_WRITE] = "down_write",
	[SEAM_DOWN_WRITE_TRYLOCK] = "down_write_trylock",
	[SEAM_UP_WRITE] = "up_write",
	[SEAM_DOWNGRADE_WRITE] = "downgrade_write",
	[SEAM_ATOMIC_READ] = "atomic_read",
	[SEAM_ATOMIC_SET] = "atomic_set",
	[SEAM_ATOMIC_ADD] = "atomic_add",
	[SEAM_ATOMIC_INC_NOT_ZERO] = "atomic_inc_not_zero",
	[SEAM_ATOMIC_CMPXCHG] = "cmpxchg",
	[SEAM_ATOMIC_XCHG] = "xchg",
	[SEAM_TEST_BIT] = "test_bit",
	[SEAM_SET_BIT] = "set_bit",
	[SEAM_CLEAR_BIT] = "clear_bit",
	[SEAM_TEST_AND_SET_BIT] = "test_and_set_bit",
	[SEAM_TEST_AND_CLEAR_BIT] = "test_and_clear_bit",
	[SEAM_READ_ONCE] = "READ_ONCE",
	[SEAM_WRITE_ONCE] = "WRITE_ONCE",
	[SEAM_FREE] = "kfree",
	[SEAM_SET_STATE] = "set_current_state",
	[SEAM_PREPARE_TO_WAIT] = "prepare_to_wait",
	[SEAM_FINISH_WAIT] = "finish_wait",
	[SEAM_SCHEDULE] = "schedule",
	[SEAM_SCHEDULE_TIMEOUT] = "schedule_timeout",
	[SEAM_WAKE_UP] = "wake_up",
	[SEAM_WAKE_UP_PROCESS] = "wake_up_process",
	[SEAM_PARK] = "park",
	[SEAM_OBSERVE] = "observe",
};

const char *sim_op_name(int kind)
{
	return kind >= 0 && kind < SEAM_NR_OPS ? op_names[kind] : "?";
}

bool sim_op_is_yield(int kind)
{
	return kind == SEAM_SCHEDULE_TIMEOUT;
}

/* --- held locks ---------------------------------------------------- */

static void held_push(struct sim_world *w, struct sim_thread *t,
		      const struct sim_op *op, bool read)
{
	if (t->nheld == SIM_MAX_HELD) {
		sim_oracle_fatal(w, ORACLE_LOCK_IMBALANCE, t->tid,
				 "%c holds more than %d locks", t->letter,
				 SIM_MAX_HELD);
		return;
	}
	t->held[t->nheld].lock = op->obj;
	t->held[t->nheld].kind = op->kind;
	t->held[t->nheld].read = read;
	t->held[t->nheld].site = op->site;
	t->nheld++;
}

static struct sim_held *held_find(struct sim_thread *t, const void *lock)
{
	int i;

	for (i = t->nheld - 1; i >= 0; i--)
		if (t->held[i].lock == lock)
			return &t->held[i];
	return NULL;
}

/*
 * held_pop() - @t releases @op->obj.  Releasing a lock one does not hold
 * (or holds the wrong way) is the lock-imbalance oracle.
 */
static bool held_pop(struct sim_world *w, struct sim_thread *t,
		     const struct sim_op *op, int want_read)
{
	struct sim_held *h = held_find(t, op->obj);

	if (!h || (want_read >= 0 && h->read != want_read)) {
		sim_oracle_fatal(w, ORACLE_LOCK_IMBALANCE, t->tid,
				 "%c: %s(%s) of a lock it does not hold%s",
				 t->letter, op->site->fn, op->site->what,
				 h ? " that way" : "");
		return false;
	}
	*h = t->held[--t->nheld];
	return true;
}

/**
 * sim_held_check_exit() - a thread ended: it must hold no lock.
 * @w: the world.
 * @t: the thread.
 */
void sim_held_check_exit(struct sim_world *w, struct sim_thread *t)
{
	if (!t->nheld)
		return;
	sim_oracle(w, ORACLE_LOCK_IMBALANCE, t->tid,
		   "%c returned holding %s (taken by %s at %s:%d)", t->letter,
		   t->held[0].site->what, t->held[0].site->fn,
		   t->held[0].site->file, t->held[0].site->line);
}

/* --- words ----------------------------------------------------------- */

static long load(const void *p, int size)
{
	switch (size) {
	case 1:
		return __atomic_load_n((const u8 *)p, __ATOMIC_SEQ_CST);
	case 2:
		return __atomic_load_n((const u16 *)p, __ATOMIC_SEQ_CST);
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
		__atomic_store_n((u8 *)p, (u8)v, __ATOMIC_SEQ_CST);
		break;
	case 2:
		__atomic_store_n((u16 *)p, (u16)v, __ATOMIC_SEQ_CST);
		break;
	case 4:
		__atomic_store_n((int *)p, (int)v, __ATOMIC_SEQ_CST);
		break;
	default:
		__atomic_store_n((long *)p, v, __ATOMIC_SEQ_CST);
		break;
	}
}

/* Sign-extend a loaded value the way the C types of the model see it. */
static long sext(long v, int size)
{
	if (size == 4)
		return (int)v;
	if (size == 2)
		return (short)v;
	return v;
}

/* --- enabled ---------------------------------------------------------- */

/**
 * sim_op_enabled() - can @t's pending @op run now?
 * @w: the world.
 * @t: the thread.
 * @op: its pending operation.
 *
 * An operation on freed memory is always enabled: running it is how the
 * use-after-free is caught.
 */
bool sim_op_enabled(struct sim_world *w, struct sim_thread *t,
		    const struct sim_op *op)
{
	(void)w;
	/* only what can block asks the (slower) question of freed memory */
	switch (op->kind) {
	case SEAM_SPIN_LOCK:
		return !((spinlock_t *)op->obj)->owner ||
		       sim_addr_freed(op->obj);
	case SEAM_MUTEX_LOCK:
		return !((struct mutex *)op->obj)->owner ||
		       sim_addr_freed(op->obj);
	case SEAM_DOWN_READ:
		return ((struct rw_semaphore *)op->obj)->count >= 0 ||
		       sim_addr_freed(op->obj);
	case SEAM_DOWN_WRITE:
		return !((struct rw_semaphore *)op->obj)->count ||
		       sim_addr_freed(op->obj);
	case SEAM_SCHEDULE:
		return t->state == TASK_RUNNING ||
		       (op->obj && sim_addr_freed(op->obj));
	case SEAM_PARK:
		return op->obj && sim_addr_freed(op->obj);
	default:
		return true;
	}
}

/* --- exec ------------------------------------------------------------- */

static void wake_thread(struct sim_world *w, int tid)
{
	if (tid >= 0 && tid < w->nthreads)
		w->threads[tid].state = TASK_RUNNING;
}

/*
 * The checks every execution of an operation begins with: the object must
 * be alive.  Return: false when a fatal oracle fired.
 */
static bool check_alive(struct sim_world *w, struct sim_thread *t,
			const struct sim_op *op)
{
	char what[192];

	if (!op->obj || !sim_addr_freed(op->obj))
		return true;
	sim_obj_describe_free(op->obj, what, sizeof(what));
	sim_oracle_fatal(w, ORACLE_UAF, t ? t->tid : -1,
			 "%c: %s(%s) touches %s", t ? t->letter : '-',
			 op->site->fn, op->site->what, what);
	return false;
}

/**
 * sim_op_exec() - run @op for @t, atomically.
 * @w: the world.
 * @t: the thread (NULL while booting).
 * @op: an enabled operation.
 *
 * Return: the operation's result.
 */
long sim_op_exec(struct sim_world *w, struct sim_thread *t,
		 const struct sim_op *op)
{
	int me = t ? t->tid + 1 : SIM_MAX_THREADS + 1;
	int size = op->site->size;
	unsigned long *word = op->obj;
	unsigned long mask = 1UL << (op->arg & 63);
	spinlock_t *spin = op->obj;
	struct mutex *mutex = op->obj;
	struct rw_semaphore *sem = op->obj;
	struct wait_queue_head *wq = op->obj;
	long old;

	if (!check_alive(w, t, op))
		return 0;

	switch (op->kind) {
	case SEAM_SPIN_LOCK:
		spin->owner = me;
		if (t)
			held_push(w, t, op, false);
		return 0;
	case SEAM_SPIN_TRYLOCK:
		if (spin->owner)
			return 0;
		spin->owner = me;
		if (t)
			held_push(w, t, op, false);
		return 1;
	case SEAM_SPIN_UNLOCK:
		if (t && !held_pop(w, t, op, false))
			return 0;
		spin->owner = 0;
		return 0;
	case SEAM_MUTEX_LOCK:
		mutex->owner = me;
		if (t)
			held_push(w, t, op, false);
		return 0;
	case SEAM_MUTEX_TRYLOCK:
		if (mutex->owner)
			return 0;
		mutex->owner = me;
		if (t)
			held_push(w, t, op, false);
		return 1;
	case SEAM_MUTEX_UNLOCK:
		if (t && !held_pop(w, t, op, false))
			return 0;
		mutex->owner = 0;
		return 0;
	case SEAM_DOWN_READ:
		sem->count++;
		if (t)
			held_push(w, t, op, true);
		return 0;
	case SEAM_DOWN_READ_TRYLOCK:
		if (sem->count < 0)
			return 0;
		sem->count++;
		if (t)
			held_push(w, t, op, true);
		return 1;
	case SEAM_UP_READ:
		if (t && !held_pop(w, t, op, true))
			return 0;
		sem->count--;
		return 0;
	case SEAM_DOWN_WRITE:
		sem->count = -1;
		sem->owner = me;
		if (t)
			held_push(w, t, op, false);
		return 0;
	case SEAM_DOWN_WRITE_TRYLOCK:
		if (sem->count)
			return 0;
		sem->count = -1;
		sem->owner = me;
		if (t)
			held_push(w, t, op, false);
		return 1;
	case SEAM_UP_WRITE:
		if (t && !held_pop(w, t, op, false))
			return 0;
		sem->count = 0;
		sem->owner = 0;
		return 0;
	case SEAM_DOWNGRADE_WRITE:
		if (t) {
			struct sim_held *h = held_find(t, op->obj);

			if (!h || h->read) {
				sim_oracle_fatal(w, ORACLE_LOCK_IMBALANCE,
						 t->tid,
						 "%c: downgrade_write(%s) without the write lock",
						 t->letter, op->site->what);
				return 0;
			}
			h->read = true;
		}
		sem->count = 1;
		sem->owner = 0;
		return 0;

	case SEAM_ATOMIC_READ:
	case SEAM_READ_ONCE:
		return sext(load(op->obj, size), size);
	case SEAM_ATOMIC_SET:
	case SEAM_WRITE_ONCE:
		store(op->obj, size, op->arg);
		return 0;
	case SEAM_ATOMIC_ADD:
		old = sext(load(op->obj, size), size);
		store(op->obj, size, old + op->arg);
		return sext(old + op->arg, size);
	case SEAM_ATOMIC_INC_NOT_ZERO:
		old = sext(load(op->obj, size), size);
		if (!old)
			return 0;
		store(op->obj, size, old + 1);
		return 1;
	case SEAM_ATOMIC_CMPXCHG:
		old = load(op->obj, size);
		if (sext(old, size) == sext(op->arg, size) ||
		    (size == 8 && old == op->arg))
			store(op->obj, size, op->arg2);
		return sext(old, size);
	case SEAM_ATOMIC_XCHG:
		old = load(op->obj, size);
		store(op->obj, size, op->arg);
		return sext(old, size);

	case SEAM_TEST_BIT:
		return !!(*word & mask);
	case SEAM_SET_BIT:
		*word |= mask;
		return 0;
	case SEAM_CLEAR_BIT:
		*word &= ~mask;
		return 0;
	case SEAM_TEST_AND_SET_BIT:
		old = !!(*word & mask);
		*word |= mask;
		return old;
	case SEAM_TEST_AND_CLEAR_BIT:
		old = !!(*word & mask);
		*word &= ~mask;
		return old;

	case SEAM_FREE:
		if (!op->obj)
			return 0;
		if (sim_obj_free(op->obj, t ? t->tid : -1, w->step, op->site) < 0)
			sim_oracle_fatal(w, ORACLE_WARN, t ? t->tid : -1,
					 "%s(%s): %p is not an allocated object",
					 op->site->fn, op->site->what, op->obj);
		return 0;

	case SEAM_SET_STATE:
		if (t)
			t->state = op->arg;
		return 0;
	case SEAM_PREPARE_TO_WAIT:
		if (t) {
			wq->waiters |= 1UL << t->tid;
			t->state = op->arg;
		}
		return 0;
	case SEAM_FINISH_WAIT:
		if (t) {
			wq->waiters &= ~(1UL << t->tid);
			t->state = TASK_RUNNING;
		}
		return 0;
	case SEAM_SCHEDULE:
		return 0;
	case SEAM_SCHEDULE_TIMEOUT:
		/*
		 * With a state given (schedule_timeout_idle() and friends)
		 * this is a plain sleep: it always times out.  After
		 * prepare_to_wait() it returns the time left if a wake-up
		 * came first.
		 */
		if (!t)
			return 0;
		old = (op->arg2 < 0 && t->state == TASK_RUNNING) ? op->arg : 0;
		t->state = TASK_RUNNING;
		return old;
	case SEAM_WAKE_UP: {
		unsigned long waiters = wq->waiters;
		int n = 0;

		wq->waiters = 0;
		while (waiters) {
			int tid = __builtin_ctzl(waiters);

			waiters &= waiters - 1;
			if (tid < w->nthreads &&
			    w->threads[tid].state != TASK_RUNNING) {
				wake_thread(w, tid);
				n++;
			}
		}
		return n;
	}
	case SEAM_WAKE_UP_PROCESS: {
		struct task_struct *p = op->obj;
		int tid = p->thread.sim_tid;

		if (tid < 0 || tid >= w->nthreads ||
		    w->threads[tid].state == TASK_RUNNING)
			return 0;
		wake_thread(w, tid);
		return 1;
	}
	case SEAM_PARK:
		return 0;
	case SEAM_OBSERVE:
		sim_oracle_observe(w, op);
		return 0;
	default:
		return 0;
	}
}
