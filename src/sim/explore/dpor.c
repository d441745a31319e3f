// SPDX-License-Identifier: GPL-2.0-only
//! [dpor-doc]
/*
 * src/sim/explore/dpor.c - optimal DPOR: source sets, sleep sets, wakeup
 * trees
 *
 * Simulator-only.
 *
 * DOC: Optimal DPOR
 *
 * Two executions that differ only in the order of independent steps (DOC:
 * The dependency relation) are the same Mazurkiewicz trace: they reach
 * the same state and fire the same oracles.  Exploring one execution per
 * trace is enough to prove a scenario clean.  Optimal DPOR (Abdulla,
 * Aronis, Jonsson and Sagonas, POPL'14, and its journal version,
 * "Source Sets: A Foundation for Optimal Dynamic Partial Order
 * Reduction", JACM'17) finds them without enumerating the rest, and
 * runs each exactly once:
 *
 *  1. Run an execution: at each new step follow the wakeup tree handed
 *     down from the step before, if it has a branch; otherwise take the
 *     default policy's choice, or the first thread that is not asleep.
 *  2. After it, find its races: pairs of steps j < k of different threads
 *     that race (not merely enable) and are not ordered by happens-before
 *     through other steps.  Vector clocks make this cheap.
 *  3. For each race, the steps after j that do not happen after j,
 *     followed by k, are a way to run k before j.  Unless a thread asleep
 *     at j, or explored there already, would start a run of that same
 *     trace (it is a weak initial of the sequence), the sequence goes
 *     into j's wakeup tree: below the branch it extends, if one does.
 *  4. Backtrack to the deepest step whose wakeup tree has a branch left,
 *     and repeat from 1 along it.
 *
 * Sleep sets stop the redundant half: once thread q has been explored at
 * a step, q sleeps in the sibling branches until a step dependent with
 * q's next one runs.  Source-DPOR, the papers' simpler algorithm,
 * schedules only the first thread of each sequence and lets it run freely
 * from there, and may end in an execution where every thread able to run
 * is asleep: redundant, abandoned, "sleep-blocked".  The wakeup tree
 * keeps the whole sequence, so the branch cannot stray into an explored
 * trace: no execution is sleep-blocked.  Where a sequence cannot be run
 * (a blocked step of it: a spin-wait's, in the explorer's tests), its
 * step is explored with every thread awake, as a plain exhaustive search
 * would, and the sleep sets alone cut what they can: a few executions may
 * then be sleep-blocked, never a trace missed.  Every complete execution is a different trace,
 * and every trace has one (tests/check_explore.c counts them against
 * brute force); no preemption bound prunes anything: bounding DPOR
 * naively is unsound (Coons et al., OOPSLA'13).
 */
//! [dpor-doc]
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "explore.h"
#include "dep.h"

/*
 * A node of a wakeup tree (DOC: Optimal DPOR): one event, its thread's,
 * and the events that follow it in the sequences still to run.
 */
struct wnode {
	u8 tid;
	int child;		/* first child, or -1 */
	int next;		/* next sibling, or -1 */
	struct sim_dep_ev ev;	/* an await's watch list copied: its own */
};

/* Where the wakeup trees' nodes live: indices, a free list. */
struct wpool {
	struct wnode *n;
	int cap;
	int free;
};

struct dnode {
	u8 tid;
	u16 enabled;
	u16 backtrack;		/* SIM_EXPLORE_SLEEP only */
	u16 done;
	u16 sleep;
	int wut;		/* the wakeup tree's branches still to run */
};

struct dpor {
	struct dnode *node;
	/* each thread's next event at each node, for the asleep and done */
	struct sim_dep_ev (*ev)[SIM_MAX_THREADS];
	struct wpool pool;
	int handed;		/* the subtree the next new node follows */
	unsigned long dropped;	/* wakeup branches that could not run */
	unsigned int forced;	/* nodes replayed as they are */
	unsigned int created;	/* nodes of the current execution */
	bool blocked;
	unsigned long races;
	unsigned long not_enabled;	/* initials blocked at the race's start */
	unsigned long not_reversible;	/* lock races k cannot win at j */
	unsigned long same;	/* races not handled again (same_sequence()) */
	unsigned int prefix;	/* steps shared with the last execution */
	unsigned int floor;	/* choices fixed by the caller */
	bool sleep_only;	/* SIM_EXPLORE_SLEEP: no race analysis */
	struct sim_races *list;	/* listing races, not exploring */
	/* kept along the current path (DOC: Checkpoints along the path) */
	struct sim_ckpt_path ck;
};

/* A listing of one execution's races (sim_races_of()). */
struct sim_races {
	struct sim_race *race;
	unsigned int n, cap;
	struct scratch *s;
	u8 *tid;
	unsigned int nsteps;
};

/* --- wakeup trees -------------------------------------------------------- */

static int wnode_new(struct wpool *p, const struct sim_dep_ev *ev)
{
	struct sim_watch *watch = NULL;
	int i;

	if (p->free < 0) {
		int cap = p->cap ? 2 * p->cap : 1024;

		p->n = realloc(p->n, cap * sizeof(*p->n));
		if (!p->n) {
			perror("reaplab: dpor");
			exit(2);
		}
		for (i = cap - 1; i >= p->cap; i--) {
			p->n[i].next = p->free;
			p->free = i;
		}
		p->cap = cap;
	}
	if (ev->nwatch) {
		/* the execution's watch log is overwritten: keep a copy */
		watch = malloc(ev->nwatch * sizeof(*watch));
		if (!watch) {
			perror("reaplab: dpor");
			exit(2);
		}
		memcpy(watch, ev->watch, ev->nwatch * sizeof(*watch));
	}
	i = p->free;
	p->free = p->n[i].next;
	p->n[i] = (struct wnode){ .tid = ev->tid, .child = -1, .next = -1,
				  .ev = *ev };
	p->n[i].ev.watch = watch;
	return i;
}

static void wnode_free(struct wpool *p, int i)
{
	free((void *)p->n[i].ev.watch);
	p->n[i].ev.watch = NULL;
	p->n[i].next = p->free;
	p->free = i;
}

/* Free the branches of list @i, and everything below them. */
static void wtree_free(struct wpool *p, int i)
{
	while (i >= 0) {
		int next = p->n[i].next;

		wtree_free(p, p->n[i].child);
		wnode_free(p, i);
		i = next;
	}
}

/* The last operation the current execution ran. */
static const struct sim_event *last_op(const struct sim_world *w)
{
	size_t i = w->trace.nr;

	while (i--)
		if (w->trace.ev[i].type == SIM_EV_OP)
			return &w->trace.ev[i];
	return NULL;
}

static int dpor_pick(struct sim_world *w, void *data)
{
	struct dpor *d = data;
	unsigned int i = w->step, cand;
	struct dnode *n;
	u16 sleep = 0;
	int t;

	if (i >= SIM_MAX_CHOICES) {
		w->stop = SIM_STOP_LIMIT;
		snprintf(w->stop_msg, sizeof(w->stop_msg),
			 "more than %d steps in one execution", SIM_MAX_CHOICES);
		return -1;
	}
	if (i < d->forced) {
		t = d->node[i].tid;
		d->created = i + 1;
		if (!sim_enabled(w, t)) {
			w->stop = SIM_STOP_DIVERGED;
			snprintf(w->stop_msg, sizeof(w->stop_msg),
				 "step %u: %c not runnable: the model is not deterministic",
				 i + 1, w->threads[t].letter);
			return -1;
		}
		return t;
	}
	if (i > 0) {
		const struct dnode *p = &d->node[i - 1];
		u16 carry = (p->sleep | p->done) & ~(1u << p->tid);
		struct sim_dep_ev e, q;

		if (carry)
			sim_dep_of_event(w, last_op(w), &e);
		while (carry) {
			int s = __builtin_ctz(carry);

			carry &= carry - 1;
			if (!w->threads[s].has_op)
				continue;
			sim_dep_of_pending(w, s, &q);
			if (sim_dep(&e, &q, NULL) == DEP_NONE) {
				sleep |= 1u << s;
				d->ev[i][s] = q;
			}
		}
	}
	n = &d->node[i];
	n->enabled = sim_enabled_mask(w);
	n->sleep = sleep;
	n->backtrack = 0;
	/* the wakeup tree the choice at the step before leads into */
	n->wut = d->handed;
	d->handed = -1;
	cand = n->enabled & ~sleep;
	/* its first branch that can run here, the others left for later */
	while (n->wut >= 0) {
		struct wnode *b = &d->pool.n[n->wut];
		int c = n->wut;

		n->wut = b->next;
		if (cand & (1u << b->tid)) {
			t = b->tid;
			d->handed = b->child;
			wnode_free(&d->pool, c);
			goto chosen;
		}
		/*
		 * a sequence that cannot go on from here (its thread
		 * blocked, or asleep): this node is expanded in full, every
		 * thread awake, as a plain exhaustive search would, which
		 * covers whatever the sequence stood for
		 */
		d->dropped++;
		n->backtrack |= cand;
		wtree_free(&d->pool, b->child);
		wnode_free(&d->pool, c);
	}
	if (!n->enabled)
		return -1;
	if (!cand) {
		d->blocked = true;
		w->stop = SIM_STOP_POLICY;
		return -1;
	}
	t = sim_default_pick(w);
	if (t < 0 || !(cand & (1u << t)))
		t = __builtin_ctz(cand);
chosen:
	n->tid = t;
	n->done = 1u << t;
	n->backtrack |= n->done;
	/* sleep sets alone: every thread that is awake, at every step */
	if (d->sleep_only)
		n->backtrack = cand;
	d->created = i + 1;
	return t;
}

/* --- race analysis ------------------------------------------------------ */

struct rev {
	struct sim_dep_ev dep;
	u16 vc[SIM_MAX_THREADS];	/* happens-before */
	u16 vc2[SIM_MAX_THREADS];	/* ... without the enabling edges */
	u16 idx;		/* the step's number within its thread, from 1 */
	bool plain;		/* plain_class(&dep) */
};

/*
 * Does step a happen before step b?  @locks picks the relation without
 * enabling edges, which decides races between lock acquisitions: after
 * j took a lock and released it, k's acquire is enabled by that release,
 * and yet k could have taken the lock before j did.
 */
static bool hb(const struct rev *a, const struct rev *b, bool locks)
{
	return (locks ? b->vc2 : b->vc)[a->dep.tid] >= a->idx;
}

static bool acquires(int cls)
{
	return cls == DC_ACQ || cls == DC_ACQ_R || cls == DC_TRY ||
	       cls == DC_TRY_R;
}

static bool state_class(int cls)
{
	return cls == DC_STATE || cls == DC_PREP || cls == DC_FINISH ||
	       cls == DC_SCHED;
}

static bool wake_class(int cls)
{
	return cls == DC_WAKE || cls == DC_WAKE_PROC;
}

/* The object a step is found by: sleep states are found another way. */
static uintptr_t key_of(const struct sim_dep_ev *d)
{
	if (d->cls == DC_NONE || d->cls == DC_STATE || d->cls == DC_SCHED ||
	    d->cls == DC_WAKE_PROC || d->cls == DC_OBSERVE ||
	    d->cls == DC_AWAIT)
		return 0;
	return d->addr;
}

/*
 * The analysis of one execution.  Executions share their prefix with the
 * one before (everything up to the step backtracking changed), and the
 * prefix's steps, clocks and races are the same as last time: only the
 * new steps are analysed.  Steps on one object are chained newest first.
 */
struct scratch {
	struct rev *r;
	int *prev;		/* the step before on the same object, or -1 */
	/*
	 * each step's key_of(), the exact object, 0 for sleep states: kept
	 * apart from r[], packed, because a free's candidates are every
	 * earlier step on its object, found by a scan of all of them, which
	 * through r[] (a struct rev apart) loaded a cache line a step
	 */
	uintptr_t *key;
	unsigned int *cand;
	u64 *seen;		/* candidates() merging: a bit per step, kept 0 */
	unsigned int *seq;	/* a race's reversal: its steps */
	unsigned int *rank, *at[SIM_MAX_THREADS];	/* struct seqview */
	unsigned int *wakes, *frees, *rss, *observes, *awaits;
	unsigned int *states[SIM_MAX_THREADS];
	unsigned int *steps[SIM_MAX_THREADS];	/* each thread's, in order */
	unsigned int nsteps[SIM_MAX_THREADS];
	unsigned int nw, nf, nr, no, na, nstates[SIM_MAX_THREADS];
	size_t cap;
	struct { uintptr_t key; int last; } *tab;	/* object -> newest step */
	size_t tab_size;
	unsigned int valid;	/* steps of r[] analysed so far */
	struct race *races;	/* the execution's, by k: handled at its end */
	size_t nraces, races_cap;
	unsigned int end;	/* the execution's steps */
	unsigned int from_p[SIM_MAX_THREADS];	/* same_sequence() */
};

/*
 * A race j < k found, handled once the whole execution is analysed, and
 * again after each execution that shares the steps up to k: its sequence
 * runs to the execution's end, which changes.  Unless the steps before
 * @settled already decided it needs no sequence: then no later execution
 * that shares them needs one either.  Or unless its sequence cannot have
 * changed (@vend, DOC: A sequence handled once): handled again, it would
 * do nothing.
 */
struct race {
	unsigned int j, k;
	unsigned int settled;	/* 0, or the step that settled it, plus one */
	unsigned int vend;	/* 0, or its sequence's last step, plus one */
	bool locks;
	u16 kvc[SIM_MAX_THREADS];	/* k's clock as far as j */
	u16 kfull[SIM_MAX_THREADS];	/* ... enabling edges and all */
};

/*
 * A sequence as the wakeup tree compares it against its branches: of each
 * thread, its steps in the sequence (their places, in order), and how
 * many a branch's path has taken already (taken[t]: a path takes a
 * thread's steps from its first on, so the rest is always a suffix).
 */
struct seqview {
	const struct rev *r;
	const unsigned int *seq;
	unsigned int nv, k;		/* k: the race's later step */
	unsigned int *at[SIM_MAX_THREADS];	/* places in seq */
	unsigned int *rank;		/* a place's index in its thread's */
	unsigned int n[SIM_MAX_THREADS], taken[SIM_MAX_THREADS];
	bool plain;			/* only steps found by one word */
	u64 words;			/* a bit per word hash, of those */
};

/* Depends only on events on the same word (DOC: The dependency relation). */
static bool plain_class(const struct sim_dep_ev *e)
{
	return key_of(e) && e->cls != DC_FREE && e->cls != DC_AWAIT &&
	       !wake_class(e->cls) && !state_class(e->cls) && !e->rss;
}

static u64 word_bit(uintptr_t key)
{
	return 1ULL << ((key >> 3) * 0x9e3779b97f4a7c15ull >> 58);
}

static bool gone(const struct seqview *v, unsigned int x)
{
	return v->rank[x] < v->taken[v->r[v->seq[x]].dep.tid];
}

/*
 * Does @e depend on a step of the sequence not yet taken, before place
 * @end (asked as sim_dep(step, @e) if @e comes @after them, else the other
 * way round)?  What is left of a thread's steps is a suffix of its own
 * list, so only those are looked at: a branch deep in the tree has taken
 * most of them.
 */
static bool depends_on_rest(const struct seqview *v, const struct sim_dep_ev *e,
			    unsigned int end, bool after)
{
	const struct sim_dep_ev *s;
	unsigned int u, m, x;

	for (u = 0; u < SIM_MAX_THREADS; u++)
		for (m = v->taken[u]; m < v->n[u]; m++) {
			x = v->at[u][m];
			if (x >= end)
				break;
			s = &v->r[v->seq[x]].dep;
			if ((after ? sim_dep(s, e, NULL) : sim_dep(e, s, NULL)) !=
			    DEP_NONE)
				return true;
		}
	return false;
}

/*
 * Can a branch of a wakeup tree whose next event is @e run first, and the
 * rest of the sequence after it, to the same trace?  If @e's thread has a
 * step in the rest that depends on none before it, that step is @e: it is
 * taken off the rest.  A step of the rest before it that it depended on
 * would happen before it (no step between happens after j, nor was taken:
 * a taken one depended on none before it), so the clocks answer, but for
 * k, which happens after j, and for an event of a thread with no step
 * left, asked of each step (but where no word can be shared).
 */
static bool consume(const struct sim_dep_ev *e, struct seqview *v)
{
	const struct rev *r = v->r;
	unsigned int t = e->tid, u;

	if (v->taken[t] < v->n[t]) {
		unsigned int i = v->at[t][v->taken[t]], step = v->seq[i];

		if (step == v->k) {
			if (depends_on_rest(v, &r[step].dep, i, true))
				return false;
		} else {
			for (u = 0; u < SIM_MAX_THREADS; u++) {
				unsigned int f;

				if (u == t || v->taken[u] >= v->n[u])
					continue;
				f = v->seq[v->at[u][v->taken[u]]];
				if (f != v->k && hb(&r[f], &r[step], false))
					return false;
			}
		}
		v->taken[t]++;
		return true;
	}
	if (v->plain && plain_class(e) && !(v->words & word_bit(key_of(e))))
		return true;
	return !depends_on_rest(v, e, v->nv, false);
}

/*
 * The first node, in post-order, of list @c and the trees below it whose
 * path is compatible with the sequence (consume()); -1 if none.  A path
 * that is not stays not as it grows, so a branch is left at its first
 * incompatible event; the sequence is left consumed along the path found.
 */
static int find_compatible(struct wpool *p, int c, struct seqview *v)
{
	for (; c >= 0; c = p->n[c].next) {
		int below;

		if (!consume(&p->n[c].ev, v))
			continue;
		below = find_compatible(p, p->n[c].child, v);
		return below >= 0 ? below : c;
	}
	return -1;
}

/*
 * Put the sequence @seq into step @j's wakeup tree (Abdulla et al.,
 * JACM'17, Sec. 6.2): below the first node whose path it extends, unless
 * that node is a leaf (what the sequence would run, that branch runs
 * already); as a new last branch if no path fits.
 */
static void wut_insert(struct dpor *d, struct scratch *s, unsigned int j,
		       unsigned int k, const unsigned int *seq, unsigned int nv)
{
	struct wpool *p = &d->pool;
	struct seqview v = {
		.r = s->r, .seq = seq, .nv = nv, .k = k, .rank = s->rank,
		.plain = true,
	};
	int where, last = -1, c;
	unsigned int i, t;

	for (t = 0; t < SIM_MAX_THREADS; t++)
		v.at[t] = s->at[t];
	for (i = 0; i < nv; i++) {
		const struct rev *e = &s->r[seq[i]];

		t = e->dep.tid;
		v.rank[i] = v.n[t];
		v.at[t][v.n[t]++] = i;
		if (!e->plain)
			v.plain = false;
		else
			v.words |= word_bit(s->key[seq[i]]);
	}
	where = find_compatible(p, d->node[j].wut, &v);
	if (where >= 0 && p->n[where].child < 0)
		return;
	/* the end of the list the rest goes to */
	for (c = where >= 0 ? p->n[where].child : d->node[j].wut; c >= 0;
	     c = p->n[c].next)
		last = c;
	for (i = 0; i < nv; i++) {
		int x;

		if (gone(&v, i))
			continue;
		x = wnode_new(p, &s->r[seq[i]].dep);
		if (last >= 0)
			p->n[last].next = x;
		else if (where >= 0)
			p->n[where].child = x;
		else
			d->node[j].wut = x;
		/* the rest of the sequence, one below the other */
		where = x;
		last = -1;
	}
}

/*
 * The sequence of a race j < k by thread (step 3 of DOC: Optimal DPOR):
 * of each thread t, its steps after j up to the first that happens after
 * j (once one does, the ones after it do too), s->steps[t][at[t]] on,
 * cnt[t] of them; then k.
 */
struct span {
	unsigned int at[SIM_MAX_THREADS];
	unsigned int cnt[SIM_MAX_THREADS];
};

static unsigned int span_of(const struct scratch *s, unsigned int t,
			    unsigned int j, unsigned int *cnt)
{
	const unsigned int *v = s->steps[t];
	unsigned int lo = 0, hi = s->nsteps[t], at, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (v[mid] <= j)
			lo = mid + 1;
		else
			hi = mid;
	}
	at = lo;
	hi = s->nsteps[t];
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (hb(&s->r[j], &s->r[v[mid]], false))
			hi = mid;
		else
			lo = mid + 1;
	}
	*cnt = lo - at;
	return at;
}

/*
 * Would exploring @q at the race's step (where it sleeps, or has been
 * explored) run some execution that the sequence @sp (and k) would?
 * That is, is @q a weak initial of it: its first step in it, if it has
 * one, depends on none before it; if it has none, its next event @evq
 * depends on none of them (Abdulla et al., JACM'17, Def. 6.3).  A step
 * of the sequence that q's first one depends on would happen before it,
 * and so would every step between (none of which happens after j): the
 * clocks answer.  An event that has not run, and k (which happens after
 * j, so that its clock also counts steps outside the sequence), is asked
 * of each step.
 *
 * Return: 0 if not; if it is, one more than its step's (the step that
 * settles the race), or UINT_MAX if none does.
 */
static unsigned int weak_initial(const struct scratch *s,
				 const struct span *sp, unsigned int k,
				 int q, const struct sim_dep_ev *evq)
{
	const struct rev *r = s->r;
	unsigned int t, i;

	if (sp->cnt[q]) {
		const struct rev *rq = &r[s->steps[q][sp->at[q]]];

		for (t = 0; t < SIM_MAX_THREADS; t++)
			if (t != (unsigned int)q && sp->cnt[t] &&
			    rq->vc[t] >= r[s->steps[t][sp->at[t]]].idx)
				return 0;
		return s->steps[q][sp->at[q]] + 1;
	}
	/*
	 * k's thread's first step in the sequence is k, last: it must not
	 * depend on any, which its clock cannot tell (k happens after j)
	 */
	if ((unsigned int)q == r[k].dep.tid)
		evq = &r[k].dep;
	for (t = 0; t < SIM_MAX_THREADS; t++)
		for (i = 0; i < sp->cnt[t]; i++)
			if (sim_dep(&r[s->steps[t][sp->at[t] + i]].dep, evq,
				    NULL) != DEP_NONE)
				return 0;
	if ((unsigned int)q != r[k].dep.tid &&
	    sim_dep(&r[k].dep, evq, NULL) != DEP_NONE)
		return 0;
	return UINT_MAX;
}

/*
 * The sequence laid out in s->seq with as few switches as its
 * happens-before order lets: each thread kept on while its next step
 * waits for nothing not yet placed, and when it must give way, the step
 * that came first; k (whose clock is @kvc) when its thread's steps are
 * placed and it waits for nothing.  An equivalent sequence: the wakeup
 * tree compares sequences up to equivalence; but the execution that runs
 * it preempts fewer times, and so does the first counterexample found.
 * The first step is of a thread @enabled at j.
 */
static unsigned int sequence_lay(struct scratch *s, const struct span *sp,
				 unsigned int k, const u16 *kvc, u16 enabled)
{
	const struct rev *r = s->r;
	unsigned int head[SIM_MAX_THREADS], left[SIM_MAX_THREADS];
	unsigned int idx[SIM_MAX_THREADS];	/* each head's clock entry */
	unsigned int nv = 0, t, tk = r[k].dep.tid;
	unsigned int live = 0;		/* threads with steps left */
	bool k_left = true;

	for (t = 0; t < SIM_MAX_THREADS; t++) {
		head[t] = sp->at[t];
		left[t] = sp->cnt[t];
		if (left[t]) {
			live |= 1u << t;
			idx[t] = r[s->steps[t][head[t]]].idx;
		}
	}
	t = tk;				/* k's thread first, if it can */
	for (;;) {
		unsigned int best = UINT_MAX, pick = 0, x, at, m, u;
		unsigned int cand = live | (k_left ? 1u << tk : 0);
		const u16 *vc;

		if (!nv)
			cand &= enabled;
		/* the thread on, first; then the earliest step */
		for (m = cand; m; ) {
			bool ready = true;

			x = m & (1u << t) ? t : (unsigned int)__builtin_ctz(m);
			m &= ~(1u << x);
			if (left[x]) {
				at = s->steps[x][head[x]];
				vc = r[at].vc;
			} else {
				at = k;
				vc = kvc;
			}
			if (best != UINT_MAX && at > best)
				continue;
			for (u = live & ~(1u << x); u && ready; u &= u - 1)
				if (vc[__builtin_ctz(u)] >=
				    idx[__builtin_ctz(u)])
					ready = false;
			if (!ready)
				continue;
			best = at;
			pick = x;
			if (x == t)
				break;
		}
		if (best == UINT_MAX)
			break;
		s->seq[nv++] = best;
		if (left[pick]) {
			head[pick]++;
			if (--left[pick])
				idx[pick] = r[s->steps[pick][head[pick]]].idx;
			else
				live &= ~(1u << pick);
		} else {
			k_left = false;
		}
		t = pick;
	}
	return nv;
}

/*
 * DOC: A sequence handled once
 *
 * A race j < k found in an execution is handled again after every later
 * one that shares its steps up to k (struct race): its sequence takes
 * in the steps after j that do not happen after it, and those after the
 * shared steps are new.  But when every step of the sequence the last
 * handling laid was among the steps this execution shares with the one
 * before (@vend), and every new step happens after j, the sequence is the
 * same, step for step.  Handled again it would do nothing: a thread
 * asleep at j that settled it still sleeps there (sleep sets only grow
 * along the path), and the wakeup tree already holds the sequence, whose
 * leaf stays a leaf, or has run its branch, whose first thread is now
 * done at j and settles it.  So it is not handled again.  (A race that
 * found no thread to run at j adds to j's backtrack set instead: it is
 * never skipped this way, only settled as before.)
 */

/* For the tests: handle every race again, as if no sequence stayed. */
static bool recheck_all;

/**
 * sim_dpor_recheck() - handle every race again after each execution that
 * shares its steps (the tests compare), or only those whose sequence may
 * have changed (the default; DOC: A sequence handled once).
 * @on: handle them all.
 */
void sim_dpor_recheck(bool on)
{
	recheck_all = on;
}

/* The first of thread @t's steps at @p or after, as an index into its. */
static unsigned int first_from(const struct scratch *s, unsigned int t,
			       unsigned int p)
{
	const unsigned int *v = s->steps[t];
	unsigned int lo = 0, hi = s->nsteps[t], mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (v[mid] < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Would race @x, handled again after an execution that shares its first
 * @p steps with the last one, lay the very sequence it laid last time?
 * (DOC: A sequence handled once.)  The threads' first steps at @p or
 * after are in s->from_p[].
 */
static bool same_sequence(const struct scratch *s, const struct race *x,
			  unsigned int p)
{
	const struct rev *r = s->r;
	unsigned int t, tj = r[x->j].dep.tid;

	if (!x->vend || x->vend > p)
		return false;
	for (t = 0; t < SIM_MAX_THREADS; t++) {
		unsigned int i = s->from_p[t];

		if (t == tj || i >= s->nsteps[t])
			continue;
		/* a thread's first new step happens after j: so do the rest */
		if (!hb(&r[x->j], &r[s->steps[t][i]], false))
			return false;
	}
	return true;
}

/*
 * A race j < k: make sure some execution runs k's way before j (step 3 of
 * DOC: Optimal DPOR).  The steps after j that do not happen after it, in
 * the whole execution, then k, are a way; unless a thread asleep at j (or
 * explored there already) would run it anyway, that sequence goes into
 * j's wakeup tree.
 */
static void handle_race(struct dpor *d, struct scratch *s, struct race *x)
{
	const struct rev *r = s->r;
	unsigned int j = x->j, k = x->k, t, first = k, nv = 1;
	unsigned int tj = r[j].dep.tid;
	struct dnode *n = &d->node[j];
	struct span sp;
	unsigned int vend = k + 1;
	u16 asleep;

	x->vend = 0;
	if (j < d->floor) {
		x->settled = k + 1;	/* the caller fixed that step */
		return;
	}
	/*
	 * The steps after j that do not happen after it, enabling edges and
	 * all: each can run where j did, which the sequence needs (a lock
	 * race's k, whose only tie to j is the lock j's thread takes and
	 * releases, comes last: at j the lock is free).  Those after k count
	 * as much as those before: a thread asleep at j whose next step is
	 * among them, behind one it depends on, would not run the sequence's
	 * trace (weak_initial()), and without them it would seem to.
	 */
	for (t = 0; t < SIM_MAX_THREADS; t++) {
		sp.cnt[t] = 0;
		if (t == tj || !s->nsteps[t])
			continue;
		sp.at[t] = span_of(s, t, j, &sp.cnt[t]);
		/*
		 * A lock race's k cannot run before j if it waits, enabling
		 * edges and all, for a step of any thread that happens
		 * after j: one of its own thread's on the way to k (through
		 * a lock j's thread releases later), or a lock a third
		 * thread holds at j and releases after it.  Its full clock
		 * then counts a step of that thread past the span; a race
		 * that can be run the other way round lies elsewhere on that
		 * chain, and is reversed there.
		 */
		if (x->locks) {
			unsigned int last = sp.at[t] + sp.cnt[t];

			if (x->kfull[t] > (last ? r[s->steps[t][last - 1]].idx :
					   0)) {
				d->not_reversible++;
				x->settled = k + 1;
				return;
			}
		}
		if (sp.cnt[t] && s->steps[t][sp.at[t]] < first)
			first = s->steps[t][sp.at[t]];
		if (sp.cnt[t] &&
		    s->steps[t][sp.at[t] + sp.cnt[t] - 1] + 1 > vend)
			vend = s->steps[t][sp.at[t] + sp.cnt[t] - 1] + 1;
		nv += sp.cnt[t];
	}
	if (!(n->enabled & (1u << r[first].dep.tid))) {
		/* no sequence to run from j: every thread awake there */
		d->not_enabled++;
		n->backtrack |= n->enabled & ~n->sleep;
		x->settled = (first > k ? first : k) + 1;
		return;
	}
	/* what follows changes nothing if the sequence is the same */
	x->vend = vend;
	asleep = (n->sleep | n->done) & ~(1u << n->tid);
	for (; asleep; asleep &= asleep - 1) {
		int q = __builtin_ctz(asleep);
		unsigned int at = weak_initial(s, &sp, k, q, &d->ev[j][q]);

		if (at) {
			/*
			 * q's own step in the sequence, there, settles it for
			 * as long as the steps up to it stay
			 */
			if (at != UINT_MAX)
				x->settled = at;
			return;
		}
	}
	if (sequence_lay(s, &sp, k, x->kvc, n->enabled) != nv)
		abort();	/* a cycle in happens-before: cannot be */
	wut_insert(d, s, j, k, s->seq, nv);
}

static void *grow(void *p, size_t n);

static void defer_race(struct scratch *s, unsigned int j, unsigned int k,
		       const u16 *kvc, const u16 *kfull, bool locks)
{
	struct race *x;

	if (s->nraces == s->races_cap) {
		s->races_cap = s->races_cap ? 2 * s->races_cap : 256;
		s->races = grow(s->races, s->races_cap * sizeof(*s->races));
	}
	x = &s->races[s->nraces++];
	x->j = j;
	x->k = k;
	x->settled = 0;
	x->vend = 0;
	x->locks = locks;
	memcpy(x->kvc, kvc, sizeof(x->kvc));
	memcpy(x->kfull, kfull, sizeof(x->kfull));
}

static void list_race(struct sim_races *l, unsigned int j, unsigned int k,
		      bool locks)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->race = realloc(l->race, l->cap * sizeof(*l->race));
		if (!l->race) {
			perror("reaplab: races");
			exit(2);
		}
	}
	l->race[l->n++] = (struct sim_race){ .j = j, .k = k, .locks = locks };
}

static void *grow(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("reaplab: dpor");
		exit(2);
	}
	return p;
}

static void scratch_fit(struct scratch *s, size_t n)
{
	int t;

	if (n <= s->cap)
		return;
	s->cap = 2 * n;
	s->r = grow(s->r, s->cap * sizeof(*s->r));
	s->prev = grow(s->prev, s->cap * sizeof(*s->prev));
	s->key = grow(s->key, s->cap * sizeof(*s->key));
	s->cand = grow(s->cand, 2 * s->cap * sizeof(*s->cand));
	s->seq = grow(s->seq, s->cap * sizeof(*s->seq));
	s->rank = grow(s->rank, s->cap * sizeof(*s->rank));
	for (t = 0; t < SIM_MAX_THREADS; t++)
		s->at[t] = grow(s->at[t], s->cap * sizeof(**s->at));
	free(s->seen);
	s->seen = calloc(s->cap / 64 + 1, sizeof(*s->seen));
	if (!s->seen) {
		perror("reaplab: dpor");
		exit(2);
	}
	s->wakes = grow(s->wakes, s->cap * sizeof(*s->wakes));
	s->frees = grow(s->frees, s->cap * sizeof(*s->frees));
	s->rss = grow(s->rss, s->cap * sizeof(*s->rss));
	s->observes = grow(s->observes, s->cap * sizeof(*s->observes));
	s->awaits = grow(s->awaits, s->cap * sizeof(*s->awaits));
	for (t = 0; t < SIM_MAX_THREADS; t++)
		s->states[t] = grow(s->states[t], s->cap * sizeof(**s->states));
	for (t = 0; t < SIM_MAX_THREADS; t++)
		s->steps[t] = grow(s->steps[t], s->cap * sizeof(**s->steps));
}

static void scratch_free(struct scratch *s)
{
	int t;

	free(s->r);
	free(s->prev);
	free(s->key);
	free(s->cand);
	free(s->seen);
	free(s->seq);
	free(s->races);
	free(s->rank);
	free(s->wakes);
	free(s->frees);
	free(s->rss);
	free(s->observes);
	free(s->awaits);
	for (t = 0; t < SIM_MAX_THREADS; t++) {
		free(s->states[t]);
		free(s->steps[t]);
		free(s->at[t]);
	}
	free(s->tab);
	memset(s, 0, sizeof(*s));
}

/* The newest step on @key so far: a slot of the open-addressed table. */
static int *tab_slot(struct scratch *s, uintptr_t key)
{
	size_t mask = s->tab_size - 1, h = (key >> 3) * 0x9e3779b97f4a7c15ull;

	for (h &= mask;; h = (h + 1) & mask) {
		if (s->tab[h].key == key)
			return &s->tab[h].last;
		if (!s->tab[h].key) {
			s->tab[h].key = key;
			s->tab[h].last = -1;
			return &s->tab[h].last;
		}
	}
}

/*
 * The per-object chains' heads and the lists, back to steps < p.  The
 * table holds the steps analysed so far (< s->valid): each one later than
 * p gives its object's head back to the step before it on that object,
 * newest first, which leaves every head at its newest step below p.  Only
 * a table grown for a longer execution is rebuilt whole.
 */
static void scratch_rewind(struct scratch *s, unsigned int p, size_t nsteps)
{
	unsigned int i;
	int t;

	if (s->tab_size < 4 * nsteps) {
		while (s->tab_size < 4 * nsteps)
			s->tab_size = s->tab_size ? 2 * s->tab_size : 1024;
		free(s->tab);
		s->tab = grow(NULL, s->tab_size * sizeof(*s->tab));
		memset(s->tab, 0, s->tab_size * sizeof(*s->tab));
		for (i = 0; i < p; i++)
			if (s->key[i])
				*tab_slot(s, s->key[i]) = i;
	} else {
		for (i = s->valid; i-- > p;)
			if (s->key[i])
				*tab_slot(s, s->key[i]) = s->prev[i];
	}
	while (s->nw && s->wakes[s->nw - 1] >= p)
		s->nw--;
	while (s->nf && s->frees[s->nf - 1] >= p)
		s->nf--;
	while (s->nr && s->rss[s->nr - 1] >= p)
		s->nr--;
	while (s->no && s->observes[s->no - 1] >= p)
		s->no--;
	while (s->na && s->awaits[s->na - 1] >= p)
		s->na--;
	for (t = 0; t < SIM_MAX_THREADS; t++) {
		while (s->nstates[t] && s->states[t][s->nstates[t] - 1] >= p)
			s->nstates[t]--;
		while (s->nsteps[t] && s->steps[t][s->nsteps[t] - 1] >= p)
			s->nsteps[t]--;
	}
}

/*
 * Does write @j hide every earlier step on its word from @k?  Whatever
 * else touched the word and conflicts with k also conflicts with j, so
 * it happens before j already: the chain walk can stop at j.
 */
static bool covers(const struct rev *j, const struct rev *k)
{
	if (j->dep.cls != DC_WRITE || k->dep.cls > DC_ADD ||
	    k->dep.cls < DC_READ)
		return false;
	return j->dep.bit < 0 || j->dep.bit == k->dep.bit;
}

/* The earlier steps that may conflict with step k: its candidates. */
static unsigned int candidates(struct scratch *s, unsigned int k)
{
	const struct rev *rk = &s->r[k];
	unsigned int nc = 0, c, sources = 0;
	bool found;
	int j, t;

	if (rk->dep.cls == DC_FREE) {
		/* every step on an address inside the freed object */
		uintptr_t addr = rk->dep.addr;
		size_t len = rk->dep.len;

		/*
		 * without a branch: which steps touch the object follows no
		 * pattern a predictor learns, and a miss cost more than the
		 * store
		 */
		for (j = k - 1; j >= 0; j--) {
			s->cand[nc] = j;
			nc += s->key[j] - addr < len;
		}
		sources++;
	} else if (rk->dep.cls == DC_AWAIT) {
		/*
		 * The steps on each word it waits on, and the frees.  The
		 * table knows the newest step on a word in the whole
		 * execution: its chain is walked down to the steps before k.
		 */
		for (c = 0; c < rk->dep.nwatch; c++) {
			j = *tab_slot(s, (uintptr_t)rk->dep.watch[c].obj);
			while (j >= (int)k)
				j = s->prev[j];
			for (; j >= 0; j = s->prev[j])
				s->cand[nc++] = j;
			sources++;
		}
		for (c = s->nf; c-- > 0;)
			s->cand[nc++] = s->frees[c];
		sources += !!s->nf;
	} else if (s->key[k]) {
		for (j = s->prev[k]; j >= 0; j = s->prev[j]) {
			s->cand[nc++] = j;
			if (covers(&s->r[j], rk) &&
			    sim_dep(&s->r[j].dep, &rk->dep, NULL) != DEP_NONE)
				break;
		}
		sources++;
		/* the frees of an object around it, the others it ignores */
		for (c = s->nf, found = false; c-- > 0;) {
			const struct sim_dep_ev *f = &s->r[s->frees[c]].dep;

			if (s->key[k] >= f->addr &&
			    s->key[k] < f->addr + f->len) {
				s->cand[nc++] = s->frees[c];
				found = true;
			}
		}
		sources += found;
	}
	if (rk->dep.cls == DC_OBSERVE) {
		for (c = s->nr; c-- > 0;)
			s->cand[nc++] = s->rss[c];
		sources++;
	}
	/* what may change a word may end a spin-wait on it */
	if ((s->key[k] || rk->dep.cls == DC_FREE) && s->na) {
		for (c = s->na; c-- > 0;)
			s->cand[nc++] = s->awaits[c];
		sources++;
	}
	if (rk->dep.rss) {
		for (c = s->no; c-- > 0;)
			s->cand[nc++] = s->observes[c];
		sources++;
	}
	if (state_class(rk->dep.cls)) {
		for (c = s->nw; c-- > 0;)
			s->cand[nc++] = s->wakes[c];
		sources++;
	}
	if (wake_class(rk->dep.cls)) {
		for (t = 0; t < SIM_MAX_THREADS; t++) {
			for (c = s->nstates[t]; c-- > 0;)
				s->cand[nc++] = s->states[t][c];
			sources += 2;
		}
		/*
		 * and the earlier wake-ups: two of one task race (which one
		 * wakes it decides whom its schedule() comes after), and a
		 * wake_up_process() has no object to be chained by
		 */
		for (c = s->nw; c-- > 0;)
			s->cand[nc++] = s->wakes[c];
		sources++;
	}
	/*
	 * Each source is newest first already; several are merged, newest
	 * first and each step once, through a bit per step (all below k).
	 */
	if (sources > 1) {
		unsigned int word;

		for (c = 0; c < nc; c++)
			s->seen[s->cand[c] / 64] |= 1ULL << (s->cand[c] % 64);
		nc = 0;
		for (word = k / 64 + 1; word-- > 0;) {
			u64 bits = s->seen[word];

			s->seen[word] = 0;
			while (bits) {
				int b = 63 - __builtin_clzll(bits);

				bits &= ~(1ULL << b);
				s->cand[nc++] = word * 64 + b;
			}
		}
	}
	return nc;
}

/*
 * Step k's clocks, from the steps it depends on, and its races (steps 2
 * and 3 of DOC: Optimal DPOR).  @commit: k is a real step, to be recorded
 * for the later ones; otherwise a thread's pending operation at the end
 * of an execution cut short, looked at only for its races.
 */
/*
 * A vector clock is SIM_MAX_THREADS u16, one machine vector: joining two
 * (the larger of each thread's entry) is a few vector instructions, done
 * once per candidate of every step.
 */
typedef u16 vclock __attribute__((vector_size(16)));
_Static_assert(sizeof(vclock) == SIM_MAX_THREADS * sizeof(u16),
	       "a vector clock is one vector");

static inline void vc_join(u16 *into, const u16 *from)
{
	typedef short vmask __attribute__((vector_size(16)));
	vclock a, b;
	vmask m;

	memcpy(&a, into, sizeof(a));
	memcpy(&b, from, sizeof(b));
	m = (vmask)(a > b);
	a = (vclock)(((vmask)a & m) | ((vmask)b & ~m));
	memcpy(into, &a, sizeof(a));
}

static void clock_step(struct dpor *d, struct scratch *s, unsigned int k,
		       u16 (*clock)[SIM_MAX_THREADS],
		       u16 (*clock2)[SIM_MAX_THREADS], u16 *count,
		       bool commit)
{
	struct rev *rk = &s->r[k];
	u16 cvc[SIM_MAX_THREADS], cvc2[SIM_MAX_THREADS];
	unsigned int nc, c, t = rk->dep.tid;
	int j;

	memcpy(cvc, clock[t], sizeof(cvc));
	memcpy(cvc2, clock2[t], sizeof(cvc2));
	nc = candidates(s, k);
	/* newest first, so the clock grows as we go back */
	for (c = 0; c < nc; c++) {
		struct rev *rj;
		int rel;

		j = s->cand[c];
		rj = &s->r[j];
		if (c && (unsigned int)j == s->cand[c - 1])
			continue;
		if (rj->dep.tid == t)
			continue;
		rel = sim_dep(&rj->dep, &rk->dep, NULL);
		if (rel == DEP_NONE)
			continue;
		if (rel == DEP_RACE) {
			bool locks = acquires(rj->dep.cls) &&
				     acquires(rk->dep.cls);
			const u16 *kvc = locks ? cvc2 : cvc;

			if (kvc[rj->dep.tid] >= rj->idx)
				;	/* ordered through other steps */
			else if (d->list) {
				/*
				 * a listing names races between steps that
				 * ran: a pending operation has no step (nor
				 * one index: every thread's is looked at as
				 * step nsteps), and no schedule reverses it
				 */
				if (commit)
					list_race(d->list, j, k, locks);
			}
			else if (commit) {
				defer_race(s, j, k, kvc, cvc, locks);
				d->races++;
			} else {
				struct race x = { .j = j, .k = k,
						  .locks = locks };

				memcpy(x.kvc, kvc, sizeof(x.kvc));
				memcpy(x.kfull, cvc, sizeof(x.kfull));
				handle_race(d, s, &x);
				d->races++;
			}
			vc_join(cvc2, rj->vc2);
		}
		vc_join(cvc, rj->vc);
	}
	if (!commit)
		return;
	cvc[t] = cvc2[t] = ++count[t];
	rk->idx = count[t];
	memcpy(rk->vc, cvc, sizeof(cvc));
	memcpy(rk->vc2, cvc2, sizeof(cvc2));
	memcpy(clock[t], cvc, sizeof(cvc));
	memcpy(clock2[t], cvc2, sizeof(cvc2));
	if (wake_class(rk->dep.cls))
		s->wakes[s->nw++] = k;
	if (state_class(rk->dep.cls))
		s->states[t][s->nstates[t]++] = k;
	if (rk->dep.cls == DC_FREE)
		s->frees[s->nf++] = k;
	if (rk->dep.rss && (rk->dep.cls == DC_WRITE ||
			    rk->dep.cls == DC_ADD))
		s->rss[s->nr++] = k;
	if (rk->dep.cls == DC_OBSERVE)
		s->observes[s->no++] = k;
	if (rk->dep.cls == DC_AWAIT)
		s->awaits[s->na++] = k;
}

/*
 * Steps 2 and 3 of DOC: Optimal DPOR, for the steps of the execution from
 * @p on: the clocks and races of the ones before are unchanged since the
 * last analysis, but each race's sequence runs to this execution's end,
 * and the races of those steps are handled again (struct race).
 */
static void analyse(struct dpor *d, struct scratch *s,
		    const struct sim_world *w, unsigned int p,
		    unsigned int nsteps)
{
	u16 clock[SIM_MAX_THREADS][SIM_MAX_THREADS] = { { 0 } };
	u16 clock2[SIM_MAX_THREADS][SIM_MAX_THREADS] = { { 0 } };
	u16 count[SIM_MAX_THREADS] = { 0 };
	unsigned int i = 0, k, t, found = 0;
	size_t e;
	int j;

	scratch_fit(s, nsteps + 1);
	if (p > s->valid)
		p = s->valid;
	scratch_rewind(s, p, nsteps);
	/* each thread's clock as it was after step p - 1 */
	for (j = (int)p - 1; j >= 0 && found != (1u << w->nthreads) - 1;
	     j--) {
		t = s->r[j].dep.tid;
		if (found & (1u << t))
			continue;
		found |= 1u << t;
		memcpy(clock[t], s->r[j].vc, sizeof(clock[t]));
		memcpy(clock2[t], s->r[j].vc2, sizeof(clock2[t]));
		count[t] = s->r[j].idx;
	}
	for (e = 0; e < w->trace.nr && i < nsteps; e++) {
		const struct sim_event *ev = &w->trace.ev[e];

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		if (i >= p) {
			struct rev *ri = &s->r[i];

			sim_dep_of_event(w, ev, &ri->dep);
			s->key[i] = key_of(&ri->dep);
			ri->plain = plain_class(&ri->dep);
			t = ri->dep.tid;
			s->steps[t][s->nsteps[t]++] = i;
			/* the event the thread chosen there ran: its next */
			if (d->ev)
				d->ev[i][ri->dep.tid] = ri->dep;
			s->prev[i] = -1;
			if (s->key[i]) {
				int *last = tab_slot(s, s->key[i]);

				s->prev[i] = *last;
				*last = i;
			}
		}
		i++;
	}
	nsteps = i;

	/* the races of the steps before p stay, and are handled again */
	while (s->nraces && s->races[s->nraces - 1].k >= p)
		s->nraces--;
	for (e = 0; e < s->nraces; e++)
		if (s->races[e].settled > p)
			s->races[e].settled = 0;
	for (k = p; k < nsteps; k++)
		clock_step(d, s, k, clock, clock2, count, true);
	/*
	 * A race's sequence is every step after j that does not happen
	 * after it, those after k too: they are known only now
	 */
	s->end = nsteps;
	for (t = 0; t < SIM_MAX_THREADS; t++)
		s->from_p[t] = first_from(s, t, p);
	for (e = 0; e < s->nraces; e++) {
		if (s->races[e].settled)
			continue;
		if (!recheck_all && same_sequence(s, &s->races[e], p)) {
			d->same++;
			continue;
		}
		handle_race(d, s, &s->races[e]);
	}
	/*
	 * An execution an oracle (or the step limit) cut short never ran
	 * the other threads' next operations, and races with them are as
	 * real as any: reversing one may avoid the cut.  Each pending
	 * operation is looked at as a step after the last (Flanagan and
	 * Godefroid's next(p), POPL'05).  So is a spin-wait's await still
	 * waiting at the end (a livelock): a write that made it wait, after
	 * one that would have let it go, is a race like any other.
	 */
	for (t = 0; t < (unsigned int)w->nthreads; t++) {
		struct rev *rv = &s->r[nsteps];

		if (!w->threads[t].has_op ||
		    w->threads[t].run != SIM_T_READY)
			continue;
		if (w->stop != SIM_STOP_ORACLE &&
		    w->stop != SIM_STOP_LIMIT &&
		    w->threads[t].op.kind != SEAM_AWAIT)
			continue;
		sim_dep_of_pending(w, t, &rv->dep);
		s->key[nsteps] = key_of(&rv->dep);
		rv->plain = plain_class(&rv->dep);
		s->prev[nsteps] = s->key[nsteps] ?
				  *tab_slot(s, s->key[nsteps]) : -1;
		clock_step(d, s, nsteps, clock, clock2, count, false);
	}
	s->valid = nsteps;
}

/* Step 4: the deepest step with work left; false when the search is over. */
static bool backtrack(struct dpor *d)
{
	unsigned int i = d->created;

	/* a branch the execution ended before it could follow */
	if (d->handed >= 0) {
		wtree_free(&d->pool, d->handed);
		d->handed = -1;
	}
	while (i-- > d->floor) {
		struct dnode *n = &d->node[i];
		struct wnode *b = NULL;
		u16 todo = n->backtrack & ~n->done & ~n->sleep;

		if (d->sleep_only) {
			if (!todo)
				continue;
			n->tid = __builtin_ctz(todo);
		} else {
			/*
			 * the tree's next branch that can run here: its
			 * thread, then its tree (a branch inserted below
			 * another was not checked against this step)
			 */
			while (n->wut >= 0) {
				int c = n->wut;

				b = &d->pool.n[c];
				n->wut = b->next;
				if ((n->enabled & ~n->sleep & ~n->done) &
				    (1u << b->tid))
					break;
				d->dropped++;
				n->backtrack |= n->enabled & ~n->sleep;
				todo = n->backtrack & ~n->done & ~n->sleep;
				wtree_free(&d->pool, b->child);
				wnode_free(&d->pool, c);
				b = NULL;
			}
			if (b) {
				n->tid = b->tid;
				d->handed = b->child;
				wnode_free(&d->pool, b - d->pool.n);
			} else if (todo) {
				/* a node expanded in full (dpor_pick()) */
				n->tid = __builtin_ctz(todo);
			} else {
				continue;
			}
		}
		n->done |= 1u << n->tid;
		d->forced = i + 1;
		d->prefix = i;
		return true;
	}
	return false;
}

/**
 * sim_explore_dpor() - exhaustive search of @w, one execution per trace.
 * @w: a built world.
 * @o: budget, stop-at-first-bug, progress.
 * @r: the result; r->complete is true when every trace was explored.
 *
 * Return: 0.
 */
int sim_explore_dpor(struct sim_world *w, const struct sim_explore_opts *o,
		     struct sim_explore_result *r)
{
	struct dpor d = { 0 };
	struct scratch s = { 0 };
	double start = sim_now(), last_report = start;
	unsigned int i;

	d.node = calloc(SIM_MAX_CHOICES, sizeof(*d.node));
	d.ev = calloc(SIM_MAX_CHOICES, sizeof(*d.ev));
	if (!d.node || !d.ev) {
		perror("reaplab: dpor");
		exit(2);
	}
	d.pool.free = -1;
	d.handed = -1;
	for (d.floor = 0; d.floor < o->prefix_n && d.floor < SIM_MAX_CHOICES;
	     d.floor++)
		d.node[d.floor].tid = o->prefix[d.floor];
	d.forced = d.floor;
	d.sleep_only = o->mode == SIM_EXPLORE_SLEEP;
	w->trace_frames = false;
	w->trace_text = false;
	w->backtracks = true;
	for (;;) {
		d.blocked = false;
		d.created = 0;
		/* the steps before the backtrack point are the last run's */
		sim_ckpt_path_run(&d.ck, w, (struct sim_policy){ dpor_pick, &d },
				  d.prefix, r);
		r->executions++;
		r->steps += w->run_steps;
		if (d.blocked)
			r->sleep_blocked++;
		else
			r->completed++;
		if (w->stop == SIM_STOP_LIMIT)
			r->limit_hits++;
		if (w->stop == SIM_STOP_DIVERGED)
			r->diverged++;
		if (!d.blocked && w->race_blind)
			r->race_blind++;
		if (!d.blocked)
			r->fired |= w->verdict.fired;
		if (!d.blocked && o->visit)
			o->visit(w, o->visit_data);
		if (!d.blocked && (o->want ? w->verdict.fired & o->want :
				   w->verdict.fired)) {
			if (!r->buggy++)
				sim_explore_record(w, r, r->executions);
			if (o->stop_first)
				break;
			if (o->stop_unexpected && (r->fired & ~o->expect)) {
				r->unexpected = true;
				break;
			}
		}
		if (!d.sleep_only)
			analyse(&d, &s, w, d.prefix, d.created);
		if (!backtrack(&d)) {
			r->complete = true;
			break;
		}
		if ((o->budget && r->executions >= o->budget) ||
		    (o->seconds && sim_now() - start > o->seconds) ||
		    sim_interrupted) {
			r->budget_exhausted = true;
			r->interrupted = sim_interrupted;
			break;
		}
		if (o->progress && sim_now() - last_report > 1.0) {
			last_report = sim_now();
			fprintf(stderr,
				"explore: dpor, %lu executions (%lu sleep-blocked), %.0f s\n",
				r->executions, r->sleep_blocked,
				last_report - start);
		}
	}
	w->backtracks = false;
	sim_ckpt_path_free(&d.ck, w);
	r->races = d.races;
	r->races_same = d.same;
	r->wakeup_dropped = d.dropped;
	scratch_free(&s);
	if (d.handed >= 0)
		wtree_free(&d.pool, d.handed);
	for (i = 0; i < SIM_MAX_CHOICES && i < d.created; i++)
		wtree_free(&d.pool, d.node[i].wut);
	free(d.pool.n);
	free(d.node);
	free(d.ev);
	return 0;
}

/* --- the races of one execution, for reports ----------------------- */

/**
 * sim_races_of() - the races of @w's last coop execution.
 * @w: the world after a run.
 *
 * A race is a pair of steps of different threads that conflict and are
 * not ordered by happens-before through other steps: the pairs DPOR
 * would reverse.  Free the result with sim_races_free().
 *
 * Return: the listing.
 */
struct sim_races *sim_races_of(const struct sim_world *w)
{
	struct sim_races *l = calloc(1, sizeof(*l));
	struct dpor d = { 0 };
	unsigned int n;

	if (!l || !(l->s = calloc(1, sizeof(*l->s)))) {
		perror("reaplab: races");
		exit(2);
	}
	l->tid = malloc(SIM_MAX_CHOICES);
	if (!l->tid) {
		perror("reaplab: races");
		exit(2);
	}
	n = l->nsteps = sim_trace_choices(w, l->tid);
	d.list = l;
	analyse(&d, l->s, w, 0, n);
	return l;
}

/** sim_races_count() - how many races a listing has. */
unsigned int sim_races_count(const struct sim_races *l)
{
	return l->n;
}

/** sim_races_get() - race @i of a listing, in the order found. */
const struct sim_race *sim_races_get(const struct sim_races *l,
				     unsigned int i)
{
	return &l->race[i];
}

/**
 * sim_races_before() - does step @a happen before step @b?
 * @l: the listing.
 * @a: a step (0-based, in execution order).
 * @b: a later step.
 */
bool sim_races_before(const struct sim_races *l, unsigned int a,
		      unsigned int b)
{
	return a == b || hb(&l->s->r[a], &l->s->r[b], false);
}

/**
 * sim_race_reversal() - a schedule that runs a race the other way.
 * @l: the listing.
 * @race: one of its races, j before k.
 * @tid: filled with the thread of each step; room for every step.
 *
 * The steps before j as they were; then the steps between j and k that
 * do not happen after j, then k (step 3 of DOC: Optimal DPOR); then j and
 * everything else in its old order.  Replay it leniently: what follows k
 * may not be runnable as written.
 *
 * Return: the number of steps written.
 */
unsigned int sim_race_reversal(const struct sim_races *l,
			       const struct sim_race *race, u8 *tid)
{
	const struct rev *r = l->s->r;
	unsigned int n = 0, m;
	bool *moved = calloc(l->nsteps, sizeof(*moved));

	if (!moved) {
		perror("reaplab: races");
		exit(2);
	}
	for (m = 0; m < race->j; m++)
		tid[n++] = l->tid[m];
	for (m = race->j + 1; m <= race->k; m++)
		if (m == race->k || !hb(&r[race->j], &r[m], race->locks)) {
			tid[n++] = l->tid[m];
			moved[m] = true;
		}
	for (m = race->j; m < l->nsteps; m++)
		if (!moved[m])
			tid[n++] = l->tid[m];
	free(moved);
	return n;
}

/**
 * sim_races_clock() - step @step's vector clock: for each thread, how many
 * of its steps happen before it (or are it).
 * @l: the listing.
 * @step: a step (0-based).
 * @vc: room for SIM_MAX_THREADS counts.
 */
void sim_races_clock(const struct sim_races *l, unsigned int step, u16 *vc)
{
	memcpy(vc, l->s->r[step].vc, SIM_MAX_THREADS * sizeof(*vc));
}

/** sim_races_free() - free a listing. */
void sim_races_free(struct sim_races *l)
{
	if (!l)
		return;
	scratch_free(l->s);
	free(l->s);
	free(l->race);
	free(l->tid);
	free(l);
}
