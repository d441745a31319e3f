// SPDX-License-Identifier: GPL-2.0-only
//! [explore-doc]
/*
 * src/sim/explore/explore.c - the explorer: preemption bounding, PCT, random walk
 *
 * Simulator-only.  Exhaustive search with partial-order reduction is in
 * dpor.c; this file has the other three modes and what they share.
 *
 * DOC: Iterative preemption bounding
 *
 * Every execution is fixed by the thread chosen at each step.  Choosing
 * another thread where the running one could go on is a preemption;
 * choosing among threads where it blocked, slept or finished is free.
 * Bound c explores, depth first and default-policy child first, every
 * execution with at most c preemptions; bounds 0, 1, 2, ... are taken in
 * turn, so the first bug found has the fewest preemptions any bug has,
 * unless the step limit cut an execution of a lower bound (CHESS,
 * Musuvathi and Qadeer, PLDI'07).  Each bound starts over from
 * the root: the executions of lower bounds are run again (a few percent
 * of the work, since each preemption multiplies the count) and keep the
 * memory to one path of the tree.
 *
 * DOC: Randomised search
 *
 * For worlds too large to exhaust.  PCT (Burckhardt et al., ASPLOS'10)
 * gives the threads random priorities, always runs the highest enabled
 * one, and at d-1 random steps lowers the running thread: the paper
 * gives its i-th change point priority i, below every starting one, and
 * proves that a bug that needs d ordering constraints is then found with
 * probability at least 1/(n k^(d-1)) per run, k bounding every run's
 * steps.  Here each lowered thread goes below all the others, as in
 * Coyote and shuttle, and k is a default run's length: the bound is the
 * paper's, not proven for this variant.  The sticky walk stays on
 * the running thread with probability 0.9 and otherwise picks any enabled
 * thread: bugs that need one thread starved for a long stretch are found
 * quickly, where uniform choices almost never starve anyone.  Each run's
 * random seed is derived from the one given, and printed with any bug.
 */
//! [explore-doc]
//! [unknown-doc]
/*
 * DOC: No verdict without completion
 *
 * "Never" is a proof, so it is said only of a search that ran every
 * execution it set out to run to its end.  An execution the step limit
 * cut (a loop the explorer cannot see the end of), or one whose recorded
 * choices could not be followed, is not explored: nothing is known of
 * what came after the cut.  Nor is a run in which the data-race oracle
 * stopped looking (out of room: DOC: The data-race oracle): it shows no
 * race, and proves none absent.  A search the budget, the time limit or
 * Ctrl-C stopped did not run them all, and a random search (PCT, walk)
 * never does.  Each of these ends in "Unknown", with how many executions
 * were cut, unless an oracle fired: a counterexample found is one,
 * whatever else was cut.  Preemption bounding that stops at its bound
 * ran everything within it: "Never" within the bound, and said so.
 */
//! [unknown-doc]
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "explore.h"
#include "../engine/schedule.h"

static const char *const mode_names[] = {
	[SIM_EXPLORE_ICB] = "icb",
	[SIM_EXPLORE_DPOR] = "dpor",
	[SIM_EXPLORE_PCT] = "pct",
	[SIM_EXPLORE_WALK] = "walk",
	[SIM_EXPLORE_SLEEP] = "sleep",
};

const char *sim_explore_mode_name(enum sim_explore_mode mode)
{
	return mode_names[mode];
}

int sim_explore_mode_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(mode_names) / sizeof(mode_names[0]); i++)
		if (!strcmp(name, mode_names[i]))
			return i;
	return -1;
}

double sim_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* xorshift64*: small, fast, and the same on every machine. */
u64 sim_rand(u64 *state)
{
	u64 x = *state ? *state : 0x9e3779b97f4a7c15ull;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dull;
}

/**
 * sim_random_pick() - a uniformly random enabled thread at every step.
 * @w: the world.
 * @data: a u64 random state.
 *
 * Return: a thread, or -1 when none can run.
 */
int sim_random_pick(struct sim_world *w, void *data)
{
	unsigned int mask = sim_enabled_mask(w);
	int n = __builtin_popcount(mask), k;

	if (!n)
		return -1;
	k = sim_rand(data) % n;
	while (k--)
		mask &= mask - 1;
	return __builtin_ctz(mask);
}

/**
 * sim_trace_choices() - the thread chosen at each step of @w's last
 * execution.
 * @w: the world after a run.
 * @tid: room for SIM_MAX_CHOICES threads.
 *
 * Return: the number of steps.
 */
unsigned int sim_trace_choices(const struct sim_world *w, u8 *tid)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < w->trace.nr && n < SIM_MAX_CHOICES; i++)
		if (w->trace.ev[i].type == SIM_EV_OP && !w->trace.ev[i].probe)
			tid[n++] = w->trace.ev[i].tid;
	return n;
}

/**
 * sim_cex_preemptions() - preemptions in @w's last execution.
 * @w: the world.
 */
int sim_cex_preemptions(const struct sim_world *w)
{
	char buf[16];

	return sim_schedule_from_trace(w, true, buf, 0);
}

/**
 * sim_explore_record() - keep @w's last execution as the counterexample.
 * @w: the world.
 * @r: the result to fill.
 * @execution: which execution it was.
 */
void sim_explore_record(const struct sim_world *w,
			struct sim_explore_result *r, unsigned long execution)
{
	r->first.n = sim_trace_choices(w, r->first.tid);
	r->first.preemptions = sim_cex_preemptions(w);
	r->first.fired = w->verdict.fired;
	r->first.execution = execution;
}

/* The prefix policy: follow the recorded choices, then the default. */
struct prefix_policy {
	const u8 *tid;
	unsigned int n;
};

static int prefix_pick(struct sim_world *w, void *data)
{
	struct prefix_policy *p = data;

	if (w->step < p->n) {
		int t = p->tid[w->step];

		if (!sim_enabled(w, t)) {
			w->stop = SIM_STOP_DIVERGED;
			snprintf(w->stop_msg, sizeof(w->stop_msg),
				 "step %u: %c not runnable: the model is not deterministic",
				 w->step + 1, w->threads[t].letter);
			return -1;
		}
		return t;
	}
	return sim_default_pick(w);
}

/**
 * sim_cex_replay() - run a counterexample again.
 * @w: the world it was found in.
 * @cex: the choices.
 * @frames: record call stacks and messages, for drawing.
 *
 * Return: 1 if an oracle fired.
 */
int sim_cex_replay(struct sim_world *w, const struct sim_cex *cex, bool frames)
{
	struct prefix_policy p = { cex->tid, cex->n };

	w->trace_frames = frames;
	w->trace_text = frames;
	return sim_run_coop(w, (struct sim_policy){ prefix_pick, &p });
}

static bool wanted(const struct sim_explore_opts *o, unsigned int fired)
{
	return o->want ? (fired & o->want) : fired;
}

static bool over_budget(const struct sim_explore_opts *o,
			struct sim_explore_result *r, double start)
{
	if ((o->budget && r->executions >= o->budget) ||
	    (o->seconds && sim_now() - start > o->seconds) ||
	    sim_interrupted) {
		r->budget_exhausted = true;
		r->interrupted = sim_interrupted;
		return true;
	}
	return false;
}

static void progress(const struct sim_explore_opts *o,
		     const struct sim_explore_result *r, double start,
		     double *last, const char *what)
{
	if (!o->progress || sim_now() - *last < 1.0)
		return;
	*last = sim_now();
	fprintf(stderr, "explore: %s, %lu executions, %.0f s\n", what,
		r->executions, *last - start);
}

/* Account for one finished execution; true when the search should stop. */
static bool account(struct sim_world *w, const struct sim_explore_opts *o,
		    struct sim_explore_result *r)
{
	r->executions++;
	r->completed++;
	r->steps += w->run_steps;
	if (w->stop == SIM_STOP_LIMIT)
		r->limit_hits++;
	if (w->stop == SIM_STOP_DIVERGED)
		r->diverged++;
	if (w->race_blind)
		r->race_blind++;
	r->fired |= w->verdict.fired;
	if (o->visit)
		o->visit(w, o->visit_data);
	if (!wanted(o, w->verdict.fired))
		return false;
	if (!r->buggy++)
		sim_explore_record(w, r, r->executions);
	if (o->stop_unexpected && (r->fired & ~o->expect))
		r->unexpected = true;
	return o->stop_first || r->unexpected;
}

/*
 * DOC: Checkpoints along the path
 *
 * The searches that backtrack, DPOR and preemption bounding, run each
 * execution after the first along the last one's steps up to its
 * backtrack point, and only then differently; the backtrack points are
 * mostly deep (in v6.1/proc-reader, 85% of the steps DPOR ran were such
 * repeats).  So the execution is kept (DOC: An execution goes on from a
 * checkpoint, engine/ckpt.c) every SIM_CKPT_EVERY steps along the path,
 * and the next one goes on from the deepest checkpoint at or before its
 * backtrack point instead of from the start: it repeats fewer than
 * SIM_CKPT_EVERY steps.  A checkpoint stays good while the path holds
 * its steps: backtracking before it drops it, and the execution that
 * goes on from there keeps new ones as it passes.  An execution that
 * cannot go on from one (the world says its oracles need the steps to
 * run) runs from the start and still keeps new ones.  The steps a
 * checkpoint spares count as the execution's (the result's @steps);
 * @ckpt_steps says how many did not run.
 */

/* The steps between two checkpoints; 0: none (the tests set it). */
static unsigned int ckpt_every = SIM_CKPT_EVERY;
/*
 * The checkpoints one path keeps at most, some tens of kilobytes each: a
 * path deeper than that (a spin-wait counting to the step limit) goes on
 * from the last one it could keep.
 */
#define CKPT_MAX	512

/**
 * sim_explore_ckpt() - keep a checkpoint every @every steps (DOC:
 * Checkpoints along the path), or none, every execution run from the
 * start: the tests compare the two, and try short distances.
 * @every: the distance; 0 for none, SIM_CKPT_EVERY by default.
 */
void sim_explore_ckpt(unsigned int every)
{
	ckpt_every = every;
}

/* A checkpoint is due (sim_world.ckpt_take): where, and when the next is. */
static struct sim_ckpt *ckpt_take(struct sim_world *w, void *data)
{
	struct sim_ckpt_path *p = data;

	w->ckpt_at = w->step + ckpt_every;
	if (p->n == CKPT_MAX)
		return NULL;
	if (p->n == p->cap) {
		unsigned int cap = p->cap ? 2 * p->cap : 16;
		struct sim_ckpt *ck = realloc(p->ck, cap * sizeof(*ck));

		if (!ck)
			return NULL;
		memset(ck + p->cap, 0, (cap - p->cap) * sizeof(*ck));
		p->ck = ck;
		p->cap = cap;
	}
	return &p->ck[p->n++];
}

/*
 * The checkpoint of @p the next execution of @w goes on from: the deepest
 * at or before step @prefix, the last of the steps it repeats (NULL: from
 * the start); the ones past it are dropped.  Arms @w to keep new ones as
 * the execution passes.
 */
static const struct sim_ckpt *ckpt_resume(struct sim_ckpt_path *p,
					  struct sim_world *w,
					  unsigned int prefix)
{
	const struct sim_ckpt *c;

	while (p->n && p->ck[p->n - 1].step > prefix)
		p->n--;
	if (!ckpt_every || !sim_ckpt_supported(w)) {
		w->ckpt_at = 0;
		return NULL;
	}
	c = p->n ? &p->ck[p->n - 1] : NULL;
	w->ckpt_take = ckpt_take;
	w->ckpt_data = p;
	w->ckpt_at = (c ? c->step : 0) + ckpt_every;
	return c && sim_ckpt_usable(w) ? c : NULL;
}

/**
 * sim_ckpt_path_run() - the next execution of a search that backtracks:
 * its first @prefix steps repeat the last one's (sim_world.same_prefix),
 * and it goes on from the deepest checkpoint of @p among them, keeping
 * new ones as it passes (DOC: Checkpoints along the path).
 * @p: the path's checkpoints.
 * @w: the world.
 * @policy: who runs at each step.
 * @prefix: the steps the execution repeats.
 * @r: the search's result: its @ckpt_steps counts the steps spared.
 */
void sim_ckpt_path_run(struct sim_ckpt_path *p, struct sim_world *w,
		       struct sim_policy policy, unsigned int prefix,
		       struct sim_explore_result *r)
{
	const struct sim_ckpt *c;

	w->same_prefix = prefix;
	c = ckpt_resume(p, w, prefix);
	if (c)
		r->ckpt_steps += c->step;
	sim_run_coop_from(w, policy, c);
	w->same_prefix = 0;
}

/**
 * sim_ckpt_path_free() - the search is over: free @p's checkpoints, and
 * @w keeps none.
 * @p: the path's checkpoints.
 * @w: the world.
 */
void sim_ckpt_path_free(struct sim_ckpt_path *p, struct sim_world *w)
{
	unsigned int i;

	w->ckpt_at = 0;
	w->ckpt_take = NULL;
	w->ckpt_data = NULL;
	for (i = 0; i < p->cap; i++)
		sim_ckpt_free(&p->ck[i]);
	free(p->ck);
	memset(p, 0, sizeof(*p));
}

/* --- iterative preemption bounding --------------------------------------- */

struct inode {
	u8 tid;			/* chosen */
	u8 def;			/* what the default policy chose */
	u16 enabled;
	u16 tried;
	u8 free;		/* a switch here costs no preemption */
	u8 cost;		/* preemptions before this step */
};

struct icb {
	struct inode *node;
	unsigned int forced, created;
	int bound;
	bool exceeded;		/* a child was cut by the bound */
};

static int icb_pick(struct sim_world *w, void *data)
{
	struct icb *b = data;
	unsigned int i = w->step;
	struct inode *n;
	int t;

	if (i >= SIM_MAX_CHOICES) {
		w->stop = SIM_STOP_LIMIT;
		return -1;
	}
	n = &b->node[i];
	if (i < b->forced) {
		b->created = i + 1;
		return n->tid;
	}
	t = sim_default_pick(w);
	if (t < 0)
		return -1;
	n->enabled = sim_enabled_mask(w);
	n->tid = n->def = t;
	n->tried = 1u << t;
	n->free = w->last_tid < 0 || w->last_yield ||
		  !(n->enabled & (1u << w->last_tid));
	n->cost = i ? b->node[i - 1].cost +
		      (b->node[i - 1].tid != b->node[i - 1].def &&
		       !b->node[i - 1].free) : 0;
	b->created = i + 1;
	return t;
}

/* The deepest step with a child within the bound; false when done. */
static bool icb_backtrack(struct icb *b)
{
	unsigned int i = b->created;

	while (i--) {
		struct inode *n = &b->node[i];
		u16 todo = n->enabled & ~n->tried;
		int cost = n->cost + !n->free;

		if (!todo)
			continue;
		if (cost > b->bound) {
			b->exceeded = true;
			continue;
		}
		n->tid = __builtin_ctz(todo);
		n->tried |= 1u << n->tid;
		b->forced = i + 1;
		return true;
	}
	return false;
}

static int explore_icb(struct sim_world *w, const struct sim_explore_opts *o,
		       struct sim_explore_result *r)
{
	double start = sim_now(), last = start;
	struct icb b = { 0 };
	struct sim_ckpt_path ck = { 0 };

	b.node = calloc(SIM_MAX_CHOICES, sizeof(*b.node));
	if (!b.node) {
		perror("reaplab: explore");
		exit(2);
	}
	w->trace_frames = false;
	w->trace_text = false;
	w->backtracks = true;
	for (b.bound = 0; b.bound <= o->bound; b.bound++) {
		r->reached_bound = b.bound;
		b.forced = 0;
		b.exceeded = false;
		do {
			b.created = 0;
			/* the steps before the backtrack point are the last run's */
			sim_ckpt_path_run(&ck, w,
					  (struct sim_policy){ icb_pick, &b },
					  b.forced ? b.forced - 1 : 0, r);
			if (account(w, o, r) || over_budget(o, r, start))
				goto out;
			progress(o, r, start, &last, "icb");
		} while (icb_backtrack(&b));
		if (!b.exceeded) {
			r->complete = true;
			break;
		}
	}
	r->bound_exceeded = !r->complete;
out:
	w->backtracks = false;
	sim_ckpt_path_free(&ck, w);
	free(b.node);
	return 0;
}

/* --- PCT and the sticky walk -------------------------------------------- */

struct pct {
	u64 rng;
	int prio[SIM_MAX_THREADS];	/* higher runs first */
	unsigned int change[8];		/* steps where the runner is lowered */
	int nchange, low;
};

static int pct_pick(struct sim_world *w, void *data)
{
	struct pct *p = data;
	unsigned int mask = sim_enabled_mask(w);
	int i, best = -1;

	if (!mask)
		return -1;
	for (i = 0; i < p->nchange; i++)
		if (p->change[i] == w->step && w->last_tid >= 0)
			p->prio[w->last_tid] = p->low--;
	for (i = 0; i < w->nthreads; i++)
		if ((mask & (1u << i)) && (best < 0 || p->prio[i] > p->prio[best]))
			best = i;
	return best;
}

static int walk_pick(struct sim_world *w, void *data)
{
	u64 *rng = data;

	if (w->last_tid >= 0 && !w->last_yield && sim_enabled(w, w->last_tid) &&
	    sim_rand(rng) % 10)
		return w->last_tid;
	return sim_random_pick(w, rng);
}

static int explore_random(struct sim_world *w,
			  const struct sim_explore_opts *o,
			  struct sim_explore_result *r)
{
	double start = sim_now(), last = start;
	unsigned long budget = o->budget ? o->budget :
			       o->seconds ? 0 : 100000;
	unsigned int k = 0;
	int depth = o->bound > 0 ? o->bound : 3;

	w->trace_frames = false;
	w->trace_text = false;
	if (o->mode == SIM_EXPLORE_PCT) {
		/* k: the length of a default run */
		sim_run_coop(w, (struct sim_policy){ prefix_pick,
			     &(struct prefix_policy){ NULL, 0 } });
		k = w->run_steps ? w->run_steps : 1;
	}
	for (;;) {
		u64 seed = o->seed + r->executions;
		struct pct p = { .rng = seed };
		int i;

		if (o->mode == SIM_EXPLORE_PCT) {
			for (i = 0; i < w->nthreads; i++)
				p.prio[i] = depth + 1 + (int)(sim_rand(&p.rng) % 1000);
			p.nchange = depth - 1 < 8 ? depth - 1 : 8;
			for (i = 0; i < p.nchange; i++)
				p.change[i] = 1 + sim_rand(&p.rng) % k;
			p.low = depth;
			sim_run_coop(w, (struct sim_policy){ pct_pick, &p });
		} else {
			sim_run_coop(w, (struct sim_policy){ walk_pick, &p.rng });
		}
		if (wanted(o, w->verdict.fired) && !r->buggy)
			r->seed = seed;
		if (account(w, o, r))
			break;
		if (budget && r->executions >= budget) {
			r->budget_exhausted = true;
			break;
		}
		if (over_budget(o, r, start))
			break;
		progress(o, r, start, &last, sim_explore_mode_name(o->mode));
	}
	r->reached_bound = depth;
	return 0;
}

/**
 * sim_explore() - search @w's schedules.
 * @w: a built world.
 * @o: how.
 * @r: what was found.
 *
 * Return: 0.
 */
int sim_explore(struct sim_world *w, const struct sim_explore_opts *o,
		struct sim_explore_result *r)
{
	double start = sim_now();
	int rc;

	memset(r, 0, sizeof(*r));
	switch (o->mode) {
	case SIM_EXPLORE_ICB:
		rc = explore_icb(w, o, r);
		break;
	case SIM_EXPLORE_DPOR:
	case SIM_EXPLORE_SLEEP:
		rc = sim_explore_dpor(w, o, r);
		break;
	default:
		rc = explore_random(w, o, r);
		break;
	}
	/*
	 * an execution cut short was not explored, nor one the data-race
	 * oracle stopped looking in (DOC: No verdict ...)
	 */
	if (r->limit_hits || r->diverged || r->race_blind)
		r->complete = false;
	r->seconds = sim_now() - start;
	return rc;
}

/**
 * sim_explore_conclusion() - Never, Sometimes or Unknown (DOC: No verdict
 * without completion).
 * @r: a search's result.
 */
enum sim_conclusion sim_explore_conclusion(const struct sim_explore_result *r)
{
	if (r->buggy)
		return SIM_SOMETIMES;
	if (r->limit_hits || r->diverged || r->race_blind ||
	    r->budget_exhausted || r->interrupted ||
	    (!r->complete && !r->bound_exceeded))
		return SIM_UNKNOWN;
	return SIM_NEVER;
}

const char *sim_conclusion_name(enum sim_conclusion c)
{
	return c == SIM_NEVER ? "Never" : c == SIM_SOMETIMES ? "Sometimes" :
	       "Unknown";
}

/**
 * sim_explore_why_unknown() - why a search ended without a verdict.
 * @w: its world (for the step limit).
 * @r: its result; sim_explore_conclusion() says Unknown.
 * @buf: output: "3 executions cut by the step limit (200000 steps)", ...
 * @len: its size.
 */
void sim_explore_why_unknown(const struct sim_world *w,
			     const struct sim_explore_result *r, char *buf,
			     size_t len)
{
	size_t n = 0;

	buf[0] = 0;
	if (r->limit_hits)
		n += snprintf(buf + n, len - n,
			      "%lu execution%s cut by the step limit (%u steps)",
			      r->limit_hits, r->limit_hits == 1 ? "" : "s",
			      w->max_steps);
	if (r->diverged && n < len)
		n += snprintf(buf + n, len - n,
			      "%s%lu execution%s cut where a recorded choice could not be followed",
			      n ? "; " : "", r->diverged,
			      r->diverged == 1 ? "" : "s");
	if (r->race_blind && n < len)
		n += snprintf(buf + n, len - n,
			      "%s%lu execution%s in which the data-race oracle stopped looking (out of room, or a thread past 65535 steps)",
			      n ? "; " : "", r->race_blind,
			      r->race_blind == 1 ? "" : "s");
	if ((r->interrupted || r->budget_exhausted) && n < len)
		n += snprintf(buf + n, len - n, "%s%s", n ? "; " : "",
			      r->interrupted ? "interrupted" :
			      "the budget ran out before the search was complete");
	if (!n)
		snprintf(buf, len, "the search did not finish");
}
