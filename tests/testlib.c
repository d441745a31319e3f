// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/testlib.c - helpers shared by the Check suites
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "testlib.h"
#include "../src/sim/render/render.h"

extern char **environ;

/* The programs of tests/programs/, built as eras (see the Makefile). */
#ifndef TEST_PROGRAMS
#define TEST_PROGRAMS
#endif
#define ERA(sym) extern const struct era sym; \
	extern char sym##_data_begin[], sym##_data_end[];
TEST_PROGRAMS
#undef ERA

static struct {
	const struct era *era;
	char *begin, *end;
	bool registered;
} programs[] = {
#define ERA(sym) { &sym, sym##_data_begin, sym##_data_end, false },
	TEST_PROGRAMS
#undef ERA
	{ NULL, NULL, NULL, false }
};

const struct era *t_program(const char *id)
{
	int i;

	for (i = 0; programs[i].era; i++)
		if (!strcmp(programs[i].era->id, id)) {
			if (!programs[i].registered)
				sim_era_data_register(programs[i].era,
						      programs[i].begin,
						      programs[i].end);
			programs[i].registered = true;
			return programs[i].era;
		}
	ck_abort_msg("no test program '%s' in tests/programs/", id);
	return NULL;
}

void t_build_program(struct sim_world *w, const char *id)
{
	const struct era *era = t_program(id);
	char err[256];

	ck_assert_msg(!sim_world_build(w, era, &sim_program_scenario,
				       &sim_program_scenario.defaults, err,
				       sizeof(err)), "%s: %s", id, err);
}

static int (*custom_build)(struct sim_world *w);

static int custom(struct sim_world *w)
{
	return custom_build(w);
}

static const struct sim_scenario custom_scn = {
	.name = "test",
	.id = SCN_OOM,
	.summary = "a test's own threads",
	.build = custom,
};

const struct era *t_nth_schedule(const struct era *const *eras, int neras,
				 int n, const struct era_schedule **out)
{
	int i;

	for (i = 0; i < neras; i++) {
		const struct era_schedule *s;

		for (s = eras[i]->schedules; s && s->name; s++)
			if (!n--) {
				*out = s;
				return eras[i];
			}
	}
	return NULL;
}

void t_build_custom(struct sim_world *w, int (*build)(struct sim_world *w))
{
	char err[256];

	custom_build = build;
	ck_assert_msg(!sim_world_build(w, sim_eras[0], &custom_scn,
				       &sim_scenarios[0]->defaults, err,
				       sizeof(err)), "%s", err);
}

void t_build(struct sim_world *w, const char *era, const char *scn)
{
	const struct era *e = sim_era_by_name(era);
	const struct sim_scenario *s = sim_scenario_by_name(scn);
	char err[256];

	ck_assert_msg(e && s, "no era %s or scenario %s", era, scn);
	ck_assert_msg(!sim_world_build(w, e, s, &s->defaults, err,
				       sizeof(err)), "%s", err);
}

unsigned int t_replay(struct sim_world *w, const char *sched)
{
	static struct sim_schedule parsed;
	static struct sim_replay replay;
	char err[256];

	ck_assert_msg(!sim_schedule_parse(w, sched, &parsed, err, sizeof(err)),
		      "%s", err);
	sim_replay_init(&replay, &parsed, false);
	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ sim_replay_pick, &replay });
	return w->verdict.fired;
}

char *t_render(struct sim_world *w)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	sim_render_changelog(w, f);
	sim_render_verdict(w, f);
	fclose(f);
	return buf;
}

static void slurp(int fd, char *buf, size_t len)
{
	size_t n = 0;
	ssize_t r;

	while ((r = read(fd, buf + n, len - 1 - n)) > 0 && n + r < len - 1)
		n += r;
	if (r > 0)
		n += r;
	buf[n < len ? n : len - 1] = 0;
}

int t_made(const char *path, const char *how, char *buf, size_t len)
{
	char rcf[256];
	struct stat st, bin;
	const char *dot = strrchr(path, '.');
	FILE *f;
	size_t n;
	int rc = -1;

	ck_assert(dot && (size_t)(dot - path) + 4 < sizeof(rcf));
	snprintf(rcf, sizeof(rcf), "%.*s.rc", (int)(dot - path), path);
	ck_assert_msg(!stat(path, &st) && !stat(BIN, &bin),
		      "no %s: make check makes it (%s)", path, how);
	ck_assert_msg(st.st_mtime >= bin.st_mtime,
		      "%s is older than %s: run make check to make it again",
		      path, BIN);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = 0;
	ck_assert_msg(feof(f), "%s is larger than the test reads", path);
	fclose(f);
	f = fopen(rcf, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%d", &rc), 1);
	fclose(f);
	return rc;
}

/* t_run(out, outlen, err, errlen, "arg1", "arg2", ..., NULL) */
int t_run(char *out, size_t outlen, char *err, size_t errlen, ...)
{
	char *argv[32] = { (char *)BIN };
	posix_spawn_file_actions_t fa;
	char outname[] = "/tmp/reaplab-test-XXXXXX";
	char errname[] = "/tmp/reaplab-test-XXXXXX";
	int ofd = mkstemp(outname), efd = mkstemp(errname), status, i = 1;
	pid_t pid;
	va_list ap;

	va_start(ap, errlen);
	while (i < 31 && (argv[i] = va_arg(ap, char *)))
		i++;
	va_end(ap);
	argv[i] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, ofd, 1);
	posix_spawn_file_actions_adddup2(&fa, efd, 2);
	ck_assert_int_eq(posix_spawn(&pid, BIN, &fa, NULL, argv, environ), 0);
	waitpid(pid, &status, 0);
	posix_spawn_file_actions_destroy(&fa);
	lseek(ofd, 0, SEEK_SET);
	lseek(efd, 0, SEEK_SET);
	slurp(ofd, out, outlen);
	slurp(efd, err, errlen);
	close(ofd);
	close(efd);
	unlink(outname);
	unlink(errname);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

bool t_share(int n, int *lo, int *hi)
{
	const char *e = getenv("CK_SHARE");
	int k = 0, of = 1;

	if (e && (sscanf(e, "%d/%d", &k, &of) != 2 || of < 1 || k < 0 ||
		  k >= of)) {
		fprintf(stderr, "CK_SHARE=%s: not K/N with 0 <= K < N\n", e);
		exit(2);
	}
	*lo = (long)n * k / of;
	*hi = (long)n * (k + 1) / of;
	return k == 0;
}
