// SPDX-License-Identifier: GPL-2.0-only
//! [reap-order-bench-doc]
/*
 * src/bench/reap_order.c - reap-order: exit_mmap() and the reaper zapping
 *                          one mm, forward (v6.1) and reverse (v6.18)
 *
 * Simulator-only.  Reproduces the shape of zhongjinji's 2025 summary
 * for 5e1953dc71af (v6.18): total time, time waiting for pte spinlocks
 * and time in per-page work, each split into exit_mmap and reaper.
 *
 * DOC: reap-order: what is timed
 *
 * The world is the mrelease scenario at benchmark size: M sends SIGKILL
 * to V and calls process_mrelease() at once, as lmkd does; V wakes, exits,
 * and its exit_mmap() zaps under mmap_read_lock while M's
 * __oom_reap_task_mm() zaps the same VMAs under its own read lock.  Two
 * real threads, one per CPU on a two-CPU machine; V waits for the signal
 * on its CPU (spin_before_sleep()), as a victim running elsewhere would
 * take it at once.  With the threads engine measuring (DOC: Measuring on the threads engine), each thread's
 * lock classes give:
 *
 *     running time    how long it held &mm->mmap_lock for read: V's is
 *                     unmap_vmas() in exit_mmap(), M's the reap
 *     pte wait        how long it waited for &pt->ptl
 *     per-page work   how long it held &pt->ptl: everything
 *                     zap_pte_range() does per page happens under it
 *                     (ptep_get_and_clear(), page_remove_rmap()'s atomic
 *                     decrement of the mapcount, the batched frees)
 *
 * v6.1 and v6.18 differ in one function, __oom_reap_task_mm(): v6.18
 * walks the VMAs from the top.  The same mm is zapped in every run; runs
 * alternate between the eras (ABBA), and each figure is the median over
 * runs.  M and V then race to V's task_lock(): in a run in which V gets
 * there first, exit_mm() has detached the mm when M looks for it, and M
 * reaps nothing (-ESRCH, as lmkd sometimes sees); such runs, and runs in
 * which one zap was over before the other began, are counted and left
 * out, and more are run until each era has its share: they measure one
 * zapper, not two.
 *
 * On a virtual machine the host now and then takes a CPU away for a
 * millisecond or more; if it takes it from a thread holding a pte lock,
 * the other thread spins on that lock for as long, in either era.  Those
 * runs are kept: the medians are robust to them, the means (printed
 * under the table) are not.
 */
//! [reap-order-bench-doc]
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "../sim/world/threads.h"

#define NR_VARIANTS	2
#define TID_EXIT	0	/* V: the mrelease scenario's order "VM" */
#define TID_REAPER	1	/* M */

/* The 2025 summary's three categories, each as total, exit_mmap and reaper. */
enum { CAT_RUNNING, CAT_PTE_WAIT, CAT_PAGE_WORK, NR_CATS };
enum { PART_TOTAL, PART_EXIT, PART_REAPER, NR_PARTS };

static const char *const cat_name[NR_CATS] = {
	"Total running time", "Time waiting for pte spinlock",
	"Per-page work (pte lock held)",
};
static const char *const cat_csv[NR_CATS] = {
	"running time", "pte lock wait", "per-page work",
};

/* One variant's figures, one sample per run. */
struct reap_variant {
	const char *era;
	const char *label;
	struct sim_world w;
	struct bench_samples fig[NR_CATS][NR_PARTS];
	unsigned long alone;	/* runs with nothing left for M to reap */
	unsigned long apart;	/* runs in which the zaps did not overlap */
};

static struct reap_variant variants[NR_VARIANTS] = {
	{ .era = "v6.18", .label = "v6.18 reverse" },
	{ .era = "v6.1", .label = "v6.1 forward" },
};

static void add(struct reap_variant *v, int cat, u64 exit, u64 reaper)
{
	bench_samples_add(&v->fig[cat][PART_TOTAL], exit + reaper);
	bench_samples_add(&v->fig[cat][PART_EXIT], exit);
	bench_samples_add(&v->fig[cat][PART_REAPER], reaper);
}

/* The run just ended: take its figures, or count it as a lone zapper. */
static void collect(struct reap_variant *v, FILE *runs, int run)
{
	struct sim_lock_stat mm[2], ptl[2];
	int side;

	for (side = 0; side < 2; side++) {
		sim_threads_lock_stat(side, "&mm->mmap_lock", &mm[side]);
		sim_threads_lock_stat(side, "&pt->ptl", &ptl[side]);
	}
	if (!mm[TID_REAPER].hold_read_ns) {
		v->alone++;
		return;
	}
	if (mm[TID_EXIT].first_ns >= mm[TID_REAPER].last_ns ||
	    mm[TID_REAPER].first_ns >= mm[TID_EXIT].last_ns) {
		v->apart++;
		return;
	}
	add(v, CAT_RUNNING, mm[TID_EXIT].hold_read_ns,
	    mm[TID_REAPER].hold_read_ns);
	add(v, CAT_PTE_WAIT, ptl[TID_EXIT].wait_ns, ptl[TID_REAPER].wait_ns);
	add(v, CAT_PAGE_WORK, ptl[TID_EXIT].hold_ns, ptl[TID_REAPER].hold_ns);
	if (runs)
		fprintf(runs, "%s,%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu\n",
			v->era, run,
			(unsigned long long)mm[TID_EXIT].hold_read_ns,
			(unsigned long long)mm[TID_REAPER].hold_read_ns,
			(unsigned long long)ptl[TID_EXIT].wait_ns,
			(unsigned long long)ptl[TID_REAPER].wait_ns,
			(unsigned long long)ptl[TID_EXIT].hold_ns,
			(unsigned long long)ptl[TID_REAPER].hold_ns,
			(unsigned long long)ptl[TID_EXIT].contended,
			(unsigned long long)ptl[TID_REAPER].contended);
}

static double med(struct reap_variant *v, int cat, int part)
{
	return bench_percentile(&v->fig[cat][part], 50);
}

static double med_ms(struct reap_variant *v, int cat, int part)
{
	return med(v, cat, part) / 1e6;
}

static void summary_csv(const struct bench_opts *o)
{
	static const char *const part_name[NR_PARTS] = {
		"total", "exit_mmap", "reaper"
	};
	FILE *f, *p;
	int c, s;

	f = bench_csv_open(&o->out, "reap-order",
			   "category,part,v6.18_reverse_ms,v6.1_forward_ms");
	p = bench_csv_open(&o->out, "reap-order-plot",
			   "what,v6.18 reverse,v6.1 forward");
	for (c = 0; c < NR_CATS; c++) {
		for (s = 0; s < NR_PARTS; s++) {
			if (f)
				fprintf(f, "%s,%s,%.4f,%.4f\n", cat_csv[c],
					part_name[s],
					med_ms(&variants[0], c, s),
					med_ms(&variants[1], c, s));
			if (p && s != PART_TOTAL)
				fprintf(p, "%s: %s,%.4f,%.4f\n", cat_csv[c],
					s == PART_EXIT ? "exit" : "reaper",
					med_ms(&variants[0], c, s),
					med_ms(&variants[1], c, s));
		}
	}
	bench_csv_close(&o->out, f, "reap-order");
	bench_csv_close(&o->out, p, "reap-order-plot");
	if (p)
		bench_plot(&o->out, "reap-order",
			   "set title 'reap-order (zhongjinji, 2025): exit\\_mmap and the reaper on one mm (model, median per run)'\n"
			   "set style data histograms\n"
			   "set style histogram clustered gap 1\n"
			   "set style fill solid 0.8 border -1\n"
			   "set ylabel 'ms'\n"
			   "set yrange [0:*]\n"
			   "set xtics rotate by -25 scale 0\n"
			   "set key top right noenhanced\n"
			   "set bmargin 7\n"
			   "plot data using 2:xtic(1) title columnhead(2), '' using 3 title columnhead(3)\n");
}

static void print_table(const struct bench_opts *o)
{
	static const char line[] =
		"+-------------------------------+-----------------+-----------------+\n";
	static const char *head[] = { "Category", NULL, NULL };
	const struct sim_params *p = &o->params;
	char cell[NR_VARIANTS][40], r[32];
	struct bench_table md;
	double fwd, rev;
	int c, i, row;

	bench_say("reap-order (after zhongjinji, 2025): exit_mmap() and process_mrelease() zapping one mm on two real threads\n");
	bench_say("  %lu VMAs x %lu pages (%lu MiB), %lu PTEs per table; %zu + %zu runs, the eras interleaved;\n",
	       p->vmas, p->pages, p->vmas * p->pages * 4096 >> 20,
	       p->ptrs_per_pte, variants[0].fig[0][0].n,
	       variants[1].fig[0][0].n);
	bench_say("  each figure is the median over runs, in ms; the eras differ only in the reaper's walk\n");
	printf("+-------------------------------------------------------------------+\n");
	printf("| %-29s | %15s | %15s |\n", "Category", variants[0].label,
	       variants[1].label);
	printf("%s", line);
	/* the same table for the book, which cannot draw boxes */
	head[1] = variants[0].label;
	head[2] = variants[1].label;
	bench_table_init(&md, head, 3);
	for (c = 0; c < NR_CATS; c++) {
		for (i = 0; i < NR_VARIANTS; i++)
			snprintf(cell[i], sizeof(cell[i]), "%.3f",
				 med_ms(&variants[i], c, PART_TOTAL));
		printf("| %-29s | %15s | %15s |\n", cat_name[c], cell[0],
		       cell[1]);
		row = bench_table_row(&md);
		bench_table_set(&md, row, 0, "%s", cat_name[c]);
		bench_table_set(&md, row, 1, "%s", cell[0]);
		bench_table_set(&md, row, 2, "%s", cell[1]);
		for (i = 0; i < NR_VARIANTS; i++)
			snprintf(cell[i], sizeof(cell[i]), "%.3f + %.3f",
				 med_ms(&variants[i], c, PART_EXIT),
				 med_ms(&variants[i], c, PART_REAPER));
		printf("| %-29s | %15s | %15s |\n",
		       "  (exit_mmap + reaper work)", cell[0], cell[1]);
		row = bench_table_row(&md);
		bench_table_set(&md, row, 0, "(exit_mmap + reaper work)");
		bench_table_set(&md, row, 1, "%s", cell[0]);
		bench_table_set(&md, row, 2, "%s", cell[1]);
		printf("%s", line);
	}
	bench_report_table(&md);
	for (i = 0; i < NR_VARIANTS; i++) {
		if (variants[i].alone)
			bench_say("%s: %lu run(s) left out: exit_mm() won the race, process_mrelease() reaped nothing\n",
			       variants[i].era, variants[i].alone);
		if (variants[i].apart)
			bench_say("%s: %lu run(s) left out: one zap ended before the other began\n",
			       variants[i].era, variants[i].apart);
	}
	fwd = med(&variants[1], CAT_PTE_WAIT, PART_TOTAL);
	rev = med(&variants[0], CAT_PTE_WAIT, PART_TOTAL);
	bench_say("pte-lock waiting, forward / reverse, median runs: %s (target >= 10x: %s)\n",
	       bench_ratio(r, sizeof(r), fwd, rev),
	       rev <= 0 || fwd / rev >= 10 ? "met" : "not met");
	fwd = bench_mean(&variants[1].fig[CAT_PTE_WAIT][PART_TOTAL]);
	rev = bench_mean(&variants[0].fig[CAT_PTE_WAIT][PART_TOTAL]);
	bench_say("  means over runs, which also take in the host stealing a CPU from a lock holder: %.3f / %.3f ms = %s\n",
	       fwd / 1e6, rev / 1e6, bench_ratio(r, sizeof(r), fwd, rev));
	bench_say("per-page work, forward / reverse: %s (the same pages are zapped in both)\n",
	       bench_ratio(r, sizeof(r),
			   med(&variants[1], CAT_PAGE_WORK, PART_TOTAL),
			   med(&variants[0], CAT_PAGE_WORK, PART_TOTAL)));
}

/* Runs of variant @i that count. */
static unsigned long counted(int i)
{
	return variants[i].fig[CAT_RUNNING][PART_TOTAL].n;
}

static int run(const struct bench *b, const struct bench_opts *o)
{
	const struct sim_scenario *scn = sim_scenario_by_name("mrelease");
	unsigned long pairs = o->runs ? o->runs : b->runs, k;
	const unsigned long warmup = 2;
	FILE *runs = NULL;
	int i, j, rc = 0;

	if (bench_fits(&o->params))
		return 2;
	for (i = 0; i < NR_VARIANTS; i++)
		if (bench_build(&variants[i].w, variants[i].era, scn,
				&o->params))
			return 2;
	runs = bench_csv_open(&o->out, "reap-order-runs",
			      "era,run,exit_zap_ns,reaper_zap_ns,exit_pte_wait_ns,reaper_pte_wait_ns,exit_page_work_ns,reaper_page_work_ns,exit_pte_contended,reaper_pte_contended");
	sim_threads_measure(SIM_MEASURE_LOCKS);
	/*
	 * Until each era has @pairs runs with two zappers (runs left out do
	 * not count), within a bound, should the race never go that way.
	 * In some processes the victim's exit wins the race to task_lock()
	 * in 19 runs of 20 or more (it was woken while still spinning for
	 * its wake-up), hence a bound this loose.
	 */
	for (k = 0; !rc && !sim_interrupted && k < warmup + 50 * pairs + 200 &&
	     (k < warmup + pairs || counted(0) < pairs ||
	      counted(1) < pairs); k++) {
		for (j = 0; j < NR_VARIANTS && !rc; j++) {
			/* ABBA: neither era always runs first */
			struct reap_variant *v = &variants[k % 2 ? 1 - j : j];

			if (bench_iteration(&v->w)) {
				rc = 1;
				break;
			}
			if (k >= warmup && v->fig[0][0].n < pairs)
				collect(v, runs, (int)(k - warmup));
		}
		if (k % 50 == 49)
			bench_progress(&o->out, "reap-order: %lu pairs run",
				       k + 1);
	}
	sim_threads_measure(SIM_MEASURE_OFF);
	sim_threads_shutdown();
	bench_csv_close(&o->out, runs, "reap-order-runs");
	if (!rc && (!variants[0].fig[0][0].n || !variants[1].fig[0][0].n)) {
		if (sim_interrupted)
			goto free;	/* Ctrl-C before a run counted */
		fprintf(stderr,
			"reaplab: reap-order: process_mrelease() never ran beside the exit of one era in %lu pairs run (%s: %lu reaped nothing, %lu apart; %s: %lu, %lu)\n",
			k, variants[0].era, variants[0].alone,
			variants[0].apart, variants[1].era,
			variants[1].alone, variants[1].apart);
		rc = 1;
	}
	if (!rc) {
		/* never a silent shortfall: the table is over fewer runs */
		if (!sim_interrupted && (counted(0) < pairs ||
					 counted(1) < pairs))
			fprintf(stderr,
				"reaplab: reap-order: only %lu (%s) and %lu (%s) of the %lu runs asked for had two zappers, within %lu pairs run (a busy machine?): the table is over those\n",
				counted(0), variants[0].era, counted(1),
				variants[1].era, pairs, k);
		print_table(o);
		summary_csv(o);
	}
free:
	for (i = 0; i < NR_VARIANTS; i++) {
		struct reap_variant *v = &variants[i];
		int c;

		sim_world_free(&v->w);
		for (c = 0; c < NR_CATS; c++)
			for (j = 0; j < NR_PARTS; j++)
				bench_samples_free(&v->fig[c][j]);
		v->alone = v->apart = 0;
	}
	return rc;
}

const struct bench bench_reap_order = {
	.name = "reap-order",
	.source = "zhongjinji, 2025",
	.summary = "exit_mmap and process_mrelease zap one mm: v6.1 forward vs v6.18 reverse (pte-lock waiting)",
	.defaults = { .vmas = 16, .pages = 1024, .ptrs_per_pte = 512,
		      .retries = 2, .alloc_retries = 3, .aio = 0,
		      .jiffy_ns = 1000 },
	.runs = 200,
	.runs_what = "pairs of runs, one per era",
	.run = run,
};
