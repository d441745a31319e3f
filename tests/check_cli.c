// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_cli.c - the command line: exit codes and messages
 *
 * 0 no oracle fired, 1 an oracle fired, 2 bad input, always with a line
 * on stderr that says what was wrong.
 */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

static char out[1 << 20], err[1 << 16];

static const struct {
	const char *args[6];
	const char *msg;
} bad[] = {
	{ { "frobnicate" }, "unknown command 'frobnicate'" },
	{ { "replay", "v9.9", "oom", "-" }, "unknown era 'v9.9'" },
	{ { "replay", "v4.9", "oops", "-" }, "unknown scenario 'oops'" },
	{ { "replay", "v4.9", "oom", "A3 Q2" }, "'Q2' names no thread" },
	{ { "replay", "v4.9", "oom", "A0" }, "a count must be a positive number" },
	{ { "replay", "v4.9", "oom", "A@" }, "after the thread letter" },
	{ { "replay", "v4.9", "oom", "V@x#0" }, "'#' must be followed by a positive number" },
	{ { "replay", "v4.9", "oom", "nosuch" }, "ships no schedule named 'nosuch'" },
	{ { "replay", "v4.9", "mrelease", "changelog" }, "is for scenario oom, not mrelease" },
	{ { "replay", "v4.9", "oom", "A1 R3" }, "step 4: R not runnable (asleep in schedule())" },
	{ { "replay", "v4.9", "oom", "A@nosuchfn" }, "before reaching A@nosuchfn: no step of it matched the label" },
	{ { "replay", "v4.9", "oom", "A@mutex_unlock#9" }, "after reaching A@mutex_unlock 3 times, not the 9 its label asks for" },
	{ { "replay", "v4.9", "oom", "-", "-o", "vmas=0" }, "vmas must be an integer from 1" },
	{ { "replay", "v4.9", "oom", "-", "-o", "colour=3" }, "unknown parameter 'colour=3'" },
	{ { "replay", "v4.9", "oom", "-", "-o", "vmas" }, "'vmas' is not KEY=VALUE" },
	{ { "replay", "v4.9", "oom" }, "usage: reaplab replay" },
	{ { "replay", "v4.9", "oom", "-", "--bogus" }, "unknown option '--bogus'" },
	{ { "replay", "v4.9", "oom", "-", "--width" }, "--width needs a value" },
	{ { "show", "nope" }, "unknown era 'nope'" },
	{ { "diff", "v4.9" }, "usage: reaplab diff" },
	{ { "stress", "v4.9", "oom", "-n", "x" }, "-n must be a positive number" },
	{ { "explore", "v4.9", "oom", "--bound", "99" }, "--bound must be 0 to 20" },
	{ { "list", "extra" }, "takes no arguments" },
	/* found by the fuzzers (tests/fuzz/): each was mishandled */
	{ { "replay", "v4.9", "oom", "-", "-o", "" }, "-o needs KEY=VALUE" },
	{ { "replay", "v4.9", "oom", "-", "-o", "," }, "-o needs KEY=VALUE" },
	{ { "show", "v4\n9" }, "unknown era 'v4?9'" },
	{ { "show" }, "usage: reaplab show ERA" },
	{ { "diff", "v4.9", "v4.14", "v5.15" }, "usage: reaplab diff" },
	{ { "explore", "v4.9" }, "usage: reaplab explore" },
	{ { "stress", "v4.9" }, "usage: reaplab stress" },
	{ { "trace", "v4.9", "oom" }, "usage: reaplab trace" },
	{ { "bench" }, "usage: reaplab bench" },
	{ { "kernel" }, "usage: reaplab kernel" },
	{ { "bench", "nosuch\tbench" }, "unknown benchmark 'nosuch?bench'" },
	{ { "replay", "v4.9", "oom", "nosuch:changelog" }, "unknown era 'nosuch'" },
	{ { "replay", "v4.9", "oom", "-", "-o", "vmas=1000000" }, "vmas must be an integer from 1 to 64" },
	{ { "replay", "v4.9", "oom", "-", "-o", "pages=1048576,vmas=64,ptrs=1" }, "too large: vmas=64 of pages=1048576" },
	{ { "stress", "v4.9", "oom", "-o", "pages=63" }, "the model's has 64" },
	{ { "replay", "v4.9", "oom", "-", "-o", "vmas=1" }, "too small: the victim's vmas=1 x pages=2 = 2 pages must outweigh the candidate's pages+1 = 3" },
	{ { "explore", "v6.18", "proc-reader", "-o", "vmas=2,pages=1" }, "too small" },
	{ { "stress", "v6.18", "stuck", "-o", "pages=1" }, "too small" },
	{ { "trace", "v4.9", "oom", "changelog", "--output", "/nonexistent/dir/x.dot" }, "cannot write /nonexistent/dir/x.dot" },
	{ { "bench", "find-vma", "-n", "1", "--out", "/proc/nope" }, "cannot" },
};

START_TEST(test_bad_input_exits_2_with_a_message)
{
	const char *const *a = bad[_i].args;
	int rc = t_run(out, sizeof(out), err, sizeof(err), a[0], a[1], a[2],
		       a[3], a[4], a[5], NULL);

	ck_assert_msg(rc == 2, "%s %s %s: exit %d, stderr: %s", a[0],
		      a[1] ? a[1] : "", a[2] ? a[2] : "", rc, err);
	ck_assert_msg(strstr(err, bad[_i].msg), "expected '%s' in: %s",
		      bad[_i].msg, err);
	/* one line, whatever was typed */
	ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1,
		      "not one line: %s", err);
}
END_TEST

/* A 1 MiB schedule: a limit error at once, in one line, never a hang. */
START_TEST(test_a_huge_schedule_is_a_limit_error)
{
	static struct sim_world w;
	static struct sim_schedule parsed;
	static const char *const unit[] = { "A1 ", "V", "A@", "R*\t" };
	static const char *const msg[] = {
		"schedule too long: more than 256 segments",
		"a count must be a positive number",
		"bad label",
		"schedule too long: more than 256 segments",
	};
	size_t len = 1 << 20, i, k;
	char *s = malloc(len + 1), e[256];

	ck_assert_ptr_nonnull(s);
	t_build(&w, "v4.9", "oom");
	for (k = 0; k < 4; k++) {
		size_t u = strlen(unit[k]);

		for (i = 0; i < len; i++)
			s[i] = i < u || k != 1 ? unit[k][i % u] : '9';
		s[len] = 0;
		ck_assert_int_eq(sim_schedule_parse(&w, s, &parsed, e,
						    sizeof(e)), -1);
		ck_assert_msg(strstr(e, msg[k]), "%zu: %s", k, e);
		ck_assert_ptr_null(strchr(e, '\n'));
	}
	sim_world_free(&w);
	free(s);
}
END_TEST

START_TEST(test_every_subcommand_has_help)
{
	static const char *const cmds[] = {
		"list", "show", "diff", "replay", "explore", "stress", "tour",
	};
	size_t i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		int rc = t_run(out, sizeof(out), err, sizeof(err), cmds[i],
			       "--help", NULL);

		ck_assert_msg(rc == 0 && strstr(out, "usage: reaplab"),
			      "%s --help: exit %d: %s", cmds[i], rc, out);
	}
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "--help",
			       NULL), 0);
	ck_assert(strstr(out, "Commands:"));
}
END_TEST

START_TEST(test_replay_changelog_draws_the_race)
{
	int rc = t_run(out, sizeof(out), err, sizeof(err), "replay", "v4.9",
		       "oom", "changelog", "--width", "76", NULL);

	ck_assert_int_eq(rc, 1);
	ck_assert(strstr(out, "A (allocating task)"));
	ck_assert(strstr(out, "R (oom_reaper)"));
	ck_assert(strstr(out, "mmget_not_zero: atomic_inc_not_zero(mm_users)"));
	ck_assert(strstr(out, "set_bit(MMF_OOM_SKIP)"));
	ck_assert(strstr(out, "# spurious-kill"));
	ck_assert(strstr(out, "Verdict: spurious-kill"));
	/* the same schedule is no longer possible on v4.14 */
	rc = t_run(out, sizeof(out), err, sizeof(err), "replay", "v4.14",
		   "oom", "v4.9:changelog", "--quiet", NULL);
	ck_assert_msg(rc == 0 || rc == 2, "exit %d", rc);
	ck_assert(!strstr(out, "Verdict: spurious-kill"));
}
END_TEST

START_TEST(test_list_show_diff)
{
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "list",
			       NULL), 0);
	ck_assert(strstr(out, "v4.14") && strstr(out, "empty-write-cycle") &&
		  strstr(out, "212925802454"));
	{
		/* an 80-column terminal shows every line whole */
		const char *line = out, *nl;

		for (; *line; line = nl + 1) {
			nl = strchr(line, '\n');
			ck_assert_ptr_nonnull(nl);
			ck_assert_msg(nl - line < 80, "%d columns: %.*s",
				      (int)(nl - line), (int)(nl - line), line);
		}
	}
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "show",
			       "empty-write-cycle", NULL), 0);
	ck_assert(strstr(out, "v4.14") && strstr(out, "exit_mmap") &&
		  strstr(out, "proc-reader/changelog"));
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "diff",
			       "v4.9", "v4.14", NULL), 0);
	/* Andrea's patch: the barrier comes in, mmget_not_zero goes */
	ck_assert(strstr(out, "+\tset_bit(MMF_OOM_SKIP, &mm->flags);"));
	ck_assert(strstr(out, "+\t\tdown_write(&mm->mmap_sem);"));
	ck_assert(strstr(out, "-\tif (!mmget_not_zero(mm)) {"));
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "diff",
			       "v6.1", "v6.18", NULL), 0);
	ck_assert(strstr(out, "+\tmas_for_each_rev(&mas, vma, 0) {"));
	ck_assert(!strstr(out, "exit_mmap"));
}
END_TEST

Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("Core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_a_huge_schedule_is_a_limit_error);
	tcase_add_loop_test(tc, test_bad_input_exits_2_with_a_message, 0,
			    sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, test_every_subcommand_has_help);
	tcase_add_test(tc, test_replay_changelog_draws_the_race);
	tcase_add_test(tc, test_list_show_diff);
	suite_add_tcase(s, tc);
	return s;
}
