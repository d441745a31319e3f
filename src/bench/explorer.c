// SPDX-License-Identifier: GPL-2.0-only
//! [explorer-bench-doc]
/*
 * src/bench/explorer.c - reaplab bench explorer: the explorer's own speed
 *
 * Simulator-only.
 *
 * DOC: Benchmark: the explorer
 *
 * Four tables, every figure measured in the run that prints it:
 *
 *  1. Modes, on one world (v5.17/oom at its default size): nanoseconds
 *     per scheduling point and executions per second for plain runs (the
 *     default policy, again and again; per point, the best of five
 *     rounds, as the switch floor beside it is the best of its rounds),
 *     plain runs again without the data-race oracle (what it costs a
 *     point; the model is still built for it),
 *     each search mode, and sleep sets
 *     without DPOR's race analysis; DPOR's cost per point over plain runs
 *     is its bookkeeping.  A point is a step run: the steps DPOR's
 *     executions go on from a checkpoint past (DOC: Checkpoints along
 *     the path, explore/explore.c) are said apart.
 *  2. Every era and scenario, searched by DPOR to the end (what `explore
 *     --all` does): executions, time, sleep-blocked share, and the naive
 *     count of interleavings of the threads' steps, as a power of ten.
 *  3. Reduction, on small worlds (no aio, one allocation retry) where
 *     counting is possible: every interleaving (brute force), sleep sets
 *     alone, DPOR, and the Mazurkiewicz traces.
 *  4. Every known bug: executions to the first hit per mode (PCT and the
 *     walk: the median of five random seeds), the replays minimizing the
 *     counterexample took, and the same bug's hit rate on real threads.
 *
 * Targets (issue 3) are printed beside the figures, never asserted.
 */
//! [explorer-bench-doc]
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "../sim/explore/explore.h"
#include "../sim/world/threads.h"

static struct sim_world w;
static struct sim_explore_result r;

static int default_pick(struct sim_world *wp, void *data)
{
	(void)data;
	return sim_default_pick(wp);
}

static int build(const char *era, int scn, const struct sim_params *p)
{
	return bench_build(&w, era, sim_scenarios[scn], p);
}

/* log10 of the interleavings of the threads' step counts (multinomial). */
static double log10_interleavings(const struct sim_world *wp)
{
	unsigned int steps[SIM_MAX_THREADS] = { 0 }, n = 0;
	double l;
	size_t e;
	int t;

	for (e = 0; e < wp->trace.nr; e++)
		if (wp->trace.ev[e].type == SIM_EV_OP &&
		    !wp->trace.ev[e].probe) {
			steps[wp->trace.ev[e].tid]++;
			n++;
		}
	l = lgamma(n + 1.0);
	for (t = 0; t < SIM_MAX_THREADS; t++)
		l -= lgamma(steps[t] + 1.0);
	return l / log(10.0);
}

/* --- 1. modes ------------------------------------------------------------- */

struct mode_row {
	const char *label;
	const char *key;	/* for the CSV */
	int mode;		/* -1: plain runs; -2: without the data-race
				 * oracle (DOC: The data-race oracle) */
	int bound;
	unsigned long budget;
};

static const struct mode_row mode_rows[] = {
	{ "plain runs (default policy)", "plain", -1, 0, 100000 },
	{ "plain runs, no data-race oracle", "plain-no-race", -2, 0, 100000 },
	{ "icb, bound 2", "icb", SIM_EXPLORE_ICB, 2, 200000 },
	{ "dpor, to the end", "dpor", SIM_EXPLORE_DPOR, 0, 0 },
	{ "sleep sets alone", "sleep", SIM_EXPLORE_SLEEP, 0, 200000 },
	{ "pct, depth 3", "pct", SIM_EXPLORE_PCT, 3, 20000 },
	{ "walk", "walk", SIM_EXPLORE_WALK, 0, 20000 },
};

#define NR_MODE_ROWS	(sizeof(mode_rows) / sizeof(mode_rows[0]))

/*
 * The floor a scheduling point stands on: the coop engine's register
 * switch (sim_ctx_switch()) alone, a coroutine and the caller handing the
 * CPU to each other and back, nothing else done in between.  A point
 * costs at least one switch only when the thread changes; the ratio to
 * this is what the engine adds.
 */
static struct sim_ctx floor_main, floor_co;

static void floor_body(void)
{
	for (;;)
		sim_ctx_switch(&floor_co, &floor_main);
}

/* Nanoseconds per one-way switch: the best of a few rounds. */
static double switch_floor(void)
{
	static char stack[64 * 1024] __attribute__((aligned(16)));
	double best = 0;
	int round;
	long i;

	sim_ctx_init(&floor_co, stack, sizeof(stack), floor_body);
	for (round = 0; round < 5; round++) {
		double start = sim_now(), ns;

		for (i = 0; i < 2000000; i++)
			sim_ctx_switch(&floor_main, &floor_co);
		ns = (sim_now() - start) * 1e9 / (2.0 * i);
		if (!round || ns < best)
			best = ns;
	}
	return best;
}

/*
 * Plain runs: @budget executions in PLAIN_ROUNDS rounds, counted into
 * @execs and @points.  Return: ns per point of the best round, as the
 * floor is its best round: on a machine that runs something else too,
 * the two are then taken alike.
 */
#define PLAIN_ROUNDS	5

static double plain_runs(unsigned long budget, unsigned long *execs,
			 unsigned long long *points)
{
	double best = 0;
	int round;

	w.trace_frames = false;
	w.trace_text = false;
	for (round = 0; round < PLAIN_ROUNDS && !sim_interrupted; round++) {
		unsigned long long p = 0;
		double start = sim_now(), ns;
		unsigned long i;

		for (i = 0; i < budget / PLAIN_ROUNDS && !sim_interrupted;
		     i++) {
			sim_run_coop(&w, (struct sim_policy){ default_pick,
							      NULL });
			p += w.run_steps;
		}
		ns = (sim_now() - start) * 1e9 / (p ? p : 1);
		if (!round || ns < best)
			best = ns;
		*execs += i;
		*points += p;
	}
	return best;
}

static int table_modes(const struct bench_opts *o, double scale)
{
	static const char *const head[] = {
		"MODE (v5.17/oom)", "executions", "points", "seconds",
		"ns/point", "executions/s", "vs plain",
	};
	struct bench_table t;
	double plain_ns = 0, bare_ns = 0, floor_ns = switch_floor();
	unsigned long long spared = 0, dpor_steps = 0;
	struct sim_race_stats rs0, rs1, dpor_rs = { 0 };
	unsigned int i;
	FILE *f;

	if (build("v5.17", SCN_OOM, &sim_scenarios[SCN_OOM]->defaults))
		return 2;
	bench_table_init(&t, head, 7);
	f = bench_csv_open(&o->out, "explorer-modes",
			   "mode,executions,points,seconds,ns_per_point,executions_per_s,vs_plain");
	for (i = 0; i < NR_MODE_ROWS; i++) {
		const struct mode_row *m = &mode_rows[i];
		unsigned long execs = 0, budget = m->budget * scale;
		unsigned long long points = 0;
		double start = sim_now(), secs, ns;
		int row;

		bench_progress(&o->out, "bench explorer: %s", m->label);
		if (m->mode == -1) {
			plain_ns = plain_runs(budget, &execs, &points);
		} else if (m->mode == -2) {
			sim_race_enable(false);
			bare_ns = plain_runs(budget, &execs, &points);
			sim_race_enable(true);
		} else {
			struct sim_explore_opts eo = {
				.mode = m->mode, .bound = m->bound,
				.budget = budget, .seed = 1,
			};

			sim_race_stats(&rs0);
			sim_explore(&w, &eo, &r);
			sim_race_stats(&rs1);
			execs = r.executions;
			/* the steps run: not those a checkpoint spared */
			points = r.steps - r.ckpt_steps;
			if (m->mode == SIM_EXPLORE_DPOR) {
				spared = r.ckpt_steps;
				dpor_steps = r.steps;
				dpor_rs.checked = rs1.checked - rs0.checked;
				dpor_rs.spilled = rs1.spilled - rs0.spilled;
			}
		}
		secs = sim_now() - start;
		ns = m->mode == -1 ? plain_ns : m->mode == -2 ? bare_ns :
		     secs * 1e9 / (points ? points : 1);
		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%s", m->label);
		bench_table_set(&t, row, 1, "%lu", execs);
		bench_table_set(&t, row, 2, "%llu", points);
		bench_table_set(&t, row, 3, "%.2f", secs);
		bench_table_set(&t, row, 4, "%.0f", ns);
		bench_table_set(&t, row, 5, "%.0f", execs / secs);
		bench_table_set(&t, row, 6, "%.2fx", ns / plain_ns);
		if (f)
			fprintf(f, "%s,%lu,%llu,%.4f,%.1f,%.0f,%.3f\n", m->key,
				execs, points, secs, ns, execs / secs,
				ns / plain_ns);
	}
	bench_csv_close(&o->out, f, "explorer-modes");
	sim_world_free(&w);
	bench_say("1. Modes on one world, one core (targets: plain runs <= 3x the switch floor; dpor <= 2x plain)\n");
	bench_table_print(&t, stdout);
	bench_say("   switch floor (one register switch, measured here): %.1f ns; plain runs: %.0f ns per point = %.1fx the floor (%.0f ns = %.1fx without the data-race oracle)\n",
		  floor_ns, plain_ns, plain_ns / floor_ns, bare_ns,
		  bare_ns / floor_ns);
	bench_say("   dpor's points are the steps it ran: its executions had %llu, and %llu (%.0f%%) were not run, gone on from checkpoints\n",
		  dpor_steps, spared,
		  100.0 * spared / (dpor_steps ? dpor_steps : 1));
	bench_say("   dpor's data-race oracle checked %lu accesses and kept %lu of them beyond their granule's four slots, in its spill table\n",
		  dpor_rs.checked, dpor_rs.spilled);
	return 0;
}

/* --- 2. every era and scenario ------------------------------------------ */

static int table_eras(const struct bench_opts *o, double scale,
		      double *total)
{
	static const char *const head[] = {
		"ERA/SCENARIO", "threads", "verdict", "executions", "complete",
		"seconds", "sleep-blocked", "naive 10^",
	};
	struct bench_table t;
	double start = sim_now();
	int e, s, row;
	FILE *f;

	bench_table_init(&t, head, 8);
	f = bench_csv_open(&o->out, "explorer-eras",
			   "era,scenario,threads,verdict,executions,complete,seconds,sleep_blocked,log10_naive");
	for (e = 0; e < sim_nr_eras; e++)
		for (s = 0; s < SCN_NR; s++) {
			const struct era *era = sim_eras[e];
			/* below the default scale, a budget: a quick look */
			struct sim_explore_opts eo = {
				.mode = SIM_EXPLORE_DPOR, .stop_first = true,
				.budget = scale < 1 ? 300000 * scale + 1 : 0,
			};
			double naive;

			if (era->expect[s] == EXPECT_NA)
				continue;
			bench_progress(&o->out, "bench explorer: dpor %s/%s",
				       era->id, sim_scenarios[s]->name);
			if (build(era->id, s, &sim_scenarios[s]->defaults))
				return 2;
			sim_run_coop(&w, (struct sim_policy){ default_pick,
							      NULL });
			naive = log10_interleavings(&w);
			sim_explore(&w, &eo, &r);
			row = bench_table_row(&t);
			bench_table_set(&t, row, 0, "%s/%s", era->id,
					sim_scenarios[s]->name);
			bench_table_set(&t, row, 1, "%d", w.nthreads);
			bench_table_set(&t, row, 2, "%s", r.buggy ?
					sim_oracle_name(__builtin_ctz(r.first.fired)) :
					"clean");
			bench_table_set(&t, row, 3, "%lu", r.executions);
			/* a cut execution is not explored: no proof then */
			bench_table_set(&t, row, 4, "%s", r.buggy ? "bug" :
					r.limit_hits ? "cut" :
					sim_explore_conclusion(&r) == SIM_NEVER ?
					"yes" : "budget");
			bench_table_set(&t, row, 5, "%.2f", r.seconds);
			bench_table_set(&t, row, 6, "%.1f%%",
					100.0 * r.sleep_blocked /
					(r.executions ? r.executions : 1));
			bench_table_set(&t, row, 7, "%.0f", naive);
			if (f)
				fprintf(f, "%s,%s,%d,%s,%lu,%d,%.4f,%lu,%.1f\n",
					era->id, sim_scenarios[s]->name,
					w.nthreads, r.buggy ? "bug" : "clean",
					r.executions,
					sim_explore_conclusion(&r) == SIM_NEVER,
					r.seconds,
					r.sleep_blocked, naive);
			sim_world_free(&w);
		}
	bench_csv_close(&o->out, f, "explorer-eras");
	*total = sim_now() - start;
	bench_say("\n2. DPOR on every era and scenario, default sizes (targets: 3 threads <= 10 s, 4 threads <= 60 s; all <= 60 s)\n");
	bench_table_print(&t, stdout);
	bench_say("all of them: %.1f s\n", *total);
	return 0;
}

/* --- 3. reduction on small worlds -------------------------------------- */

static const struct {
	const char *era;
	int scn;
} small[] = {
	{ "v4.9", SCN_OOM }, { "v4.14", SCN_PROC_READER },
	{ "v5.15", SCN_MRELEASE }, { "v6.18", SCN_OOM },
	{ "v6.18", SCN_PROC_READER },
};

static int table_reduction(const struct bench_opts *o, double scale)
{
	static const char *const head[] = {
		"SMALL WORLD", "interleavings", "sleep sets", "dpor",
		"traces", "naive/dpor", "sleep/dpor",
	};
	unsigned long limit = 1000000 * scale + 1;
	struct bench_table t;
	unsigned int i;
	FILE *f;

	bench_table_init(&t, head, 7);
	f = bench_csv_open(&o->out, "explorer-reduction",
			   "era,scenario,interleavings,interleavings_complete,sleep_executions,sleep_complete,dpor_executions,traces");
	for (i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
		struct sim_params p = sim_scenarios[small[i].scn]->defaults;
		struct sim_explore_opts eo = { .mode = SIM_EXPLORE_SLEEP,
					       .budget = limit };
		unsigned long runs, sleep, dpor, traces;
		unsigned int fired;
		bool sleep_done;
		long n;
		int row;

		p.aio = 0;
		p.alloc_retries = 1;
		bench_progress(&o->out, "bench explorer: reduction %s/%s",
			       small[i].era, sim_scenarios[small[i].scn]->name);
		if (build(small[i].era, small[i].scn, &p))
			return 2;
		n = sim_count_traces(&w, limit, &runs, &fired, NULL, NULL,
				     NULL);
		sim_explore(&w, &eo, &r);
		sleep = r.executions;
		sleep_done = r.complete;
		eo.mode = SIM_EXPLORE_DPOR;
		eo.budget = 0;
		sim_explore(&w, &eo, &r);
		dpor = r.executions;
		traces = r.completed;
		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%s/%s", small[i].era,
				sim_scenarios[small[i].scn]->name);
		bench_table_set(&t, row, 1, "%s%lu", n < 0 ? ">" : "", runs);
		bench_table_set(&t, row, 2, "%s%lu", sleep_done ? "" : ">",
				sleep);
		bench_table_set(&t, row, 3, "%lu", dpor);
		bench_table_set(&t, row, 4, "%lu", traces);
		bench_table_set(&t, row, 5, "%s%.0fx", n < 0 ? ">" : "",
				(double)runs / dpor);
		bench_table_set(&t, row, 6, "%s%.1fx", sleep_done ? "" : ">",
				(double)sleep / dpor);
		if (f)
			fprintf(f, "%s,%s,%lu,%d,%lu,%d,%lu,%lu\n",
				small[i].era, sim_scenarios[small[i].scn]->name,
				runs, n >= 0, sleep, sleep_done, dpor, traces);
		sim_world_free(&w);
	}
	bench_csv_close(&o->out, f, "explorer-reduction");
	bench_say("\n3. Reduction, small worlds (no aio, one allocation retry); '>' marks a count stopped at %lu\n",
	       limit);
	bench_table_print(&t, stdout);
	return 0;
}

/* --- 4. executions to the first bug ------------------------------------ */

static int ulong_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static unsigned long first_bug(int mode, unsigned int want,
			       unsigned long budget, bool *found)
{
	unsigned long runs[5];
	int i, n = mode == SIM_EXPLORE_PCT || mode == SIM_EXPLORE_WALK ? 5 : 1;

	*found = true;
	for (i = 0; i < n; i++) {
		struct sim_explore_opts eo = {
			.mode = mode, .bound = mode == SIM_EXPLORE_PCT ? 3 : 2,
			.budget = budget, .stop_first = true, .want = want,
			.seed = 1 + 1000003ul * i,
		};

		sim_explore(&w, &eo, &r);
		runs[i] = r.executions;
		if (!r.buggy)
			*found = false;
	}
	qsort(runs, n, sizeof(*runs), ulong_cmp);
	return runs[n / 2];
}

static int table_first_bug(const struct bench_opts *o, double scale)
{
	static const char *const head[] = {
		"BUG", "icb", "dpor", "pct", "walk", "minimize", "stress hits",
	};
	static const int modes[4] = {
		SIM_EXPLORE_ICB, SIM_EXPLORE_DPOR, SIM_EXPLORE_PCT,
		SIM_EXPLORE_WALK,
	};
	unsigned long budget = 1000000 * scale + 1, iters = 2000 * scale + 1;
	struct bench_table t;
	int e, s, row, m;
	FILE *f;

	bench_table_init(&t, head, 7);
	f = bench_csv_open(&o->out, "explorer-first-bug",
			   "era,scenario,oracle,icb,dpor,pct_median,walk_median,minimize_replays,stress_hits,stress_iterations");
	for (e = 0; e < sim_nr_eras; e++)
		for (s = 0; s < SCN_NR; s++) {
			const struct era *era = sim_eras[e];
			unsigned int want = era->expect[s];
			unsigned long hits = 0, n[4], i;
			struct sim_minimized mz = { .icb_budget = 20000 };
			struct sim_explore_opts eo = {
				.mode = SIM_EXPLORE_DPOR, .stop_first = true,
				.want = want,
			};
			bool found[4];

			if (want == EXPECT_CLEAN || want == EXPECT_NA)
				continue;
			bench_progress(&o->out, "bench explorer: first bug %s/%s",
				       era->id, sim_scenarios[s]->name);
			if (build(era->id, s, &sim_scenarios[s]->defaults))
				return 2;
			row = bench_table_row(&t);
			bench_table_set(&t, row, 0, "%s/%s %s", era->id,
					sim_scenarios[s]->name,
					sim_oracle_name(__builtin_ctz(want)));
			for (m = 0; m < 4; m++) {
				n[m] = first_bug(modes[m], want, budget,
						 &found[m]);
				bench_table_set(&t, row, m + 1, "%s%lu",
						found[m] ? "" : ">", n[m]);
			}
			/* minimize the DPOR counterexample: replays it took */
			sim_explore(&w, &eo, &r);
			if (r.buggy)
				sim_cex_minimize(&w, &r.first, want, &mz);
			bench_table_set(&t, row, 5, "%lu", mz.tries);
			for (i = 0; i < iters && !sim_interrupted; i++) {
				sim_threads_iteration(&w, 2.0, NULL);
				hits += !!(w.verdict.fired & want);
			}
			bench_table_set(&t, row, 6, "%lu/%lu", hits, i);
			if (f)
				fprintf(f, "%s,%s,%s,%lu,%lu,%lu,%lu,%lu,%lu,%lu\n",
					era->id, sim_scenarios[s]->name,
					sim_oracle_name(__builtin_ctz(want)),
					n[0], n[1], n[2], n[3], mz.tries, hits,
					i);
			sim_world_free(&w);
		}
	sim_threads_shutdown();
	bench_csv_close(&o->out, f, "explorer-first-bug");
	bench_say("\n4. Executions to the first bug (pct, walk: median of 5 random seeds; '>' not found within %lu),\n"
	       "   replays to minimize dpor's counterexample, and hits on real threads (target: first bug within 1000)\n",
	       budget);
	bench_table_print(&t, stdout);
	return 0;
}

static int run(const struct bench *b, const struct bench_opts *o)
{
	/*
	 * -n is a percentage of every budget: 100 (the default) in full,
	 * 1 a quick look
	 */
	double scale = o->runs ? o->runs / (double)b->runs : 1.0, total;
	int rc;

	/* Ctrl-C: the tables done so far (the one running ends early) */
	rc = table_modes(o, scale);
	if (!rc && !sim_interrupted)
		rc = table_eras(o, scale, &total);
	if (!rc && !sim_interrupted)
		rc = table_reduction(o, scale);
	if (!rc && !sim_interrupted)
		rc = table_first_bug(o, scale);
	return rc;
}

const struct bench bench_explorer = {
	.name = "explorer",
	.source = NULL,
	.summary = "the explorer's own speed: ns per point, modes, every era by DPOR, reduction, executions to the first bug",
	.defaults = { .vmas = 2, .pages = 2, .ptrs_per_pte = 2, .retries = 2,
		      .alloc_retries = 3, .aio = 1, .jiffy_ns = 1000 },
	.runs = 100,
	.runs_what = "percent of the default budgets",
	.run = run,
};
