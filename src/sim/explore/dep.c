// SPDX-License-Identifier: GPL-2.0-only
//! [dep-doc]
/*
 * src/sim/explore/dep.c - which steps commute: the explorer's dependency relation
 *
 * Simulator-only.
 *
 * DOC: The dependency relation
 *
 * Two steps of different threads are independent when running them in
 * either order leads to the same state and the same results; the explorer
 * then needs to try only one order.  Dependent steps are of two kinds: a
 * race, where both orders are possible and may differ, and an enabling,
 * where one step makes the other possible (a release lets a blocked
 * acquire in, a wake-up ends a sleep) so the other order cannot happen at
 * all; enablings order steps in happens-before but are never reversed.
 *
 * Every step is first put in a class, from its operation and from what it
 * actually did: a write that left the word as it was (set_bit() of a set
 * bit, clearing a PTE that was already clear) counts as a read.  Then one
 * table says how two classes on the same object relate (dep_rules[] below,
 * each rule named, each tested in tests/check_explore.c):
 *
 *     reads commute
 *     void atomic adds commute with each other (atomic_inc, atomic_long_add)
 *     a freed object races with every access inside it
 *     rwsem read acquires, read trylocks and read releases commute
 *     a release only enables a blocking acquire: never co-enabled
 *     a release races with a trylock (it decides whether it succeeds)
 *     prepare_to_wait() races with wake_up() on its queue; a wake-up
 *     races with the sleeper setting its state and with another wake-up
 *     of it; it enables the schedule() of a task it woke (one that found
 *     the task running enables nothing)
 *     a spin-wait's await races with every write, add, free or lock
 *     operation on a word it waits on, in either order (spin.c)
 *
 * Objects are exact: a word by its address (and bit, for bit operations:
 * each bit of mm->flags is its own object), a lock or a wait queue by its
 * address, a thread's sleep state by the thread.
 */
//! [dep-doc]
#include <string.h>
#include "dep.h"

/* --- classes ---------------------------------------------------------- */

static const char *const class_names[DC_NR] = {
	[DC_NONE] = "none", [DC_READ] = "read", [DC_WRITE] = "write",
	[DC_ADD] = "add", [DC_FREE] = "free", [DC_ACQ] = "acquire",
	[DC_ACQ_R] = "read-acquire", [DC_TRY] = "trylock",
	[DC_TRY_R] = "read-trylock", [DC_REL] = "release",
	[DC_REL_R] = "read-release", [DC_STATE] = "set-state",
	[DC_PREP] = "prepare-to-wait", [DC_FINISH] = "finish-wait",
	[DC_WAKE] = "wake-up", [DC_WAKE_PROC] = "wake-up-process",
	[DC_SCHED] = "schedule", [DC_OBSERVE] = "observe",
	[DC_AWAIT] = "await",
};

const char *sim_dep_class_name(int cls)
{
	return cls >= 0 && cls < DC_NR ? class_names[cls] : "?";
}

/*
 * A void atomic add: its result is not used, so two of them commute.
 * Asked of every add the explorer classes, of a few sites again and
 * again: the answer is kept by site.
 */
static bool void_add(const struct seam_site *site)
{
	static struct {
		const struct seam_site *site;
		bool is_void;
	} memo[64];
	size_t h = ((uintptr_t)site >> 5) % 64;
	bool v;

	if (memo[h].site == site)
		return memo[h].is_void;
	v = !strcmp(site->fn, "atomic_inc") ||
	    !strcmp(site->fn, "atomic_dec") ||
	    !strcmp(site->fn, "atomic_long_add") ||
	    !strcmp(site->fn, "atomic_long_sub");
	memo[h].site = site;
	memo[h].is_void = v;
	return v;
}

static int classify(int kind, const struct seam_site *site, bool changed,
		    long arg2)
{
	switch (kind) {
	case SEAM_SPIN_LOCK:
	case SEAM_MUTEX_LOCK:
	case SEAM_DOWN_WRITE:
		return DC_ACQ;
	case SEAM_DOWN_READ:
		return DC_ACQ_R;
	case SEAM_SPIN_TRYLOCK:
	case SEAM_MUTEX_TRYLOCK:
	case SEAM_DOWN_WRITE_TRYLOCK:
		return DC_TRY;
	case SEAM_DOWN_READ_TRYLOCK:
		return DC_TRY_R;
	case SEAM_SPIN_UNLOCK:
	case SEAM_MUTEX_UNLOCK:
	case SEAM_UP_WRITE:
	case SEAM_DOWNGRADE_WRITE:
		return DC_REL;
	case SEAM_UP_READ:
		return DC_REL_R;
	case SEAM_ATOMIC_READ:
	case SEAM_READ_ONCE:
	case SEAM_TEST_BIT:
		return DC_READ;
	case SEAM_ATOMIC_ADD:
		if (!changed)
			return DC_READ;
		return void_add(site) ? DC_ADD : DC_WRITE;
	case SEAM_ATOMIC_SET:
	case SEAM_ATOMIC_INC_NOT_ZERO:
	case SEAM_ATOMIC_CMPXCHG:
	case SEAM_ATOMIC_XCHG:
	case SEAM_SET_BIT:
	case SEAM_CLEAR_BIT:
	case SEAM_TEST_AND_SET_BIT:
	case SEAM_TEST_AND_CLEAR_BIT:
	case SEAM_WRITE_ONCE:
		return changed ? DC_WRITE : DC_READ;
	case SEAM_FREE:
		return DC_FREE;
	case SEAM_SET_STATE:
		return DC_STATE;
	case SEAM_SCHEDULE_TIMEOUT:
		/* a plain sleep sets and resets its own state atomically */
		return arg2 >= 0 ? DC_NONE : DC_STATE;
	case SEAM_PREPARE_TO_WAIT:
		return DC_PREP;
	case SEAM_FINISH_WAIT:
		return DC_FINISH;
	case SEAM_WAKE_UP:
		return DC_WAKE;
	case SEAM_WAKE_UP_PROCESS:
		return DC_WAKE_PROC;
	case SEAM_SCHEDULE:
		return DC_SCHED;
	case SEAM_OBSERVE:
		return DC_OBSERVE;
	case SEAM_AWAIT:
		return DC_AWAIT;
	default:
		return DC_NONE;
	}
}

/**
 * sim_dep_of_event() - the dependency view of an executed step.
 * @w: the world.
 * @ev: a SIM_EV_OP event of its trace.
 * @d: filled.
 */
void sim_dep_of_event(const struct sim_world *w, const struct sim_event *ev,
		      struct sim_dep_ev *d)
{
	struct sim_op op = {
		.kind = ev->kind, .obj = (void *)ev->obj, .arg = ev->arg,
		.arg2 = ev->arg2, .site = ev->site,
	};

	memset(d, 0, sizeof(*d));
	d->tid = ev->tid;
	d->cls = classify(ev->kind, ev->site, ev->changed, ev->arg2);
	d->state_tid = ev->tid;
	sim_world_ops->dep_locate(w, &op, false, d);
	if (ev->kind == SEAM_WAKE_UP)
		d->wake_mask = ev->arg2;
	d->woke = ev->woke;
	if (ev->kind == SEAM_AWAIT) {
		d->watch = &w->watch[ev->arg];
		d->nwatch = ev->arg2;
	}
}

/**
 * sim_dep_of_pending() - the dependency view of a thread's pending step.
 * @w: the world.
 * @tid: the thread; it must have a pending operation.
 * @d: filled.
 *
 * Writes are classed by what they would do in the current state.
 */
void sim_dep_of_pending(const struct sim_world *w, int tid,
			struct sim_dep_ev *d)
{
	const struct sim_op *op = &w->threads[tid].op;
	bool changes;

	memset(d, 0, sizeof(*d));
	d->tid = tid;
	d->state_tid = tid;
	changes = sim_world_ops->dep_locate(w, op, true, d);
	d->cls = classify(op->kind, op->site, changes, op->arg2);
	if (op->kind == SEAM_AWAIT) {
		d->watch = &w->watch[op->arg];
		d->nwatch = op->arg2;
	}
}

//! [dep-rules]
/*
 * The rules, for two steps of different threads on the same object,
 * earlier first.  Pairs not listed are independent.
 */
const struct sim_dep_rule sim_dep_rules[] = {
	/* memory words */
	{ DC_READ, DC_WRITE, DEP_RACE, "a read races with a write" },
	{ DC_WRITE, DC_READ, DEP_RACE, "a write races with a read" },
	{ DC_WRITE, DC_WRITE, DEP_RACE, "two writes race" },
	{ DC_ADD, DC_READ, DEP_RACE, "an add races with a read" },
	{ DC_READ, DC_ADD, DEP_RACE, "a read races with an add" },
	{ DC_ADD, DC_WRITE, DEP_RACE, "an add races with a write" },
	{ DC_WRITE, DC_ADD, DEP_RACE, "a write races with an add" },
	/* locks */
	{ DC_ACQ, DC_ACQ, DEP_RACE, "two acquires race" },
	{ DC_ACQ, DC_ACQ_R, DEP_RACE, "an acquire races with a read acquire" },
	{ DC_ACQ_R, DC_ACQ, DEP_RACE, "a read acquire races with an acquire" },
	{ DC_ACQ, DC_TRY, DEP_RACE, "an acquire races with a trylock" },
	{ DC_TRY, DC_ACQ, DEP_RACE, "a trylock races with an acquire" },
	{ DC_ACQ, DC_TRY_R, DEP_RACE, "an acquire races with a read trylock" },
	{ DC_TRY_R, DC_ACQ, DEP_RACE, "a read trylock races with an acquire" },
	{ DC_ACQ_R, DC_TRY, DEP_RACE, "a read acquire races with a trylock" },
	{ DC_TRY, DC_ACQ_R, DEP_RACE, "a trylock races with a read acquire" },
	{ DC_TRY, DC_TRY, DEP_RACE, "two trylocks race" },
	{ DC_TRY, DC_TRY_R, DEP_RACE, "a trylock races with a read trylock" },
	{ DC_TRY_R, DC_TRY, DEP_RACE, "a read trylock races with a trylock" },
	{ DC_REL, DC_TRY, DEP_RACE, "a release decides a trylock" },
	{ DC_TRY, DC_REL, DEP_RACE, "a trylock races with a release" },
	{ DC_REL, DC_TRY_R, DEP_RACE, "a release decides a read trylock" },
	{ DC_TRY_R, DC_REL, DEP_RACE, "a read trylock races with a release" },
	{ DC_REL_R, DC_TRY, DEP_RACE, "a read release decides a trylock" },
	{ DC_TRY, DC_REL_R, DEP_RACE, "a trylock races with a read release" },
	{ DC_REL, DC_ACQ, DEP_HB, "a release only enables an acquire" },
	{ DC_REL, DC_ACQ_R, DEP_HB, "a release only enables a read acquire" },
	{ DC_REL_R, DC_ACQ, DEP_HB, "a read release only enables an acquire" },
	/* sleeping and waking */
	{ DC_PREP, DC_WAKE, DEP_RACE, "prepare_to_wait races with wake_up" },
	{ DC_WAKE, DC_PREP, DEP_RACE, "wake_up races with prepare_to_wait" },
	{ DC_FINISH, DC_WAKE, DEP_RACE, "finish_wait races with wake_up" },
	{ DC_WAKE, DC_FINISH, DEP_RACE, "wake_up races with finish_wait" },
	{ DC_WAKE, DC_WAKE, DEP_RACE, "two wake_ups race" },
	{ DC_STATE, DC_WAKE_PROC, DEP_RACE, "setting a state races with a wake-up" },
	{ DC_WAKE_PROC, DC_STATE, DEP_RACE, "a wake-up races with setting a state" },
	{ DC_PREP, DC_WAKE_PROC, DEP_RACE, "prepare_to_wait races with a wake-up" },
	{ DC_WAKE_PROC, DC_PREP, DEP_RACE, "a wake-up races with prepare_to_wait" },
	{ DC_FINISH, DC_WAKE_PROC, DEP_RACE, "finish_wait races with a wake-up" },
	{ DC_WAKE_PROC, DC_FINISH, DEP_RACE, "a wake-up races with finish_wait" },
	{ DC_WAKE_PROC, DC_WAKE_PROC, DEP_RACE, "two wake-ups of one task race" },
	{ DC_WAKE, DC_WAKE_PROC, DEP_RACE, "wake_up races with a wake-up of a waiter" },
	{ DC_WAKE_PROC, DC_WAKE, DEP_RACE, "a wake-up races with wake_up of its queue" },
	{ DC_STATE, DC_WAKE, DEP_RACE, "setting a state races with wake_up" },
	{ DC_WAKE, DC_STATE, DEP_RACE, "wake_up races with setting a state" },
	{ DC_WAKE, DC_SCHED, DEP_HB, "wake_up only enables schedule()" },
	{ DC_WAKE_PROC, DC_SCHED, DEP_HB, "a wake-up only enables schedule()" },
	{ 0, 0, 0, NULL }
};
//! [dep-rules]

static u8 rule_table[DC_NR][DC_NR];
static const char *rule_name[DC_NR][DC_NR];

/* In the table, not a relation: "ask dep_await()" (a word it waits on?) */
#define DEP_AWAIT	3

static void build_table(void)
{
	static const u8 changes[] = {
		DC_WRITE, DC_ADD, DC_ACQ, DC_ACQ_R, DC_TRY, DC_TRY_R, DC_REL,
		DC_REL_R,
	};
	const struct sim_dep_rule *r;
	size_t i;

	for (r = sim_dep_rules; r->why; r++) {
		rule_table[r->a][r->b] = r->rel;
		rule_name[r->a][r->b] = r->why;
	}
	for (i = 0; i < sizeof(changes); i++)
		rule_table[changes[i]][DC_AWAIT] =
			rule_table[DC_AWAIT][changes[i]] = DEP_AWAIT;
}

/*
 * Is thread @tid among the sleepers of @mask?  A task that no simulated
 * thread runs (the bystander "candidate", state_tid -1) never is.
 */
static bool woken(unsigned long mask, int tid)
{
	return tid >= 0 && tid < SIM_MAX_THREADS && ((mask >> tid) & 1);
}

/* Do @a and @b touch a common object, for the rule of their classes? */
static bool same_object(const struct sim_dep_ev *a, const struct sim_dep_ev *b)
{
	bool wake_a = a->cls == DC_WAKE || a->cls == DC_WAKE_PROC;
	bool wake_b = b->cls == DC_WAKE || b->cls == DC_WAKE_PROC;

	/* a wake-up acts on the sleeper's state, wherever it sleeps */
	if (wake_a && !wake_b && b->cls != DC_PREP && b->cls != DC_FINISH)
		return a->cls == DC_WAKE_PROC ? a->state_tid == b->state_tid :
		       woken(a->wake_mask, b->state_tid);
	if (wake_b && !wake_a && a->cls != DC_PREP && a->cls != DC_FINISH)
		return b->cls == DC_WAKE_PROC ? b->state_tid == a->state_tid :
		       woken(b->wake_mask, a->state_tid);
	if (a->cls == DC_WAKE_PROC && (b->cls == DC_PREP || b->cls == DC_FINISH))
		return a->state_tid == b->state_tid;
	if (b->cls == DC_WAKE_PROC && (a->cls == DC_PREP || a->cls == DC_FINISH))
		return b->state_tid == a->state_tid;
	if (a->cls == DC_WAKE_PROC && b->cls == DC_WAKE_PROC)
		return a->state_tid == b->state_tid;
	/* either may be the one that wakes a task asleep on the queue */
	if (a->cls == DC_WAKE_PROC && b->cls == DC_WAKE)
		return woken(b->wake_mask, a->state_tid);
	if (b->cls == DC_WAKE_PROC && a->cls == DC_WAKE)
		return woken(a->wake_mask, b->state_tid);
	if (a->addr != b->addr)
		return false;
	return a->bit < 0 || b->bit < 0 || a->bit == b->bit;
}

/*
 * An await reads every word it waits on: whatever may change one of them
 * (a write, an add, a free of its object, a lock operation for a trylock
 * that failed: build_table() says which classes) races with it, in
 * either order.
 */
static int dep_await(const struct sim_dep_ev *aw, const struct sim_dep_ev *o,
		     const char **why)
{
	int i;

	for (i = 0; i < aw->nwatch; i++) {
		const struct sim_watch *wt = &aw->watch[i];
		uintptr_t a = (uintptr_t)wt->obj;

		if (o->cls == DC_FREE ? a >= o->addr && a < o->addr + o->len :
		    a == o->addr && (wt->kind != SEAM_TEST_BIT || o->bit < 0 ||
				     o->bit == (wt->arg & 63))) {
			if (why)
				*why = "a spin-wait races with a write to a word it waits on";
			return DEP_RACE;
		}
	}
	return DEP_NONE;
}

/**
 * sim_dep() - how step @a, then step @b of another thread, relate.
 * @a: the earlier step.
 * @b: the later step.
 * @why: if not NULL, the rule that decided.
 *
 * Return: DEP_NONE, DEP_HB (an enabling: ordered, never reversed) or
 * DEP_RACE.
 */
int sim_dep(const struct sim_dep_ev *a, const struct sim_dep_ev *b,
	    const char **why)
{
	if (!rule_name[DC_READ][DC_WRITE])
		build_table();
	if (why)
		*why = NULL;
	if (a->cls == DC_NONE || b->cls == DC_NONE)
		return DEP_NONE;
	/* the spurious-kill oracle reads every RSS counter when it looks */
	if (a->cls == DC_OBSERVE || b->cls == DC_OBSERVE) {
		const struct sim_dep_ev *o = a->cls == DC_OBSERVE ? b : a;

		if (o->rss && (o->cls == DC_WRITE || o->cls == DC_ADD)) {
			if (why)
				*why = "an oracle's look races with what it reads";
			return DEP_RACE;
		}
		return DEP_NONE;
	}
	/* a freed object races with anything inside it */
	if (a->cls == DC_FREE || b->cls == DC_FREE) {
		const struct sim_dep_ev *f = a->cls == DC_FREE ? a : b;
		const struct sim_dep_ev *o = f == a ? b : a;

		if (o->cls == DC_AWAIT)
			return dep_await(o, f, why);
		if (o->cls >= DC_STATE && o->cls != DC_PREP &&
		    o->cls != DC_FINISH && o->cls != DC_WAKE)
			return DEP_NONE;
		if (o->addr >= f->addr && o->addr < f->addr + f->len) {
			if (why)
				*why = "a freed object races with every access inside it";
			return DEP_RACE;
		}
		return DEP_NONE;
	}
	if (!rule_table[a->cls][b->cls])
		return DEP_NONE;
	if (rule_table[a->cls][b->cls] == DEP_AWAIT)
		return a->cls == DC_AWAIT ? dep_await(a, b, why) :
		       dep_await(b, a, why);
	if (!same_object(a, b))
		return DEP_NONE;
	/*
	 * A wake-up enables only the schedule() of a thread it woke.  One
	 * that found the thread running changed nothing of it: ordering its
	 * later schedule() after it would be an edge no reversal can undo,
	 * and DPOR would never try the schedules that edge hides.
	 */
	if (b->cls == DC_SCHED && !woken(a->woke, b->state_tid))
		return DEP_NONE;
	if (why)
		*why = rule_name[a->cls][b->cls];
	return rule_table[a->cls][b->cls];
}
