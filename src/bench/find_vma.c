// SPDX-License-Identifier: GPL-2.0-only
//! [find-vma-bench-doc]
/*
 * src/bench/find_vma.c - find-vma: what debug checks and
 *                        mmap_assert_locked() cost a lookup
 *
 * Simulator-only.  Reproduces the shape of Luigi Rizzo's 2021 table
 * for 5b78ed24e8ec (v5.15): find_vma() latency percentiles without debug
 * checks, with them, and with them plus the new mmap_assert_locked().
 *
 * DOC: find-vma: what is timed
 *
 * One thread takes mmap_read_lock() on a process of a few dozen VMAs and
 * looks up random addresses (the same sequence in every configuration)
 * through the era's find_vma entry, timing each call on its own:
 *
 *     no-debug        v4.14's find_vma() (the list walk, no assertion),
 *                     booted without debug_vm
 *     debug           the same, booted with debug_vm: the answer is
 *                     checked as validate_find_vma() describes
 *     debug+assert    v5.15's find_vma(): the same walk plus
 *                     mmap_assert_locked(), booted with debug_vm
 *
 * The model's mmap_assert_locked() is lockdep's check, done by the
 * simulator (does this thread hold the lock?).  Each lookup is bracketed
 * by two reads of the monotonic clock; the last row times the two clock
 * reads alone, the floor under every figure.  The configurations take
 * turns run by run, LOOKUPS_PER_RUN lookups each; the first run of each
 * is a warm-up.
 */
//! [find-vma-bench-doc]
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include "bench.h"
#include "../sim/world/threads.h"

#define LOOKUPS_PER_RUN	5000
#define NR_VARIANTS	3

static struct lookup_run {
	struct task_struct *owner;
	unsigned long lo, hi;		/* the addresses looked up */
	unsigned long addr[LOOKUPS_PER_RUN];
	u64 ns[LOOKUPS_PER_RUN];
	u64 clock_ns[LOOKUPS_PER_RUN];
} ctx;

static int lookup_task(void *arg)
{
	struct lookup_run *c = arg;
	const struct era_entry *e = bench_entry();
	struct mm_struct *mm = c->owner->mm;
	int i;

	e->mmap_read_lock(mm);
	for (i = 0; i < LOOKUPS_PER_RUN; i++) {
		u64 t0 = bench_now_ns();

		e->find_vma(mm, c->addr[i]);
		c->ns[i] = bench_now_ns() - t0;
	}
	e->mmap_read_unlock(mm);
	for (i = 0; i < LOOKUPS_PER_RUN; i++) {
		u64 t0 = bench_now_ns();

		c->clock_ns[i] = bench_now_ns() - t0;
	}
	return 0;
}

static int build_with(struct sim_world *w, bool debug_vm)
{
	const struct sim_params *p = &w->params;

	bench_boot(w, p->vmas * p->pages, debug_vm);
	ctx.owner = bench_process(w, "lookups", p->vmas, p->pages);
	if (!ctx.owner)
		return -1;
	return bench_thread(w, 'F', "find_vma lookups", lookup_task, &ctx,
			    ctx.owner);
}

static int build_plain(struct sim_world *w)
{
	return build_with(w, false);
}

static int build_debug(struct sim_world *w)
{
	return build_with(w, true);
}

static const struct sim_scenario scn_plain = {
	.name = "bench-find-vma",
	.id = SCN_OOM,
	.summary = "F looks up random addresses under mmap_read_lock",
	.build = build_plain,
};

static const struct sim_scenario scn_debug = {
	.name = "bench-find-vma-debug",
	.id = SCN_OOM,
	.summary = "the same, booted with debug_vm",
	.build = build_debug,
};

struct lookup_variant {
	const char *label;
	const char *era;
	const struct sim_scenario *scn;
	struct sim_world w;
	struct task_struct *owner;	/* in this world's arena */
	struct bench_samples ns;
};

static struct lookup_variant variants[NR_VARIANTS] = {
	{ .label = "no-debug", .era = "v4.14", .scn = &scn_plain },
	{ .label = "debug", .era = "v4.14", .scn = &scn_debug },
	{ .label = "debug+assert", .era = "v5.15", .scn = &scn_debug },
};

static void report(const struct bench_opts *o, unsigned long runs,
		   struct bench_samples *clock)
{
	static const char *const head[] = {
		"CONFIGURATION", "p10", "p50", "p90", "p95", "p98",
	};
	static const double pct[5] = { 10, 50, 90, 95, 98 };
	struct bench_samples *s;
	struct bench_table t;
	char r[2][32];
	FILE *f;
	int i, j, row;

	bench_table_init(&t, head, 6);
	f = bench_csv_open(&o->out, "find-vma",
			   "configuration,era,p10_ns,p50_ns,p90_ns,p95_ns,p98_ns,lookups");
	for (i = 0; i <= NR_VARIANTS; i++) {
		s = i < NR_VARIANTS ? &variants[i].ns : clock;
		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%s", i < NR_VARIANTS ?
				variants[i].label : "(two clock reads)");
		if (f)
			fprintf(f, "%s,%s", i < NR_VARIANTS ?
				variants[i].label : "clock",
				i < NR_VARIANTS ? variants[i].era : "-");
		for (j = 0; j < 5; j++) {
			double v = bench_percentile(s, pct[j]);

			bench_table_set(&t, row, j + 1, "%.0f", v);
			if (f)
				fprintf(f, ",%.1f", v);
		}
		if (f)
			fprintf(f, ",%zu\n", s->n);
	}
	bench_csv_close(&o->out, f, "find-vma");

	bench_say("find-vma (after Luigi Rizzo, 2021): find_vma() latency in the model, ns; %zu lookups per configuration, %lu interleaved runs\n",
	       variants[0].ns.n, runs);
	bench_say("  %lu VMAs, random addresses, mmap_read_lock held; no-debug and debug: v4.14's find_vma(); debug+assert: v5.15's\n",
	       o->params.vmas);
	bench_table_print(&t, stdout);
	bench_say("at p50: debug / no-debug %s, debug+assert / debug %s\n",
	       bench_ratio(r[0], 32, bench_percentile(&variants[1].ns, 50),
			   bench_percentile(&variants[0].ns, 50)),
	       bench_ratio(r[1], 32, bench_percentile(&variants[2].ns, 50),
			   bench_percentile(&variants[1].ns, 50)));
}

static int run(const struct bench *b, const struct bench_opts *o)
{
	unsigned long runs = o->runs ? o->runs : b->runs, k;
	static struct bench_samples clock;
	const unsigned long warmup = 1;
	unsigned int seed = 4;		/* the same lookups every time */
	unsigned long span;
	int i, j, n, rc = 0;

	if (bench_fits(&o->params))
		return 2;
	for (i = 0; i < NR_VARIANTS; i++) {
		if (bench_build(&variants[i].w, variants[i].era,
				variants[i].scn, &o->params))
			return 2;
		variants[i].owner = ctx.owner;
	}
	/* from the first VMA's start to the last one's end (world.c) */
	span = (o->params.pages + o->params.ptrs_per_pte - 1) /
	       o->params.ptrs_per_pte * o->params.ptrs_per_pte * 4096UL;
	ctx.lo = o->params.ptrs_per_pte * 4096UL;
	ctx.hi = ctx.lo + (o->params.vmas - 1) * span +
		 o->params.pages * 4096UL;
	for (i = 0; i < LOOKUPS_PER_RUN; i++)
		ctx.addr[i] = ctx.lo + (unsigned long)rand_r(&seed) %
				       (ctx.hi - ctx.lo);
	sim_threads_measure(SIM_MEASURE_ON);
	for (k = 0; k < warmup + runs && !rc && !sim_interrupted; k++) {
		for (j = 0; j < NR_VARIANTS; j++) {
			struct lookup_variant *v = &variants[(j + k) %
							     NR_VARIANTS];

			ctx.owner = v->owner;
			if (bench_iteration(&v->w)) {
				rc = 1;
				break;
			}
			if (k < warmup)
				continue;
			for (n = 0; n < LOOKUPS_PER_RUN; n++)
				bench_samples_add(&v->ns, ctx.ns[n]);
			if (!j)
				for (n = 0; n < LOOKUPS_PER_RUN; n++)
					bench_samples_add(&clock,
							  ctx.clock_ns[n]);
		}
	}
	sim_threads_measure(SIM_MEASURE_OFF);
	sim_threads_shutdown();
	/* Ctrl-C: the runs done so far, if any */
	if (!rc && k > warmup)
		report(o, k - warmup, &clock);
	for (i = 0; i < NR_VARIANTS; i++) {
		sim_world_free(&variants[i].w);
		bench_samples_free(&variants[i].ns);
	}
	bench_samples_free(&clock);
	return rc;
}

const struct bench bench_find_vma = {
	.name = "find-vma",
	.source = "Luigi Rizzo, 2021",
	.summary = "find_vma latency percentiles: plain, debug checks on, debug plus mmap_assert_locked",
	.defaults = { .vmas = 32, .pages = 4, .ptrs_per_pte = 8,
		      .retries = 2, .alloc_retries = 3, .aio = 0,
		      .jiffy_ns = 1000 },
	.runs = 40,
	.runs_what = "runs of 5000 lookups per configuration",
	.run = run,
};
