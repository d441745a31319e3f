// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_main.c - one runner for every suite
 *
 * CK_RUN_SUITE=eras runs one suite, CK_FORK=no runs in one process (for
 * gdb), CK_VERBOSITY=verbose lists every test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

/* Every suite the runner has in this build, in the order it runs them. */
static const struct {
	const char *name;	/* as its suite_create() names it */
	Suite *(*make)(void);
} suites[] = {
#ifndef SIM_TSAN
	/*
	 * Under TSan only the suites whose code runs on more than one OS
	 * thread: the threads engine's stress, the benchmarks and the
	 * real-kernel labs (bench), and Ctrl-C during them (signals).  The
	 * others run the coop engine alone: one OS thread whose coroutines
	 * TSan sees as fibers handing over in turn, each switch a
	 * synchronisation, so no data race can show there, and their
	 * hundreds of thousands of executions would take TSan an hour.
	 * `make check SANITIZE=address` runs every suite.
	 */
	{ "primitives", primitives_suite },
	{ "maple_tree", maple_suite },
	{ "layers", layers_suite },
	{ "determinism", determinism_suite },
	{ "eras", eras_suite },
	{ "cli", cli_suite },
	{ "render", render_suite },
	{ "explore", explore_suite },
	{ "mutants", mutants_suite },
	{ "mutate", mutate_suite },
	{ "labs", labs_suite },
	{ "book", book_suite },
#endif
	{ "threads", stress_suite },
	{ "bench", bench_suite },
	{ "signals", signals_suite },
};

int main(int argc, char **argv)
{
	SRunner *sr;
	size_t i;
	int failed;

	/* `check_reaplab --suites`: their names, for make check's list */
	if (argc > 1 && !strcmp(argv[1], "--suites")) {
		for (i = 0; i < sizeof(suites) / sizeof(suites[0]); i++)
			printf("%s\n", suites[i].name);
		return EXIT_SUCCESS;
	}
	/*
	 * A failure's message may carry the end of a run's output (the labs
	 * suite shows what the grader printed): Check's 4 KiB default would
	 * end the test with "Message string too long" instead of reporting.
	 */
	check_set_max_msg_size(1 << 16);
#ifdef SIM_TSAN
	printf("TSan: only the suites that run threads (threads, bench, signals); the coop engine's run under make check SANITIZE=address\n");
#endif
	sr = srunner_create(suites[0].make());
	for (i = 1; i < sizeof(suites) / sizeof(suites[0]); i++)
		srunner_add_suite(sr, suites[i].make());
	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
