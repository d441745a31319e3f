// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_labs.c - the labs' grader, graded
 *
 * Every reference solution scores full marks through `make grade
 * SOLUTIONS=1`'s own pipeline (exercises/grader/grade.sh); every untouched
 * skeleton scores what its lab.conf documents (`skeleton:`); and each
 * submission of tests/labs/LAB/NAME/ (historical eras handed in as fixes,
 * "fixes" that disable what an era must keep doing, submissions that
 * crash, loop, print or allocate without end, call exit() or do not
 * compile) fails exactly the tests its expect file lists, with the words
 * it lists, every other test passing, and leaves no process behind.
 *
 * A handout (make handout) has no solutions and no tests/labs: those
 * tests skip there, and say so.
 */
#include <dirent.h>
#include <stdarg.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/kernel.h>
#include "testlib.h"

extern char **environ;

#define MAX_LABS	64
#define MAX_VARIANTS	128

static char lab_ids[MAX_LABS][64];
static int nlabs;
static char variants[MAX_VARIANTS][128];	/* "LAB/NAME" */
static int nvariants;

/* snprintf() for paths: a path that does not fit is a failed test. */
static void __attribute__((format(printf, 3, 4)))
pathf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len) {
		/* also used while the suite is built: no ck_assert() there */
		fprintf(stderr, "check_labs: path too long: %s\n", buf);
		abort();
	}
}

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void find_labs(void)
{
	DIR *d = opendir("exercises");
	struct dirent *e;
	char path[512];
	int i;

	nlabs = nvariants = 0;
	while (d && (e = readdir(d)) && nlabs < MAX_LABS) {
		pathf(path, sizeof(path), "exercises/%s/lab.conf", e->d_name);
		if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && exists(path))
			pathf(lab_ids[nlabs++], sizeof(lab_ids[0]), "%s",
				 e->d_name);
	}
	if (d)
		closedir(d);
	qsort(lab_ids, nlabs, sizeof(lab_ids[0]), name_cmp);
	for (i = 0; i < nlabs; i++) {
		pathf(path, sizeof(path), "tests/labs/%s", lab_ids[i]);
		d = opendir(path);
		while (d && (e = readdir(d)) && nvariants < MAX_VARIANTS) {
			char expect[700];

			pathf(expect, sizeof(expect), "%s/%s/expect", path,
				 e->d_name);
			if (e->d_name[0] != '.' && exists(expect))
				pathf(variants[nvariants++],
					 sizeof(variants[0]), "%s/%s", lab_ids[i],
					 e->d_name);
		}
		if (d)
			closedir(d);
	}
	qsort(variants, nvariants, sizeof(variants[0]), name_cmp);
}

/* lab.conf's value for @key, or "". */
static const char *conf(const char *lab, const char *key)
{
	static char value[256];
	char path[256], line[512];
	size_t l = strlen(key);
	FILE *f;

	snprintf(path, sizeof(path), "exercises/%s/lab.conf", lab);
	value[0] = 0;
	f = fopen(path, "r");
	ck_assert_msg(f, "cannot read %s", path);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, l) && line[l] == ':') {
			char *v = line + l + 1;

			while (*v == ' ' || *v == '\t')
				v++;
			v[strcspn(v, "\n")] = 0;
			snprintf(value, sizeof(value), "%s", v);
		}
	fclose(f);
	return value;
}

/*
 * Run @argv with extra environment @env (NAME=VALUE strings, NULL-ended;
 * or NULL), output into @out (NUL-terminated); the exit status.
 */
static int run(char *const argv[], const char *const *env, char *out,
	       size_t len)
{
	char tmp[] = "/tmp/reaplab-labs-XXXXXX";
	int fd = mkstemp(tmp), status, n = 0;
	posix_spawn_file_actions_t fa;
	char *envp[256];
	char **e;
	pid_t pid;
	ssize_t r;
	size_t got = 0;

	for (e = environ; *e && n < 250; e++)
		/* an outer make's jobserver means nothing to ours */
		if (strncmp(*e, "MAKEFLAGS=", 10) && strncmp(*e, "MFLAGS=", 7) &&
		    strncmp(*e, "MAKELEVEL=", 10))
			envp[n++] = *e;
	while (env && *env && n < 255)
		envp[n++] = (char *)*env++;
	envp[n] = NULL;
	ck_assert(fd >= 0);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd, 1);
	posix_spawn_file_actions_adddup2(&fa, fd, 2);
	ck_assert_int_eq(posix_spawn(&pid, argv[0], &fa, NULL, argv, envp), 0);
	waitpid(pid, &status, 0);
	posix_spawn_file_actions_destroy(&fa);
	lseek(fd, 0, SEEK_SET);
	while (got + 1 < len && (r = read(fd, out + got, len - 1 - got)) > 0)
		got += r;
	out[got] = 0;
	close(fd);
	unlink(tmp);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static char out[1 << 20];

/* In @json, the object of lab @lab: its "score" and "max". */
static void lab_score(const char *json, const char *lab, int *score, int *max)
{
	char key[96];
	const char *p;

	snprintf(key, sizeof(key), "{\"lab\": \"%s\"", lab);
	p = strstr(json, key);
	ck_assert_msg(p, "no results for %s", lab);
	p = strstr(p, "\"score\": ");
	ck_assert(p && sscanf(p, "\"score\": %d, \"max\": %d", score, max) == 2);
}

static char *slurp(const char *path)
{
	static char buf[1 << 20];
	FILE *f = fopen(path, "r");
	size_t n;

	ck_assert_msg(f, "cannot read %s", path);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* Grade every lab with grade.sh (no build: make check built them). */
static int grade_all(const char *mode, const char *json)
{
	char *argv[MAX_LABS + 6] = { "/bin/sh", "exercises/grader/grade.sh",
				     "--no-build" };
	char json_env[256];
	const char *env[] = { json_env, NULL };
	int i, n = 3;

	if (mode)
		argv[n++] = (char *)mode;
	for (i = 0; i < nlabs; i++)
		argv[n++] = lab_ids[i];
	argv[n] = NULL;
	snprintf(json_env, sizeof(json_env), "GRADE_JSON=%s", json);
	return run(argv, env, out, sizeof(out));
}

/* @line without its time column ("   0.3s"), trailing blanks gone. */
static void untimed(const char *line, size_t n, char *buf, size_t len)
{
	const char *e = line + n;

	while (e > line && e[-1] == ' ')
		e--;
	if (e > line && e[-1] == 's') {
		const char *p = e - 1;

		while (p > line && ((p[-1] >= '0' && p[-1] <= '9') ||
				    p[-1] == '.'))
			p--;
		if (p < e - 1 && p > line && p[-1] == ' ')
			for (e = p; e > line && e[-1] == ' '; e--)
				;
	}
	snprintf(buf, len, "%.*s", (int)(e - line), line);
}

/*
 * The README's "`make grade LAB=...` prints" block must be what the
 * solution's run printed (@run), times left out.
 */
static void readme_output_is_real(const char *lab, const char *run)
{
	static char readme[1 << 16];
	char path[300], head[128], want[256], got[256];
	const char *r, *g, *block, *end;

	pathf(path, sizeof(path), "exercises/%s/README.md", lab);
	snprintf(readme, sizeof(readme), "%s", slurp(path));
	pathf(head, sizeof(head), "`make grade LAB=%s` prints", lab);
	r = strstr(readme, head);
	ck_assert_msg(r, "%s: the README does not show what %s", lab, head);
	block = strstr(r, "```\n");
	ck_assert_msg(block, "%s: no output block after %s", lab, head);
	block += 4;
	end = strstr(block, "```");
	ck_assert(end);
	pathf(head, sizeof(head), "== %s: ", lab);
	g = strstr(run, head);
	ck_assert_msg(g, "%s: not in the run", lab);
	for (r = block; r < end;) {
		size_t rn = strcspn(r, "\n"), gn = strcspn(g, "\n");

		untimed(r, rn, want, sizeof(want));
		if (!strncmp(want, "Score: ", 7)) {
			ck_assert_msg(r + rn + 1 >= end,
				      "%s: README: lines after Score:", lab);
			break;
		}
		untimed(g, gn, got, sizeof(got));
		ck_assert_msg(!strcmp(want, got),
			      "%s: the README says\n%s\nthe run printed\n%s",
			      lab, want, got);
		r += rn + 1;
		g += gn + (g[gn] ? 1 : 0);
	}
}

START_TEST(test_every_solution_scores_full_marks)
{
	static char text[1 << 16];
	const char *json = "build/labs/check-solutions.json";
	int i, rc, score, max;

	find_labs();
	if (!exists("exercises/solutions")) {
		printf("labs: no exercises/solutions (a handout): the solutions are not graded here\n");
		return;
	}
	rc = grade_all("--solutions", json);
	ck_assert_msg(rc == 0, "make grade SOLUTIONS=1 exits %d:\n%s", rc, out);
	snprintf(text, sizeof(text), "%s", slurp(json));
	for (i = 0; i < nlabs; i++) {
		lab_score(text, lab_ids[i], &score, &max);
		ck_assert_msg(score == max, "%s's solution scores %d/%d:\n%s",
			      lab_ids[i], score, max, out);
		ck_assert_msg(max == atoi(conf(lab_ids[i], "points")),
			      "%s: its tests add up to %d, lab.conf says %s",
			      lab_ids[i], max, conf(lab_ids[i], "points"));
		readme_output_is_real(lab_ids[i], out);
	}
}
END_TEST

START_TEST(test_every_skeleton_scores_what_lab_conf_says)
{
	const char *json = "build/labs/check-skeletons.json";
	int i, rc, score, max, total = 0, full = 0;
	char *text;

	find_labs();
	rc = grade_all(NULL, json);
	text = slurp(json);
	for (i = 0; i < nlabs; i++) {
		const char *want = conf(lab_ids[i], "skeleton");

		lab_score(text, lab_ids[i], &score, &max);
		ck_assert_msg(*want, "%s: lab.conf has no skeleton: line", lab_ids[i]);
		ck_assert_msg(score == atoi(want),
			      "%s's skeleton scores %d/%d, lab.conf documents %s:\n%s",
			      lab_ids[i], score, max, want, out);
		total += score;
		full += max;
	}
	ck_assert_msg(rc == (total == full ? 0 : 1),
		      "make grade exits %d with %d/%d", rc, total, full);
}
END_TEST

START_TEST(test_every_lab_says_what_it_is)
{
	static const char *const chapters[] = {
		"index", "primer", "tools", "era_v4_6", "era_v4_9",
		"era_2017_uncond", "era_2017_cond", "era_v4_14", "era_v5_15",
		"era_v5_17", "era_v6_1", "era_v6_18", "mrelease", "munmap",
		"asserts", "measuring", "explorer", "timeline", "instructors",
	};
	static const char *const kinds[] = {
		"warm-up", "find", "predict", "fix", "measure", "break",
	};
	static const char *const levels[] = { "easy", "moderate", "hard" };
	int i;
	size_t k;

	find_labs();
	ck_assert_int_ge(nlabs, 1);
	for (i = 0; i < nlabs; i++) {
		const char *l = lab_ids[i];
		char path[600], files[256], *f, *save = NULL;
		bool ok;

		ck_assert_msg(atoi(conf(l, "number")) == atoi(l),
			      "%s: lab.conf's number is %s", l, conf(l, "number"));
		ck_assert_msg(*conf(l, "title"), "%s: no title", l);
		for (ok = false, k = 0; k < ARRAY_SIZE(chapters); k++)
			ok |= !strcmp(conf(l, "chapter"), chapters[k]);
		ck_assert_msg(ok, "%s: chapter '%s' is no page of the book", l,
			      conf(l, "chapter"));
		for (ok = false, k = 0; k < ARRAY_SIZE(kinds); k++)
			ok |= !strcmp(conf(l, "kind"), kinds[k]);
		ck_assert_msg(ok, "%s: kind '%s'", l, conf(l, "kind"));
		for (ok = false, k = 0; k < ARRAY_SIZE(levels); k++)
			ok |= !strcmp(conf(l, "difficulty"), levels[k]);
		ck_assert_msg(ok, "%s: difficulty '%s'", l,
			      conf(l, "difficulty"));
		ck_assert_msg(atoi(conf(l, "points")) > 0, "%s: no points", l);
		{
			static char index[1 << 16];
			char row[512];

			snprintf(index, sizeof(index), "%s",
				 slurp("exercises/README.md"));
			char title[256], kind[32], chap[32], diff[32];

			snprintf(title, sizeof(title), "%s", conf(l, "title"));
			snprintf(kind, sizeof(kind), "%s", conf(l, "kind"));
			snprintf(chap, sizeof(chap), "%s", conf(l, "chapter"));
			snprintf(diff, sizeof(diff), "%s",
				 conf(l, "difficulty"));
			pathf(row, sizeof(row),
			      "| [%.2s](%s/README.md) | %s | %s | %s | %s | %s |\n",
			      l, l, title, kind, chap, diff, conf(l, "points"));
			ck_assert_msg(strstr(index, row),
				      "exercises/README.md has no row\n%s",
				      row);
		}
		pathf(path, sizeof(path), "exercises/%s/README.md", l);
		ck_assert_msg(exists(path), "%s: no README.md", l);
		snprintf(files, sizeof(files), "%s", conf(l, "files"));
		ck_assert_msg(*files, "%s: no files", l);
		for (f = strtok_r(files, " ", &save); f;
		     f = strtok_r(NULL, " ", &save)) {
			char sol[600], gen[610];

			pathf(path, sizeof(path), "exercises/%s/%s", l, f);
			ck_assert_msg(exists(path), "%s: no %s", l, path);
			if (!exists("exercises/solutions"))
				continue;
			pathf(sol, sizeof(sol), "exercises/solutions/%s/%s",
				 l, f);
			pathf(gen, sizeof(gen), "%s.sh", sol);
			ck_assert_msg(exists(sol) || exists(gen),
				      "%s: no solution %s (or %s)", l, sol,
				      gen);
		}
	}
}
END_TEST

/* The words after "@key:" in an expect file, or "". */
static void expect_line(const char *text, const char *key, char *buf,
			size_t len)
{
	const char *p = text;
	size_t l = strlen(key);

	buf[0] = 0;
	while (p && *p) {
		if (!strncmp(p, key, l)) {
			size_t n = strcspn(p + l, "\n");

			snprintf(buf, len, "%.*s", (int)n, p + l);
			return;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
}

/*
 * mkdir -p @path: a lab without an era of the student's builds no binary
 * per submission, so nothing has made the folders yet.
 */
static void mkdirs(const char *path)
{
	char buf[300], *p;

	snprintf(buf, sizeof(buf), "%s", path);
	for (p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(buf, 0755);
			*p = '/';
		}
	mkdir(buf, 0755);
}

/* Does any process still run @bin?  (/proc/PID/cmdline starts with it.) */
static bool still_running(const char *bin)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	bool found = false;

	while (d && (e = readdir(d)) && !found) {
		char path[300], cmd[512] = "";
		FILE *f;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/cmdline", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(cmd, sizeof(cmd), f) && !strcmp(cmd, bin)) {
			char stat[300], state = 0;
			FILE *s;

			snprintf(stat, sizeof(stat), "/proc/%s/stat",
				 e->d_name);
			s = fopen(stat, "r");
			/* a zombie is gone, waiting to be reaped */
			if (s && fscanf(s, "%*d %*s %c", &state) == 1 &&
			    state != 'Z')
				found = true;
			if (s)
				fclose(s);
		}
		fclose(f);
	}
	if (d)
		closedir(d);
	return found;
}

START_TEST(test_each_submission_fails_exactly_what_it_should)
{
	static char expect[4096];
	const char *v = variants[_i];
	char lab[64], name[64], path[300], fails[512], padded[520], build[64];
	char listed[512];
	char bin[200], json[200], outdir[160], sub[160];
	char *text, *w, *save = NULL;
	/*
	 * Shorter timeouts for the submissions that loop, less memory for
	 * the one that allocates without end: the limits themselves are
	 * what is tested.
	 */
	const char *env[] = { "CK_TIMEOUT_MULTIPLIER=0.3", "GRADE_MEMORY_MB=1536",
			      "GRADE_JSON=build/labs/check-variant.json", NULL };
	bool broken;
	int rc;

	sscanf(v, "%63[^/]/%63s", lab, name);
	pathf(path, sizeof(path), "tests/labs/%s/expect", v);
	snprintf(expect, sizeof(expect), "%s", slurp(path));
	expect_line(expect, "fails:", fails, sizeof(fails));
	expect_line(expect, "build:", build, sizeof(build));
	snprintf(padded, sizeof(padded), " %s ", fails);
	snprintf(listed, sizeof(listed), "%s", fails);
	broken = strstr(build, "fails") != NULL;
	pathf(sub, sizeof(sub), "tests/labs/%s", v);
	pathf(outdir, sizeof(outdir), "build/labs/variants/%s", v);
	pathf(json, sizeof(json), "%s/grade.json", outdir);
	pathf(path, sizeof(path), "exercises/%s/era.c", lab);
	if (broken) {
		/* the real pipeline: make fails, the lab is graded anyway */
		char *argv[] = { "/bin/sh", "exercises/grader/grade.sh",
				 "--variant", name, lab, NULL };

		pathf(bin, sizeof(bin), "%s/broken/reaplab", outdir);
		rc = run(argv, env, out, sizeof(out));
		ck_assert_msg(rc == 1, "%s: grade.sh exits %d:\n%s", v, rc, out);
	} else {
		char *argv[] = { bin, "grade", "--ungated", "--sub", sub,
				 "--json", json, "--out", outdir, NULL };

		if (exists(path))
			pathf(bin, sizeof(bin), "%s/reaplab", outdir);
		else
			pathf(bin, sizeof(bin), "build/labs/%s/reaplab", lab);
		mkdirs(outdir);
		run(argv, env, out, sizeof(out));
	}
	ck_assert_msg(!still_running(bin), "%s: %s still runs after grading",
		      v, bin);
	text = slurp(json);
	/* every test: failed if and only if listed */
	for (w = text; (w = strstr(w, "{\"name\": \"")); w++) {
		char tname[64], status[16], word[70];
		const char *want;

		ck_assert(sscanf(w, "{\"name\": \"%63[^\"]", tname) == 1);
		ck_assert(strstr(w, "\"status\": \"") &&
			  sscanf(strstr(w, "\"status\": \""),
				 "\"status\": \"%15[^\"]", status) == 1);
		snprintf(word, sizeof(word), " %s ", tname);
		want = strstr(padded, word) ? "fail" : "pass";
		ck_assert_msg(!strcmp(status, want),
			      "%s: test %s: %s, expected %s:\n%s", v, tname,
			      status, want, out);
	}
	/* the words a listed failure must say ("message TEST: words") */
	for (w = strtok_r(fails, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char key[80], words[256], needle[96], *t, *end;

		snprintf(key, sizeof(key), "message %s: ", w);
		expect_line(expect, key, words, sizeof(words));
		if (!words[0])
			continue;
		snprintf(needle, sizeof(needle), "{\"name\": \"%s\"", w);
		t = strstr(text, needle);
		ck_assert_msg(t, "%s: no test %s in the results", v, w);
		end = strchr(t, '}');
		ck_assert_msg(strstr(t, words) && strstr(t, words) < end,
			      "%s: test %s does not say '%s':\n%s", v, w,
			      words, out);
	}
	/* and what its transcript must say ("says TEST: words": a hint) */
	for (w = strtok_r(listed, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		char key[80], words[256];

		snprintf(key, sizeof(key), "says %s: ", w);
		expect_line(expect, key, words, sizeof(words));
		if (!words[0])
			continue;
		pathf(path, sizeof(path), "%s/%s.out", outdir, w);
		ck_assert_msg(strstr(slurp(path), words),
			      "%s: the transcript of %s does not say '%s'", v,
			      w, words);
	}
}
END_TEST

START_TEST(test_the_handout_has_no_solutions)
{
	char *argv[] = { "/bin/sh", "exercises/grader/handout.sh",
			 "build/labs/check-handout.tar.gz", NULL };
	char *list[] = { "/bin/tar", "-tzf", "build/labs/check-handout.tar.gz",
			 NULL };
	int i, rc;

	find_labs();
	rc = run(argv, NULL, out, sizeof(out));
	ck_assert_msg(rc == 0, "handout.sh exits %d: %s", rc, out);
	rc = run(list, NULL, out, sizeof(out));
	ck_assert_msg(rc == 0, "tar -t exits %d: %s", rc, out);
	ck_assert_msg(!strstr(out, "exercises/solutions/"),
		      "the handout has solutions");
	ck_assert_msg(!strstr(out, "tests/labs/"),
		      "the handout has the grader's test submissions");
	ck_assert(strstr(out, "reaplab/Makefile\n"));
	for (i = 0; i < nlabs; i++) {
		char files[256], path[400], *f, *save = NULL;

		snprintf(files, sizeof(files), "%s README.md lab.conf grade.c",
			 conf(lab_ids[i], "files"));
		for (f = strtok_r(files, " ", &save); f;
		     f = strtok_r(NULL, " ", &save)) {
			pathf(path, sizeof(path), "reaplab/exercises/%s/%s\n",
			      lab_ids[i], f);
			ck_assert_msg(strstr(out, path), "the handout lacks %s",
				      path);
		}
	}
}
END_TEST

Suite *labs_suite(void)
{
	Suite *s = suite_create("labs");
	TCase *tc = tcase_create("labs");

	find_labs();
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_every_lab_says_what_it_is);
	tcase_add_test(tc, test_every_solution_scores_full_marks);
	tcase_add_test(tc, test_every_skeleton_scores_what_lab_conf_says);
	tcase_add_test(tc, test_the_handout_has_no_solutions);
	if (nvariants)
		tcase_add_loop_test(tc,
				    test_each_submission_fails_exactly_what_it_should,
				    0, nvariants);
	else
		printf("labs: no tests/labs (a handout): the grader's own submissions are not graded here\n");
	suite_add_tcase(s, tc);
	return s;
}
