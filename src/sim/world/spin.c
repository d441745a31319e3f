// SPDX-License-Identifier: GPL-2.0-only
//! [spin-doc]
/*
 * src/sim/world/spin.c - spin-wait loops: awaits, and livelocks
 *
 * Simulator-only.
 *
 * DOC: Spin-waits are awaits
 *
 * A loop that waits for another thread by reading a word until it
 * changes,
 *
 *     while (READ_ONCE(flag[other]) && READ_ONCE(turn) == other)
 *             cpu_relax();
 *
 * has no end the explorer can reach by running it: every turn is one
 * more execution to explore, and the step limit cuts them all (no proof:
 * DOC: No verdict without completion).  Model checkers replace such a
 * loop by an await (GenMC's and Nidhugg's spin-assume, loom's yield):
 * a turn that reads the values the turn before read will read them again
 * and change nothing, so it is not run until another thread writes one
 * of the words it read.  Here that is found as the program runs:
 *
 *  - a thread's reads since its last write (READ_ONCE(), atomic_read(),
 *    test_bit(), a trylock that failed, cpu_relax()) are remembered one
 *    slot each; the first read it is about to make again is the head of
 *    a loop (a later one that comes round again without the head passing
 *    becomes the head instead: an inner loop).  What changes nothing
 *    another thread can see is not a write here: a store of the value
 *    the word holds (a set_bit() of a set bit, a WRITE_ONCE() of the
 *    same value), a set_current_state() to the state the task is in, a
 *    schedule() in TASK_RUNNING (it returns at once), a timed sleep (time
 *    does not pass: linux/timer.h).  Nor is a lock taken with no other
 *    held since the last write and released in the same turn: the
 *    turn may read what the lock protects with plain loads (rule (1) of
 *    DOC: The sync seam), and the await waits for another thread to take
 *    that lock, the only way that data can change (the oom reaper's loop
 *    without its wait_event(), a user task that polls for its signal);
 *  - at the head, the thread's own state is taken: its callee-saved
 *    registers and its stack, from the seam call up (sim_spin_enter()
 *    saves the registers before any simulator code can overwrite them).
 *    The next time the thread reaches the same head, if that state is
 *    the same, the turn in between changed nothing of its own: it
 *    read, compared and came back.  Then, instead of the read, the thread
 *    takes one step of kind await (SEAM_AWAIT), which can run only once
 *    some word the last turn read holds another value (or is freed), or
 *    another thread has taken a lock the turn took and dropped: the
 *    thread is blocked until then, and runs on as before afterwards.  A
 *    head reached with such a lock still held is not taken for an await
 *    (whoever would end the wait may need that lock);
 *  - a turn that counts on its stack (i++) is never the same twice: such
 *    a loop is run for real, and the step limit decides (Unknown).  A
 *    loop that counts in a global or a heap object with a plain C store
 *    breaks the seam's rule 1 and is not told apart: the rule is what
 *    makes a turn that read the same values the same turn.
 *
 * For the explorer an await is a read of every word it waits on: any
 * write, add, free or lock operation of another thread on one of them
 * races with it, in either order (dep.c), so DPOR tries the writer both
 * before the await (it runs, and the loop goes on) and after (it waits),
 * and a thread asleep in a sleep set wakes on such a write.  A thread
 * still waiting when no thread can move is a livelock (the oracle): its
 * loop will read the same values forever, and the changelog diagram
 * draws the turn that repeats, back to its first step.
 */
//! [spin-doc]
#include <string.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include "kernel.h"
#ifdef SIM_VALGRIND
#include <valgrind/memcheck.h>
#endif

/*
 * What keeps a run of reads going: 1 a read (or cpu_relax(), or an
 * await), 2 a trylock, when it fails, 3 a lock, until its release (a
 * bracket, see sim_spin_ran()).  Anything else ends it, unless it
 * changed nothing (coop.c).
 */
const u8 sim_spin_kind[SEAM_NR_OPS] = {
	[SEAM_ATOMIC_READ] = 1,
	[SEAM_READ_ONCE] = 1,
	[SEAM_TEST_BIT] = 1,
	[SEAM_RELAX] = 1,
	[SEAM_AWAIT] = 1,
	[SEAM_SPIN_TRYLOCK] = 2,
	[SEAM_MUTEX_TRYLOCK] = 2,
	[SEAM_DOWN_READ_TRYLOCK] = 2,
	[SEAM_DOWN_WRITE_TRYLOCK] = 2,
	[SEAM_SPIN_LOCK] = 3,
	[SEAM_MUTEX_LOCK] = 3,
};

static const struct seam_site await_site = {
	"await", "a write to what the last turn read", __FILE__, __LINE__, 0
};

/*
 * The thread's own state at a loop head: the callee-saved registers
 * sim_spin_enter() pushed, and everything above them on its stack up to
 * its body's frame.  Dead slots are read as well; they only make two
 * equal states look different (the loop is then run once more).  The
 * sanitizers' redzones are part of the stack: not an error here.
 */
__attribute__((no_sanitize_address, no_sanitize_thread))
static u64 state_hash(const unsigned long *from, const void *top)
{
	const unsigned long *p;
	u64 h = 0xcbf29ce484222325ull;

	for (p = from; (const void *)(p + 1) <= top; p++) {
		h = (h ^ *p) * 0x100000001b3ull;
		h ^= h >> 29;
	}
#ifdef SIM_VALGRIND
	/* a dead slot is uninitialised, and that is expected */
	VALGRIND_MAKE_MEM_DEFINED(&h, sizeof(h));
#endif
	return h;
}

/*
 * Has another thread taken the lock @wt watches since the turn released
 * it?  What the lock protects can change only in between: rule (1) of
 * DOC: The sync seam lets a lock holder read it plainly.
 */
static bool lock_taken_since(const struct sim_world *w,
			     const struct sim_watch *wt)
{
	size_t e;

	for (e = wt->value; e < w->trace.nr; e++) {
		const struct sim_event *ev = &w->trace.ev[e];

		if (ev->type == SIM_EV_OP && ev->obj == wt->obj &&
		    ev->tid != wt->tid &&
		    (sim_spin_kind[ev->kind] == 3 ||
		     (sim_spin_kind[ev->kind] == 2 && ev->result)))
			return true;
	}
	return false;
}

/* Does the word @wt watches hold something else now? */
static bool watch_changed(const struct sim_world *w,
			  const struct sim_watch *wt)
{
	int size = wt->site->size;
	const void *p = wt->obj;
	long cur;

	if (sim_addr_freed(p))
		return true;
	switch (wt->kind) {
	case SEAM_SPIN_LOCK:
	case SEAM_MUTEX_LOCK:
		return lock_taken_since(w, wt);
	case SEAM_TEST_BIT:
		cur = *(const unsigned long *)p & (1UL << (wt->arg & 63));
		return !!cur != wt->value;
	case SEAM_SPIN_TRYLOCK:
		return !((const spinlock_t *)p)->owner;
	case SEAM_MUTEX_TRYLOCK:
		return !((const struct mutex *)p)->owner;
	case SEAM_DOWN_READ_TRYLOCK:
		return ((const struct rw_semaphore *)p)->count >= 0;
	case SEAM_DOWN_WRITE_TRYLOCK:
		return !((const struct rw_semaphore *)p)->count;
	default:
		break;
	}
	switch (size) {
	case 1:
		cur = __atomic_load_n((const u8 *)p, __ATOMIC_SEQ_CST);
		break;
	case 2:
		cur = (short)__atomic_load_n((const u16 *)p, __ATOMIC_SEQ_CST);
		break;
	case 4:
		cur = __atomic_load_n((const int *)p, __ATOMIC_SEQ_CST);
		break;
	default:
		cur = __atomic_load_n((const long *)p, __ATOMIC_SEQ_CST);
		break;
	}
	return cur != wt->value;
}

/**
 * sim_await_ready() - can a pending await run: does a word its loop's
 * last turn read hold something else now?
 * @w: the world.
 * @op: the await; @op->arg and @op->arg2 index @w->watch.
 */
bool sim_await_ready(const struct sim_world *w, const struct sim_op *op)
{
	long i;

	for (i = op->arg; i < op->arg + op->arg2; i++)
		if (watch_changed(w, &w->watch[i]))
			return true;
	return false;
}

/* Is @w->watch[@i] the first of the await's entries for its word? */
static bool watch_first(const struct sim_world *w, long from, long i)
{
	long j;

	for (j = from; j < i; j++)
		if (w->watch[j].obj == w->watch[i].obj &&
		    w->watch[j].arg == w->watch[i].arg)
			return false;
	return true;
}

/**
 * world_await_text() - what an await waits for: "a write to go, turn", "a
 * write to busy or another thread taking &flag_lock".
 * @w: the world whose watch list the await indexes.
 * @op: the await.
 * @buf: output.
 * @len: its size.
 */
void world_await_text(const struct sim_world *w, const struct sim_op *op,
		      char *buf, size_t len)
{
	size_t n = 0;
	int pass, words = 0, locks = 0, left = 0;
	long i;

	buf[0] = 0;
	for (pass = 0; pass < 2; pass++)
		for (i = op->arg; i < op->arg + op->arg2; i++) {
			const struct sim_watch *wt = &w->watch[i];
			bool lock = sim_spin_kind[wt->kind] == 3;
			int *seen = lock ? &locks : &words;
			const char *sep = *seen ? ", " :
					  !lock ? "a write to " :
					  words ? " or another thread taking " :
					  "another thread taking ";

			if (lock != (pass == 1) || !watch_first(w, op->arg, i))
				continue;
			/* room for this one and for " and 99 more" */
			if (left || n + strlen(sep) + strlen(wt->site->what) +
				    sizeof(" and 99 more") > len) {
				left++;
				continue;
			}
			n += snprintf(buf + n, len - n, "%s%s", sep,
				      wt->site->what);
			++*seen;
		}
	if (left)
		snprintf(buf + n, len - n, " and %d more", left);
	if (!op->arg2)
		snprintf(buf, len, "nothing: its loop reads no shared word");
}

/*
 * What @ev of the turn makes its await wait on: the word it read, with
 * the value it saw; for a store that changed nothing, the value it
 * stored (a bit operation becomes the test of its bit); for a lock the
 * turn took and released, the first step after the release, from which
 * another thread's acquisition is looked for.  Return: false for a step
 * that waits on nothing (a cpu_relax(), an await, a sleep that did not
 * sleep, a release, a set_current_state()).
 */
static bool watch_of(const struct sim_world *w, size_t e, size_t end,
		     struct sim_watch *wt)
{
	const struct sim_event *ev = &w->trace.ev[e];
	size_t u;

	wt->obj = ev->obj;
	wt->site = ev->site;
	wt->arg = ev->arg;
	wt->value = ev->result;
	wt->kind = ev->kind;
	wt->tid = ev->tid;
	wt->step = ev->step;
	switch (ev->kind) {
	case SEAM_SET_BIT:
	case SEAM_TEST_AND_SET_BIT:
		wt->kind = SEAM_TEST_BIT;
		wt->value = 1;
		return true;
	case SEAM_CLEAR_BIT:
	case SEAM_TEST_AND_CLEAR_BIT:
		wt->kind = SEAM_TEST_BIT;
		wt->value = 0;
		return true;
	case SEAM_ATOMIC_SET:
	case SEAM_WRITE_ONCE:
	case SEAM_ATOMIC_XCHG:
		wt->kind = SEAM_READ_ONCE;
		wt->value = ev->arg;
		return true;
	case SEAM_ATOMIC_CMPXCHG:
		wt->kind = SEAM_READ_ONCE;
		return true;
	default:
		break;
	}
	if (sim_spin_kind[ev->kind] == 3) {
		/* the bracket's release, in the same turn */
		for (u = e + 1; u < end; u++) {
			const struct sim_event *r = &w->trace.ev[u];

			if (r->type == SIM_EV_OP && r->tid == ev->tid &&
			    r->obj == ev->obj && !r->probe &&
			    (r->kind == SEAM_SPIN_UNLOCK ||
			     r->kind == SEAM_MUTEX_UNLOCK))
				break;
		}
		wt->value = u + 1;
		return true;
	}
	return sim_spin_kind[ev->kind] && ev->kind != SEAM_RELAX &&
	       ev->kind != SEAM_AWAIT;
}

/*
 * The turn that just ended: @t's reads since the trace stood at @from.
 * Return: the await to publish, or false when there is no room to say
 * what it waits on (the loop is then run for real).
 */
static bool await_of(struct sim_world *w, struct sim_thread *t, size_t from,
		     struct sim_op *aw)
{
	unsigned int n = 0, start = w->nwatch, i;
	size_t e, end = w->trace.nr;

	for (e = from; e < end; e++) {
		const struct sim_event *ev = &w->trace.ev[e];
		struct sim_watch wt;

		if (ev->type != SIM_EV_OP || ev->tid != t->tid || ev->probe ||
		    !watch_of(w, e, end, &wt))
			continue;
		/* a word read again with the same value: watched once */
		for (i = start; i < start + n; i++)
			if (w->watch[i].obj == wt.obj &&
			    w->watch[i].kind == wt.kind &&
			    w->watch[i].arg == wt.arg &&
			    (w->watch[i].value == wt.value ||
			     sim_spin_kind[wt.kind] == 3))
				break;
		if (i < start + n)
			continue;
		if (n == SIM_AWAIT_MAX || start + n == SIM_AWAIT_LOG)
			return false;
		w->watch[start + n++] = wt;
	}
	w->nwatch += n;
	*aw = (struct sim_op){
		.kind = SEAM_AWAIT, .obj = n ? (void *)w->watch[start].obj :
				   NULL,
		.arg = start, .arg2 = n, .site = &await_site,
	};
	return true;
}

/**
 * sim_spin_op() - a read that may start a loop's turn again (DOC:
 * Spin-waits are awaits).
 * @op: the read, not yet published.
 * @regs: the callee-saved registers sim_spin_enter() pushed; the rest of
 *	  the thread's stack is above them.
 *
 * Return: the read's result, once it ran (after an await, if the turn
 * before changed nothing).
 */
long sim_spin_op(struct sim_op *op, const unsigned long *regs)
{
	struct sim_world *w = sim;
	struct sim_thread *t = sim_self;
	struct sim_spin_slot *hd = &t->spin_head;
	struct sim_spin_slot *seen =
		&t->spin_seen[((uintptr_t)op->site >> 3) % SIM_SPIN_SLOTS];
	bool have = hd->gen == t->spin_gen;
	struct sim_op aw;
	u64 h;

	if (have && hd->site == op->site && hd->obj == op->obj &&
	    hd->arg == op->arg) {
		/* the head again: the same state, or a turn that counts */
		h = state_hash(regs, t->stack_top);
		if (t->spin_hash == h && !t->spin_bracket &&
		    await_of(w, t, t->spin_at, &aw))
			sim_coop_op(&aw);
		t->spin_hash = h;
		t->spin_at = w->trace.nr;
		t->spin_step = t->nsteps;
	} else if (!have || seen->at >= t->spin_step) {
		/* no head yet, or a loop this read makes without the head */
		*hd = (struct sim_spin_slot){
			.site = op->site, .obj = op->obj, .arg = op->arg,
			.gen = t->spin_gen,
		};
		t->spin_hash = state_hash(regs, t->stack_top);
		t->spin_at = w->trace.nr;
		t->spin_step = t->nsteps;
	}
	seen->at = t->nsteps;
	return sim_coop_op(op);
}

/**
 * world_spin_cycle() - the turn of @t's loop that repeats, for a thread
 * whose await waits forever (a livelock).
 * @w: the world after the run.
 * @t: the thread; its pending operation is the await.
 * @first: set to the turn's first step.
 * @last: set to its last.
 *
 * Return: false if @t is not waiting in an await.
 */
bool world_spin_cycle(const struct sim_world *w, const struct sim_thread *t,
		      unsigned int *first, unsigned int *last)
{
	size_t e;

	if (!t->has_op || t->op.kind != SEAM_AWAIT)
		return false;
	*first = *last = 0;
	for (e = t->spin_at; e < w->trace.nr; e++) {
		const struct sim_event *ev = &w->trace.ev[e];

		if (ev->type != SIM_EV_OP || ev->tid != t->tid || ev->probe)
			continue;
		if (!*first)
			*first = ev->step;
		*last = ev->step;
	}
	return *first;
}

#if !defined(__x86_64__)
/*
 * Elsewhere the registers cannot be saved before the compiler reuses
 * them: no loop is taken for an await, and a spin-wait runs until the
 * step limit (Unknown, never a false Never).
 */
long sim_spin_enter(struct sim_op *op)
{
	return sim_coop_op(op);
}
#endif
