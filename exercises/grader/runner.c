// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/runner.c - `reaplab grade`: run a lab's tests, score them
 *
 * Simulator-only.  See DOC: Graders in grade.h.
 *
 * DOC: The grader survives its students
 *
 * Each test runs as a Check test of its own in fork mode: a child process
 * that Check kills (with its whole process group) when its timeout, times
 * CK_TIMEOUT_MULTIPLIER, expires.  Before the body runs, the child's
 * stdout and stderr go to the test's transcript, whose size is limited
 * (RLIMIT_FSIZE: a submission that prints without end is killed by
 * SIGXFSZ), and so is its address space (RLIMIT_AS: one that allocates
 * without end gets NULL, then usually crashes).  A body that returns sets
 * a flag in memory shared with this process; Check counts a child that
 * exits with status 0 as a pass, so a submission calling exit(0) is caught
 * by the flag it never set.  Whatever happens costs the test it happens
 * in, and every other test is still run and scored.
 *
 * CK_FORK=no runs the bodies in this process, without the limits, for a
 * debugger; one misbehaving submission then takes the grader down with it.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "grade.h"
#include "../../src/cli/cli.h"

#define GRADE_TIMEOUT		30.0
#define GRADE_FSIZE		(4UL << 20)
#define GRADE_MEMORY_MB		2048UL
#define GRADE_SHOW_LINES	200

static const char *sub_dir;
static char lab_dir[256];
static const char *self = "reaplab";
static const char *out_dir;
const char *grade_broken_log;

/* What lab.conf says (exercises/NN-slug/lab.conf). */
static struct {
	char title[160], kind[32], chapter[64], difficulty[32];
	int points;
} conf;

/* Shared with the children: did test i's body return? */
static volatile int *finished;
static int forking;
/* A test's body is running (grade_fail() ends it), not --answer. */
static bool in_test;

const char *grade_sub(void)
{
	return sub_dir;
}

const char *grade_lab_dir(void)
{
	return lab_dir;
}

const char *grade_self(void)
{
	return self;
}

void grade_fail(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fflush(stdout);
	fflush(stderr);
	if (!in_test) {
		/* --answer: no test to fail, one line to say why */
		fprintf(stderr, "reaplab: grade: %s\n", msg);
		exit(EXIT_USAGE);
	}
	ck_abort_msg("%s", msg);
	abort();
}

static void strip(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = 0;
}

static int read_conf(void)
{
	char path[300], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/lab.conf", lab_dir);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "reaplab: grade: cannot read %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *v;

		if (line[0] == '#' || !colon)
			continue;
		*colon = 0;
		for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
			;
		strip(v);
		if (!strcmp(line, "title"))
			snprintf(conf.title, sizeof(conf.title), "%s", v);
		else if (!strcmp(line, "kind"))
			snprintf(conf.kind, sizeof(conf.kind), "%s", v);
		else if (!strcmp(line, "chapter"))
			snprintf(conf.chapter, sizeof(conf.chapter), "%s", v);
		else if (!strcmp(line, "difficulty"))
			snprintf(conf.difficulty, sizeof(conf.difficulty), "%s",
				 v);
		else if (!strcmp(line, "points"))
			conf.points = atoi(v);
	}
	fclose(f);
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void transcript_path(int i, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.out", out_dir, grade_lab.tests[i].name);
}

/* In the child, before the body: limits, and stdout into the transcript. */
static void child_setup(int i)
{
	struct rlimit fsize = { GRADE_FSIZE, GRADE_FSIZE };
	struct rlimit core = { 0, 0 };
	char path[512];
	int fd;

	setrlimit(RLIMIT_CORE, &core);
#ifndef __SANITIZE_ADDRESS__
	{
		const char *env = getenv("GRADE_MEMORY_MB");
		unsigned long mb = env ? strtoul(env, NULL, 10) : 0;
		struct rlimit as;

		as.rlim_cur = as.rlim_max = (mb ? mb : GRADE_MEMORY_MB) << 20;
		setrlimit(RLIMIT_AS, &as);
	}
#endif
	transcript_path(i, path, sizeof(path));
	fflush(stdout);
	fflush(stderr);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	}
	setrlimit(RLIMIT_FSIZE, &fsize);
	/* the default action of SIGXFSZ ends the child: nothing to catch */
	signal(SIGXFSZ, SIG_DFL);
}

/* A test's body: its own, or one of the checks the fix labs share. */
static void run_body(const struct grade_test *t)
{
	switch (t->check) {
	case GRADE_PROVE:
		grade_prove("lab", t->scenario, t->params);
		break;
	case GRADE_REAPS:
		grade_reaper_reaps("lab", t->scenario, t->who);
		break;
	case GRADE_FREES:
		grade_exit_frees("lab", t->scenario);
		break;
	case GRADE_RUN:
		t->run();
		break;
	}
}

START_TEST(run_one)
{
	if (forking)
		child_setup(_i);
	in_test = true;
	run_body(&grade_lab.tests[_i]);
	in_test = false;
	fflush(stdout);
	fflush(stderr);
	finished[_i] = 1;
}
END_TEST

enum outcome { GRADE_PASS, GRADE_FAIL, GRADE_SKIP };

struct result {
	enum outcome outcome;
	int points;
	double seconds;
	char msg[1024];
};

static void explain(const char *ck, double timeout, char *msg, size_t len)
{
	int sig;

	if (strstr(ck, "timeout expired"))
		snprintf(msg, len,
			 "timed out after %.0f s (times CK_TIMEOUT_MULTIPLIER): an endless loop, or a search that cannot end",
			 timeout);
	else if (sscanf(ck, "Received signal %d", &sig) == 1)
		snprintf(msg, len, "%s", sig == SIGXFSZ ?
			 "killed: it printed more than 4 MiB (SIGXFSZ)" :
			 sig == SIGABRT ? "crashed: abort() (SIGABRT)" :
			 sig == SIGSEGV ? "crashed: segmentation fault (SIGSEGV)" :
			 sig == SIGKILL ? "killed (SIGKILL): out of memory?" :
			 ck);
	else if (sscanf(ck, "Early exit with return value %d", &sig) == 1)
		snprintf(msg, len,
			 "the test ended with exit(%d) before it was done: the code under test called exit(), or the grader ran out of memory it left (see below)",
			 sig);
	else
		snprintf(msg, len, "%s", ck);
}

static void run_test(int i, struct result *res)
{
	const struct grade_test *t = &grade_lab.tests[i];
	double timeout = t->timeout > 0 ? t->timeout : GRADE_TIMEOUT;
	Suite *s = suite_create(grade_lab_id);
	TCase *tc = tcase_create(t->name);
	TestResult **tr;
	SRunner *sr;
	double start;

	char path[512];

	/* no transcript of an earlier run may pass for this one's */
	transcript_path(i, path, sizeof(path));
	unlink(path);
	tcase_set_timeout(tc, timeout);
	tcase_add_loop_test(tc, run_one, i, i + 1);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	forking = srunner_fork_status(sr) == CK_FORK;
	finished[i] = 0;
	start = now();
	/* by name: CK_RUN_SUITE and CK_RUN_CASE (make check's) do not apply */
	srunner_run(sr, grade_lab_id, t->name, CK_SILENT);
	res->seconds = now() - start;
	tr = srunner_results(sr);
	res->msg[0] = 0;
	if (srunner_ntests_run(sr) != 1) {
		res->outcome = GRADE_FAIL;
		res->points = 0;
		snprintf(res->msg, sizeof(res->msg), "the test did not run");
	} else if (tr_rtype(tr[0]) == CK_PASS && finished[i]) {
		res->outcome = GRADE_PASS;
		res->points = t->points;
	} else {
		res->outcome = GRADE_FAIL;
		res->points = 0;
		if (tr_rtype(tr[0]) == CK_PASS)
			snprintf(res->msg, sizeof(res->msg),
				 "the code under test called exit(0) before the test was done: a kernel function must return");
		else if (tr_rtype(tr[0]) == CK_ERROR)
			explain(tr_msg(tr[0]), timeout, res->msg,
				sizeof(res->msg));
		else
			snprintf(res->msg, sizeof(res->msg), "%s",
				 tr_msg(tr[0]));
	}
	srunner_free(sr);
}

/* Print the transcript of a failed test, indented, and keep it. */
static void show_transcript(int i)
{
	char path[512], line[512];
	int n = 0, more = 0;
	FILE *f;

	transcript_path(i, path, sizeof(path));
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (n++ >= GRADE_SHOW_LINES) {
			more++;
			continue;
		}
		strip(line);
		printf("    %s\n", line);
	}
	fclose(f);
	if (more)
		printf("    ... %d more lines in %s\n", more, path);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static const char *const outcome_names[] = { "pass", "fail", "skip" };

static void write_json(const char *path, const struct result *res, int n,
		       int score, int max, double seconds)
{
	FILE *f = fopen(path, "w");
	int i;

	if (!f) {
		fprintf(stderr, "reaplab: grade: cannot write %s: %s\n", path,
			strerror(errno));
		return;
	}
	fprintf(f, "{\"lab\": ");
	json_str(f, grade_lab_id);
	fprintf(f, ", \"title\": ");
	json_str(f, conf.title);
	fprintf(f, ", \"kind\": ");
	json_str(f, conf.kind);
	fprintf(f, ", \"chapter\": ");
	json_str(f, conf.chapter);
	fprintf(f, ", \"score\": %d, \"max\": %d, \"seconds\": %.2f, \"tests\": [",
		score, max, seconds);
	for (i = 0; i < n; i++) {
		const struct grade_test *t = &grade_lab.tests[i];

		if (res[i].outcome == GRADE_SKIP && !res[i].msg[0])
			continue;
		fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
		json_str(f, t->name);
		fprintf(f, ", \"title\": ");
		json_str(f, t->title);
		fprintf(f, ", \"points\": %d, \"max\": %d, \"status\": \"%s\", \"seconds\": %.2f, \"message\": ",
			res[i].points, t->points, outcome_names[res[i].outcome],
			res[i].seconds);
		json_str(f, res[i].msg);
		fputc('}', f);
	}
	fprintf(f, "\n]}\n");
	fclose(f);
}

static int find_test(const char *name)
{
	int i;

	for (i = 0; grade_lab.tests[i].name; i++)
		if (!strcmp(grade_lab.tests[i].name, name))
			return i;
	return -1;
}

/*
 * The lab writer's table, checked before anything runs: a parent that is
 * no test, or a test with nothing to run, would otherwise be graded as
 * if the line were not there.
 */
static const char *table_error(void)
{
	static char why[160];
	const struct grade_test *t;

	for (t = grade_lab.tests; t->name; t++) {
		if (t->parent && find_test(t->parent) < 0)
			snprintf(why, sizeof(why), "test %s: its parent %s is no test",
				 t->name, t->parent);
		else if (t->check == GRADE_RUN ? !t->run : !t->scenario)
			snprintf(why, sizeof(why), "test %s: nothing to run (.run, or .check with .scenario)",
				 t->name);
		else if (t->check == GRADE_REAPS && !t->who)
			snprintf(why, sizeof(why), "test %s: GRADE_REAPS needs .who",
				 t->name);
		else
			continue;
		return why;
	}
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s grade [--sub DIR] [--only TEST] [--json FILE] [--out DIR]\n"
		"       %s grade --answer | --list\n\n"
		"Grades lab %s: one line per test with its points and time, then\n"
		"the score.  `make grade LAB=%s` builds this binary and runs it.\n\n"
		"Options:\n"
		"  --sub DIR     the files graded (default: %s, yours)\n"
		"  --only TEST   run one test (see --list)\n"
		"  --json FILE   write the results as JSON\n"
		"  --out DIR     where failed tests' transcripts go (default: next\n"
		"                to this binary)\n"
		"  --answer      the answers to the ungraded questions, computed now\n"
		"  --list        the tests: name, points, parent\n"
		"  --ungated     run every test, even those whose parent failed\n"
		"                (the grader's own tests use it; the score is then\n"
		"                not the lab's)\n"
		"  --broken LOG  the student's code did not compile (make grade says so)\n\n"
		"Exit status: 0 full score, 1 not, 2 bad input.\n",
		self, self, grade_lab_id, grade_lab_id, lab_dir);
}

/**
 * grade_main() - `reaplab grade`, the lab binary's own command.
 * @argc: its arguments, "grade" first.
 * @argv: them.
 * @argv0: how this binary was called.
 *
 * Return: 0 on a full score, 1 otherwise, 2 on bad input.
 */
int grade_main(int argc, char **argv, const char *argv0)
{
	static char dflt_out[512];
	struct result *res;
	const char *json = NULL, *only = NULL;
	double start = now();
	int i, n, score = 0, max = 0, only_i = -1;
	bool answer = false, list = false, ungated = false;
	char *slash;

	self = argv0;
	cli_self = argv0;
	snprintf(lab_dir, sizeof(lab_dir), "exercises/%s", grade_lab_id);
	sub_dir = lab_dir;
	snprintf(dflt_out, sizeof(dflt_out), "%s", argv0);
	slash = strrchr(dflt_out, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(dflt_out, sizeof(dflt_out), ".");
	out_dir = dflt_out;
	for (i = 1; i < argc; i++) {
		const char *o = argv[i];

		if (cli_is_help(o)) {
			usage(stdout);
			return EXIT_CLEAN;
		} else if (!strcmp(o, "--answer")) {
			answer = true;
		} else if (!strcmp(o, "--list")) {
			list = true;
		} else if (!strcmp(o, "--ungated")) {
			ungated = true;
		} else if (i + 1 < argc && !strcmp(o, "--sub")) {
			sub_dir = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--only")) {
			only = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--json")) {
			json = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--out")) {
			out_dir = argv[++i];
		} else if (i + 1 < argc && !strcmp(o, "--broken")) {
			grade_broken_log = argv[++i];
		} else {
			return cli_error("grade: unknown option or missing value '%s' (try --help)",
					 o);
		}
	}
	if (read_conf())
		return EXIT_USAGE;
	for (n = 0; grade_lab.tests[n].name; n++)
		;
	if (table_error())
		return cli_error("grade: %s's grade.c: %s", grade_lab_id,
				 table_error());
	if (list) {
		for (i = 0; i < n; i++)
			printf("%-24s %3d  %-24s %s\n", grade_lab.tests[i].name,
			       grade_lab.tests[i].points,
			       grade_lab.tests[i].parent ?
			       grade_lab.tests[i].parent : "-",
			       grade_lab.tests[i].title);
		return EXIT_CLEAN;
	}
	if (answer) {
		if (!grade_lab.answer) {
			printf("%s: every question of this lab is graded; `make grade LAB=%s` checks them\n",
			       grade_lab_id, grade_lab_id);
			return EXIT_CLEAN;
		}
		grade_lab.answer(stdout);
		return EXIT_CLEAN;
	}
	if (only) {
		only_i = find_test(only);
		if (only_i < 0)
			return cli_error("grade: %s has no test '%s' (try --list)",
					 grade_lab_id, only);
	}
	mkdir(out_dir, 0755);
	finished = mmap(NULL, n * sizeof(int), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	res = calloc(n, sizeof(*res));
	if (finished == MAP_FAILED || !res)
		return cli_error("grade: out of memory");
	printf("== %s: %s (%s, %s; book: %s) ==\n", grade_lab_id, conf.title,
	       conf.kind, conf.difficulty, conf.chapter);
	fflush(stdout);
	for (i = 0; i < n; i++) {
		const struct grade_test *t = &grade_lab.tests[i];
		int parent = t->parent ? find_test(t->parent) : -1;
		static const char *const word[] = { "OK", "FAIL", "SKIP" };

		if (only_i >= 0 && i != only_i) {
			res[i].outcome = GRADE_SKIP;
			continue;
		}
		max += t->points;
		if (only_i < 0 && !ungated && parent >= 0 &&
		    res[parent].outcome != GRADE_PASS) {
			res[i].outcome = GRADE_SKIP;
			snprintf(res[i].msg, sizeof(res[i].msg),
				 "parent failed: %s", t->parent);
		} else {
			run_test(i, &res[i]);
		}
		score += res[i].points;
		printf("  %-56s %-4s %3d/%-3d %5.1fs\n", t->title,
		       word[res[i].outcome], res[i].points, t->points,
		       res[i].seconds);
		if (res[i].outcome != GRADE_PASS)
			printf("    %s\n", res[i].msg);
		if (res[i].outcome == GRADE_FAIL) {
			show_transcript(i);
		} else {
			char path[512];

			transcript_path(i, path, sizeof(path));
			unlink(path);
		}
		fflush(stdout);
	}
	printf("  %s: %d/%d\n", grade_lab_id, score, max);
	if (only_i < 0 && max != conf.points)
		printf("  (lab.conf says %d points, the tests add up to %d: fix one of them)\n",
		       conf.points, max);
	if (json)
		write_json(json, res, n, score, max, now() - start);
	free(res);
	return score == max ? EXIT_CLEAN : EXIT_BUG;
}
