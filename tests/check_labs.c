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
 * it lists, every other test passing, and leaves no process behind; a
 * hostile one (a forged result, a rewritten test table, an overlay that
 * reaches too far...) is not linked at all and scores zero, with the
 * rule it broke.  The results in Gradescope's format are checked against
 * that format, the TAP is read by prove, and `make regrade` grades a
 * submission that brings its own Makefile and grade.c with the
 * handout's.
 *
 * Every binary these tests run is of the suite's own build mode
 * (BUILD_DIR: build, build/asan or build/tsan).
 *
 * A handout (make handout) has no solutions and no tests/labs: those
 * tests skip there, and say so.
 */
#include <ctype.h>
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

#ifndef BUILD_DIR
#define BUILD_DIR	"build"
#endif
#ifndef SANITIZE_MODE
#define SANITIZE_MODE	""
#endif
#define B		BUILD_DIR

/* What every grade.sh it runs needs: the build mode's folder and flags. */
static const char *const mode_env[] = {
	"GRADE_BUILD=" B, "SANITIZE=" SANITIZE_MODE,
};

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
	size_t i;
	posix_spawn_file_actions_t fa;
	char *envp[256];
	char **e;
	pid_t pid;
	ssize_t r;
	size_t got = 0;

	for (e = environ; *e && n < 240; e++)
		/*
		 * an outer make's jobserver means nothing to ours; the mode
		 * and the limits are set below, the test's own last
		 */
		if (strncmp(*e, "MAKEFLAGS=", 10) && strncmp(*e, "MFLAGS=", 7) &&
		    strncmp(*e, "MAKELEVEL=", 10) &&
		    strncmp(*e, "GRADE_", 6) && strncmp(*e, "SANITIZE=", 9))
			envp[n++] = *e;
	for (i = 0; i < ARRAY_SIZE(mode_env); i++)
		envp[n++] = (char *)mode_env[i];
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

/*
 * The end of @s, for a failure's message: Check carries messages of a
 * few kilobytes, not a whole run's output.
 */
static const char *tail_of(const char *s)
{
	size_t n = strlen(s);

	return n > 6000 ? s + n - 6000 : s;
}

/*
 * Does @word occur in @s as a word of its own?  Not inside a longer one:
 * an ASan report's "asan/asan_malloc_linux.cpp" holds "n/a" too.
 */
static bool has_word(const char *s, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = s; (p = strstr(p, word)); p++)
		if ((p == s || !(isalnum((unsigned char)p[-1]) ||
				 strchr("/_.-", p[-1]))) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_' ||
		      p[n] == '/'))
			return true;
	return false;
}

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

/*
 * Grade every lab with grade.sh (no build: make check built them), the
 * results also in @format (gradescope, tap) into @results.
 */
static int grade_all(const char *mode, const char *json, const char *format,
		     const char *results)
{
	char *argv[MAX_LABS + 8] = { "/bin/sh", "exercises/grader/grade.sh",
				     "--no-build", "--format", (char *)format };
	char json_env[256], gs_env[256], tap_env[256];
	const char *env[] = { json_env, gs_env, tap_env, NULL };
	int i, n = 5;

	if (mode)
		argv[n++] = (char *)mode;
	for (i = 0; i < nlabs; i++)
		argv[n++] = lab_ids[i];
	argv[n] = NULL;
	snprintf(json_env, sizeof(json_env), "GRADE_JSON=%s", json);
	snprintf(gs_env, sizeof(gs_env), "GRADE_RESULTS=%s", results);
	snprintf(tap_env, sizeof(tap_env), "GRADE_TAP=%s", results);
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

/*
 * --- Gradescope's results.json, against its published format -----------
 *
 * The autograder specification (gradescope-autograders.readthedocs.io,
 * "Autograder Specifications", "Output format") lists the fields of the
 * file and of each test, with their types; the visibilities and output
 * formats are closed sets.  A small JSON reader checks every field it
 * meets against that list: an unknown field, a wrong type, a value out of
 * its set is an error, and so is any JSON syntax error.
 */
struct json {
	const char *p;
	char err[256];
	/* what the check adds up */
	double score, tests_score, tests_max;
	int ntests;
	bool has_score;
};

enum jtype { J_BAD, J_OBJ, J_ARR, J_STR, J_NUM, J_BOOL, J_NULL };

static void __attribute__((format(printf, 2, 3)))
jerr(struct json *j, const char *fmt, ...)
{
	va_list ap;

	if (j->err[0])
		return;
	va_start(ap, fmt);
	vsnprintf(j->err, sizeof(j->err), fmt, ap);
	va_end(ap);
}

static void jws(struct json *j)
{
	while (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r')
		j->p++;
}

/* A string, into @buf (escapes kept as written; "\uXXXX" checked). */
static bool jstr(struct json *j, char *buf, size_t len)
{
	size_t n = 0;

	jws(j);
	if (*j->p != '"')
		return jerr(j, "a string expected at '%.20s'", j->p), false;
	for (j->p++; *j->p != '"'; j->p++) {
		if (!*j->p || (unsigned char)*j->p < 0x20)
			return jerr(j, "a raw control character or end in a string"),
			       false;
		if (*j->p == '\\') {
			j->p++;
			if (*j->p == 'u') {
				int k;

				for (k = 1; k <= 4; k++)
					if (!isxdigit((unsigned char)j->p[k]))
						return jerr(j, "a bad \\u escape"),
						       false;
			} else if (!strchr("\"\\/bfnrt", *j->p)) {
				return jerr(j, "a bad escape \\%c", *j->p), false;
			}
		}
		if (buf && n + 1 < len)
			buf[n++] = *j->p;
	}
	j->p++;
	if (buf)
		buf[n] = 0;
	return true;
}

static enum jtype jvalue(struct json *j, double *num);

/* Any value; its type.  Objects and arrays are read through. */
static enum jtype jvalue(struct json *j, double *num)
{
	char *end;

	jws(j);
	switch (*j->p) {
	case '{':
		for (j->p++, jws(j); *j->p != '}';) {
			if (!jstr(j, NULL, 0))
				return J_BAD;
			jws(j);
			if (*j->p++ != ':')
				return jerr(j, "':' expected"), J_BAD;
			if (jvalue(j, NULL) == J_BAD)
				return J_BAD;
			jws(j);
			if (*j->p == ',')
				j->p++;
			else if (*j->p != '}')
				return jerr(j, "',' or '}' expected"), J_BAD;
		}
		j->p++;
		return J_OBJ;
	case '[':
		for (j->p++, jws(j); *j->p != ']';) {
			if (jvalue(j, NULL) == J_BAD)
				return J_BAD;
			jws(j);
			if (*j->p == ',')
				j->p++;
			else if (*j->p != ']')
				return jerr(j, "',' or ']' expected"), J_BAD;
		}
		j->p++;
		return J_ARR;
	case '"':
		return jstr(j, NULL, 0) ? J_STR : J_BAD;
	case 't':
	case 'f':
		if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "false", 5)) {
			j->p += *j->p == 't' ? 4 : 5;
			return J_BOOL;
		}
		break;
	case 'n':
		if (!strncmp(j->p, "null", 4)) {
			j->p += 4;
			return J_NULL;
		}
		break;
	default:
		if (*j->p == '-' || isdigit((unsigned char)*j->p)) {
			double x = strtod(j->p, &end);

			if (end == j->p)
				break;
			j->p = end;
			if (num)
				*num = x;
			return J_NUM;
		}
	}
	jerr(j, "no JSON value at '%.20s'", j->p);
	return J_BAD;
}

/* The format's fields: name, type, and for a string its set (or NULL). */
struct jfield {
	const char *name;
	enum jtype type;
	const char *const *set;
};

static const char *const visibilities[] = {
	"hidden", "after_due_date", "after_published", "visible", NULL
};
static const char *const formats[] = {
	"text", "html", "simple_format", "md", "ansi", NULL
};
static const char *const statuses[] = { "passed", "failed", NULL };

static const struct jfield top_fields[] = {
	{ "score", J_NUM, NULL }, { "execution_time", J_NUM, NULL }, { "output", J_STR, NULL },
	{ "output_format", J_STR, formats },
	{ "test_output_format", J_STR, formats },
	{ "test_name_format", J_STR, formats },
	{ "visibility", J_STR, visibilities },
	{ "stdout_visibility", J_STR, visibilities },
	{ "extra_data", J_OBJ, NULL }, { "tests", J_ARR, NULL }, { "leaderboard", J_ARR, NULL },
	{ NULL, J_BAD, NULL }
};

static const struct jfield test_fields[] = {
	{ "score", J_NUM, NULL }, { "max_score", J_NUM, NULL },
	{ "status", J_STR, statuses }, { "name", J_STR, NULL },
	{ "name_format", J_STR, formats }, { "number", J_STR, NULL },
	{ "output", J_STR, NULL }, { "output_format", J_STR, formats },
	{ "tags", J_ARR, NULL }, { "visibility", J_STR, visibilities },
	{ "extra_data", J_OBJ, NULL },
	{ NULL, J_BAD, NULL }
};

static bool in_set(const char *const *set, const char *v)
{
	for (; *set; set++)
		if (!strcmp(*set, v))
			return true;
	return false;
}

/* An object whose fields must be among @fields; @test: one of tests[]. */
static void jobject(struct json *j, const struct jfield *fields, bool test)
{
	double score = -1, max = -1;

	jws(j);
	if (*j->p != '{')
		return jerr(j, "an object expected at '%.20s'", j->p);
	for (j->p++, jws(j); *j->p != '}' && !j->err[0];) {
		char key[64], val[64];
		const struct jfield *f;
		const char *at;
		double x = 0;
		enum jtype t;

		if (!jstr(j, key, sizeof(key)))
			return;
		jws(j);
		if (*j->p++ != ':')
			return jerr(j, "':' expected after \"%s\"", key);
		for (f = fields; f->name && strcmp(f->name, key); f++)
			;
		if (!f->name)
			return jerr(j, "\"%s\" is no field of the format%s", key,
				    test ? " (in a test)" : "");
		jws(j);
		at = j->p;
		if (!strcmp(key, "tests")) {
			if (*j->p != '[')
				return jerr(j, "\"tests\" is no array");
			for (j->p++, jws(j); *j->p != ']' && !j->err[0];) {
				jobject(j, test_fields, true);
				jws(j);
				if (*j->p == ',')
					j->p++, jws(j);
				else if (*j->p != ']')
					return jerr(j, "',' or ']' expected in tests");
			}
			j->p++;
			t = J_ARR;
		} else {
			t = jvalue(j, &x);
		}
		if (t == J_BAD)
			return;
		if (t != f->type)
			return jerr(j, "\"%s\" has the wrong type", key);
		if (f->set) {
			const char *save = j->p;

			j->p = at;
			jstr(j, val, sizeof(val));
			j->p = save;
			if (!in_set(f->set, val))
				return jerr(j, "\"%s\": \"%s\" is not one of its values",
					    key, val);
		}
		if (!strcmp(key, "tags")) {
			const char *save = j->p;

			/* an array of strings */
			for (j->p = at + 1, jws(j); *j->p != ']';) {
				if (!jstr(j, NULL, 0))
					return;
				jws(j);
				if (*j->p == ',')
					j->p++, jws(j);
			}
			j->p = save;
		}
		if (!strcmp(key, "score"))
			score = x;
		if (!strcmp(key, "max_score"))
			max = x;
		jws(j);
		if (*j->p == ',')
			j->p++, jws(j);
		else if (*j->p != '}')
			return jerr(j, "',' or '}' expected after \"%s\"", key);
	}
	j->p++;
	if (test) {
		if (score < 0)
			return jerr(j, "a test without a score (the file has one, but make grade gives each test its own)");
		if (max >= 0 && score > max)
			return jerr(j, "a test scores %g of %g", score, max);
		j->tests_score += score;
		j->tests_max += max > 0 ? max : 0;
		j->ntests++;
	} else if (score >= 0) {
		j->score = score;
		j->has_score = true;
	}
}

/*
 * @path holds results in Gradescope's format; its total is @score of
 * @max, which its tests add up to.
 */
static void check_gradescope(const char *path, int score, int max)
{
	struct json j = { .p = slurp(path) };
	const char *o = strstr(j.p, "\"output\": \""), *e;
	char want[64];

	/*
	 * the run's own output (its first "output", before the tests'):
	 * the score a student sees on the results page, not "" (grade.sh's
	 * awk once failed under mawk and left it empty)
	 */
	snprintf(want, sizeof(want), "Score: %d/%d", score, max);
	ck_assert_msg(o, "%s: no output", path);
	for (e = o += 11; *e && *e != '"'; e++)
		if (*e == '\\' && e[1])
			e++;
	ck_assert_msg(strstr(o, want) && strstr(o, want) < e,
		      "%s: its output does not say '%s': %.*s", path, want,
		      (int)(e - o), o);

	jobject(&j, top_fields, false);
	jws(&j);
	if (!j.err[0] && *j.p)
		jerr(&j, "text after the object: '%.20s'", j.p);
	ck_assert_msg(!j.err[0], "%s is not in Gradescope's format: %s", path,
		      j.err);
	ck_assert_msg(j.has_score && j.score == score,
		      "%s: score %g, make grade says %d", path, j.score, score);
	ck_assert_msg(j.tests_score == score && j.tests_max == max,
		      "%s: its %d tests add up to %g of %g, make grade says %d of %d",
		      path, j.ntests, j.tests_score, j.tests_max, score, max);
}

/* The whole run's score and maximum, from grade.sh's JSON. */
static void total_score(const char *json, int *score, int *max)
{
	const char *p = strstr(json, "], \"score\": ");

	ck_assert_msg(p && sscanf(p, "], \"score\": %d, \"max\": %d", score,
				  max) == 2, "no total in %s", json);
}

START_TEST(test_every_solution_scores_full_marks)
{
	static char text[1 << 16];
	const char *json = B "/labs/check-solutions.json";
	const char *gs = B "/labs/check-solutions-results.json";
	int i, rc, score, max;

	find_labs();
	if (!exists("exercises/solutions")) {
		printf("labs: no exercises/solutions (a handout): the solutions are not graded here\n");
		return;
	}
	rc = grade_all("--solutions", json, "gradescope", gs);
	ck_assert_msg(rc == 0, "make grade SOLUTIONS=1 exits %d:\n%s", rc, tail_of(out));
	/* a tool of the pipeline that fails says so on stderr, seen here */
	ck_assert_msg(!strstr(out, "awk: ") && !strstr(out, "sed: "),
		      "make grade SOLUTIONS=1: a tool failed:\n%s", tail_of(out));
	snprintf(text, sizeof(text), "%s", slurp(json));
	for (i = 0; i < nlabs; i++) {
		lab_score(text, lab_ids[i], &score, &max);
		ck_assert_msg(score == max, "%s's solution scores %d/%d:\n%s",
			      lab_ids[i], score, max, tail_of(out));
		ck_assert_msg(max == atoi(conf(lab_ids[i], "points")),
			      "%s: its tests add up to %d, lab.conf says %s",
			      lab_ids[i], max, conf(lab_ids[i], "points"));
		readme_output_is_real(lab_ids[i], out);
	}
	/* make grade FORMAT=gradescope: the same full score, in that format */
	total_score(text, &score, &max);
	ck_assert_int_eq(score, max);
	check_gradescope(gs, score, max);
}
END_TEST

/*
 * @tap, read by prove: no parse error, @tests tests, @failed of them not
 * ok (prove, from perl, reads TAP as any CI would).
 */
static void check_tap(const char *tap, int tests, int failed)
{
	char *argv[] = { "/usr/bin/prove", "--exec", "/bin/cat", (char *)tap,
			 NULL };
	char want[64];
	int rc;

	if (!exists(argv[0])) {
		printf("labs: no %s (Debian's perl): the TAP is not read here\n",
		       argv[0]);
		return;
	}
	rc = run(argv, NULL, out, sizeof(out));
	ck_assert_msg(!strstr(out, "Parse errors") && !strstr(out, "No plan"),
		      "prove finds %s malformed:\n%s", tap, tail_of(out));
	if (!failed) {
		ck_assert_msg(rc == 0 && strstr(out, "Result: PASS"),
			      "prove: %s does not pass:\n%s", tap, tail_of(out));
		return;
	}
	snprintf(want, sizeof(want), "Failed %d/%d subtests", failed, tests);
	ck_assert_msg(rc != 0 && strstr(out, want),
		      "prove does not say '%s' of %s:\n%s", want, tap, tail_of(out));
}

/* How many "ok"/"not ok" lines @path has. */
static void tap_counts(const char *path, int *tests, int *failed)
{
	const char *p = slurp(path);

	*tests = *failed = 0;
	for (; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (!strncmp(p, "ok ", 3))
			++*tests;
		else if (!strncmp(p, "not ok ", 7))
			++*tests, ++*failed;
	}
}

START_TEST(test_every_skeleton_scores_what_lab_conf_says)
{
	const char *json = B "/labs/check-skeletons.json";
	const char *tap = B "/labs/check-skeletons.tap";
	int i, rc, score, max, total = 0, full = 0, tests, failed, fails = 0;
	char *text;

	find_labs();
	rc = grade_all(NULL, json, "tap", tap);
	text = slurp(json);
	for (i = 0; text[i]; i++)
		fails += !strncmp(text + i, "\"status\": \"fail\"", 16) ||
			 !strncmp(text + i, "\"status\": \"skip\"", 16);
	for (i = 0; i < nlabs; i++) {
		const char *want = conf(lab_ids[i], "skeleton");

		lab_score(text, lab_ids[i], &score, &max);
		ck_assert_msg(*want, "%s: lab.conf has no skeleton: line", lab_ids[i]);
		ck_assert_msg(score == atoi(want),
			      "%s's skeleton scores %d/%d, lab.conf documents %s:\n%s",
			      lab_ids[i], score, max, want, tail_of(out));
		total += score;
		full += max;
	}
	ck_assert_msg(rc == (total == full ? 0 : 1),
		      "make grade exits %d with %d/%d", rc, total, full);
	/* make grade FORMAT=tap: a test a line, the failures not ok */
	tap_counts(tap, &tests, &failed);
	ck_assert_msg(failed == fails, "%s has %d tests not ok, %s %d", tap,
		      failed, json, fails);
	check_tap(tap, tests, failed);
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

/* Does process @pid work in the folder this test does? */
static bool same_cwd(const char *pid)
{
	char link[300], there[4096], here[4096];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%s/cwd", pid);
	n = readlink(link, there, sizeof(there) - 1);
	if (n < 0 || !getcwd(here, sizeof(here)))
		return true;	/* cannot tell: count it */
	there[n] = 0;
	return !strcmp(there, here);
}

/* Does any process run @bin now?  (/proc/PID/cmdline starts with it.) */
static bool running_now(const char *bin)
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
		/*
		 * @bin is a path from the top of this tree: a process of
		 * another checkout's tests has the same command line, but
		 * not the same working directory
		 */
		if (fgets(cmd, sizeof(cmd), f) && !strcmp(cmd, bin) &&
		    same_cwd(e->d_name)) {
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

/*
 * Does any process still run @bin, a while after grading ended?  A test's
 * child the grader killed may take a moment to finish exiting on a busy
 * machine (it is then on its way out, not left behind): looked at again
 * for up to two seconds.
 */
static bool still_running(const char *bin)
{
	int i;

	for (i = 0; i < 40; i++) {
		if (!running_now(bin))
			return false;
		usleep(50 * 1000);
	}
	return true;
}

/* The build mode's multiplier of every timeout (the Makefile's). */
static double mode_multiplier(void)
{
	const char *m = getenv("CK_TIMEOUT_MULTIPLIER");

	return m && atof(m) > 0 ? atof(m) : 1.0;
}

/* Is there a control character but newline and tab in @s? */
static const char *control_char(const char *s)
{
	for (; *s; s++)
		if (((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t') ||
		    *s == 0x7f)
			return s;
	return NULL;
}

/*
 * Was submission @v ("LAB/NAME") built by make check's build, all the
 * submissions a rule must reject at once (exercises.mk: LAB_REJECTED_LOG
 * and its rejected.list)?  Then grade.sh grades it without a build of its
 * own; the first of each lab still goes through grade.sh's build.
 */
static bool built_by_check(const char *v)
{
	char line[200];
	bool found = false;
	FILE *f = fopen(B "/labs/variants/rejected.list", "r");

	while (f && !found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		found = !strcmp(line, v);
	}
	if (f)
		fclose(f);
	return found;
}

/*
 * Grade submission @v ("LAB/NAME") as its expect file says: through
 * grade.sh when it must not build or must be rejected (its build made by
 * grade.sh, or by make check's build: built_by_check()), else its binary
 * with --ungated.  Its limits: `timeout: X` (the mode's multiplier times
 * X; 1 if not said), `memory: MB`, `sandbox: off`.  Fills @outdir, @bin
 * and @json; returns the text of the expect file.
 */
static const char *grade_variant(const char *v, char *outdir, size_t olen,
				 char *bin, size_t blen, char *json, size_t jlen)
{
	static char expect[4096];
	char lab[64], name[64], path[300], build[64], tmo[32], mem[32];
	char sandbox[32], sub[160], mult[64], memory[64];
	const char *env[] = { mult, memory, NULL, NULL, NULL };
	int rc, e = 2;

	sscanf(v, "%63[^/]/%63s", lab, name);
	pathf(path, sizeof(path), "tests/labs/%s/expect", v);
	snprintf(expect, sizeof(expect), "%s", slurp(path));
	expect_line(expect, "build:", build, sizeof(build));
	expect_line(expect, "timeout:", tmo, sizeof(tmo));
	expect_line(expect, "memory:", mem, sizeof(mem));
	expect_line(expect, "sandbox:", sandbox, sizeof(sandbox));
	snprintf(mult, sizeof(mult), "CK_TIMEOUT_MULTIPLIER=%g",
		 mode_multiplier() * (tmo[0] ? atof(tmo) : 1.0));
	snprintf(memory, sizeof(memory), "GRADE_MEMORY_MB=%d",
		 mem[0] ? atoi(mem) : 1536);
	if (strstr(sandbox, "off"))
		env[e++] = "GRADE_SANDBOX=0";
	pathf(sub, sizeof(sub), "tests/labs/%s", v);
	pathf(outdir, olen, B "/labs/variants/%s", v);
	pathf(json, jlen, "%s/grade.json", outdir);
	pathf(path, sizeof(path), "exercises/%s/era.c", lab);
	if (strstr(build, "fails") || strstr(build, "rejected")) {
		/* the real pipeline: make fails, the lab is graded anyway */
		char *argv[] = { "/bin/sh", "exercises/grader/grade.sh",
				 "--variant", name, lab, NULL, NULL };

		if (strstr(build, "rejected") && built_by_check(v)) {
			argv[4] = "--no-build";
			argv[5] = lab;
		}

		env[e++] = "GRADE_JSON=" B "/labs/check-variant.json";
		pathf(bin, blen, "%s/broken/reaplab", outdir);
		rc = run(argv, env, out, sizeof(out));
		ck_assert_msg(rc == 1, "%s: grade.sh exits %d:\n%s", v, rc, tail_of(out));
	} else {
		char *argv[] = { bin, "grade", "--ungated", "--sub", sub,
				 "--json", json, "--out", outdir, NULL };

		if (exists(path))
			pathf(bin, blen, "%s/reaplab", outdir);
		else
			pathf(bin, blen, B "/labs/%s/reaplab", lab);
		mkdirs(outdir);
		run(argv, env, out, sizeof(out));
	}
	return expect;
}

START_TEST(test_each_submission_fails_exactly_what_it_should)
{
	const char *v = variants[_i], *expect, *ctl;
	char path[300], fails[512], padded[520], build[64], rejected[512];
	char listed[512], bin[200], json[200], outdir[160];
	char *text, *w, *save = NULL, needs[64];
	int score, max;

	/*
	 * "needs: race-hooks": what the submission is failed on, a plain
	 * access of freed memory, only the data-race oracle's hooks see,
	 * and the sanitizers' builds have none (DOC: The data-race oracle)
	 */
	pathf(path, sizeof(path), "tests/labs/%s/expect", v);
	expect_line(slurp(path), "needs:", needs, sizeof(needs));
	if (strstr(needs, "race-hooks") && SANITIZE_MODE[0]) {
		printf("%s: not in this build: the data-race oracle's hooks are off under SANITIZE=%s\n",
		       v, SANITIZE_MODE);
		return;
	}
	expect = grade_variant(v, outdir, sizeof(outdir), bin, sizeof(bin),
			       json, sizeof(json));
	expect_line(expect, "fails:", fails, sizeof(fails));
	expect_line(expect, "build:", build, sizeof(build));
	snprintf(padded, sizeof(padded), " %s ", fails);
	snprintf(listed, sizeof(listed), "%s", fails);
	ck_assert_msg(!still_running(bin), "%s: %s still runs after grading",
		      v, bin);
	/* nothing the code under test printed reaches the terminal raw */
	ctl = control_char(out);
	ck_assert_msg(!ctl, "%s: a raw control character (\\x%02x) in the grader's output:\n%s",
		      v, ctl ? (unsigned char)*ctl : 0, tail_of(out));
	/* no internal wording: a verdict "n/a" means nothing to a student */
	ck_assert_msg(!has_word(out, "n/a"), "%s: 'n/a' in the grader's output:\n%s",
		      v, tail_of(out));
	/*
	 * vetted without its AST check (`ast: off`): what the AST check
	 * says of the same files, from the whole source step (exercises.mk)
	 */
	expect_line(expect, "ast-rejected: ", rejected, sizeof(rejected));
	if (rejected[0]) {
		pathf(path, sizeof(path), B "/labs/variants/%s/source-verdict",
		      v);
		ck_assert_msg(strstr(slurp(path), rejected),
			      "%s: the AST check does not say '%s': %s", v,
			      rejected, slurp(path));
	}
	text = slurp(json);
	if (strstr(build, "rejected")) {
		/* not linked: zero for the lab, and the rule said once */
		expect_line(expect, "rejected:", rejected, sizeof(rejected));
		lab_score(text, strtok(strcpy(path, v), "/"), &score, &max);
		ck_assert_msg(score == 0 && max > 0,
			      "%s: a rejected submission scores %d/%d:\n%s", v,
			      score, max, tail_of(out));
		ck_assert_msg(*rejected && strstr(out, rejected),
			      "%s: the output does not say '%s':\n%s", v,
			      rejected, tail_of(out));
		ck_assert_msg(!strstr(text, "\"status\": \"pass\""),
			      "%s: a test of a rejected submission passes", v);
		return;
	}
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
			      status, want, tail_of(out));
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
			      words, tail_of(out));
	}
	/*
	 * what its transcript must say ("says TEST: words": a hint), and
	 * what `make grade` must show of it ("shows TEST: words")
	 */
	for (w = strtok_r(listed, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		char key[80], words[256];

		snprintf(key, sizeof(key), "says %s: ", w);
		expect_line(expect, key, words, sizeof(words));
		if (words[0]) {
			pathf(path, sizeof(path), "%s/%s.out", outdir, w);
			ck_assert_msg(strstr(slurp(path), words),
				      "%s: the transcript of %s does not say '%s'",
				      v, w, words);
		}
		snprintf(key, sizeof(key), "shows %s: ", w);
		expect_line(expect, key, words, sizeof(words));
		ck_assert_msg(!words[0] || strstr(out, words),
			      "%s: make grade does not show '%s':\n%s", v,
			      words, tail_of(out));
	}
}
END_TEST

/*
 * The sanitized suite tests what it says: a use-after-free planted in a
 * submission's code (an expect file's "asan-says TEST: words") is
 * reported by ASan, in that test's transcript, from a binary of this
 * build.
 */
static int asan_variants[MAX_VARIANTS], nasan;

#ifdef SIM_ASAN
START_TEST(test_asan_sees_a_planted_use_after_free)
{
	const char *v = variants[asan_variants[_i]], *expect;
	char bin[200], json[200], outdir[160], key[96], test[64], words[256];
	char path[400];

	expect = grade_variant(v, outdir, sizeof(outdir), bin, sizeof(bin),
			       json, sizeof(json));
	ck_assert(sscanf(strstr(expect, "asan-says "), "asan-says %63[^:]:",
			 test) == 1);
	snprintf(key, sizeof(key), "asan-says %s: ", test);
	expect_line(expect, key, words, sizeof(words));
	ck_assert_msg(strstr(bin, B "/"), "%s: %s is not of this build", v,
		      bin);
	pathf(path, sizeof(path), "%s/%s.out", outdir, test);
	ck_assert_msg(strstr(slurp(path), words),
		      "%s: ASan did not report '%s' in %s:\n%s", v, words,
		      path, tail_of(out));
	ck_assert_msg(strstr(out, "crashed: abort()"),
		      "%s: the test does not say it crashed:\n%s", v, tail_of(out));
}
END_TEST
#endif

/* Write @text to @path. */
static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f, "cannot write %s", path);
	fputs(text, f);
	fclose(f);
}

/*
 * make regrade, as exercises/run_autograder (Gradescope's entry point)
 * runs it: a copy of a solution's tree that brings its own Makefile,
 * grade.c and grader is graded with the handout's, from its lab's files
 * alone (the lab found from them), and the report says which files were
 * taken; the results are in Gradescope's format.
 */
START_TEST(test_regrade_takes_only_the_labs_files)
{
	const char *sub = B "/labs/check-regrade";
	const char *gs = B "/labs/check-regrade-results.json";
	const char *lab = "08-fix-v4.14";
	char path[400], from[400];
	static const char *const files[] = { "mm/mmap.c", "mm/oom_kill.c" };
	char *rm[] = { "/bin/rm", "-rf", (char *)sub, NULL };
	char *argv[] = { "/bin/sh", "exercises/run_autograder", NULL };
	char gs_env[300], json_env[300], tree_env[420];
	const char *env[] = { gs_env, json_env, tree_env,
			      "REAPLAB_SUBMISSION=" B "/labs/check-regrade",
			      "REAPLAB_RESULTS=" B "/labs/check-regrade-results.json",
			      NULL };
	size_t i;
	int rc;

	if (!exists("exercises/solutions")) {
		printf("labs: no exercises/solutions (a handout): make regrade is not tried here\n");
		return;
	}
	run(rm, NULL, out, sizeof(out));
	pathf(path, sizeof(path), "%s/exercises/%s/mm", sub, lab);
	mkdirs(path);
	pathf(path, sizeof(path), "%s/exercises/grader", sub);
	mkdirs(path);
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		pathf(from, sizeof(from), "exercises/solutions/%s/%s", lab,
		      files[i]);
		pathf(path, sizeof(path), "%s/exercises/%s/%s", sub, lab,
		      files[i]);
		put_file(path, slurp(from));
	}
	/* what a student could add: none of it may be used */
	pathf(path, sizeof(path), "%s/Makefile", sub);
	/* a fake score it would print: a real one must come instead */
	put_file(path, "grade regrade check %:\n\t@echo '  08-fix-v4.14: 1000/1000'; echo 'Score: 1000/1000 (HOSTILE Makefile)'; touch hostile-ran\n");
	pathf(path, sizeof(path), "%s/exercises/%s/grade.c", sub, lab);
	put_file(path, "#include \"../grader/grade.h\"\n"
		 "static void yes(void) { }\n"
		 "static const struct grade_test tests[] = {\n"
		 "\t{ .name = \"hostile\", .title = \"HOSTILE grade.c\", .points = 1000, .run = yes },\n"
		 "\t{ NULL }\n};\nGRADE_LAB(.tests = tests);\n");
	pathf(path, sizeof(path), "%s/exercises/grader/runner.c", sub);
	put_file(path, "#error HOSTILE runner.c\n");
	snprintf(gs_env, sizeof(gs_env), "GRADE_RESULTS=%s", gs);
	ck_assert(getcwd(path, sizeof(path)));
	snprintf(tree_env, sizeof(tree_env), "REAPLAB_TREE=%s", path);
	snprintf(json_env, sizeof(json_env),
		 "GRADE_JSON=" B "/labs/check-regrade.json");
	rc = run(argv, env, out, sizeof(out));
	ck_assert_msg(rc == 0 && strstr(out, "Score: 50/50") &&
		      !strstr(out, "1000/1000"),
		      "make regrade of a solution's tree exits %d:\n%s", rc, tail_of(out));
	ck_assert_msg(strstr(out, "regrade: 08-fix-v4.14: took mm/mmap.c mm/oom_kill.c from"),
		      "make regrade does not say which files it took:\n%s", tail_of(out));
	ck_assert_msg(!strstr(out, "HOSTILE") && !exists(B "/regrade/reaplab/hostile-ran"),
		      "make regrade used the submission's own files:\n%s", tail_of(out));
	pathf(path, sizeof(path), "%s/hostile-ran", sub);
	ck_assert_msg(!exists(path), "the submission's Makefile ran");
	check_gradescope(gs, 50, 50);
}
END_TEST

/*
 * The GitHub Classroom workflow in exercises/classroom/ is what
 * workflow.sh makes of lab 08 now: its tests and points are grade.c's.
 */
START_TEST(test_the_classroom_workflow_is_the_labs)
{
	char *argv[] = { "/bin/sh", "exercises/classroom/workflow.sh",
			 "08-fix-v4.14", NULL };
	static char want[1 << 16];
	int rc;

	snprintf(want, sizeof(want), "%s",
		 slurp("exercises/classroom/classroom.yml"));
	rc = run(argv, NULL, out, sizeof(out));
	ck_assert_msg(rc == 0, "workflow.sh exits %d: %s", rc, tail_of(out));
	ck_assert_msg(!strcmp(out, want),
		      "exercises/classroom/classroom.yml is not what `sh exercises/classroom/workflow.sh 08-fix-v4.14` prints now:\n%s",
		      tail_of(out));
}
END_TEST

START_TEST(test_the_handout_has_no_solutions)
{
	char *argv[] = { "/bin/sh", "exercises/grader/handout.sh",
			 B "/labs/check-handout.tar.gz", NULL };
	char *list[] = { "/bin/tar", "-tzf", B "/labs/check-handout.tar.gz",
			 NULL };
	int i, rc;

	find_labs();
	rc = run(argv, NULL, out, sizeof(out));
	ck_assert_msg(rc == 0, "handout.sh exits %d: %s", rc, tail_of(out));
	rc = run(list, NULL, out, sizeof(out));
	ck_assert_msg(rc == 0, "tar -t exits %d: %s", rc, tail_of(out));
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
	/* the tests of every lab at once, before the submissions' tests */
	const TTest *const whole[] = {
		test_every_lab_says_what_it_is,
		test_every_solution_scores_full_marks,
		test_every_skeleton_scores_what_lab_conf_says,
		test_the_handout_has_no_solutions,
		test_regrade_takes_only_the_labs_files,
		test_the_classroom_workflow_is_the_labs,
	};
	Suite *s = suite_create("labs");
	TCase *tc = tcase_create("labs");
	int i, lo, hi;
	bool first;

	find_labs();
	/*
	 * the shares split the whole-lab tests and the submissions as one
	 * list, so that each share has a test to run also in a handout,
	 * which has no submissions (tests/summary.sh fails a suite that ran
	 * none)
	 */
	first = t_share((int)ARRAY_SIZE(whole) + nvariants, &lo, &hi);
	tcase_set_timeout(tc, 300);
	for (i = lo; i < hi && i < (int)ARRAY_SIZE(whole); i++)
		tcase_add_test(tc, whole[i]);
	lo = max(lo - (int)ARRAY_SIZE(whole), 0);
	hi -= ARRAY_SIZE(whole);
	if (lo < hi)
		tcase_add_loop_test(tc,
				    test_each_submission_fails_exactly_what_it_should,
				    lo, hi);
	/* no ck_assert() out of a test: the expect files read by hand */
	for (i = nasan = 0; i < nvariants; i++) {
		char path[300], line[512];
		FILE *f;

		pathf(path, sizeof(path), "tests/labs/%s/expect", variants[i]);
		f = fopen(path, "r");
		while (f && fgets(line, sizeof(line), f))
			if (!strncmp(line, "asan-says ", 10)) {
				asan_variants[nasan++] = i;
				break;
			}
		if (f)
			fclose(f);
	}
#ifdef SIM_ASAN
	if (nasan && first)
		tcase_add_loop_test(tc, test_asan_sees_a_planted_use_after_free,
				    0, nasan);
#else
	if (nasan && first)
		printf("labs: not an ASan build: the %d planted use-after-free(s) ASan must report are checked by make check SANITIZE=address\n",
		       nasan);
#endif
	if (!nvariants && first)
		printf("labs: no tests/labs (a handout): the grader's own submissions are not graded here\n");
	suite_add_tcase(s, tc);
	return s;
}
