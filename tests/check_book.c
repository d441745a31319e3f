// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_book.c - what the command line writes for the book
 *
 * The book (book/, `make book`) shows only what a run of build/reaplab
 * wrote: the eras' commit tables and timeline (`list --commits`,
 * `--timeline`, `--format md|dot`), the explorer's verdict table
 * (`explore --all --format md`), and every benchmark's and lab's table as
 * Markdown beside its CSV (NAME.md).  These tests hold those outputs to
 * what the book relies on; book/test.sh checks the book itself.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testlib.h"

static char out[1 << 20], err[1 << 16];

/* How often @needle occurs in @hay. */
static int count(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle))) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool is_date(const char *d)
{
	size_t n = strlen(d), i;

	if (n != 4 && n != 7 && n != 10)
		return false;
	for (i = 0; i < n; i++)
		if (i == 4 || i == 7 ? d[i] != '-' : !isdigit((unsigned char)d[i]))
			return false;
	return true;
}

/*
 * Every era's commit table is complete and agrees with its one-line
 * `commits` string: the book's "real world" sections and its timeline are
 * generated from these tables, so a commit missing here is missing there.
 */
START_TEST(test_every_era_has_a_commit_table)
{
	int i;

	for (i = 0; i < sim_nr_eras; i++) {
		const struct era *e = sim_eras[i];
		const struct era_commit *c;
		const char *p;
		int own = 0;

		ck_assert_msg(e->upstream && e->upstream->subject,
			      "%s: no commit table", e->id);
		for (c = e->upstream; c->subject; c++) {
			ck_assert_msg(c->author && *c->author && c->version &&
				      c->what && c->link, "%s: %s: a field is missing",
				      e->id, c->subject);
			ck_assert_msg(is_date(c->date), "%s: %s: date '%s'",
				      e->id, c->subject, c->date);
			ck_assert_msg(!strncmp(c->link, "https://", 8),
				      "%s: %s: link '%s'", e->id, c->subject,
				      c->link);
			if (c->id) {
				ck_assert_msg(strlen(c->id) == 12 &&
					      strspn(c->id, "0123456789abcdef") == 12,
					      "%s: id '%s' is not 12 hex digits",
					      e->id, c->id);
				ck_assert_msg(strstr(c->link, c->id),
					      "%s: %s links elsewhere: %s", e->id,
					      c->id, c->link);
			} else {
				ck_assert_msg(!strncmp(c->version, "not merged", 10),
					      "%s: a patch without an id must be 'not merged'",
					      e->id);
			}
			own += c->role == COMMIT_ERA;
		}
		ck_assert_msg(own, "%s: no commit of its own", e->id);
		/* every id of the one-line string is in the table */
		for (p = e->commits; *p; ) {
			size_t n = strspn(p, "0123456789abcdef");
			char id[16];
			bool found = false;

			if (n < 12) {
				p += n ? n : 1;
				continue;
			}
			snprintf(id, sizeof(id), "%.12s", p);
			for (c = e->upstream; c->subject; c++)
				found |= c->id && !strcmp(c->id, id);
			ck_assert_msg(found, "%s cites %s, its table does not",
				      e->id, id);
			p += n;
		}
	}
}
END_TEST

START_TEST(test_list_commits_md)
{
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       "--commits", "v4.9", "--format", "md", NULL), 0);
	ck_assert_msg(starts(out, "| commit | subject | author | date | release |"),
		      "head: %.80s", out);
	ck_assert(strstr(out, "| [e2fe14564d33](https://git.kernel.org/torvalds/c/e2fe14564d33) | oom\\_reaper: close race with exiting task | Michal Hocko | 2016-05 | v4.7 | this era: "));
	ck_assert(strstr(out, "| v4.14 | later fix: "));
	ck_assert(!strstr(out, "aac453635549"));	/* v4.6's, not v4.9's */
	/* every era: an era column */
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       "--commits", "--format", "md", NULL), 0);
	ck_assert(starts(out, "| era | commit |"));
	ck_assert(strstr(out, "| 2017-uncond | [patch](https://lore.kernel.org/"));
	ck_assert(strstr(out, "| v6.18 | [5e1953dc71af]("));
	/* and text */
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       "--commits", "empty-write-cycle", NULL), 0);
	ck_assert(strstr(out, "v4.14 \"empty-write-cycle\" (v4.14)\n  commit        date        release             author              to the era\n"));
	ck_assert(strstr(out, "Andrea Arcangeli"));
	ck_assert(strstr(out, "mm: oom: let oom_reap_task and exit_mmap run concurrently"));
}
END_TEST

START_TEST(test_list_timeline_once_each_oldest_first)
{
	const char *line;
	char last[16] = "", day[16] = "";
	int rows = 0;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       "--timeline", "--format", "md", NULL), 0);
	/* cited by v4.9 (later fix) and v4.14 (its own): one row */
	ck_assert_int_eq(count(out, "[212925802454]("), 1);
	ck_assert(strstr(out, "| v4.9 (later fix), v4.14 |"));
	ck_assert_int_eq(count(out, "[4837fe37adff]("), 1);
	for (line = strchr(out, '\n') + 1; line && *line == '|';
	     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		char date[16];

		if (line[1] == ':')
			continue;	/* the rule under the head */
		ck_assert(sscanf(line, "| %15s |", date) == 1);
		/*
		 * by month (some dates have no day); the days of one month
		 * in order, as the releases and the eras have them
		 */
		ck_assert_msg(strncmp(last, date, 7) <= 0, "%s after %s",
			      date, last);
		if (strncmp(day, date, 7))
			day[0] = 0;
		if (strlen(date) == 10) {
			ck_assert_msg(strcmp(day, date) <= 0, "%s after %s",
				      date, day);
			strcpy(day, date);
		}
		strcpy(last, date);
		rows++;
	}
	ck_assert_int_ge(rows, 30);
	ck_assert(strstr(out, "commits and patches."));
	/*
	 * within a month, as the eras cite them: the reaper (2016-03-22)
	 * before the patches of its series dated 2016-03 only, which
	 * follow it
	 */
	ck_assert_ptr_nonnull(strstr(out, "[aac453635549]("));
	ck_assert_ptr_nonnull(strstr(out, "[bc448e897b6d]("));
	ck_assert(strstr(out, "[aac453635549](") <
		  strstr(out, "[bc448e897b6d]("));
	/* and by release: a v4.13 fix before a v4.14 change, both 2017-08 */
	ck_assert_ptr_nonnull(strstr(out, "[6b31d5955cb2]("));
	ck_assert_ptr_nonnull(strstr(out, "[cd04ae1e2dc8]("));
	ck_assert(strstr(out, "[6b31d5955cb2](") <
		  strstr(out, "[cd04ae1e2dc8]("));
	/* and text, under a head that names its columns */
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       "--timeline", NULL), 0);
	ck_assert_msg(starts(out, "  commit        date        release"),
		      "head: %.80s", out);
	ck_assert(strstr(out, "eras that cite it\n  aac453635549  2016-03-22"));
}
END_TEST

START_TEST(test_list_eras_dot_and_md)
{
	char cmd[256];
	FILE *f;
	int i;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       "--format", "dot", NULL), 0);
	for (i = 0; i < sim_nr_eras; i++) {
		char node[64];

		snprintf(node, sizeof(node), "\t\"%s\" [label=\"%s\\n%s\\n",
			 sim_eras[i]->id, sim_eras[i]->id, sim_eras[i]->name);
		ck_assert_msg(strstr(out, node), "no node %s", node);
	}
	ck_assert(strstr(out, "\"v4.9\" -> \"2017-uncond\";"));
	ck_assert(strstr(out, "\"v4.9\" -> \"v4.14\";"));
	ck_assert(strstr(out, "\"v6.1\" -> \"v6.18\";"));
	ck_assert(strstr(out, "2017, not merged\", style=\"rounded,dashed,filled\""));
	ck_assert(strstr(out, "v4.14\\nempty-write-cycle\\n2017, v4.14\"]"));
	/* Graphviz takes it without a word */
	snprintf(cmd, sizeof(cmd), "%s list --format dot | dot -Tsvg 2>&1 >/dev/null",
		 BIN);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fread(err, 1, sizeof(err) - 1, f), 0);
	ck_assert_int_eq(pclose(f), 0);

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       "--format", "md", NULL), 0);
	ck_assert(starts(out, "| era | card name | version | commits | what it did |"));
	ck_assert(strstr(out, "| v5.15 | process\\_mrelease | v5.15-rc1 |"));
}
END_TEST

static const struct {
	const char *args[6];
	const char *msg;
} bad[] = {
	{ { "list", "--format", "pdf" }, "unknown format 'pdf'" },
	{ { "list", "--commits", "v9.9" }, "unknown era 'v9.9'" },
	{ { "list", "--commits", "--timeline" }, "not both" },
	{ { "list", "--timeline", "--format", "dot" }, "draws the eras, not their commits" },
	{ { "list", "v4.9" }, "eras only after --commits" },
	{ { "list", "--format" }, "--format needs a value" },
	{ { "explore", "v4.9", "oom", "--format", "md" }, "is for the --all table" },
	{ { "explore", "--all", "--format", "html" }, "unknown table format 'html'" },
	{ { "explore", "--all", "--eras", "v4.9,nope" }, "unknown era id 'nope'" },
	{ { "explore", "v4.9", "oom", "--eras", "v4.9" }, "--eras is for --all" },
	{ { "explore", "v4.9", "oom", "--width", "9" }, "--width must be a number from 20 to 120" },
};

START_TEST(test_bad_input)
{
	const char *const *a = bad[_i].args;
	int rc = t_run(out, sizeof(out), err, sizeof(err), a[0], a[1], a[2],
		       a[3], a[4], a[5], NULL);

	ck_assert_msg(rc == 2 && strstr(err, bad[_i].msg),
		      "%s %s %s: exit %d, stderr: %s", a[0], a[1], a[2] ? a[2] : "",
		      rc, err);
}
END_TEST

/*
 * The verdict table as the book shows it: computed cells, the broken
 * eras' bugs in bold, the clean ones with the size of their proof.
 */
START_TEST(test_explore_all_md)
{
	int rc = t_run(out, sizeof(out), err, sizeof(err), "explore", "--all",
		       "--eras", "v4.9,v4.14", "--format", "md", NULL);
	char head[256] = "| era |", match[64];
	int s;

	for (s = 0; s < SCN_NR; s++)
		snprintf(head + strlen(head), sizeof(head) - strlen(head),
			 " %s |", sim_scenarios[s]->name);
	strcat(head, "\n|:---|");
	snprintf(match, sizeof(match), ": %d of %d verdicts match", 2 * SCN_NR,
		 2 * SCN_NR);
	ck_assert_msg(rc == 0, "exit %d: %s", rc, err);
	ck_assert_msg(starts(out, head), "no '%s' heading:\n%s", head, out);
	ck_assert(strstr(out, "| v4.9 | **spurious-kill at execution "));
	ck_assert(strstr(out, "| v4.14 | clean in all "));
	ck_assert(strstr(out, " | **use-after-free at execution "));
	ck_assert(strstr(out, " | n/a | "));
	ck_assert(!strstr(out, "| v4.6 |"));
	ck_assert(strstr(out, "Computed by `reaplab explore --all --eras v4.9,v4.14 --mode dpor` in "));
	ck_assert_msg(strstr(out, match), "no '%s' in:\n%s", match, out);
	ck_assert(!strstr(out, "Observation"));
}
END_TEST

/* The widest line of the changelog diagram in explore's output @text. */
static size_t diagram_widest(const char *text)
{
	const char *line = strstr(text, "  step  A (allocating task)");
	size_t widest = 0, wide;

	ck_assert_ptr_nonnull(line);
	for (; line && strncmp(line, "Verdict:", 8);
	     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		wide = strcspn(line, "\n");
		if (wide > widest)
			widest = wide;
	}
	return widest;
}

/*
 * explore --width caps the columns: a narrower cap draws a narrower
 * diagram, down to what its headers and its longest tokens need (a token
 * is never cut to fit: tests/check_render.c).  A kernel thread of the
 * schedule that only waited gets no column, and explore says so.
 */
START_TEST(test_explore_width)
{
	size_t w30, w60, wdefault;
	int rc;

	rc = t_run(out, sizeof(out), err, sizeof(err), "explore", "v4.9",
		   "oom", "--width", "30", NULL);
	ck_assert_msg(rc == 1, "exit %d: %s", rc, err);
	ck_assert(strstr(out, "set_bit(MMF_OOM_SKIP)"));
	w30 = diagram_widest(out);
	rc = t_run(out, sizeof(out), err, sizeof(err), "explore", "v4.9",
		   "oom", "--width", "60", NULL);
	ck_assert_int_eq(rc, 1);
	w60 = diagram_widest(out);
	rc = t_run(out, sizeof(out), err, sizeof(err), "explore", "v4.9",
		   "oom", NULL);
	ck_assert_int_eq(rc, 1);
	wdefault = diagram_widest(out);
	/* the schedule's W only waited: no column, and the words say so */
	ck_assert_msg(strstr(out, " W2 ") &&
		      strstr(out, "\nW (kworker/0:1) has no column: its steps only waited for work.\n") &&
		      strstr(out, "W (kworker") ==
		      strstr(out, "W (kworker/0:1) has no column"), "%s", out);
	ck_assert_msg(w30 < w60, "--width 30: %zu columns, --width 60: %zu",
		      w30, w60);
	/* the default fits about 160 columns */
	ck_assert_msg(wdefault <= 160 && w30 < wdefault,
		      "default %zu columns, --width 30 %zu", wdefault, w30);
}
END_TEST

static char dir[64];

static void tmpdir_setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/reaplab-book-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void tmpdir_teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", dir);
}

static char *slurp_file(const char *name)
{
	static char buf[1 << 16];
	char path[256];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

/*
 * What a benchmark prints, as Markdown beside its CSV: a caption with the
 * command, the CPUs, the kernel and the date, then the same table.
 */
START_TEST(test_bench_writes_markdown)
{
	char *md, caption[128];
	int rc;

	rc = t_run(out, sizeof(out), err, sizeof(err), "bench", "exit-lock",
		   "-n", "1", "--out", dir, "--quiet", NULL);
	ck_assert_msg(rc == 0, "exit %d: %s", rc, err);
	md = slurp_file("exit-lock.md");
	ck_assert_ptr_nonnull(md);
	ck_assert_msg(starts(md, "*Measured by* `reaplab bench exit-lock -n 1 -o vmas=8,pages=16,ptrs=512` *on "),
		      "caption: %.120s", md);
	snprintf(caption, sizeof(caption), " *on %ld CPUs, Linux ",
		 sysconf(_SC_NPROCESSORS_ONLN));
	ck_assert(strstr(md, caption));
	ck_assert(strstr(md, " UTC.* \\n\n"));
	ck_assert(strstr(md, "| era | p50 (median) | p95 | p99 | average | stdev |\n|:---|---:|---:|---:|---:|---:|\n| v4.9 lock-free (baseline) | "));
	ck_assert_int_eq(count(md, "\n| v"), 3);
	ck_assert_int_eq(count(md, "\n| 2017-cond"), 1);
	/* percent signs are escaped for Doxygen, the terminal's are not */
	ck_assert(strstr(md, "\\%"));
	ck_assert(!strstr(out, "\\%"));
	/* the terminal table is unchanged */
	ck_assert(strstr(out, "era                          "));

	/* a hand-drawn terminal table still reaches the report */
	/*
	 * Enough runs that, even on a loaded machine, process_mrelease()
	 * overlaps the exit in some of them (the benchmark refuses to print
	 * a table of none); each run is a few microseconds.
	 */
	rc = t_run(out, sizeof(out), err, sizeof(err), "bench", "reap-order",
		   "-n", "40", "-o", "vmas=4,pages=256,ptrs=64", "--no-plot",
		   "--out", dir, "--quiet", NULL);
	ck_assert_msg(rc == 0, "exit %d: %s", rc, err);
	md = slurp_file("reap-order.md");
	ck_assert_ptr_nonnull(md);
	ck_assert(strstr(md, "| Category | v6.18 reverse | v6.1 forward |\n"));
	ck_assert(strstr(md, "| Time waiting for pte spinlock | "));
	ck_assert(!strstr(md, "+----"));

	/* no output directory, no report */
	rc = t_run(out, sizeof(out), err, sizeof(err), "bench", "find-vma",
		   "-n", "1", "--no-out", "--quiet", NULL);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_null(slurp_file("find-vma.md"));
}
END_TEST

/* A real-kernel lab's report, and its skip sentence where a call is missing. */
START_TEST(test_kernel_lab_writes_markdown)
{
	char *md;
	int rc;

	rc = t_run(out, sizeof(out), err, sizeof(err), "kernel", "fork-exit",
		   "-n", "50", "--out", dir, "--quiet", NULL);
	ck_assert_msg(rc == 0, "exit %d: %s", rc, err);
	md = slurp_file("kernel-fork-exit.md");
	ck_assert_ptr_nonnull(md);
	ck_assert(starts(md, "*Measured by* `reaplab kernel fork-exit -n 50 --runs 1` *on "));
	ck_assert(strstr(md, "| run | Min. | 1st Qu. | Median | Mean | 3rd Qu. | Max. | Stdev |"));

	setenv("REAPLAB_FAKE_ENOSYS", "process_mrelease", 1);
	rc = t_run(out, sizeof(out), err, sizeof(err), "kernel", "mrelease",
		   "--mib", "4", "--runs", "1", "--out", dir, "--quiet", NULL);
	unsetenv("REAPLAB_FAKE_ENOSYS");
	ck_assert_msg(rc == 0, "exit %d: %s", rc, err);
	md = slurp_file("kernel-mrelease.md");
	ck_assert_ptr_nonnull(md);
	ck_assert(strstr(md, "skipped: process\\_mrelease() is not available on this kernel (ENOSYS)"));
	ck_assert(strstr(md, "| process\\_mrelease | skipped (ENOSYS) |"));
}
END_TEST

Suite *book_suite(void)
{
	Suite *s = suite_create("book");
	TCase *tc = tcase_create("Core");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, tmpdir_setup, tmpdir_teardown);
	tcase_add_test(tc, test_every_era_has_a_commit_table);
	tcase_add_test(tc, test_list_commits_md);
	tcase_add_test(tc, test_list_timeline_once_each_oldest_first);
	tcase_add_test(tc, test_list_eras_dot_and_md);
	tcase_add_loop_test(tc, test_bad_input, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, test_explore_all_md);
	tcase_add_test(tc, test_explore_width);
	tcase_add_test(tc, test_bench_writes_markdown);
	tcase_add_test(tc, test_kernel_lab_writes_markdown);
	suite_add_tcase(s, tc);
	return s;
}
