// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/ops.c - what each seam operation does, in the coop engine
 *
 * Simulator-only.  For every operation two functions: world_op_enabled()
 * says whether the pending operation can run now (a lock that is free, a
 * sleeper that was woken), and sim_op_exec() runs it atomically (op_run(),
 * which in a step also says what it did to the engine's record).  The boot
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
#include "kernel.h"

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

/**
 * sim_might_sleep() - @t is about to do something that may sleep.
 * @w: the world.
 * @t: the thread.
 * @what: what may sleep ("might_sleep()", "down_read").
 * @site: where.
 *
 * DOC: The atomic-sleep oracle
 *
 * A spinlock holder must not sleep: with CONFIG_DEBUG_ATOMIC_SLEEP the
 * kernel's might_sleep() prints "BUG: sleeping function called from
 * invalid context" when the preempt count is raised, and schedule()
 * itself complains of "scheduling while atomic".  The model raises no
 * preempt count; a thread is in atomic context while its list of held
 * locks has a spinlock.  The oracle checks it where the kernel does: at
 * every might_sleep() of the model (mmput(), remove_vma(), as upstream
 * has them) and at every seam primitive that can block, whether or not it
 * does block this time (mutex_lock(), down_read(), down_write() and their
 * killable forms, schedule(), schedule_timeout()): a mmput() under
 * task_lock() is a bug even when it is not the last one.
 */
static void call_stack(const struct sim_thread *t, char *buf, size_t len);

void sim_might_sleep(struct sim_world *w, struct sim_thread *t,
		     const char *what, const struct seam_site *site)
{
	char stack[160];
	int i;

	for (i = 0; i < t->nheld; i++)
		if (t->held[i].kind == SEAM_SPIN_LOCK ||
		    t->held[i].kind == SEAM_SPIN_TRYLOCK)
			break;
	if (i == t->nheld)
		return;
	call_stack(t, stack, sizeof(stack));
	sim_oracle(w, ORACLE_ATOMIC_SLEEP, t->tid,
		   "BUG: sleeping function called from invalid context: %c: %s at %s:%d (%s) while holding %s (%s at %s:%d)",
		   t->letter, what, site->file, site->line, stack,
		   t->held[i].site->what, t->held[i].site->fn,
		   t->held[i].site->file, t->held[i].site->line);
}

/* The primitives that may block: might_sleep() is their first line. */
static bool op_may_sleep(int kind)
{
	switch (kind) {
	case SEAM_MUTEX_LOCK:
	case SEAM_DOWN_READ:
	case SEAM_DOWN_WRITE:
	case SEAM_SCHEDULE:
	case SEAM_SCHEDULE_TIMEOUT:
		return true;
	default:
		return false;
	}
}

/* --- words ----------------------------------------------------------- */

/*
 * A word the model acts on through the seam.  Atomic, so that no compiler
 * tears or merges it; relaxed, because the engines that come here run
 * one operation at a time, and whatever hands the CPU from one thread to
 * the next (a context switch, the turnstile's semaphore) orders them.  A
 * sequentially consistent store is a locked instruction on x86: a few
 * nanoseconds of every point.  (The threads engine has its own, in
 * threads.c.)
 */

static inline long load(const void *p, int size)
{
	switch (size) {
	case 1:
		return __atomic_load_n((const u8 *)p, __ATOMIC_RELAXED);
	case 2:
		return __atomic_load_n((const u16 *)p, __ATOMIC_RELAXED);
	case 4:
		return __atomic_load_n((const int *)p, __ATOMIC_RELAXED);
	default:
		return __atomic_load_n((const long *)p, __ATOMIC_RELAXED);
	}
}

static inline void store(void *p, int size, long v)
{
	switch (size) {
	case 1:
		__atomic_store_n((u8 *)p, (u8)v, __ATOMIC_RELAXED);
		break;
	case 2:
		__atomic_store_n((u16 *)p, (u16)v, __ATOMIC_RELAXED);
		break;
	case 4:
		__atomic_store_n((int *)p, (int)v, __ATOMIC_RELAXED);
		break;
	default:
		__atomic_store_n((long *)p, v, __ATOMIC_RELAXED);
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

/*
 * op_enabled() - can @t's pending @op run now?  An operation on freed
 * memory is always enabled: running it is how the use-after-free is
 * caught.  Inline in world_op_enabled(): the engine asks it of every
 * waiting thread at every step.
 */
static inline bool op_enabled(struct sim_world *w, struct sim_thread *t,
			      const struct sim_op *op)
{
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
	case SEAM_AWAIT:
		return sim_await_ready(w, op);
	default:
		return true;
	}
}

/* --- a model bug: no object at all ------------------------------------ */

/*
 * DOC: A model bug is a verdict
 *
 * The model hands the simulator an object with every seam operation, and
 * the simulator reads it: the lock's owner to know whether it can be
 * taken, the word before and after to know whether it changed.  A model
 * that follows a NULL pointer (mmgrab() of the mm of a task that already
 * went past exit_mm()) or a wild one would make the simulator fault in
 * its own code, and the whole search would die without a word.  So the
 * object is checked when the operation is published, before anyone reads
 * it (sim_op_obj_bad()): a NULL pointer, a non-canonical one (read from
 * poisoned memory: a use-after-free) or an address nothing is mapped at
 * makes the operation "bad".  A bad operation can always run, commutes
 * with everything (what it does cannot depend on another thread: it
 * faults), and when it runs it touches nothing and fires the bad-access
 * oracle (the use-after-free one for a poisoned pointer), with the step,
 * the call stack and the source line of the operation.
 *
 * Model code that dereferences such a pointer itself, between two
 * operations, faults for real: the coop engine's SIGSEGV handler (coop.c)
 * tells the model's faults from the simulator's own by whether the
 * faulting thread was inside its seam operation, and reports a model's
 * with the faulting function and source line (sim_fault_report()).  The
 * execution ends there; the search goes on to the next one, or stops at
 * this counterexample like at any other.
 */

/* Operations whose object the simulator reads or writes. */
static bool needs_obj(int kind)
{
	switch (kind) {
	case SEAM_NONE:
	case SEAM_FREE:		/* kfree(NULL) is fine, a wild one WARNs */
	case SEAM_SET_STATE:
	case SEAM_SCHEDULE:
	case SEAM_SCHEDULE_TIMEOUT:
	case SEAM_PARK:
	case SEAM_RELAX:
	case SEAM_AWAIT:
		return false;
	default:
		return kind < SEAM_NR_OPS;
	}
}

/* How many bytes of its object an operation reads. */
static size_t obj_size(const struct sim_op *op)
{
	if (op->site->size)
		return op->site->size;
	if (op->kind >= SEAM_SPIN_LOCK && op->kind <= SEAM_DOWNGRADE_WRITE)
		return 2 * sizeof(int);
	return sizeof(long);
}

/**
 * sim_op_obj_bad_slow() - is @op's object, neither in the arena nor among
 * the globals, no object (DOC: A model bug is a verdict)?
 * @op: an operation being published.
 */
bool sim_op_obj_bad_slow(const struct sim_op *op)
{
	return needs_obj(op->kind) && !sim_addr_mapped(op->obj, obj_size(op));
}

/* "mmgrab < oom_kill_process < out_of_memory": @t's calls, innermost first. */
static void call_stack(const struct sim_thread *t, char *buf, size_t len)
{
	size_t n = 0;
	int d = sim_calls_kept(t);

	buf[0] = 0;
	while (d-- > 0 && n < len)
		n += snprintf(buf + n, len - n, "%s%s", n ? " < " : "",
			      sim_symbol(t->calls.frames[d]));
	if (!n)
		snprintf(buf, len, "%s", t->name);
}

/* A poisoned pointer (0x6b6b...) is one read from freed memory. */
static bool poisoned(uintptr_t a)
{
	/* its top half, or all of it where pointers have 32 bits (wasm32) */
	if (sizeof(a) == 4)
		return a == 0x6b6b6b6bUL;
	return ((u64)a >> 32) == 0x6b6b6b6bUL;
}

/**
 * sim_op_bad() - run a bad operation: fire the bad-access oracle (or the
 * use-after-free one, for a pointer read from freed memory).
 * @w: the world.
 * @t: the thread.
 * @op: its operation, whose object is no object.
 */
void sim_op_bad(struct sim_world *w, struct sim_thread *t,
		const struct sim_op *op)
{
	uintptr_t a = (uintptr_t)op->obj;
	int oracle = poisoned(a) ? ORACLE_UAF : ORACLE_BAD_ACCESS;
	struct sim_hit *hit = &w->verdict.hit[oracle];
	bool first = !(w->verdict.fired & (1u << oracle));
	char stack[256];

	call_stack(t, stack, sizeof(stack));
	sim_oracle_fatal(w, oracle, t->tid,
			 "%c: %s(%s) at %s:%d on %s (%#lx); stack: %s",
			 t->letter, op->site->fn, op->site->what,
			 op->site->file, op->site->line,
			 a < 4096 ? "a NULL pointer" :
			 poisoned(a) ? "a pointer read from freed (poisoned) memory" :
			 "a wild pointer, where nothing is mapped",
			 (unsigned long)a, stack);
	if (!first)
		return;
	hit->fn = sim_calls_top(t) ? sim_symbol(sim_calls_top(t)) : t->name;
	hit->file = op->site->file;
	hit->line = op->site->line;
}

/**
 * sim_fault_report() - a model thread faulted in its own code.
 * @w: the world; the run is over.
 * @t: the thread.
 * @addr: the address it faulted on.
 * @gpf: a general protection fault (no address): a non-canonical
 *	 pointer, which in the model is one read from poisoned memory.
 * @pc: the faulting instruction, or NULL if unknown.
 *
 * Called after the fault, out of the signal handler: the source line is
 * looked up in the binary's own debug information (sim_source_line()).
 */
void sim_fault_report(struct sim_world *w, struct sim_thread *t,
		      const void *addr, bool gpf, const void *pc)
{
	uintptr_t a = (uintptr_t)addr;
	int oracle = gpf || poisoned(a) ? ORACLE_UAF : ORACLE_BAD_ACCESS;
	struct sim_hit *hit = &w->verdict.hit[oracle];
	bool first = !(w->verdict.fired & (1u << oracle));
	const char *fn = pc ? sim_symbol(pc) : "?", *file = NULL;
	char stack[256], where[160];
	int line = 0;

	/* not in our image (a C library call): the model function that called */
	if (!strcmp(fn, "?") && sim_calls_top(t))
		fn = sim_symbol(sim_calls_top(t));
	where[0] = 0;
	if (pc && sim_source_line(pc, &file, &line))
		snprintf(where, sizeof(where), " at %s:%d", file, line);
	call_stack(t, stack, sizeof(stack));
	if (oracle == ORACLE_UAF)
		sim_oracle(w, oracle, t->tid,
			   "%c faulted in %s%s on a pointer read from freed (poisoned) memory; stack: %s",
			   t->letter, fn, where, stack);
	else
		sim_oracle(w, oracle, t->tid,
			   "%c faulted in %s%s on %s (%#lx); stack: %s",
			   t->letter, fn, where,
			   a < 4096 ? "a NULL pointer" :
			   "a wild pointer, where nothing is mapped",
			   (unsigned long)a, stack);
	if (!first)
		return;
	hit->fn = fn;
	hit->file = file;
	hit->line = line;
	hit->pc = pc;
}

/* --- exec ------------------------------------------------------------- */

/* A use-after-free: report it (check_alive()). */
static __attribute__((noinline, cold)) void
uaf(struct sim_world *w, struct sim_thread *t, const struct sim_op *op)
{
	char what[192];

	sim_obj_describe_free(op->obj, what, sizeof(what));
	sim_oracle_fatal(w, ORACLE_UAF, t ? t->tid : -1,
			 "%c: %s(%s) touches %s", t ? t->letter : '-',
			 op->site->fn, op->site->what, what);
}

/*
 * The check every execution of an operation begins with: the object must
 * be alive (@freed: it is not).  Return: false when a fatal oracle fired.
 */
static inline bool check_alive(struct sim_world *w, struct sim_thread *t,
			       const struct sim_op *op, bool freed)
{
	if (likely(!freed))
		return true;
	uaf(w, t, op);
	return false;
}

/*
 * DOC: A step's facts come from its one dispatch
 *
 * Besides its result, a step tells the engine's record three facts of
 * what it did (struct sim_op_done): whether it changed its word or lock
 * (the dependency relation counts a write that changed nothing as a
 * read: explore/dep.c), the lock's name, and whom a wake-up woke.  Each
 * case of op_run() knows them as it runs: a trylock that failed or a
 * set_bit() of a set bit changed nothing, a lock it takes is not freed
 * memory (check_alive() ran first), and a wake-up sets running exactly
 * the sleepers it wakes.  So the facts are answered there, in the one
 * switch on the operation's kind, instead of by saving the word before
 * and comparing after, and looking the lock's name up again.  The rule
 * they keep is the one a compare would give: a lock or word operation
 * changed something if and only if its word (a lock's first two ints)
 * holds another value after it; any other operation counts as changed.
 */

/*
 * op_run() - run @op for @t (NULL while booting), atomically, and when
 * @d is not NULL, say in it what the step did (DOC: A step's facts come
 * from its one dispatch).  Return: the operation's result.
 */
static inline __attribute__((always_inline)) long
op_run(struct sim_world *w, struct sim_thread *t, const struct sim_op *op,
       struct sim_op_done *d)
{
	int me = t ? t->tid + 1 : SIM_MAX_THREADS + 1;
	int kind = op->kind, size = op->site->size;
	unsigned long *word = op->obj;
	unsigned long mask = 1UL << (op->arg & 63);
	spinlock_t *spin = op->obj;
	struct mutex *mutex = op->obj;
	struct rw_semaphore *sem = op->obj;
	struct wait_queue_head *wq = op->obj;
	bool changed = true;
	const char *fn = NULL;
	unsigned long waiters;
	u16 woke = 0;
	long old, ret = 0;

	if (d && kind == SEAM_WAKE_UP)
		d->arg2 = wq->waiters;	/* the event shows whom it found */
	if (!check_alive(w, t, op, op->obj && sim_addr_freed(op->obj))) {
		/* it touched nothing: no word or lock of it changed */
		changed = !sim_op_is_mem(kind) && !sim_op_is_lock(kind);
		goto out;
	}
	if (t && op_may_sleep(kind))
		sim_might_sleep(w, t, op->site->fn, op->site);
	if (sim_op_is_lock(kind) && op->obj)
		fn = sim_lock_name_of(kind, op->obj);

	switch (kind) {
	case SEAM_SPIN_LOCK:
		changed = spin->owner != me;
		spin->owner = me;
		if (t)
			held_push(w, t, op, false);
		break;
	case SEAM_SPIN_TRYLOCK:
		if (spin->owner) {
			changed = false;
			break;
		}
		spin->owner = me;
		if (t)
			held_push(w, t, op, false);
		ret = 1;
		break;
	case SEAM_SPIN_UNLOCK:
		if (t && !held_pop(w, t, op, false)) {
			changed = false;
			break;
		}
		changed = spin->owner;
		spin->owner = 0;
		break;
	case SEAM_MUTEX_LOCK:
		changed = mutex->owner != me;
		mutex->owner = me;
		if (t)
			held_push(w, t, op, false);
		break;
	case SEAM_MUTEX_TRYLOCK:
		if (mutex->owner) {
			changed = false;
			break;
		}
		mutex->owner = me;
		if (t)
			held_push(w, t, op, false);
		ret = 1;
		break;
	case SEAM_MUTEX_UNLOCK:
		if (t && !held_pop(w, t, op, false)) {
			changed = false;
			break;
		}
		changed = mutex->owner;
		mutex->owner = 0;
		break;
	case SEAM_DOWN_READ:
		sem->count++;
		if (t)
			held_push(w, t, op, true);
		break;
	case SEAM_DOWN_READ_TRYLOCK:
		if (sem->count < 0) {
			changed = false;
			break;
		}
		sem->count++;
		if (t)
			held_push(w, t, op, true);
		ret = 1;
		break;
	case SEAM_UP_READ:
		if (t && !held_pop(w, t, op, true)) {
			changed = false;
			break;
		}
		sem->count--;
		break;
	case SEAM_DOWN_WRITE:
		changed = sem->count != -1 || sem->owner != me;
		sem->count = -1;
		sem->owner = me;
		if (t)
			held_push(w, t, op, false);
		break;
	case SEAM_DOWN_WRITE_TRYLOCK:
		if (sem->count) {
			changed = false;
			break;
		}
		changed = true;		/* its count was 0: now -1 */
		sem->count = -1;
		sem->owner = me;
		if (t)
			held_push(w, t, op, false);
		ret = 1;
		break;
	case SEAM_UP_WRITE:
		if (t && !held_pop(w, t, op, false)) {
			changed = false;
			break;
		}
		changed = sem->count || sem->owner;
		sem->count = 0;
		sem->owner = 0;
		break;
	case SEAM_DOWNGRADE_WRITE:
		if (t) {
			struct sim_held *h = held_find(t, op->obj);

			if (!h || h->read) {
				sim_oracle_fatal(w, ORACLE_LOCK_IMBALANCE,
						 t->tid,
						 "%c: downgrade_write(%s) without the write lock",
						 t->letter, op->site->what);
				changed = false;
				break;
			}
			h->read = true;
		}
		changed = sem->count != 1 || sem->owner;
		sem->count = 1;
		sem->owner = 0;
		break;

	/*
	 * A word: changed if it reads another value after, as wide as its
	 * site says (sim_word_load()), which a store of the model's type
	 * may truncate.
	 */
	case SEAM_ATOMIC_READ:
	case SEAM_READ_ONCE:
		changed = false;
		ret = sext(load(op->obj, size), size);
		break;
	case SEAM_ATOMIC_SET:
	case SEAM_WRITE_ONCE:
		old = sim_word_load(op->obj, size);
		store(op->obj, size, op->arg);
		changed = sim_word_load(op->obj, size) != old;
		break;
	case SEAM_ATOMIC_ADD:
		old = sext(load(op->obj, size), size);
		store(op->obj, size, old + op->arg);
		changed = sext(load(op->obj, size), size) != old;
		ret = sext(old + op->arg, size);
		break;
	case SEAM_ATOMIC_INC_NOT_ZERO:
		old = sext(load(op->obj, size), size);
		if (!old) {
			changed = false;
			break;
		}
		store(op->obj, size, old + 1);
		changed = sext(load(op->obj, size), size) != old;
		ret = 1;
		break;
	case SEAM_ATOMIC_CMPXCHG:
		old = load(op->obj, size);
		if (sext(old, size) == sext(op->arg, size) ||
		    (size == 8 && old == op->arg))
			store(op->obj, size, op->arg2);
		changed = load(op->obj, size) != old;
		ret = sext(old, size);
		break;
	case SEAM_ATOMIC_XCHG:
		old = load(op->obj, size);
		store(op->obj, size, op->arg);
		changed = load(op->obj, size) != old;
		ret = sext(old, size);
		break;

	case SEAM_TEST_BIT:
		changed = false;
		ret = !!(*word & mask);
		break;
	case SEAM_SET_BIT:
		changed = !(*word & mask);
		*word |= mask;
		break;
	case SEAM_CLEAR_BIT:
		changed = *word & mask;
		*word &= ~mask;
		break;
	case SEAM_TEST_AND_SET_BIT:
		ret = !!(*word & mask);
		changed = !ret;
		*word |= mask;
		break;
	case SEAM_TEST_AND_CLEAR_BIT:
		ret = !!(*word & mask);
		changed = ret;
		*word &= ~mask;
		break;

	case SEAM_FREE:
		if (!op->obj)
			break;
		if (sim_obj_free(op->obj, t ? t->tid : -1, w->step, op->site) < 0)
			sim_oracle_fatal(w, ORACLE_WARN, t ? t->tid : -1,
					 "%s(%s): %p is not an allocated object",
					 op->site->fn, op->site->what, op->obj);
		break;

	case SEAM_SET_STATE:
		if (t)
			t->state = op->arg;
		break;
	case SEAM_PREPARE_TO_WAIT:
		if (t) {
			wq->waiters |= 1UL << t->tid;
			t->state = op->arg;
		}
		break;
	case SEAM_FINISH_WAIT:
		if (t) {
			wq->waiters &= ~(1UL << t->tid);
			t->state = TASK_RUNNING;
		}
		break;
	case SEAM_SCHEDULE_TIMEOUT:
		/*
		 * With a state given (schedule_timeout_idle() and friends)
		 * this is a plain sleep: it always times out.  After
		 * prepare_to_wait() it returns the time left if a wake-up
		 * came first.
		 */
		if (!t)
			break;
		ret = (op->arg2 < 0 && t->state == TASK_RUNNING) ? op->arg : 0;
		t->state = TASK_RUNNING;
		break;
	case SEAM_WAKE_UP:
		waiters = wq->waiters;
		wq->waiters = 0;
		while (waiters) {
			int tid = __builtin_ctzl(waiters);

			waiters &= waiters - 1;
			if (tid < w->nthreads &&
			    w->threads[tid].state != TASK_RUNNING) {
				w->threads[tid].state = TASK_RUNNING;
				woke |= 1u << tid;
				ret++;
			}
		}
		break;
	case SEAM_WAKE_UP_PROCESS: {
		int tid = ((struct task_struct *)op->obj)->thread.sim_tid;

		if (tid < 0 || tid >= w->nthreads ||
		    w->threads[tid].state == TASK_RUNNING)
			break;
		w->threads[tid].state = TASK_RUNNING;
		woke = 1u << tid;
		ret = 1;
		break;
	}
	case SEAM_OBSERVE:
		sim_oracle_observe(w, op);
		break;
	default:
		/* schedule(), a parked task, a relax, an await: no effect */
		break;
	}
out:
	if (d) {
		d->changed = changed;
		d->fn = fn;
		d->woke = woke;
	}
	return ret;
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
	return op_run(w, t, op, NULL);
}

/*
 * Did @t's operation of @kind, which ran with @t in @state, change nothing
 * another thread can see?  @changed: its word holds another value now.
 * For sim_spin_ran() (DOC: Spin-waits are awaits).
 */
static bool spin_neutral(const struct sim_thread *t, int kind, bool changed,
			 int state)
{
	switch (kind) {
	case SEAM_ATOMIC_SET:
	case SEAM_ATOMIC_CMPXCHG:
	case SEAM_ATOMIC_XCHG:
	case SEAM_SET_BIT:
	case SEAM_CLEAR_BIT:
	case SEAM_TEST_AND_SET_BIT:
	case SEAM_TEST_AND_CLEAR_BIT:
	case SEAM_WRITE_ONCE:
		return !changed;
	case SEAM_SET_STATE:
		return t->op.arg == state;
	case SEAM_SCHEDULE:
		return t->spin_noop;
	case SEAM_SCHEDULE_TIMEOUT:
		return true;
	default:
		return false;
	}
}

/**
 * world_op_enabled() - can @t's pending operation run now
 * (sim_world_ops->op_enabled)?
 * @w: the world.
 * @t: the thread.
 */
bool world_op_enabled(struct sim_world *w, struct sim_thread *t)
{
	return op_enabled(w, t, &t->op);
}

/**
 * sim_op_step() - one step of the coop engine, the world's part
 * (sim_world_ops->op_exec): run @t's pending operation and say what it
 * did to the engine's record of it.
 * @w: the world.
 * @t: the thread; its operation is enabled.
 * @done: filled: the lock's name (@fn), whether the word changed
 *	(@changed), whom a wake-up woke (@woke), a wake_up()'s waiters
 *	(@arg2); the engine set @arg2 to the operation's and @changed.
 *
 * Return: the operation's result.
 */
long sim_op_step(struct sim_world *w, struct sim_thread *t,
		 struct sim_op_done *done)
{
	int kind = t->op.kind, state = t->state;
	long ret;

	if (unlikely(kind == SEAM_BAD)) {
		/* a race found in the steps shared with the last run stands */
		sim_race_resume(w);
		/* DOC: A model bug is a verdict: touch nothing */
		sim_op_bad(w, t, &t->op);
		return 0;
	}
	ret = op_run(w, t, &t->op, done);
	sim_spin_ran(t, &t->op, ret,
		     spin_neutral(t, kind, done->changed, state));
	/*
	 * the order it makes, for the data-race oracle (race.c), unless it
	 * has it from the last run (DOC: A shared prefix is checked once)
	 */
	if (sim_race_active && w->step > sim_race_shared)
		sim_race_op(w, t, &t->op, ret, done->changed, done->woke);
	return ret;
}
