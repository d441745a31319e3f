// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/explore.c - iterative preemption bounding
 *
 * Simulator-only.
 *
 * DOC: Iterative preemption bounding
 *
 * Every execution is fixed by the thread chosen at each step.  The search
 * runs an execution that follows a prefix of choices and then the default
 * (non-preemptive) policy, and from its trace derives the children: for
 * every step after the prefix and every other thread that could have run
 * there, the prefix extended up to that step with that thread.  Choosing
 * another thread where the default policy would have stayed on the running
 * one costs a preemption; choosing among threads at a point where the
 * running one blocked, slept or finished is free.
 *
 * Bound c explores every execution with at most c preemptions; children
 * that would need c + 1 wait in a frontier for the next bound, so nothing
 * is run twice.  Bounds 0, 1, 2, ... are taken in turn, and so the first bug
 * found has the fewest preemptions any bug has (CHESS, Musuvathi and
 * Qadeer, PLDI'07).  There is no partial-order reduction here: see dpor.c.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "explore.h"
#include "schedule.h"

double sim_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A prefix of choices waiting to be run, with the preemptions it costs. */
struct job {
	unsigned int n;
	int cost;
	u8 *tid;
};

struct jobs {
	struct job *v;
	size_t nr, cap;
};

static void jobs_push(struct jobs *q, const u8 *tid, unsigned int n,
		      u8 last, int cost)
{
	struct job *j;

	if (q->nr == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 1024;
		q->v = realloc(q->v, q->cap * sizeof(*q->v));
		if (!q->v) {
			perror("reaplab: explore");
			exit(2);
		}
	}
	j = &q->v[q->nr++];
	j->n = n + 1;
	j->cost = cost;
	j->tid = malloc(n + 1);
	if (!j->tid) {
		perror("reaplab: explore");
		exit(2);
	}
	memcpy(j->tid, tid, n);
	j->tid[n] = last;
}

static void jobs_free(struct jobs *q)
{
	size_t i;

	for (i = 0; i < q->nr; i++)
		free(q->v[i].tid);
	free(q->v);
	memset(q, 0, sizeof(*q));
}

/* The prefix policy: follow the prefix, then the default policy. */
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

/* Steps of the last execution: the thread, and who else could have run. */
static unsigned int collect(const struct sim_world *w, u8 *tid, u16 *enabled,
			    bool *preempt_free)
{
	const struct sim_event *prev = NULL;
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < w->trace.nr && n < SIM_MAX_CHOICES; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		tid[n] = ev->tid;
		enabled[n] = ev->enabled;
		/* a switch here is free if the last thread cannot go on */
		preempt_free[n] = !prev || sim_op_is_yield(prev->kind) ||
				  !(ev->enabled & (1u << prev->tid));
		n++;
		prev = ev;
	}
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

static int explore_icb(struct sim_world *w, const struct sim_explore_opts *o,
		       struct sim_explore_result *r)
{
	static u8 tid[SIM_MAX_CHOICES];
	static u16 enabled[SIM_MAX_CHOICES];
	static bool free_switch[SIM_MAX_CHOICES];
	struct jobs now = { 0 }, next = { 0 };
	double start = sim_now(), last_report = start;
	int bound;

	w->trace_frames = false;
	w->trace_text = false;
	jobs_push(&now, tid, 0, 0, 0);
	now.v[0].n = 0;
	for (bound = 0; bound <= o->bound; bound++) {
		r->reached_bound = bound;
		while (now.nr) {
			struct job j = now.v[--now.nr];
			struct prefix_policy p = { j.tid, j.n };
			unsigned int n, s;
			int t;

			sim_run_coop(w, (struct sim_policy){ prefix_pick, &p });
			r->executions++;
			r->steps += w->step;
			if (w->stop == SIM_STOP_LIMIT)
				r->limit_hits++;
			r->fired |= w->verdict.fired;
			n = collect(w, tid, enabled, free_switch);
			if (wanted(o, w->verdict.fired)) {
				if (!r->buggy++) {
					r->first.n = n;
					memcpy(r->first.tid, tid, n);
					r->first.preemptions = j.cost;
					r->first.fired = w->verdict.fired;
					r->first.execution = r->executions;
				}
				if (o->stop_first) {
					free(j.tid);
					goto out;
				}
			}
			for (s = n; s-- > j.n;) {
				for (t = w->nthreads - 1; t >= 0; t--) {
					int cost;

					if (t == tid[s] ||
					    !(enabled[s] & (1u << t)))
						continue;
					cost = j.cost + !free_switch[s];
					jobs_push(cost <= bound ? &now : &next,
						  tid, s, t, cost);
				}
			}
			free(j.tid);
			if ((o->budget && r->executions >= o->budget) ||
			    (o->seconds && sim_now() - start > o->seconds)) {
				r->budget_exhausted = true;
				goto out;
			}
			if (o->progress && sim_now() - last_report > 1.0) {
				last_report = sim_now();
				fprintf(stderr,
					"explore: bound %d, %lu executions, %zu queued, %.0f s\n",
					bound, r->executions, now.nr + next.nr,
					last_report - start);
			}
		}
		if (!next.nr)
			break;
		jobs_free(&now);
		now = next;
		memset(&next, 0, sizeof(next));
	}
	r->complete = !now.nr && !next.nr;
	r->bound_exceeded = !r->complete;
out:
	if (r->budget_exhausted || (o->stop_first && r->buggy))
		r->bound_exceeded = false;
	jobs_free(&now);
	jobs_free(&next);
	return 0;
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
 * sim_explore() - search @w's schedules.
 * @w: a built world.
 * @o: how.
 * @r: what was found.
 *
 * Return: 0, or -1 for a mode not implemented.
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
	default:
		return -1;
	}
	r->seconds = sim_now() - start;
	return rc;
}
