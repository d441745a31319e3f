// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/stress.c - reaplab stress: a scenario on real threads, many times
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../sim/explore/explore.h"
#include "../sim/world/threads.h"

static void stress_usage(FILE *f)
{
	fprintf(f,
		"usage: reaplab stress ERA SCENARIO [-n N] [--time T] [options]\n\n"
		"Runs SCENARIO on ERA on real pthreads N times (default 1000) and counts\n"
		"how often each oracle fires.  Races that the explorer finds in a few\n"
		"executions may take thousands of real runs, or never show: that is the\n"
		"point of comparing the two.\n\n"
		"Options:\n"
		"  -n N            iterations\n"
		"  --time T        stop after T seconds\n"
		"  -o KEY=VALUE    scenario size (jiffy-ns sets how long a jiffy lasts)\n"
		"  --quiet         no progress lines on stderr\n\n"
		"Exit status: 0 no oracle fired, 1 an oracle fired, 2 bad input.\n");
}

/**
 * cli_stress_run() - @n iterations of @w on real threads.
 * @w: a built world.
 * @n: iterations (0: until @seconds).
 * @seconds: time limit (0: none).
 * @hits: per-oracle hit counts, filled.
 * @progress: print a line a second.
 * @elapsed: filled with the wall time.
 *
 * Return: iterations run.
 */
unsigned long cli_stress_run(struct sim_world *w, unsigned long n,
			     double seconds, unsigned long *hits,
			     bool progress, double *elapsed,
			     struct sim_hit *first)
{
	double start = sim_now(), last = start;
	unsigned long i;
	int o;

	for (i = 0; !n || i < n; i++) {
		sim_threads_iteration(w, 2.0, NULL);
		for (o = 0; o < ORACLE_NR; o++) {
			if (!(w->verdict.fired & (1u << o)))
				continue;
			if (!hits[o]++ && first)
				first[o] = w->verdict.hit[o];
		}
		if ((seconds && sim_now() - start > seconds) ||
		    sim_interrupted) {
			i++;
			break;
		}
		if (progress && sim_now() - last > 1.0) {
			last = sim_now();
			fprintf(stderr, "stress: %lu iterations, %.0f/s\n",
				i + 1, (i + 1) / (last - start));
		}
	}
	*elapsed = sim_now() - start;
	return i;
}

int cmd_stress(int argc, char **argv)
{
	static struct sim_world w;
	unsigned long hits[ORACLE_NR] = { 0 }, n = 1000, done, any = 0;
	static struct sim_hit first[ORACLE_NR];
	const struct sim_scenario *scn;
	const struct era *era;
	const char *pos[2];
	double seconds = 0, elapsed;
	bool progress = true;
	struct sim_params p;
	int i, npos = 0, o;
	char *end;

	for (i = 1; i < argc; i++)
		if (cli_is_help(argv[i])) {
			stress_usage(stdout);
			return EXIT_CLEAN;
		}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") || !strcmp(argv[i], "--time") ||
		    !strcmp(argv[i], "-o")) {
			if (i + 1 >= argc)
				return cli_error("stress: %s needs a value",
						 argv[i]);
			i++;
		} else if (!strcmp(argv[i], "--quiet")) {
			progress = false;
		} else if (argv[i][0] == '-') {
			return cli_error("stress: unknown option '%s' (try --help)",
					 argv[i]);
		} else if (npos < 2) {
			pos[npos++] = argv[i];
		} else {
			return cli_error("stress: too many arguments (try --help)");
		}
	}
	if (npos != 2) {
		return cli_error("usage: reaplab stress ERA SCENARIO [-n N] [--time T] [options] (try --help)");
	}
	era = cli_era(pos[0]);
	scn = era ? cli_scenario(pos[1]) : NULL;
	if (!era || !scn)
		return EXIT_USAGE;
	p = scn->defaults;
	for (i = 1; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "-n")) {
			n = strtoul(argv[++i], &end, 10);
			if (*end || !n)
				return cli_error("stress: -n must be a positive number");
		} else if (!strcmp(argv[i], "--time")) {
			seconds = strtod(argv[++i], &end);
			if (*end || seconds <= 0)
				return cli_error("stress: --time must be a positive number of seconds");
			n = 0;
		} else if (!strcmp(argv[i], "-o")) {
			if (cli_param(&p, argv[++i]))
				return EXIT_USAGE;
		}
	}
	if (cli_fuzzing) {
		n = 1;
		seconds = 0;
		progress = false;
	}
	if (cli_build(&w, era, scn, &p))
		return EXIT_USAGE;
	done = cli_stress_run(&w, n, seconds, hits, progress, &elapsed, first);
	printf("Stress %s/%s on real threads: %lu iterations in %.2f s (%.0f iterations/s)%s\n",
	       era->id, scn->name, done, elapsed, done / elapsed,
	       sim_interrupted ? ", interrupted" : "");
	for (o = 0; o < ORACLE_NR; o++) {
		printf("  %-16s %8lu hit%s\n", sim_oracle_name(o), hits[o],
		       hits[o] == 1 ? "" : "s");
		any += hits[o];
	}
	for (o = 0; o < ORACLE_NR; o++)
		if (hits[o])
			printf("first %s: %s\n", sim_oracle_name(o),
			       first[o].msg);
	sim_threads_shutdown();
	sim_world_free(&w);
	return any ? EXIT_BUG : EXIT_CLEAN;
}
