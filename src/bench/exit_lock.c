// SPDX-License-Identifier: GPL-2.0-only
//! [exit-lock-bench-doc]
/*
 * src/bench/exit_lock.c - exit-lock: what taking mmap_lock in exit_mmap()
 *                         costs an ordinary exit, era by era
 *
 * Simulator-only.  Reproduces the shape of the 2021 process_mrelease
 * thread's table (Suren Baghdasaryan's
 * 2021 table: p50, p95, p99, average, stdev, and the change against the
 * baseline), measured the way the 2017 thread's fork/exit test measured it in
 * 2017: many small processes exiting, one at a time.
 *
 * DOC: exit-lock: what is timed
 *
 * One process of a few small VMAs (like /bin/true) with SIGKILL pending
 * exits on its own thread: exit_to_user_mode_loop() sees the signal and
 * runs do_exit(), exit_mm(), mmput(), __mmput(), exit_aio() and the era's
 * exit_mmap(), down to the last mmdrop().  The thread times that call.
 * Each run restores the booted machine, so every exit tears down the same
 * freshly built address space.  Nobody else runs: no reaper, no OOM, so
 * the lock is always uncontended, which is the case Kirill Shutemov and
 * Suren asked about ("even in fast path case, it adds two atomic
 * operations per-process").
 *
 *     v4.9          no lock at all (the baseline)
 *     2017-cond     the lock only if current is an OOM victim: a test
 *     v5.17         mmap_write_lock() around the whole teardown
 *     v6.1          mmap_read_lock() for the zap, then the write lock,
 *                   on the maple tree
 *
 * The eras take turns in rounds of EXITS_PER_ROUND exits, the order
 * rotating every round; the first round is a warm-up and is dropped.
 */
//! [exit-lock-bench-doc]
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include "bench.h"
#include "../sim/world/threads.h"

#define EXITS_PER_ROUND	250
#define NR_VARIANTS	4

struct exit_variant {
	const char *era;
	const char *label;
	struct sim_world w;
	struct bench_samples cost;
};

static struct exit_variant variants[NR_VARIANTS] = {
	{ .era = "v4.9", .label = "v4.9 lock-free (baseline)" },
	{ .era = "2017-cond", .label = "2017-cond: OOM victims only" },
	{ .era = "v5.17", .label = "v5.17 unconditional write lock" },
	{ .era = "v6.1", .label = "v6.1 read, then write lock" },
};

static u64 exit_ns;

static int exit_task(void *arg)
{
	u64 start = bench_now_ns();

	(void)arg;
	bench_entry()->exit_to_user_mode_loop();
	exit_ns = bench_now_ns() - start;
	return 0;
}

static int build(struct sim_world *w)
{
	const struct sim_params *p = &w->params;
	struct task_struct *t;

	bench_boot(w, p->vmas * p->pages, false);
	t = bench_process(w, "true", p->vmas, p->pages);
	if (!t)
		return -1;
	/* the signal is already pending when the thread starts */
	w->era->entry->sys_kill(t->pid, SIGKILL);
	return bench_thread(w, 'X', "exiting process", exit_task, NULL, t);
}

/* Also run, on the coop engine, by the grader of lab 16 (exercises/). */
const struct sim_scenario bench_exit_scenario = {
	.name = "bench-exit",
	.id = SCN_OOM,
	.summary = "a small process with SIGKILL pending exits",
	.build = build,
};

/* "88312 (+1.03%)": a statistic and its change against the baseline. */
static void cell(struct bench_table *t, int row, int col, double v,
		 double base, bool first, const char *fmt)
{
	char num[32];

	snprintf(num, sizeof(num), fmt, v);
	if (first || base <= 0)
		bench_table_set(t, row, col, "%s", num);
	else
		bench_table_set(t, row, col, "%s (%+.2f%%)", num,
				(v - base) / base * 100);
}

static void report(const struct bench_opts *o, unsigned long rounds)
{
	static const char *const head[] = {
		"era", "p50 (median)", "p95", "p99", "average", "stdev",
	};
	static const double pct[3] = { 50, 95, 99 };
	const struct sim_params *p = &o->params;
	double base[4] = { 0 }, v[4], change;
	struct bench_table t;
	FILE *f;
	int i, j, row;

	bench_table_init(&t, head, 6);
	f = bench_csv_open(&o->out, "exit-lock",
			   "era,p50_ns,p95_ns,p99_ns,average_ns,stdev_pct,p50_change_pct,p95_change_pct,p99_change_pct,average_change_pct,exits");
	for (i = 0; i < NR_VARIANTS; i++) {
		struct bench_samples *s = &variants[i].cost;
		double avg = bench_mean(s);

		for (j = 0; j < 3; j++)
			v[j] = bench_percentile(s, pct[j]);
		v[3] = avg;
		if (!i)
			memcpy(base, v, sizeof(base));
		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%s", variants[i].label);
		for (j = 0; j < 3; j++)
			cell(&t, row, j + 1, v[j], base[j], !i, "%.0f");
		cell(&t, row, 4, v[3], base[3], !i, "%.1f");
		bench_table_set(&t, row, 5, "%.2f%%",
				avg > 0 ? bench_stdev(s) / avg * 100 : 0);
		if (f) {
			fprintf(f, "%s,%.1f,%.1f,%.1f,%.2f,%.3f", variants[i].era,
				v[0], v[1], v[2], v[3],
				avg > 0 ? bench_stdev(s) / avg * 100 : 0);
			for (j = 0; j < 4; j++)
				fprintf(f, ",%.3f", base[j] > 0 ?
					(v[j] - base[j]) / base[j] * 100 : 0);
			fprintf(f, ",%zu\n", s->n);
		}
	}
	bench_csv_close(&o->out, f, "exit-lock");

	bench_say("exit-lock (after Suren Baghdasaryan, 2021): the cost of one exit in the model, ns (last column: stdev / average)\n");
	bench_say("  a process of %lu VMAs x %lu pages exits on its own thread; %zu exits per era, in %lu interleaved rounds\n",
	       p->vmas, p->pages, variants[0].cost.n, rounds);
	bench_table_print(&t, stdout);
	base[0] = bench_percentile(&variants[0].cost, 50);
	change = base[0] > 0 ? (bench_percentile(&variants[2].cost, 50) -
				base[0]) / base[0] * 100 : 0;
	bench_say("v5.17 against lock-free v4.9 at p50: %+.2f%% (target: within 2%%: %s)\n",
	       change, fabs(change) <= 2 ? "met" : "not met");
}

static int run(const struct bench *b, const struct bench_opts *o)
{
	unsigned long rounds = o->runs ? o->runs : b->runs, k;
	const unsigned long warmup = 1;
	int i, j, n, rc = 0;

	if (bench_fits(&o->params))
		return 2;
	for (i = 0; i < NR_VARIANTS; i++)
		if (bench_build(&variants[i].w, variants[i].era, &bench_exit_scenario,
				&o->params))
			return 2;
	sim_threads_measure(SIM_MEASURE_ON);
	for (k = 0; k < warmup + rounds && !rc && !sim_interrupted; k++) {
		for (j = 0; j < NR_VARIANTS && !rc; j++) {
			struct exit_variant *v = &variants[(j + k) %
							   NR_VARIANTS];

			for (n = 0; n < EXITS_PER_ROUND; n++) {
				exit_ns = 0;
				if (bench_iteration(&v->w)) {
					rc = 1;
					break;
				}
				if (k >= warmup)
					bench_samples_add(&v->cost, exit_ns);
			}
		}
		if (k % 10 == 9)
			bench_progress(&o->out, "exit-lock: %lu of %lu rounds",
				       k + 1, warmup + rounds);
	}
	sim_threads_measure(SIM_MEASURE_OFF);
	sim_threads_shutdown();
	/* Ctrl-C: the rounds done so far, if any */
	if (!rc && k > warmup)
		report(o, k - warmup);
	for (i = 0; i < NR_VARIANTS; i++) {
		sim_world_free(&variants[i].w);
		bench_samples_free(&variants[i].cost);
	}
	return rc;
}

const struct bench bench_exit_lock = {
	.name = "exit-lock",
	.source = "Suren Baghdasaryan, 2021",
	.summary = "per-exit cost of v4.9 (lock-free), 2017-cond, v5.17 (unconditional lock) and v6.1, as percentiles",
	.defaults = { .vmas = 8, .pages = 16, .ptrs_per_pte = 512,
		      .retries = 2, .alloc_retries = 3, .aio = 0,
		      .jiffy_ns = 1000 },
	.runs = 80,
	.runs_what = "rounds of 250 exits per era",
	.run = run,
};
