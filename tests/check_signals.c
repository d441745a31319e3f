// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_signals.c - Ctrl-C: a long command stops, says what it did,
 * and leaves nothing behind
 *
 * Each test starts a long reaplab command as a child, lets it get going,
 * sends it SIGINT as a terminal would, and checks that it exits (status
 * 130) with its partial report on stdout.  The test process makes itself
 * a child subreaper first: any process reaplab left behind would be
 * re-parented to it, so "no children left" is checked by finding none.
 * The bound on how long reaplab may take to stop is generous (a hang
 * check, not a timing).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "testlib.h"

extern char **environ;

/*
 * <sys/prctl.h> needs the host's <linux/types.h>, which the model's
 * shadows: prctl(2) by number, its option from <linux/prctl.h>.
 */
#define PR_SET_CHILD_SUBREAPER	36

static const struct {
	const char *args[10];
	double after;		/* seconds before the SIGINT */
	const char *partial;	/* what the report says */
} cases[] = {
	{ { "explore", "--all" }, 2.0,
	  "interrupted: " },
	{ { "stress", "v6.18", "oom", "-n", "100000000", "--quiet" }, 2.0,
	  ", interrupted" },
	{ { "bench", "find-vma", "-n", "1000000", "--no-out", "--quiet" }, 3.0,
	  "bench find-vma: interrupted: the table above holds the runs done so far" },
	{ { "kernel", "mrelease", "--mib", "64", "--runs", "1000000",
	    "--no-out", "--quiet" }, 3.0,
	  "kernel mrelease (after zhongjinji, 2025)" },
	{ { "kernel", "fork-exit", "-n", "1000", "--runs", "1000000",
	    "--no-out", "--quiet" }, 3.0,
	  "kernel fork-exit (after Michal Hocko, 2017)" },
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

START_TEST(test_sigint_stops_reports_and_leaves_no_child)
{
	char *argv[12] = { (char *)BIN };
	char outname[] = "/tmp/reaplab-sigint-XXXXXX";
	posix_spawn_file_actions_t fa;
	int ofd = mkstemp(outname), status = 0, i;
	static char out[1 << 16];
	double start;
	pid_t pid, left;
	ssize_t n;

	ck_assert_int_ge(ofd, 0);
	ck_assert_int_eq(syscall(SYS_prctl, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0),
			 0);
	for (i = 0; cases[_i].args[i]; i++)
		argv[i + 1] = (char *)cases[_i].args[i];
	argv[i + 1] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, ofd, 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	ck_assert_int_eq(posix_spawn(&pid, BIN, &fa, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	usleep(cases[_i].after * 1e6);
	ck_assert_msg(waitpid(pid, &status, WNOHANG) == 0,
		      "%s finished before the SIGINT", argv[1]);
	kill(pid, SIGINT);
	start = now();
	while (waitpid(pid, &status, WNOHANG) == 0 && now() - start < 60)
		usleep(10000);
	if (now() - start >= 60) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		ck_abort_msg("%s %s did not stop within 60 s of SIGINT", argv[1],
			     argv[2]);
	}
	/* anything it left would be ours now: reap it, and fail */
	usleep(100000);
	left = waitpid(-1, NULL, WNOHANG);
	ck_assert_msg(left <= 0, "%s %s left process %d behind", argv[1],
		      argv[2], (int)left);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 130,
		      "%s %s: status %#x, expected exit 130", argv[1], argv[2],
		      status);
	lseek(ofd, 0, SEEK_SET);
	n = read(ofd, out, sizeof(out) - 1);
	out[n > 0 ? n : 0] = 0;
	close(ofd);
	unlink(outname);
	ck_assert_msg(strstr(out, cases[_i].partial),
		      "%s %s: no partial report ('%s') in: %s", argv[1],
		      argv[2], cases[_i].partial, out);
}
END_TEST

Suite *signals_suite(void)
{
	Suite *s = suite_create("signals");
	TCase *tc = tcase_create("Ctrl-C");

	tcase_add_loop_test(tc, test_sigint_stops_reports_and_leaves_no_child,
			    0, sizeof(cases) / sizeof(cases[0]));
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}
