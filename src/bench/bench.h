/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/bench/bench.h - the benchmarks: the mailing lists' measurements
 *
 * Simulator-only.  Each benchmark runs model code of two or more eras (or
 * configurations) on the threads engine, real pthreads, interleaving the
 * variants run by run so that whatever the machine does meanwhile falls on
 * all of them alike, and prints one table in the shape of the mailing-list
 * measurement it reproduces.  Every number in a table is measured in that run.
 *
 *     benchmark    after          what it times
 *     reap-order   zhongjinji,    exit_mmap() and process_mrelease()
 *                  2025           zapping one mm: v6.1 (both forward) vs
 *                                 v6.18 (reaper from the top); pte-lock
 *                                 waiting, per-page work
 *     munmap       Yang Shi,      munmap with the write lock throughout
 *                  2018           vs downgrade_write, with `ps` reading
 *                                 cmdline
 *     exit-lock    Suren B.,      one exit per era: lock-free v4.9,
 *                  2021           2017-cond, v5.17's unconditional lock,
 *                                 v6.1
 *     find-vma     Luigi Rizzo,   find_vma(): plain, debug_vm, debug_vm
 *                  2021           plus mmap_assert_locked()
 *
 * The pieces they share live here: statistics over samples, tables, CSV
 * files and gnuplot figures (stats.c), and building the machine and the
 * processes a benchmark runs (world.c).  What a benchmark prints also goes,
 * as Markdown, to DIR/NAME.md beside its CSV (bench_say(), tables), headed
 * by the command, the CPUs, the kernel and the date: the book shows that
 * file, never a table typed in.
 */
#ifndef _BENCH_BENCH_H
#define _BENCH_BENCH_H

#include <errno.h>
#include <stdio.h>
/*
 * The model's src/include/linux/errno.h shadows the one <errno.h> pulls
 * in, and defines only what the model returns: take the host's full list.
 */
#include <asm-generic/errno.h>
#include "../sim/world/kernel.h"

/* --- samples and their statistics (stats.c) ------------------------- */

/**
 * struct bench_samples - a growing array of measurements.
 * @v: the values.
 * @n: how many.
 * @cap: room for.
 * @sorted: @v is in ascending order (percentiles sort it once).
 */
struct bench_samples {
	double *v;
	size_t n;
	size_t cap;
	bool sorted;
};

void bench_samples_add(struct bench_samples *s, double v);
void bench_samples_reset(struct bench_samples *s);
void bench_samples_free(struct bench_samples *s);
double bench_percentile(struct bench_samples *s, double p);
double bench_mean(const struct bench_samples *s);
double bench_stdev(const struct bench_samples *s);

u64 bench_now_ns(void);

/* --- output: tables, CSV, figures (stats.c) ------------------------- */

/**
 * struct bench_out - where a benchmark's results go.
 * @dir: directory for the CSV files and figures, or NULL for none.
 * @plot: render the figures with gnuplot (when it is installed).
 * @quiet: no progress lines on stderr.
 */
struct bench_out {
	const char *dir;
	bool plot;
	bool quiet;
};

#define BENCH_MAX_COLS	12
/*
 * Room for every era times every scenario (the explorer's tables have a
 * row each: 54 today) with space for more; a table that outgrows it
 * stops the benchmark with an error, never a cut table.
 */
#define BENCH_MAX_ROWS	160
#define BENCH_CELL	40

/**
 * struct bench_table - rows of text cells, printed aligned.
 * @ncols: columns.
 * @nrows: rows so far.
 * @head: column headings.
 * @cell: the cells; the first column is left-aligned, the others right.
 */
struct bench_table {
	int ncols;
	int nrows;
	const char *head[BENCH_MAX_COLS];
	char cell[BENCH_MAX_ROWS][BENCH_MAX_COLS][BENCH_CELL];
};

void bench_table_init(struct bench_table *t, const char *const *head,
		      int ncols);
int bench_table_row(struct bench_table *t);
void bench_table_set(struct bench_table *t, int row, int col,
		     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void bench_table_print(const struct bench_table *t, FILE *f);

FILE *bench_csv_open(const struct bench_out *o, const char *name,
		     const char *header);
void bench_csv_close(const struct bench_out *o, FILE *f, const char *name);
void bench_plot(const struct bench_out *o, const char *name,
		const char *script);
int bench_out_check(const struct bench_out *o, char *err, size_t len);
void bench_progress(const struct bench_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void bench_report_begin(const struct bench_out *o, const char *name,
			const char *cmd);
void bench_report_end(void);
void bench_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bench_report_table(const struct bench_table *t);
const char *bench_ratio(char *buf, size_t len, double num, double den);

/* --- the machine a benchmark runs (world.c) ------------------------- */

void bench_boot(struct sim_world *w, unsigned long pages, bool debug_vm);
struct task_struct *bench_process(struct sim_world *w, const char *comm,
				  unsigned long vmas, unsigned long pages);
int bench_thread(struct sim_world *w, char letter, const char *name,
		 int (*fn)(void *), void *arg, struct task_struct *task);
int bench_fits(const struct sim_params *p);
/* exit-lock's world: a small process with SIGKILL pending exits alone. */
extern const struct sim_scenario bench_exit_scenario;
int bench_build(struct sim_world *w, const char *era,
		const struct sim_scenario *scn, const struct sim_params *p);
int bench_iteration(struct sim_world *w);
const struct era_entry *bench_entry(void);

/* --- the benchmarks ------------------------------------------------- */

/**
 * struct bench_opts - one run of a benchmark, as the command line asks.
 * @params: the sizes (`-o key=value` over the benchmark's defaults).
 * @runs: repetitions (`-n`); what a repetition is depends on the
 *	  benchmark (see struct bench).
 * @out: where the results go.
 */
struct bench_opts {
	struct sim_params params;
	unsigned long runs;
	struct bench_out out;
};

/**
 * struct bench - one benchmark.
 * @name: as `reaplab bench` calls it.
 * @source: whose mailing-list measurement it reproduces (author, year),
 *	    or NULL.
 * @summary: one line for --help.
 * @defaults: default sizes (vmas, pages, ptrs).
 * @runs: default repetitions.
 * @runs_what: what one repetition is, for --help.
 * @run: run it; returns 0, 1 if an oracle fired in the model (the
 *	 numbers would mean nothing), 2 for sizes the model cannot hold.
 */
struct bench {
	const char *name;
	const char *source;
	const char *summary;
	struct sim_params defaults;
	unsigned long runs;
	const char *runs_what;
	int (*run)(const struct bench *b, const struct bench_opts *o);
};

extern const struct bench bench_reap_order;
extern const struct bench bench_munmap;
extern const struct bench bench_exit_lock;
extern const struct bench bench_find_vma;
extern const struct bench bench_explorer;

extern const struct bench *const benches[];
extern const int nr_benches;
const struct bench *bench_by_name(const char *name);

#endif /* _BENCH_BENCH_H */
