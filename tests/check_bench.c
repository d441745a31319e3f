// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_bench.c - the benchmarks and the real-kernel labs, at tiny
 *                       sizes
 *
 * Every benchmark and lab runs once through the command line, small: it
 * must exit 0, print its rows, and write CSV figures that make sense
 * (positive where something was timed, percentiles in order).  No figure
 * is compared with a target: the machine is noisy, and the targets are
 * for the tables to report, not for the tests to enforce.  The labs' skip
 * paths run with REAPLAB_FAKE_ENOSYS.  Also: the statistics module, and
 * the threads engine's per-class lock timing.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testlib.h"
#include "../src/bench/bench.h"
#include "../src/sim/world/threads.h"

static char out[65536], err[8192];
static char dir[64];

/* A fresh output directory for one test; the fixture removes it. */
static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "/tmp/reaplab-bench-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
	char path[512];
	struct dirent *d;
	DIR *dp = opendir(dir);

	if (!dp)
		return;
	while ((d = readdir(dp))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		unlink(path);
	}
	closedir(dp);
	rmdir(dir);
}

/*
 * csv_rows_in() - the rows of @in/@name.csv whose first field is @key
 * (NULL: every row), each split into at most 16 numbers (fields that are
 * not numbers read as 0); returns how many, at most @max.  csv_rows():
 * in the test's own folder.
 */
static int csv_rows_in(const char *in, const char *name, const char *key,
		       double rows[][16], char labels[][32], int max)
{
	char path[512], line[1024];
	int n = 0, header = 1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.csv", in, name);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s was not written", path);
	while (fgets(line, sizeof(line), f) && n < max) {
		char *save = NULL, *tok;
		int c = 0;

		if (header) {
			header = 0;
			continue;
		}
		line[strcspn(line, "\n")] = 0;
		tok = strtok_r(line, ",", &save);
		if (!tok || (key && strcmp(tok, key)))
			continue;
		snprintf(labels[n], 32, "%s", tok);
		for (; tok && c < 16; tok = strtok_r(NULL, ",", &save))
			rows[n][c++] = strtod(tok, NULL);
		n++;
	}
	fclose(f);
	return n;
}

static int csv_rows(const char *name, const char *key, double rows[][16],
		    char labels[][32], int max)
{
	return csv_rows_in(dir, name, key, rows, labels, max);
}

START_TEST(test_stats_percentiles_are_r_type_7)
{
	struct bench_samples s = { 0 };
	int i;

	for (i = 10; i >= 1; i--)
		bench_samples_add(&s, i);
	/* R: quantile(1:10) gives 1, 3.25, 5.5, 7.75, 10 */
	ck_assert_double_eq_tol(bench_percentile(&s, 0), 1, 1e-9);
	ck_assert_double_eq_tol(bench_percentile(&s, 25), 3.25, 1e-9);
	ck_assert_double_eq_tol(bench_percentile(&s, 50), 5.5, 1e-9);
	ck_assert_double_eq_tol(bench_percentile(&s, 75), 7.75, 1e-9);
	ck_assert_double_eq_tol(bench_percentile(&s, 100), 10, 1e-9);
	ck_assert_double_eq_tol(bench_mean(&s), 5.5, 1e-9);
	/* sd(1:10) = 3.02765 */
	ck_assert_double_eq_tol(bench_stdev(&s), 3.0276503540974917, 1e-9);
	bench_samples_free(&s);
	ck_assert_double_eq(bench_percentile(&s, 50), 0);
}
END_TEST

/* The threads engine's lock classes see the zap of the mrelease scenario. */
START_TEST(test_lock_classes_time_the_zap)
{
	static struct sim_world w;
	struct sim_lock_stat mm, ptl, none;

	t_build(&w, "v6.1", "mrelease");
	sim_threads_measure(SIM_MEASURE_LOCKS);
	sim_threads_iteration(&w, 5.0, NULL);
	ck_assert_uint_eq(w.verdict.fired, 0);
	/* V, thread 0, exits: exit_mmap() zaps under mmap_read_lock */
	sim_threads_lock_stat(0, "&mm->mmap_lock", &mm);
	sim_threads_lock_stat(0, "&pt->ptl", &ptl);
	ck_assert_uint_ge(mm.acquired, 2);	/* read, then write */
	ck_assert_uint_gt(mm.hold_read_ns, 0);
	ck_assert_uint_gt(mm.hold_ns, 0);
	ck_assert_uint_le(mm.first_ns, mm.last_ns);
	ck_assert_uint_gt(ptl.acquired, 0);
	ck_assert_uint_gt(ptl.hold_ns, 0);
	ck_assert_uint_le(ptl.contended, ptl.acquired);
	sim_threads_lock_stat(0, "&no->such_lock", &none);
	ck_assert_uint_eq(none.acquired, 0);
	/* off again: nothing is timed */
	sim_threads_measure(SIM_MEASURE_OFF);
	sim_threads_iteration(&w, 5.0, NULL);
	sim_threads_lock_stat(0, "&mm->mmap_lock", &mm);
	ck_assert_uint_eq(mm.acquired, 0);
	sim_threads_shutdown();
	sim_world_free(&w);
}
END_TEST

START_TEST(test_bench_reap_order)
{
	double r[16][16];
	char l[16][32];
	int n, i;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "reap-order", "-n", "4", "-o",
			       "vmas=4,pages=256,ptrs=64", "--out", dir,
			       "--no-plot", "--quiet", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "Total running time"));
	ck_assert_ptr_nonnull(strstr(out, "Time waiting for pte spinlock"));
	ck_assert_ptr_nonnull(strstr(out, "Per-page work (pte lock held)"));
	ck_assert_ptr_nonnull(strstr(out, "v6.18 reverse"));
	ck_assert_ptr_nonnull(strstr(out, "forward / reverse"));
	n = csv_rows("reap-order", NULL, r, l, 16);
	ck_assert_int_eq(n, 9);
	for (i = 0; i < n; i++) {
		ck_assert(r[i][2] >= 0 && r[i][3] >= 0);
	}
	/* running time and per-page work are timed, in both eras */
	ck_assert(r[0][2] > 0 && r[0][3] > 0);
	ck_assert(r[6][2] > 0 && r[6][3] > 0);
	/*
	 * Four runs of each era with two zappers, unless the machine was
	 * too busy for the threads to overlap in enough runs: then fewer,
	 * and the bench says so.
	 */
	for (i = 0; i < 2; i++) {
		n = csv_rows("reap-order-runs", i ? "v6.18" : "v6.1", r, l, 16);
		ck_assert_int_ge(n, 1);
		ck_assert_int_le(n, 4);
		if (n < 4)
			ck_assert_ptr_nonnull(strstr(err, "of the 4 runs asked for"));
	}
}
END_TEST

START_TEST(test_bench_munmap)
{
	double r[4][16];
	char l[4][32];
	int n, i;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "munmap", "-n", "2", "-o", "pages=2048,ptrs=64",
			       "--out", dir, "--no-plot", "--quiet", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "write lock throughout"));
	ck_assert_ptr_nonnull(strstr(out, "downgrade_write"));
	ck_assert_ptr_nonnull(strstr(out, "exclusive hold"));
	ck_assert_ptr_nonnull(strstr(out, "targets:"));
	n = csv_rows("munmap", NULL, r, l, 4);
	ck_assert_int_eq(n, 2);
	for (i = 0; i < n; i++) {
		ck_assert_msg(r[i][1] > 0 && r[i][2] > 0, "%s: hold %f total %f",
			      l[i], r[i][1], r[i][2]);
		ck_assert(r[i][1] <= r[i][2]);		/* hold <= total */
		ck_assert(r[i][3] > 0);			/* reader p50 */
		ck_assert(r[i][3] <= r[i][4] && r[i][4] <= r[i][5]);
		ck_assert(r[i][6] > 0);			/* reads */
	}
}
END_TEST

START_TEST(test_bench_exit_lock)
{
	static const char *const eras[] = { "v4.9", "2017-cond", "v5.17",
					    "v6.1" };
	double r[1][16];
	char l[1][32];
	int i;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "exit-lock", "-n", "1", "-o", "vmas=2,pages=4",
			       "--out", dir, "--quiet", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "p50 (median)"));
	ck_assert_ptr_nonnull(strstr(out, "v5.17 against lock-free v4.9"));
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(csv_rows("exit-lock", eras[i], r, l, 1), 1);
		ck_assert(r[0][1] > 0);			/* p50 */
		ck_assert(r[0][1] <= r[0][2] && r[0][2] <= r[0][3]);
		ck_assert(r[0][4] > 0);			/* average */
		ck_assert_double_eq(r[0][10], 250);	/* exits */
	}
	ck_assert_int_eq(csv_rows("exit-lock", "v4.9", r, l, 1), 1);
	ck_assert_double_eq(r[0][6], 0);	/* the baseline's own change */
}
END_TEST

START_TEST(test_bench_find_vma)
{
	double r[4][16];
	char l[4][32];
	int n, i, j;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "find-vma", "-n", "1", "-o", "vmas=8",
			       "--out", dir, "--quiet", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "no-debug"));
	ck_assert_ptr_nonnull(strstr(out, "debug+assert"));
	n = csv_rows("find-vma", NULL, r, l, 4);
	ck_assert_int_eq(n, 4);
	for (i = 0; i < n; i++) {
		ck_assert(r[i][2] > 0);
		for (j = 2; j < 6; j++)
			ck_assert(r[i][j] <= r[i][j + 1]);
		ck_assert_double_eq(r[i][7], 5000);
	}
}
END_TEST

/*
 * The explorer's benchmark at 1% of its budgets (-n 1), as this build ran
 * it once, for the book and for this test (BENCH_QUICK in
 * src/bench/bench.mk; t_made() refuses a run older than the binary): its
 * four tables, and figures that hang together
 * (DPOR explores no more traces than there are executions; a known bug is
 * found; executions of one world add up).
 */
START_TEST(test_bench_explorer)
{
	const char *in = BUILD_DIR "/bench-quick/explorer";
	double r[48][16];
	char l[48][32];
	int n, i;

	ck_assert_int_eq(t_made(BUILD_DIR "/bench-quick/explorer.out",
			       "BENCH_QUICK, src/bench/bench.mk", out,
			       sizeof(out)), 0);
	ck_assert_ptr_nonnull(strstr(out, "1. Modes on one world"));
	ck_assert_ptr_nonnull(strstr(out, "4. Executions to the first bug"));
	{
		/* the book's copy: a numbered title must not start a list */
		static char md[1 << 16];
		char path[128];
		size_t len = 0;
		FILE *f;

		snprintf(path, sizeof(path), "%s/explorer.md", in);
		f = fopen(path, "r");
		ck_assert_ptr_nonnull(f);
		len = fread(md, 1, sizeof(md) - 1, f);
		md[len] = 0;
		fclose(f);
		ck_assert_ptr_nonnull(strstr(md, "\n1\\. Modes on one world"));
		ck_assert_ptr_null(strstr(md, "\n1. Modes"));
		ck_assert_ptr_nonnull(strstr(md,
					     "\n4\\. Executions to the first"));
	}
	n = csv_rows_in(in, "explorer-modes", NULL, r, l, 48);
	ck_assert_int_eq(n, 7);
	for (i = 0; i < n; i++)
		ck_assert(r[i][1] > 0 && r[i][2] >= r[i][1] && r[i][4] > 0);
	/* one row per scenario; v5.15's mrelease race: DPOR finds it within
	 * its small budget */
	n = csv_rows_in(in, "explorer-eras", "v5.15", r, l, 48);
	ck_assert_int_eq(n, SCN_NR);
	n = csv_rows_in(in, "explorer-reduction", NULL, r, l, 48);
	ck_assert_int_eq(n, 5);
	for (i = 0; i < n; i++)
		ck_assert(r[i][7] <= r[i][6] && r[i][7] > 0);
	n = csv_rows_in(in, "explorer-first-bug", "v5.15", r, l, 48);
	ck_assert_int_eq(n, 1);
	ck_assert(r[0][4] > 0 && r[0][4] < 100);	/* dpor */
}
END_TEST

/* With gnuplot installed (make deps), the figures are drawn. */
START_TEST(test_bench_figures)
{
	char path[512], head[256] = "";
	FILE *f;

	if (system("command -v gnuplot >/dev/null 2>&1"))
		return;
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "munmap", "-n", "1", "-o", "pages=1024,ptrs=64",
			       "--out", dir, "--quiet", NULL), 0);
	snprintf(path, sizeof(path), "%s/munmap.svg", dir);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s not drawn: %s", path, err);
	ck_assert_int_gt(fread(head, 1, sizeof(head) - 1, f), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(head, "<svg"));
}
END_TEST

START_TEST(test_bench_bad_input)
{
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "no-such", NULL), 2);
	ck_assert_ptr_nonnull(strstr(err, "unknown benchmark"));
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "munmap", "-o", "vmas=64,pages=4096", "--no-out",
			       NULL), 2);
	ck_assert_ptr_nonnull(strstr(err, "PTE tables"));
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "all", "-n", "2", NULL), 2);
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "bench",
			       "--help", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "reap-order"));
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "no-such", NULL), 2);
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "fork-exit", "--mib", "8", NULL), 2);
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "--help", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "REAPLAB_FAKE_ENOSYS"));
}
END_TEST

START_TEST(test_kernel_mrelease)
{
	double r[8][16];
	char l[8][32];
	int n, i;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "mrelease", "--mib", "8", "--runs", "1",
			       "--out", dir, "--quiet", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "kill->reaped"));
	ck_assert_ptr_nonnull(strstr(out, "plain"));
	ck_assert_ptr_nonnull(strstr(out, "teardown, sampled"));
	n = csv_rows("kernel-mrelease", NULL, r, l, 8);
	ck_assert_int_eq(n, 2);
	for (i = 0; i < n; i++)
		ck_assert(r[i][2] > 0);
	ck_assert_int_ge(csv_rows("kernel-mrelease-rss", NULL, r, l, 8), 2);
}
END_TEST

/* A kernel without process_mrelease: the plain variant still runs. */
START_TEST(test_kernel_mrelease_without_process_mrelease)
{
	setenv("REAPLAB_FAKE_ENOSYS", "process_mrelease", 1);
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "mrelease", "--mib", "4", "--runs", "1",
			       "--no-out", "--quiet", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "skipped: process_mrelease() is not available on this kernel (ENOSYS)"));
	ck_assert_ptr_nonnull(strstr(out, "skipped (ENOSYS)"));
	ck_assert_ptr_nonnull(strstr(out, "kill->reaped"));
	unsetenv("REAPLAB_FAKE_ENOSYS");
}
END_TEST

/* Without pidfds the lab cannot run at all: skipped, exit 0. */
START_TEST(test_kernel_skips_without_pidfd)
{
	setenv("REAPLAB_FAKE_ENOSYS", "pidfd_send_signal,pidfd_open", 1);
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "mrelease", "--mib", "4", "--no-out", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "skipped: pidfd_open() is not available on this kernel (ENOSYS)"));
	ck_assert_ptr_null(strstr(out, "kill->reaped"));
	setenv("REAPLAB_FAKE_ENOSYS", "all", 1);
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "fork-exit", "-n", "10", "--no-out", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "skipped: fork() is not available on this kernel (ENOSYS)"));
	ck_assert_ptr_null(strstr(out, "Median"));
	unsetenv("REAPLAB_FAKE_ENOSYS");
}
END_TEST

START_TEST(test_kernel_fork_exit)
{
	double r[4][16];
	char l[4][32];
	int n, i, j;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "kernel",
			       "fork-exit", "-n", "200", "--runs", "2",
			       "--out", dir, "--quiet", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "1st Qu."));
	ck_assert_ptr_nonnull(strstr(out, "Stdev"));
	n = csv_rows("kernel-fork-exit", NULL, r, l, 4);
	ck_assert_int_eq(n, 2);
	for (i = 0; i < n; i++) {
		ck_assert(r[i][1] > 0);
		/* min <= Q1 <= median <= Q3 <= max, mean within */
		for (j = 1; j < 3; j++)
			ck_assert(r[i][j] <= r[i][j + 1]);
		ck_assert(r[i][3] <= r[i][5] && r[i][5] <= r[i][6]);
		ck_assert(r[i][1] <= r[i][4] && r[i][4] <= r[i][6]);
		ck_assert_double_eq(r[i][8], 200);
	}
}
END_TEST

Suite *bench_suite(void)
{
	Suite *s = suite_create("bench");
	TCase *unit = tcase_create("Units");
	TCase *model = tcase_create("Benchmarks");
	TCase *labs = tcase_create("Labs");

	tcase_add_test(unit, test_stats_percentiles_are_r_type_7);
	tcase_add_test(unit, test_lock_classes_time_the_zap);
	tcase_add_test(unit, test_bench_bad_input);
	suite_add_tcase(s, unit);

	tcase_add_checked_fixture(model, make_dir, remove_dir);
	tcase_set_timeout(model, 60);
	tcase_add_test(model, test_bench_reap_order);
	tcase_add_test(model, test_bench_munmap);
	tcase_add_test(model, test_bench_exit_lock);
	tcase_add_test(model, test_bench_find_vma);
	tcase_add_test(model, test_bench_explorer);
	tcase_add_test(model, test_bench_figures);
	suite_add_tcase(s, model);

	tcase_add_checked_fixture(labs, make_dir, remove_dir);
	tcase_set_timeout(labs, 60);
	tcase_add_test(labs, test_kernel_mrelease);
	tcase_add_test(labs, test_kernel_mrelease_without_process_mrelease);
	tcase_add_test(labs, test_kernel_skips_without_pidfd);
	tcase_add_test(labs, test_kernel_fork_exit);
	suite_add_tcase(s, labs);
	return s;
}
