// SPDX-License-Identifier: GPL-2.0-only
//! [fork-exit-lab-doc]
/*
 * src/labs/fork_exit.c - kernel fork-exit: the 2017 fork/exit/waitpid
 *                        test, on the host kernel
 *
 * Not the model: the host kernel.  From the 2017 exit_mmap thread: to see
 * what an unconditional
 * down_write() in exit_mmap() costs, Michal Hocko wrote "a simple program
 * which forks and saves the timestamp before child exit and right after
 * waitpid" and ran it 100k times; Kirill Shutemov ran it three times
 * before and after the patch and gave R's summary() of each run, plus the
 * standard deviation.  This is our own program doing the same.
 *
 * DOC: kernel fork-exit: what is timed
 *
 * The child writes the monotonic clock into a page it shares with the
 * parent and calls _exit(); the parent's waitpid() returns and it reads
 * the clock again.  The difference is the child's whole exit (exit_mm()
 * and exit_mmap() of a small address space included), the wake-up of the
 * parent, and waitpid() itself.  Kirill used rdtscp and counted cycles;
 * this counts nanoseconds.  Each run starts with unrecorded forks, 1000
 * of them for runs of 10000 or more.
 */
//! [fork-exit-lab-doc]
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "labs.h"

/* unrecorded forks before each run: 1000, fewer for short runs */
#define WARMUP(n)	((n) >= 10000 ? 1000UL : (n) / 10 + 1)

static int run(const struct lab *l, const struct lab_opts *opts)
{
	static const char *const head[] = {
		"run", "Min.", "1st Qu.", "Median", "Mean", "3rd Qu.", "Max.",
		"Stdev",
	};
	struct lab_opts o = *opts;
	struct bench_samples s = { 0 };
	volatile u64 *stamp;
	struct bench_table t;
	unsigned long r, i;
	char rel[128];
	FILE *f;
	int row, rc = 0;

	if (!o.samples)
		o.samples = l->samples;
	if (!o.runs)
		o.runs = l->runs;
	if (lab_probe("fork") == ENOSYS) {
		lab_skipped("fork", "kernel fork-exit");
		return 0;
	}
	stamp = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (stamp == MAP_FAILED) {
		perror("reaplab: mmap");
		return 1;
	}
	bench_table_init(&t, head, 8);
	f = bench_csv_open(&o.out, "kernel-fork-exit",
			   "run,min_ns,q1_ns,median_ns,mean_ns,q3_ns,max_ns,stdev_ns,samples");
	for (r = 0; r < o.runs && !rc && !sim_interrupted; r++) {
		bench_samples_reset(&s);
		for (i = 0; i < WARMUP(o.samples) + o.samples &&
			    !sim_interrupted; i++) {
			pid_t got;
			pid_t pid = lab_fork();
			u64 now;

			if (pid < 0) {
				if (errno == ENOSYS && !r && !i) {
					lab_skipped("fork", "kernel fork-exit");
					goto out;
				}
				perror("reaplab: fork");
				rc = 1;
				break;
			}
			if (!pid) {
				*stamp = bench_now_ns();
				_exit(0);
			}
			/* Ctrl-C interrupts the wait, not the child's exit */
			while ((got = waitpid(pid, NULL, 0)) < 0 &&
			       errno == EINTR)
				;
			if (got != pid) {
				perror("reaplab: waitpid");
				rc = 1;
				break;
			}
			now = bench_now_ns();
			if (i >= WARMUP(o.samples))
				bench_samples_add(&s, now - *stamp);
		}
		if (rc || sim_interrupted)
			break;		/* a run cut short has no row */
		row = bench_table_row(&t);
		bench_table_set(&t, row, 0, "%lu", r + 1);
		bench_table_set(&t, row, 1, "%.0f", bench_percentile(&s, 0));
		bench_table_set(&t, row, 2, "%.0f", bench_percentile(&s, 25));
		bench_table_set(&t, row, 3, "%.0f", bench_percentile(&s, 50));
		bench_table_set(&t, row, 4, "%.0f", bench_mean(&s));
		bench_table_set(&t, row, 5, "%.0f", bench_percentile(&s, 75));
		bench_table_set(&t, row, 6, "%.0f", bench_percentile(&s, 100));
		bench_table_set(&t, row, 7, "%.0f", bench_stdev(&s));
		if (f)
			fprintf(f, "%lu,%.0f,%.0f,%.0f,%.1f,%.0f,%.0f,%.1f,%zu\n",
				r + 1, bench_percentile(&s, 0),
				bench_percentile(&s, 25),
				bench_percentile(&s, 50), bench_mean(&s),
				bench_percentile(&s, 75),
				bench_percentile(&s, 100), bench_stdev(&s),
				s.n);
		bench_progress(&o.out, "kernel fork-exit: run %lu of %lu",
			       r + 1, o.runs);
	}
	if (!rc && t.nrows) {
		lab_kernel_release(rel, sizeof(rel));
		bench_say("kernel fork-exit (after Michal Hocko, 2017): fork(), the child stamps the clock and exits, the parent's waitpid() returns; ns\n");
		bench_say("  Linux %s; %lu forks per run, after %lu unrecorded ones\n",
		       rel, o.samples, WARMUP(o.samples));
		bench_table_print(&t, stdout);
	}
out:
	bench_csv_close(&o.out, f, "kernel-fork-exit");
	bench_samples_free(&s);
	munmap((void *)stamp, 4096);
	return rc;
}

const struct lab lab_fork_exit = {
	.name = "fork-exit",
	.source = "Michal Hocko, 2017",
	.summary = "fork, exit, waitpid 100k times: min, Q1, median, mean, Q3, max, stdev as in Kirill Shutemov's table",
	.samples = 100000,
	.runs = 1,
	.run = run,
};
