// SPDX-License-Identifier: GPL-2.0-only
//! [minimize-doc]
/*
 * src/sim/explore/minimize.c - small counterexamples and the race that matters
 *
 * Simulator-only.
 *
 * DOC: Minimizing a counterexample
 *
 * A bug found by DPOR, PCT or the walk comes with whatever schedule the
 * search happened to be on: a dozen context switches where one or two
 * are needed.  A changelog draws the fewest.  The minimizer works on the
 * schedule as segments, one thread's consecutive steps each, and tries,
 * for every segment, to move it next to the thread's previous segment,
 * next to its next one, to drop it (the thread then runs those steps
 * later), to shrink it to its first half or by its last step (the rest
 * waits for the thread's next turn), or to move it past the segments
 * after it, one or more.  Before the moves, the schedule is re-sorted
 * within its own trace (its steps by happens-before, each thread kept on
 * as long as it can be): the same trace, with as few switches as it
 * allows.  A schedule that no longer fits (a thread asked to run while it
 * is blocked) is followed leniently: the next thread in the schedule that
 * can run, runs.  A candidate is kept when the same oracle still fires,
 * hitting the same thread, with fewer preemptions, or as many and fewer
 * steps, or as many of both in fewer segments (a shorter schedule
 * string); the moves are tried again until none helps, and then pairs of
 * moves, the first one no worse in preemptions, where no single move
 * helps (a segment moved past another, then trimmed, say) (delta
 * debugging, Zeller and Hildebrandt, TSE 2002; the moves of Jalbert and
 * Sen's schedule simplification, FSE 2010).
 *
 * That is a local minimum.  Then preemption bounding, bounded by one less
 * than what is left, settles it: if it finishes without the oracle firing,
 * and no execution was cut by the step limit, no schedule needs fewer
 * preemptions; if it finds one, that one is smaller, and is minimized in
 * turn.
 *
 * DOC: The race that matters
 *
 * Of the races in the final schedule (the pairs DPOR would reverse), the
 * one reported is the latest whose reversal makes the oracle go quiet:
 * the order the bug needs.  Races with the oracle's own look at the state
 * (the simulator-only observe step) are not the kernel's and are skipped,
 * and so, when there is another, is the faulting access's race with the
 * free: that one is the symptom.  Races on data (a flag, a counter, a
 * free) are asked about before races between two lock acquisitions, which
 * say only who got the lock first.
 *
 * DOC: What a trimmed diagram keeps
 *
 * The diagram of a counterexample draws only what the failure depends on
 * (sim_cex_slice()): the steps that happen before the faulting step or an
 * end of the race that matters, in program order or through a race, with
 * the calls they are in.  That alone would leave out what a reader needs
 * to see why the race could happen at all: the victim asleep in
 * exit_aio() while the reaper finds mm_users at 0 happens before nothing
 * of the race, yet it is why exit_mmap() had not freed anything.  So two
 * more kinds of steps are kept, each without its own causal past (one
 * line each, not a thread's whole history):
 *
 *  - every sleep (schedule_timeout() and its kin) of any thread before the
 *    last kept step: a sleep is where a thread let the others run;
 *  - the last step of each thread before the last kept step: where every
 *    thread stood when the failure happened.
 */
//! [minimize-doc]
#include <stdlib.h>
#include <string.h>
#include "explore.h"
#include "dep.h"

/* --- following a schedule leniently ------------------------------------- */

struct lenient {
	const u8 *tid;
	unsigned int n, first;
	bool *used;
};

/*
 * The first unused choice whose thread can run; when none is left, the
 * default policy.
 */
static int lenient_pick(struct sim_world *w, void *data)
{
	struct lenient *l = data;
	unsigned int i;

	while (l->first < l->n && l->used[l->first])
		l->first++;
	for (i = l->first; i < l->n; i++)
		if (!l->used[i] && sim_enabled(w, l->tid[i])) {
			l->used[i] = true;
			return l->tid[i];
		}
	return sim_default_pick(w);
}

/* Run @tid leniently; the scratch @used needs room for @n flags. */
static void run_lenient(struct sim_world *w, const u8 *tid, unsigned int n,
			bool *used)
{
	struct lenient l = { tid, n, 0, used };

	memset(used, 0, n * sizeof(*used));
	w->trace_frames = false;
	w->trace_text = false;
	sim_run_coop(w, (struct sim_policy){ lenient_pick, &l });
}

/* The oracle a counterexample is about: the first of those it fires. */
static int target_oracle(unsigned int fired, unsigned int want)
{
	unsigned int bits = want ? fired & want : fired;

	return bits ? __builtin_ctz(bits) : -1;
}

static bool same_bug(const struct sim_world *w, int oracle, int tid)
{
	if (!(w->verdict.fired & (1u << oracle)))
		return false;
	return tid < 0 || w->verdict.hit[oracle].tid == tid;
}

/* --- the moves ------------------------------------------------------------ */

struct seg {
	unsigned int start, len;
	u8 tid;
};

static unsigned int segments(const u8 *tid, unsigned int n, struct seg *s)
{
	unsigned int i, ns = 0;

	for (i = 0; i < n; i++) {
		if (ns && s[ns - 1].tid == tid[i]) {
			s[ns - 1].len++;
			continue;
		}
		s[ns++] = (struct seg){ i, 1, tid[i] };
	}
	return ns;
}

enum move {
	MOVE_EARLIER, MOVE_LATER, MOVE_DROP, MOVE_SHRINK, MOVE_TRIM,
	MOVE_SWAP, MOVE_NR
};

/*
 * Candidate schedule: segment @i moved by @how.  Return its length, or 0
 * when the move does not apply.
 */
static unsigned int apply_move(const u8 *tid, const struct seg *s,
			       unsigned int ns, unsigned int i, enum move how,
			       unsigned int d, u8 *out)
{
	unsigned int n = 0, k, at = ns, m;

	if (how == MOVE_EARLIER) {
		for (k = i; k-- > 0;)
			if (s[k].tid == s[i].tid) {
				at = k;
				break;
			}
	} else if (how == MOVE_LATER) {
		for (k = i + 1; k < ns; k++)
			if (s[k].tid == s[i].tid) {
				at = k;
				break;
			}
	}
	if (how == MOVE_SWAP) {
		/* the segment after the @d next ones */
		if (i + d >= ns)
			return 0;
		for (k = 0; k < ns; k++) {
			unsigned int from = k < i || k > i + d ? k :
					    k == i + d ? i : k + 1;

			for (m = 0; m < s[from].len; m++)
				out[n++] = tid[s[from].start + m];
		}
		return n;
	}
	if (how == MOVE_SHRINK || how == MOVE_TRIM) {
		/*
		 * the segment's second half (its last step) waits for the
		 * thread's next turn
		 */
		unsigned int keep = how == MOVE_SHRINK ? s[i].len / 2 :
				    s[i].len - 1;

		if (!keep)
			return 0;
		for (k = 0; k < ns; k++)
			if (k > i && s[k].tid == s[i].tid)
				break;
		at = k;
		for (k = 0; k < ns; k++) {
			if (k == at)
				for (m = keep; m < s[i].len; m++)
					out[n++] = s[i].tid;
			for (m = 0; m < (k == i ? keep : s[k].len); m++)
				out[n++] = tid[s[k].start + m];
		}
		if (at == ns)
			for (m = keep; m < s[i].len; m++)
				out[n++] = s[i].tid;
		return n;
	}
	if (how != MOVE_DROP && at == ns)
		return 0;
	for (k = 0; k < ns; k++) {
		if (k == i)
			continue;
		/* moved later: the segment goes before the thread's next */
		if (how == MOVE_LATER && k == at)
			for (m = 0; m < s[i].len; m++)
				out[n++] = s[i].tid;
		for (m = 0; m < s[k].len; m++)
			out[n++] = tid[s[k].start + m];
		if (how == MOVE_EARLIER && k == at)
			for (m = 0; m < s[i].len; m++)
				out[n++] = s[i].tid;
	}
	return n;
}

struct best {
	u8 *tid;
	unsigned int n;
	int preemptions;
	unsigned int steps;
	unsigned int switches;	/* segments: the schedule string's length */
};

static unsigned int switches(const u8 *tid, unsigned int n)
{
	unsigned int i, k = !!n;

	for (i = 1; i < n; i++)
		k += tid[i] != tid[i - 1];
	return k;
}

/* Fewer preemptions; then fewer steps; then a shorter schedule string. */
static bool better(int pre, unsigned int steps, const u8 *tid,
		   unsigned int n, const struct best *b)
{
	unsigned int sw = switches(tid, n);

	if (pre != b->preemptions)
		return pre < b->preemptions;
	if (steps != b->steps)
		return steps < b->steps;
	return sw < b->switches;
}

/* The run just made (@cand, @n choices) becomes @b if it is better. */
static bool keep_if_better(const struct sim_world *w, struct best *b,
			   const u8 *cand, unsigned int n)
{
	int pre = sim_cex_preemptions(w);

	if (!better(pre, w->run_steps, cand, n, b))
		return false;
	memcpy(b->tid, cand, n);
	b->n = n;
	b->preemptions = pre;
	b->steps = w->run_steps;
	b->switches = switches(cand, n);
	return true;
}

/*
 * The same trace, run with as few switches as it lets: its steps re-sorted
 * by happens-before, each thread kept on as long as its next step waits
 * for nothing not yet run, and when it must give way, the thread whose
 * next step came first.  An equivalent schedule reaches the same state,
 * so the same oracle fires; it is run to count its preemptions.  True if
 * it improved on @b.
 */
static bool hb_resort(struct sim_world *w, struct best *b, int oracle,
		      int tid, unsigned long *tries)
{
	static u8 was[SIM_MAX_CHOICES], cand[SIM_MAX_CHOICES];
	static bool used[SIM_MAX_CHOICES];
	static u16 vc[SIM_MAX_CHOICES][SIM_MAX_THREADS];
	unsigned int next[SIM_MAX_THREADS], ran[SIM_MAX_THREADS] = { 0 };
	struct sim_races *l;
	unsigned int i, n, taken;
	int cur, t;

	run_lenient(w, b->tid, b->n, used);
	l = sim_races_of(w);
	n = sim_trace_choices(w, was);
	for (i = 0; i < n; i++)
		sim_races_clock(l, i, vc[i]);
	sim_races_free(l);
	for (t = 0; t < SIM_MAX_THREADS; t++)
		next[t] = n;
	for (i = n; i-- > 0;)
		next[was[i]] = i;
	cur = n ? was[0] : -1;
	for (taken = 0; taken < n; taken++) {
		int pick = -1;

		for (t = 0; t < SIM_MAX_THREADS; t++) {
			unsigned int st = next[t], q;
			bool ready = st < n;

			for (q = 0; ready && q < SIM_MAX_THREADS; q++)
				if ((int)q != t && vc[st][q] > ran[q])
					ready = false;
			if (!ready)
				continue;
			if (t == cur) {
				pick = t;
				break;
			}
			if (pick < 0 || next[t] < next[pick])
				pick = t;
		}
		if (pick < 0)
			return false;	/* not a partial order: leave it */
		cand[taken] = pick;
		ran[pick]++;
		cur = pick;
		for (i = next[pick] + 1; i < n && was[i] != pick; i++)
			;
		next[pick] = i;
	}
	++*tries;
	run_lenient(w, cand, n, used);
	if (!same_bug(w, oracle, tid))
		return false;
	return keep_if_better(w, b, cand, sim_trace_choices(w, cand));
}

/*
 * Every move of every segment of @from (@n choices), in turn; each one
 * that still fires the bug is handed to @try, which says whether to stop.
 */
static bool each_move(struct sim_world *w, const u8 *from, unsigned int n,
		      int oracle, int tid, unsigned long *tries,
		      unsigned long max_tries,
		      bool (*try)(struct sim_world *w, const u8 *cand,
				  unsigned int n, void *data),
		      void *data)
{
	struct seg *s = malloc(SIM_MAX_CHOICES * sizeof(*s));
	u8 *cand = malloc(SIM_MAX_CHOICES);
	bool *used = malloc(SIM_MAX_CHOICES * sizeof(*used));
	unsigned int ns, i, d;
	bool stop = false;
	int how;

	if (!s || !cand || !used) {
		perror("reaplab: minimize");
		exit(2);
	}
	ns = segments(from, n, s);
	for (i = 0; i < ns && !stop; i++)
		for (how = 0, d = 1; how < MOVE_NR && !stop;
		     how == MOVE_SWAP && ++d < ns - i ? 0 : (how++, d = 1)) {
			unsigned int m = apply_move(from, s, ns, i, how, d,
						    cand);

			if (!m || *tries >= max_tries)
				continue;
			++*tries;
			run_lenient(w, cand, m, used);
			if (!same_bug(w, oracle, tid))
				continue;
			m = sim_trace_choices(w, cand);
			stop = try(w, cand, m, data);
		}
	free(s);
	free(cand);
	free(used);
	return stop;
}

struct shrinking {
	struct best *b;
	int oracle, tid;
	unsigned long *tries, max_tries;
};

/* A candidate better than the best: it becomes the best. */
static bool take_better(struct sim_world *w, const u8 *cand, unsigned int n,
			void *data)
{
	struct shrinking *sh = data;

	return keep_if_better(w, sh->b, cand, n);
}

/*
 * A candidate no better, but with no more preemptions than the best: one
 * more move from it may be better (a segment moved past another, then
 * trimmed, say, where neither alone helps).
 */
static bool take_second(struct sim_world *w, const u8 *cand, unsigned int n,
			void *data)
{
	struct shrinking *sh = data;
	u8 *mid;
	bool took;

	if (sim_cex_preemptions(w) > sh->b->preemptions)
		return false;
	mid = malloc(n);
	if (!mid) {
		perror("reaplab: minimize");
		exit(2);
	}
	memcpy(mid, cand, n);
	took = each_move(w, mid, n, sh->oracle, sh->tid, sh->tries,
			 sh->max_tries, take_better, sh);
	free(mid);
	return took;
}

/*
 * Delta debugging over the moves, from @b, then over pairs of moves when
 * no single one helps; true if anything improved.
 */
static bool shrink(struct sim_world *w, struct best *b, int oracle, int tid,
		   unsigned long *tries, unsigned long max_tries)
{
	struct shrinking sh = {
		.b = b, .oracle = oracle, .tid = tid, .tries = tries,
		.max_tries = max_tries,
	};
	bool any = false;
	u8 *from = malloc(SIM_MAX_CHOICES);

	if (!from) {
		perror("reaplab: minimize");
		exit(2);
	}
	for (;;) {
		memcpy(from, b->tid, b->n);
		if (each_move(w, from, b->n, oracle, tid, tries, max_tries,
			      take_better, &sh) ||
		    each_move(w, from, b->n, oracle, tid, tries, max_tries,
			      take_second, &sh)) {
			any = true;
			continue;
		}
		break;
	}
	free(from);
	return any;
}

/**
 * sim_cex_minimize() - shrink a counterexample (DOC: Minimizing a
 * counterexample).
 * @w: the world it was found in.
 * @cex: the counterexample; replaced by the smaller one.
 * @want: the oracles the search looked for (0: any).
 * @m: what was done.
 *
 * Return: 0, or -1 if @cex does not reproduce.
 */
int sim_cex_minimize(struct sim_world *w, struct sim_cex *cex,
		     unsigned int want, struct sim_minimized *m)
{
	static struct sim_cex found;
	unsigned long budget = m->icb_budget;
	struct best b;
	int oracle, tid;

	memset(m, 0, sizeof(*m));
	m->icb_budget = budget;
	sim_cex_replay(w, cex, false);
	oracle = target_oracle(w->verdict.fired, want);
	if (oracle < 0)
		return -1;
	tid = w->verdict.hit[oracle].tid;
	m->oracle = oracle;
	m->from_preemptions = sim_cex_preemptions(w);
	m->from_steps = w->run_steps;
	b.tid = cex->tid;
	b.n = sim_trace_choices(w, b.tid);
	b.preemptions = m->from_preemptions;
	b.steps = w->run_steps;
	b.switches = switches(b.tid, b.n);
	hb_resort(w, &b, oracle, tid, &m->tries);
	shrink(w, &b, oracle, tid, &m->tries, 20000);

	/* settle the preemptions: is there a schedule with fewer? */
	if (b.preemptions > 0) {
		struct sim_explore_opts o = {
			.mode = SIM_EXPLORE_ICB, .bound = b.preemptions - 1,
			.stop_first = true, .want = 1u << oracle,
			.budget = m->icb_budget ? m->icb_budget : 100000,
		};
		static struct sim_explore_result r;

		sim_explore(w, &o, &r);
		m->icb_executions = r.executions;
		m->icb_cut = r.limit_hits + r.diverged + r.race_blind;
		if (r.buggy) {
			found = r.first;
			sim_cex_replay(w, &found, false);
			b.tid = cex->tid;
			b.n = sim_trace_choices(w, b.tid);
			b.preemptions = sim_cex_preemptions(w);
			b.steps = w->run_steps;
			b.switches = switches(b.tid, b.n);
			tid = w->verdict.hit[oracle].tid;
			shrink(w, &b, oracle, tid, &m->tries, 40000);
			/* fewest, unless a lower bound's execution was cut */
			m->proven = !r.limit_hits && !r.diverged &&
				    !r.race_blind;
		} else {
			/* every schedule within the bound was run to its end */
			m->proven = !r.budget_exhausted && !r.limit_hits &&
				    !r.diverged && !r.race_blind;
		}
	} else {
		m->proven = true;
	}
	cex->n = b.n;
	cex->preemptions = b.preemptions;
	sim_cex_replay(w, cex, false);
	cex->fired = w->verdict.fired;
	m->preemptions = b.preemptions;
	m->steps = b.steps;
	return 0;
}

static int race_cmp(const void *a, const void *b)
{
	const struct sim_race *x = a, *y = b;

	if (x->k != y->k)
		return x->k < y->k ? 1 : -1;
	return x->j < y->j ? 1 : x->j > y->j ? -1 : 0;
}

/**
 * sim_cex_critical_race() - the race the bug needs (DOC: The race that
 * matters).
 * @w: the world.
 * @cex: a counterexample.
 * @oracle: the oracle it is about.
 * @skip: a step whose races are not asked about (the faulting access:
 *	its race with the free is the symptom, not the cause), or -1.
 * @race: set to the race, steps numbered from 0.
 * @tried: set to the number of races run the other way.
 *
 * Return: 0 if found, -1 if no single race's reversal removes the bug.
 */
int sim_cex_critical_race(struct sim_world *w, const struct sim_cex *cex,
			  int oracle, int skip, struct sim_race *race,
			  unsigned int *tried)
{
	static u8 rev[SIM_MAX_CHOICES];
	static bool used[SIM_MAX_CHOICES];
	static bool observe[SIM_MAX_CHOICES];
	struct sim_race *all;
	struct sim_races *l;
	unsigned int i, n, step = 0;
	int found = -1;
	size_t e;

	*tried = 0;
	sim_cex_replay(w, cex, false);
	for (e = 0; e < w->trace.nr && step < SIM_MAX_CHOICES; e++)
		if (w->trace.ev[e].type == SIM_EV_OP && !w->trace.ev[e].probe)
			observe[step++] = w->trace.ev[e].kind == SEAM_OBSERVE;
	l = sim_races_of(w);
	n = sim_races_count(l);
	all = malloc((n + 1) * sizeof(*all));
	if (!all) {
		perror("reaplab: races");
		exit(2);
	}
	for (i = 0; i < n; i++)
		all[i] = *sim_races_get(l, i);
	qsort(all, n, sizeof(*all), race_cmp);
	/* races on data first: which thread got a lock first says less */
	for (i = 0; i < 2 * n && found < 0; i++) {
		const struct sim_race *r = &all[i % n];
		unsigned int len;

		if (r->locks != (i >= n))
			continue;
		if (observe[r->j] || observe[r->k] ||
		    (int)r->j == skip || (int)r->k == skip)
			continue;
		len = sim_race_reversal(l, r, rev);
		++*tried;
		run_lenient(w, rev, len, used);
		if (w->verdict.fired & (1u << oracle))
			continue;
		*race = *r;
		found = 0;
	}
	free(all);
	sim_races_free(l);
	sim_cex_replay(w, cex, false);
	return found;
}

/**
 * sim_cex_slice() - hide what the failure does not depend on (DOC: What a
 * trimmed diagram keeps).
 * @w: the world after replaying a counterexample (with frames, to draw).
 * @keep: steps (0-based) whose causal past is kept.
 * @nkeep: how many.
 *
 * Operations that happen before none of @keep, are no sleep before the
 * last of @keep, and are not a thread's last operation before it, are
 * marked hidden; the renderers leave them out.
 *
 * Return: the number of operations hidden.
 */
unsigned int sim_cex_slice(struct sim_world *w, const unsigned int *keep,
			   unsigned int nkeep)
{
	struct sim_races *l = sim_races_of(w);
	unsigned int n = 0, hidden = 0, i, last = 0;
	unsigned int last_of[SIM_MAX_THREADS];
	bool has_last[SIM_MAX_THREADS] = { false };
	size_t e;

	for (i = 0; i < nkeep; i++)
		if (keep[i] > last)
			last = keep[i];
	/* each thread's last step at or before the last kept one */
	for (e = 0; e < w->trace.nr && n <= last; e++) {
		const struct sim_event *ev = &w->trace.ev[e];

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		if (ev->tid < SIM_MAX_THREADS) {
			last_of[ev->tid] = n;
			has_last[ev->tid] = true;
		}
		n++;
	}
	n = 0;
	for (e = 0; e < w->trace.nr; e++) {
		struct sim_event *ev = &w->trace.ev[e];
		bool needed;

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		needed = n <= last &&
			 (sim_op_is_yield(ev->kind) ||
			  (ev->tid < SIM_MAX_THREADS && has_last[ev->tid] &&
			   last_of[ev->tid] == n));
		for (i = 0; i < nkeep && !needed; i++)
			needed = n <= keep[i] && sim_races_before(l, n, keep[i]);
		if (!needed) {
			ev->hidden = 1;
			hidden++;
		}
		n++;
	}
	sim_races_free(l);
	return hidden;
}
