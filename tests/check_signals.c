// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_signals.c - Ctrl-C: a long command stops, says what it did,
 * and leaves nothing behind
 *
 * Each test starts a long reaplab command as a child, waits until it
 * has something to report (its own progress line, or its first result:
 * never a clock, so a busy machine only makes the test slower), sends it
 * SIGINT as a terminal would, and checks that it exits (status 130) with
 * its partial report on stdout.  The test process makes itself a child
 * subreaper first: any process reaplab left behind would be re-parented
 * to it, so "no children left" is checked by finding none.  The bounds
 * on how long reaplab may take to get going and to stop are generous
 * (hang checks, not timings).
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
	const char *ready;	/* on stdout or stderr: it has begun */
	const char *partial;	/* what the report says */
} cases[] = {
	/* its progress line, every second of search (not a cell's end:
	 * under TSan the first cell takes minutes) */
	{ { "explore", "--all" }, "explore: dpor, ",
	  "interrupted: " },
	{ { "stress", "v6.18", "oom", "-n", "100000000" }, "stress: ",
	  ", interrupted" },
	/* no progress line: its SIGINT handler is all it needs */
	{ { "bench", "find-vma", "-n", "1000000", "--no-out", "--quiet" }, NULL,
	  "bench find-vma: interrupted: the table above holds the runs done so far" },
	{ { "kernel", "mrelease", "--mib", "64", "--runs", "1000000",
	    "--no-out" }, "kernel mrelease: 1 of ",
	  "\nplain " },
	{ { "kernel", "fork-exit", "-n", "1000", "--runs", "1000000",
	    "--no-out" }, "kernel fork-exit: run 1 of ",
	  "kernel fork-exit" },
};

/* The whole of file @fd, from its start, into @buf. */
static void reread(int fd, char *buf, size_t len)
{
	ssize_t n = pread(fd, buf, len - 1, 0);

	buf[n > 0 ? n : 0] = 0;
}

/* Does @pid catch SIGINT yet?  (/proc/PID/status, SigCgt) */
static bool catches_sigint(pid_t pid)
{
	char path[64], line[256];
	unsigned long long mask = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "SigCgt: %llx", &mask) == 1)
			break;
	if (f)
		fclose(f);
	return mask & (1ULL << (SIGINT - 1));
}

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
	char errname[] = "/tmp/reaplab-sigint-XXXXXX";
	posix_spawn_file_actions_t fa;
	int ofd = mkstemp(outname), efd = mkstemp(errname), status = 0, i;
	static char out[1 << 16], err[1 << 16];
	const char *ready = cases[_i].ready;
	double start;
	pid_t pid, left;

	ck_assert_int_ge(ofd, 0);
	ck_assert_int_ge(efd, 0);
	ck_assert_int_eq(syscall(SYS_prctl, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0),
			 0);
	for (i = 0; cases[_i].args[i]; i++)
		argv[i + 1] = (char *)cases[_i].args[i];
	argv[i + 1] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, ofd, 1);
	posix_spawn_file_actions_adddup2(&fa, efd, 2);
	ck_assert_int_eq(posix_spawn(&pid, BIN, &fa, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	/* until it catches SIGINT and has said it began (a hang check) */
	start = now();
	for (;;) {
		ck_assert_msg(waitpid(pid, &status, WNOHANG) == 0,
			      "%s %s finished before the SIGINT", argv[1],
			      argv[2]);
		reread(ofd, out, sizeof(out));
		reread(efd, err, sizeof(err));
		if (catches_sigint(pid) &&
		    (!ready || strstr(out, ready) || strstr(err, ready)))
			break;
		if (now() - start > 300) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			ck_abort_msg("%s %s said nothing like '%s' in 300 s",
				     argv[1], argv[2], ready);
		}
		usleep(20000);
	}
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
	reread(ofd, out, sizeof(out));
	close(ofd);
	close(efd);
	unlink(outname);
	unlink(errname);
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
	tcase_set_timeout(tc, 720);
	suite_add_tcase(s, tc);
	return s;
}
