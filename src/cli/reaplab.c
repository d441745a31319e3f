// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/reaplab.c - main(): the process around cli_main()
 *
 * Kept apart from the command table (main.c) so that the fuzzers
 * (tests/fuzz/) can call cli_main() in their own process.
 *
 * Ctrl-C: the first SIGINT asks the running command to stop
 * (sim_interrupted): a search, a stress run or a benchmark stops at its
 * next check, reports what it did so far, and the process exits 130, as a
 * shell reports a command killed by SIGINT.  A second SIGINT kills at once.
 */
#include <signal.h>
#include <string.h>
#include "cli.h"

static void on_sigint(int sig)
{
	(void)sig;
	sim_interrupted = 1;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	int rc;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sa.sa_flags = SA_RESETHAND;	/* the second one is the default */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	rc = cli_main(argc, argv);
	if (sim_interrupted) {
		fflush(stdout);
		fprintf(stderr, "reaplab: interrupted\n");
		return 130;
	}
	return rc;
}
