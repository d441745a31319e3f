// SPDX-License-Identifier: GPL-2.0-only
//! [dpor-doc]
/*
 * src/sim/explore/dpor.c - source-DPOR with sleep sets
 *
 * Simulator-only.
 *
 * DOC: Source-DPOR
 *
 * Two executions that differ only in the order of independent steps (DOC:
 * The dependency relation) are the same Mazurkiewicz trace: they reach
 * the same state and fire the same oracles.  Exploring one execution per
 * trace is enough to prove a scenario clean.  Source-DPOR (Abdulla,
 * Aronis, Jonsson and Sagonas, POPL'14) finds them without enumerating
 * the rest:
 *
 *  1. Run an execution: at each new step take the default policy's
 *     choice, or the first thread that is not asleep.
 *  2. After it, find its races: pairs of steps j < k of different threads
 *     that race (not merely enable) and are not ordered by happens-before
 *     through other steps.  Vector clocks make this cheap.
 *  3. For each race, the steps after j that do not happen after j,
 *     followed by k, are a way to run k before j.  If no thread that can
 *     start that sequence is already scheduled (or asleep) at j, schedule
 *     one: that is the source set.
 *  4. Backtrack to the deepest step with a scheduled thread not yet
 *     explored, and repeat from 1.
 *
 * Sleep sets stop the redundant half: once thread q has been explored at
 * a step, q sleeps in the sibling branches until a step dependent with
 * q's next one runs.  An execution in which every thread able to run is
 * asleep is "sleep-blocked": redundant, and abandoned.  Every complete
 * execution is then a different trace (tests/check_explore.c counts them
 * against brute force), and no preemption bound prunes anything: bounding
 * DPOR naively is unsound (Coons et al., OOPSLA'13).
 */
//! [dpor-doc]
#include <stdlib.h>
#include <string.h>
#include "explore.h"
#include "dep.h"

struct dnode {
	u8 tid;
	u16 enabled;
	u16 backtrack;
	u16 done;
	u16 sleep;
};

struct dpor {
	struct dnode *node;
	unsigned int forced;	/* nodes replayed as they are */
	unsigned int created;	/* nodes of the current execution */
	bool blocked;
	unsigned long races;
	unsigned long not_enabled;	/* initials blocked at the race's start */
	unsigned int prefix;	/* steps shared with the last execution */
	unsigned int floor;	/* choices fixed by the caller */
	bool sleep_only;	/* SIM_EXPLORE_SLEEP: no race analysis */
	struct sim_races *list;	/* listing races, not exploring */
};

/* A listing of one execution's races (sim_races_of()). */
struct sim_races {
	struct sim_race *race;
	unsigned int n, cap;
	struct scratch *s;
	u8 *tid;
	unsigned int nsteps;
};

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
			if (sim_dep(&e, &q, NULL) == DEP_NONE)
				sleep |= 1u << s;
		}
	}
	n = &d->node[i];
	n->enabled = sim_enabled_mask(w);
	n->sleep = sleep;
	if (!n->enabled)
		return -1;
	cand = n->enabled & ~sleep;
	if (!cand) {
		d->blocked = true;
		w->stop = SIM_STOP_POLICY;
		return -1;
	}
	t = sim_default_pick(w);
	if (t < 0 || !(cand & (1u << t)))
		t = __builtin_ctz(cand);
	n->tid = t;
	n->backtrack = n->done = 1u << t;
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
	uintptr_t key;		/* the exact object, 0 for sleep states */
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
 * A race j < k: schedule, at step j, a thread that can start running k's
 * way before j (step 3 of DOC: Source-DPOR).  @kvc is k's clock as far as
 * it is known: it covers every step after j, which is all that is asked.
 */
static void handle_race(struct dpor *d, const struct rev *r, unsigned int j,
			unsigned int k, const u16 *kvc, bool locks)
{
	unsigned int first[SIM_MAX_THREADS], m;
	u16 seen = 0, initials = 0;
	struct dnode *n = &d->node[j];
	int q, s;

	d->races++;
	for (m = j + 1; m <= k; m++) {
		int t = r[m].dep.tid;

		if (m != k && hb(&r[j], &r[m], locks))
			continue;
		if (seen & (1u << t))
			continue;
		seen |= 1u << t;
		first[t] = m;
	}
	for (q = 0; q < SIM_MAX_THREADS; q++) {
		bool initial = true;

		if (!(seen & (1u << q)))
			continue;
		for (s = 0; s < SIM_MAX_THREADS && initial; s++) {
			const struct rev *y = &r[first[s]];

			if (s == q || !(seen & (1u << s)) || first[s] >= first[q])
				continue;
			if (first[q] == k ? kvc[y->dep.tid] >= y->idx :
					    hb(y, &r[first[q]], locks))
				initial = false;
		}
		if (initial)
			initials |= 1u << q;
	}
	if (initials & ~n->enabled)
		d->not_enabled++;
	initials &= n->enabled;
	if (!initials || (initials & (n->backtrack | n->sleep)))
		return;
	q = r[k].dep.tid;
	n->backtrack |= (initials & (1u << q)) ? 1u << q :
			1u << __builtin_ctz(initials);
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

/*
 * The analysis of one execution.  Executions share their prefix with the
 * one before (everything up to the step backtracking changed), and the
 * prefix's steps, clocks and races are the same as last time: only the
 * new steps are analysed.  Steps on one object are chained newest first.
 */
struct scratch {
	struct rev *r;
	int *prev;		/* the step before on the same object, or -1 */
	unsigned int *cand;
	u64 *seen;		/* candidates() merging: a bit per step, kept 0 */
	unsigned int *wakes, *frees, *rss, *observes, *awaits;
	unsigned int *states[SIM_MAX_THREADS];
	unsigned int nw, nf, nr, no, na, nstates[SIM_MAX_THREADS];
	size_t cap;
	struct { uintptr_t key; int last; } *tab;	/* object -> newest step */
	size_t tab_size;
	unsigned int valid;	/* steps of r[] analysed so far */
};

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
	s->cand = grow(s->cand, 2 * s->cap * sizeof(*s->cand));
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
}

static void scratch_free(struct scratch *s)
{
	int t;

	free(s->r);
	free(s->prev);
	free(s->cand);
	free(s->seen);
	free(s->wakes);
	free(s->frees);
	free(s->rss);
	free(s->observes);
	free(s->awaits);
	for (t = 0; t < SIM_MAX_THREADS; t++)
		free(s->states[t]);
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
			if (s->r[i].key)
				*tab_slot(s, s->r[i].key) = i;
	} else {
		for (i = s->valid; i-- > p;)
			if (s->r[i].key)
				*tab_slot(s, s->r[i].key) = s->prev[i];
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
	for (t = 0; t < SIM_MAX_THREADS; t++)
		while (s->nstates[t] && s->states[t][s->nstates[t] - 1] >= p)
			s->nstates[t]--;
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
	int j, t;

	if (rk->dep.cls == DC_FREE) {
		/* every step on an address inside the freed object */
		for (j = k - 1; j >= 0; j--)
			if (s->r[j].key >= rk->dep.addr &&
			    s->r[j].key < rk->dep.addr + rk->dep.len)
				s->cand[nc++] = j;
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
	} else if (rk->key) {
		for (j = s->prev[k]; j >= 0; j = s->prev[j]) {
			s->cand[nc++] = j;
			if (covers(&s->r[j], rk) &&
			    sim_dep(&s->r[j].dep, &rk->dep, NULL) != DEP_NONE)
				break;
		}
		sources++;
		for (c = s->nf; c-- > 0;)
			s->cand[nc++] = s->frees[c];
		sources += !!s->nf;
	}
	if (rk->dep.cls == DC_OBSERVE) {
		for (c = s->nr; c-- > 0;)
			s->cand[nc++] = s->rss[c];
		sources++;
	}
	/* what may change a word may end a spin-wait on it */
	if ((rk->key || rk->dep.cls == DC_FREE) && s->na) {
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
 * and 3 of DOC: Source-DPOR).  @commit: k is a real step, to be recorded
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
			else
				handle_race(d, s->r, j, k, kvc, locks);
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
 * Steps 2 and 3 of DOC: Source-DPOR, for the steps of the execution from
 * @p on (the ones before are unchanged since the last analysis).
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
			ri->key = key_of(&ri->dep);
			s->prev[i] = -1;
			if (ri->key) {
				int *last = tab_slot(s, ri->key);

				s->prev[i] = *last;
				*last = i;
			}
		}
		i++;
	}
	nsteps = i;

	for (k = p; k < nsteps; k++)
		clock_step(d, s, k, clock, clock2, count, true);
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
		rv->key = key_of(&rv->dep);
		s->prev[nsteps] = rv->key ? *tab_slot(s, rv->key) : -1;
		clock_step(d, s, nsteps, clock, clock2, count, false);
	}
	s->valid = nsteps;
}

/* Step 4: the deepest step with work left; false when the search is over. */
static bool backtrack(struct dpor *d)
{
	unsigned int i = d->created;

	while (i-- > d->floor) {
		struct dnode *n = &d->node[i];
		u16 todo = n->backtrack & ~n->done & ~n->sleep;

		if (!todo)
			continue;
		n->tid = __builtin_ctz(todo);
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

	d.node = calloc(SIM_MAX_CHOICES, sizeof(*d.node));
	if (!d.node) {
		perror("reaplab: dpor");
		exit(2);
	}
	for (d.floor = 0; d.floor < o->prefix_n && d.floor < SIM_MAX_CHOICES;
	     d.floor++)
		d.node[d.floor].tid = o->prefix[d.floor];
	d.forced = d.floor;
	d.sleep_only = o->mode == SIM_EXPLORE_SLEEP;
	w->trace_frames = false;
	w->trace_text = false;
	for (;;) {
		d.blocked = false;
		d.created = 0;
		sim_run_coop(w, (struct sim_policy){ dpor_pick, &d });
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
	r->races = d.races;
	scratch_free(&s);
	free(d.node);
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
 * do not happen after j, then k (step 3 of DOC: Source-DPOR); then j and
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
