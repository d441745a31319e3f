// SPDX-License-Identifier: GPL-2.0-only
//! [munmap-bench-doc]
/*
 * src/bench/munmap.c - munmap: the write lock held throughout, or
 *                      downgraded once the VMAs are detached
 *
 * Simulator-only.  Reproduces the shape of Yang Shi's 2018 case for
 * dd2283f2605e (v4.20): how long munmap() of a large mapping holds
 * mmap_lock exclusively, and what that does to `ps` reading
 * /proc/<pid>/cmdline meanwhile.
 *
 * DOC: munmap: what is timed
 *
 * Two processes: U owns one large anonymous mapping, every page faulted
 * in; P is `ps`.  Thread U calls munmap(2) (__vm_munmap() with
 * downgrade) or vm_munmap() (no downgrade) on the whole mapping; thread P
 * reads U's /proc/<pid>/cmdline (get_task_mm(), then access_remote_vm()
 * under mmap_read_lock) on a fixed schedule, one read every READ_PERIOD.
 * A read's latency runs from the moment it was due to the moment it
 * returned, so a read held up by the writer makes the reads due after it
 * late as well: the delay every `ps` started meanwhile would see, not
 * just the one that happened to be running.  Only reads due while the
 * munmap() ran count.  The host steals its CPUs for milliseconds now and
 * then, which makes any run's tail; so each run gets its own p50, p99 and
 * max, and the table gives the median run of each.
 *
 *     exclusive hold   how long U held &mm->mmap_lock for write (the
 *                      threads engine's lock classes)
 *     total            the munmap() call, as U saw it
 *     reader latency   p50, p99 and max over every counted read
 *
 * The mapping, the machine and the era (v5.17, whose munmap is v4.20's)
 * are the same for both variants; runs alternate between them (ABBA).
 */
//! [munmap-bench-doc]
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include "bench.h"
#include "../sim/world/threads.h"

#define MUNMAP_ERA	"v5.17"
#define READ_PERIOD	10000		/* ns between two reads by `ps` */
#define MAX_READS	(1 << 16)	/* per run */
#define TID_UNMAP	0
#define NR_VARIANTS	2

/* What the two thread bodies share during one run. */
static struct munmap_run {
	struct task_struct *owner;
	unsigned long start;
	size_t len;
	bool downgrade;
	long ret;
	u64 begin_ns;		/* when munmap() was called */
	u64 end_ns;		/* ... and returned */
	int done;
	unsigned int nreads;
	u64 due[MAX_READS];
	u64 latency[MAX_READS];
} ctx;

static int unmap_task(void *arg)
{
	struct munmap_run *c = arg;
	const struct era_entry *e = bench_entry();

	c->begin_ns = bench_now_ns();
	if (c->downgrade)
		c->ret = e->sys_munmap(c->start, c->len);
	else
		c->ret = e->vm_munmap(c->start, c->len);
	c->end_ns = bench_now_ns();
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	return 0;
}

static int ps_task(void *arg)
{
	struct munmap_run *c = arg;
	const struct era_entry *e = bench_entry();
	u64 due = bench_now_ns();

	for (;;) {
		u64 now;

		while ((now = bench_now_ns()) < due)
			;
		e->proc_pid_cmdline_read(c->owner);
		now = bench_now_ns();
		if (c->nreads < MAX_READS) {
			c->due[c->nreads] = due;
			c->latency[c->nreads++] = now - due;
		}
		due += READ_PERIOD;
		if (__atomic_load_n(&c->done, __ATOMIC_ACQUIRE) &&
		    due > c->end_ns)
			return 0;
	}
}

static int build(struct sim_world *w)
{
	const struct sim_params *p = &w->params;
	struct task_struct *ps;

	bench_boot(w, p->vmas * p->pages, false);
	ctx.owner = bench_process(w, "munmap_test", p->vmas, p->pages);
	ps = bench_process(w, "ps", 0, 0);
	if (!ctx.owner || !ps)
		return -1;
	/* from the first VMA's start to the last one's end */
	ctx.start = ctx.owner->mm->mmap->vm_start;
	ctx.len = (p->vmas - 1) * p->ptrs_per_pte * 4096UL *
		  ((p->pages + p->ptrs_per_pte - 1) / p->ptrs_per_pte) +
		  p->pages * 4096UL;
	if (bench_thread(w, 'U', "munmap of the mapping", unmap_task, &ctx,
			 ctx.owner) ||
	    bench_thread(w, 'P', "ps reading /proc/pid/cmdline", ps_task,
			 &ctx, ps))
		return -1;
	return 0;
}

static const struct sim_scenario scn_munmap = {
	.name = "bench-munmap",
	.id = SCN_PROC_READER,
	.summary = "U unmaps its large mapping while P reads its cmdline",
	.build = build,
};

/* One variant's figures: one sample per run of each. */
struct munmap_variant {
	const char *label;
	bool downgrade;
	struct bench_samples excl, total, p50, p99, max;
	unsigned long reads;
};

static struct munmap_variant variants[NR_VARIANTS] = {
	{ .label = "write lock throughout (vm_munmap)", .downgrade = false },
	{ .label = "downgrade_write (munmap(2))", .downgrade = true },
};

static void collect(struct munmap_variant *v, FILE *lat, FILE *runs,
		    int run)
{
	static struct bench_samples reads;
	struct sim_lock_stat mm;
	unsigned int i;

	sim_threads_lock_stat(TID_UNMAP, "&mm->mmap_lock", &mm);
	bench_samples_add(&v->excl, mm.hold_ns);
	bench_samples_add(&v->total, ctx.end_ns - ctx.begin_ns);
	bench_samples_reset(&reads);
	for (i = 0; i < ctx.nreads; i++) {
		if (ctx.due[i] < ctx.begin_ns || ctx.due[i] >= ctx.end_ns)
			continue;
		bench_samples_add(&reads, ctx.latency[i]);
		v->reads++;
		if (lat)
			fprintf(lat, "%s,%d,%llu,%llu\n",
				v->downgrade ? "downgrade" : "write",
				run,
				(unsigned long long)(ctx.due[i] -
						     ctx.begin_ns),
				(unsigned long long)ctx.latency[i]);
	}
	if (!reads.n)
		return;
	bench_samples_add(&v->p50, bench_percentile(&reads, 50));
	bench_samples_add(&v->p99, bench_percentile(&reads, 99));
	bench_samples_add(&v->max, bench_percentile(&reads, 100));
	if (runs)
		fprintf(runs, "%s,%d,%llu,%llu,%.0f,%.0f,%.0f,%zu\n",
			v->downgrade ? "downgrade" : "write", run,
			(unsigned long long)mm.hold_ns,
			(unsigned long long)(ctx.end_ns - ctx.begin_ns),
			bench_percentile(&reads, 50),
			bench_percentile(&reads, 99),
			bench_percentile(&reads, 100), reads.n);
}

/* The median over runs of @s, in microseconds. */
static double us(struct bench_samples *s)
{
	return bench_percentile(s, 50) / 1e3;
}

static void report(const struct bench_opts *o, unsigned long runs)
{
	static const char *const head[] = {
		"variant", "exclusive hold", "total", "reader p50",
		"reader p99", "reader max", "reads",
	};
	const struct sim_params *p = &o->params;
	struct munmap_variant *w = &variants[0], *d = &variants[1];
	double excl, p99;
	struct bench_table t;
	char r[3][32];
	FILE *f;
	int i, row;

	bench_table_init(&t, head, 7);
	for (i = 0; i < NR_VARIANTS; i++) {
		struct munmap_variant *v = &variants[i];

		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%s", v->label);
		bench_table_set(&t, row, 1, "%.2f", us(&v->excl));
		bench_table_set(&t, row, 2, "%.2f", us(&v->total));
		bench_table_set(&t, row, 3, "%.2f", us(&v->p50));
		bench_table_set(&t, row, 4, "%.2f", us(&v->p99));
		bench_table_set(&t, row, 5, "%.2f", us(&v->max));
		bench_table_set(&t, row, 6, "%lu", v->reads);
	}
	excl = us(&d->excl);
	p99 = us(&d->p99);
	row = bench_table_row(&t);
	bench_table_set(&t, row, 0, "ratio");
	bench_table_set(&t, row, 1, "%s", bench_ratio(r[0], 32,
						      us(&w->excl), excl));
	bench_table_set(&t, row, 2, "%s", bench_ratio(r[1], 32,
						      us(&w->total),
						      us(&d->total)));
	bench_table_set(&t, row, 4, "%s", bench_ratio(r[2], 32,
						      us(&w->p99), p99));

	bench_say("munmap (after Yang Shi, 2018): unmapping %lu MiB (%lu VMA%s x %lu pages) while `ps` reads /proc/<pid>/cmdline every %d us\n",
	       p->vmas * p->pages * 4096 >> 20, p->vmas,
	       p->vmas == 1 ? "" : "s", p->pages, READ_PERIOD / 1000);
	bench_say("  era %s (munmap as in v4.20); %lu runs per variant, interleaved; us, each the median over runs;\n",
	       MUNMAP_ERA, runs);
	bench_say("  a run's reader latencies: every read due while munmap() ran, from when it was due to its return\n");
	bench_table_print(&t, stdout);
	bench_say("targets: exclusive hold cut >= 1000x: %s; reader p99 cut >= 100x: %s\n",
	       excl <= 0 || us(&w->excl) / excl >= 1000 ? "met" : "not met",
	       p99 <= 0 || us(&w->p99) / p99 >= 100 ? "met" :
	       "not met");

	f = bench_csv_open(&o->out, "munmap",
			   "variant,exclusive_hold_us,total_us,reader_p50_us,reader_p99_us,reader_max_us,reads");
	for (i = 0; f && i < NR_VARIANTS; i++) {
		struct munmap_variant *v = &variants[i];

		fprintf(f, "%s,%.3f,%.3f,%.3f,%.3f,%.3f,%lu\n",
			v->downgrade ? "downgrade" : "write",
			us(&v->excl), us(&v->total),
			us(&v->p50), us(&v->p99),
			us(&v->max), v->reads);
	}
	bench_csv_close(&o->out, f, "munmap");
	f = bench_csv_open(&o->out, "munmap-plot",
			   "what,write lock throughout,downgrade_write");
	if (f) {
		fprintf(f, "exclusive hold,%.3f,%.3f\n", us(&w->excl),
			us(&d->excl));
		fprintf(f, "munmap total,%.3f,%.3f\n", us(&w->total),
			us(&d->total));
		fprintf(f, "reader p50,%.3f,%.3f\n", us(&w->p50),
			us(&d->p50));
		fprintf(f, "reader p99,%.3f,%.3f\n", us(&w->p99),
			us(&d->p99));
		fprintf(f, "reader max,%.3f,%.3f\n", us(&w->max),
			us(&d->max));
		bench_csv_close(&o->out, f, "munmap-plot");
		bench_plot(&o->out, "munmap",
			   "set title 'munmap (Yang Shi, 2018): the write lock throughout vs downgrade\\_write (model)'\n"
			   "set style data histograms\n"
			   "set style histogram clustered gap 1\n"
			   "set style fill solid 0.8 border -1\n"
			   "set logscale y\n"
			   "set ylabel 'us (log scale)'\n"
			   "set xtics scale 0\n"
			   "set key top right noenhanced\n"
			   "plot data using 2:xtic(1) title columnhead(2), '' using 3 title columnhead(3)\n");
	}
}

static int run(const struct bench *b, const struct bench_opts *o)
{
	unsigned long pairs = o->runs ? o->runs : b->runs, k;
	const unsigned long warmup = 2;
	static struct sim_world w;
	FILE *lat, *runs;
	int i, j, rc = 0;

	if (bench_fits(&o->params))
		return 2;
	if (bench_build(&w, MUNMAP_ERA, &scn_munmap, &o->params))
		return 2;
	lat = bench_csv_open(&o->out, "munmap-reads",
			     "variant,run,due_after_start_ns,latency_ns");
	runs = bench_csv_open(&o->out, "munmap-runs",
			      "variant,run,exclusive_hold_ns,total_ns,reader_p50_ns,reader_p99_ns,reader_max_ns,reads");
	sim_threads_measure(SIM_MEASURE_LOCKS);
	for (k = 0; k < warmup + pairs && !rc && !sim_interrupted; k++) {
		for (j = 0; j < NR_VARIANTS; j++) {
			struct munmap_variant *v = &variants[k % 2 ? 1 - j : j];

			ctx.downgrade = v->downgrade;
			ctx.done = 0;
			ctx.nreads = 0;
			ctx.ret = -1;
			if (bench_iteration(&w)) {
				rc = 1;
				break;
			}
			if (ctx.ret) {
				fprintf(stderr, "reaplab: munmap: the model's munmap returned %ld\n",
					ctx.ret);
				rc = 1;
				break;
			}
			if (k >= warmup)
				collect(v, lat, runs, (int)(k - warmup));
		}
	}
	sim_threads_measure(SIM_MEASURE_OFF);
	sim_threads_shutdown();
	bench_csv_close(&o->out, lat, "munmap-reads");
	bench_csv_close(&o->out, runs, "munmap-runs");
	/* Ctrl-C: the pairs done so far, if any */
	if (!rc && k > warmup)
		report(o, k - warmup);
	sim_world_free(&w);
	for (i = 0; i < NR_VARIANTS; i++) {
		bench_samples_free(&variants[i].excl);
		bench_samples_free(&variants[i].total);
		bench_samples_free(&variants[i].p50);
		bench_samples_free(&variants[i].p99);
		bench_samples_free(&variants[i].max);
		variants[i].reads = 0;
	}
	return rc;
}

const struct bench bench_munmap = {
	.name = "munmap",
	.source = "Yang Shi, 2018",
	.summary = "munmap with mmap_lock held for write throughout vs downgrade_write, `ps` reading cmdline meanwhile",
	.defaults = { .vmas = 1, .pages = 32256, .ptrs_per_pte = 512,
		      .retries = 2, .alloc_retries = 3, .aio = 0,
		      .jiffy_ns = 1000 },
	.runs = 50,
	.runs_what = "pairs of runs, one per variant",
	.run = run,
};
