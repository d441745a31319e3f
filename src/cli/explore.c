// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/explore.c - reaplab explore: find an era's races mechanically
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../sim/explore.h"
#include "../sim/render.h"

static void explore_usage(FILE *f)
{
	fprintf(f,
		"usage: reaplab explore ERA SCENARIO [options]\n\n"
		"Searches the schedules of SCENARIO on ERA for one that makes an oracle\n"
		"fire, and prints the verdict the way herd7 does:\n"
		"  Observation v4.9/oom spurious-kill Sometimes (3 of 96304 executions, ...)\n\n"
		"Options:\n"
		"  --mode icb       iterative preemption bounding (the default)\n"
		"  --bound C        largest preemption bound (default 2)\n"
		"  --budget N       stop after N executions\n"
		"  --time T         stop after T seconds\n"
		"  --want ORACLE    look for this oracle only\n"
		"  --all-bugs       do not stop at the first bug\n"
		"  -o KEY=VALUE     scenario size\n\n"
		"Exit status: 0 no oracle fired, 1 an oracle fired, 2 bad input.\n");
}

static void print_cex(struct sim_world *w, const struct sim_explore_result *r)
{
	char numeric[4096], labelled[4096];
	int preempt;

	sim_cex_replay(w, &r->first, true);
	preempt = sim_schedule_from_trace(w, false, numeric, sizeof(numeric));
	sim_schedule_labelled(w, labelled, sizeof(labelled));
	printf("\nCounterexample (execution %lu, %d preemption%s, %u steps):\n",
	       r->first.execution, preempt, preempt == 1 ? "" : "s",
	       w->run_steps);
	printf("  schedule: %s\n  labelled: %s\n", numeric, labelled);
	printf("  replay:   reaplab replay %s %s '%s'\n\n", w->era->id,
	       w->scn->name, numeric);
	sim_render_changelog(w, stdout);
	putchar('\n');
	sim_render_verdict(w, stdout);
}

int cmd_explore(int argc, char **argv)
{
	static struct sim_world w;
	static struct sim_explore_result r;
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_ICB, .bound = 2, .stop_first = true,
		.progress = true,
	};
	const struct sim_scenario *scn;
	const struct era *era;
	const char *pos[2];
	struct sim_params p;
	int i, npos = 0, o_want;

	for (i = 1; i < argc; i++)
		if (cli_is_help(argv[i])) {
			explore_usage(stdout);
			return EXIT_CLEAN;
		}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--mode") ||
		    !strcmp(argv[i], "--bound") || !strcmp(argv[i], "--budget") ||
		    !strcmp(argv[i], "--time") || !strcmp(argv[i], "--want") ||
		    !strcmp(argv[i], "--seed")) {
			if (i + 1 >= argc)
				return cli_error("explore: %s needs a value",
						 argv[i]);
			i++;
			continue;
		}
		if (!strcmp(argv[i], "--all-bugs"))
			continue;
		if (argv[i][0] == '-')
			return cli_error("explore: unknown option '%s' (try --help)",
					 argv[i]);
		if (npos == 2)
			return cli_error("explore: too many arguments (try --help)");
		pos[npos++] = argv[i];
	}
	if (npos != 2) {
		explore_usage(stderr);
		return EXIT_USAGE;
	}
	era = cli_era(pos[0]);
	scn = era ? cli_scenario(pos[1]) : NULL;
	if (!era || !scn)
		return EXIT_USAGE;
	p = scn->defaults;
	for (i = 1; i < argc; i++) {
		const char *v = argv[i + 1];
		char *end;

		if (!strcmp(argv[i], "--all-bugs")) {
			o.stop_first = false;
			continue;
		}
		if (i + 1 >= argc)
			break;
		if (!strcmp(argv[i], "-o")) {
			if (cli_param(&p, v))
				return EXIT_USAGE;
		} else if (!strcmp(argv[i], "--mode")) {
			int m = sim_explore_mode_by_name(v);

			if (m < 0)
				return cli_error("explore: unknown mode '%s' (modes: icb, dpor, pct, walk)",
						 v);
			o.mode = m;
		} else if (!strcmp(argv[i], "--seed")) {
			o.seed = strtoull(v, &end, 0);
			if (*end)
				return cli_error("explore: --seed must be a number");
		} else if (!strcmp(argv[i], "--bound")) {
			o.bound = strtol(v, &end, 10);
			if (*end || o.bound < 0 || o.bound > 20)
				return cli_error("explore: --bound must be 0 to 20");
		} else if (!strcmp(argv[i], "--budget")) {
			o.budget = strtoul(v, &end, 10);
			if (*end || !o.budget)
				return cli_error("explore: --budget must be a positive number");
		} else if (!strcmp(argv[i], "--time")) {
			o.seconds = strtod(v, &end);
			if (*end || o.seconds <= 0)
				return cli_error("explore: --time must be a positive number of seconds");
		} else if (!strcmp(argv[i], "--want")) {
			o_want = sim_oracle_by_name(v);
			if (o_want < 0)
				return cli_error("explore: unknown oracle '%s' (use-after-free, spurious-kill, deadlock, leak, lock-imbalance, mmap-unlocked, warn)",
						 v);
			o.want |= 1u << o_want;
		} else {
			continue;
		}
		i++;
	}
	if (cli_build(&w, era, scn, &p))
		return EXIT_USAGE;
	sim_explore(&w, &o, &r);
	printf("Observation %s/%s %s %s (%lu of %lu executions, mode %s",
	       era->id, scn->name, cli_verdict_text(r.fired, false),
	       r.buggy ? "Sometimes" : "Never", r.buggy, r.executions,
	       sim_explore_mode_name(o.mode));
	if (o.mode == SIM_EXPLORE_ICB)
		printf(", bound %d", r.reached_bound);
	if (o.mode == SIM_EXPLORE_DPOR)
		printf(", %lu sleep-blocked", r.sleep_blocked);
	if (o.mode == SIM_EXPLORE_PCT || o.mode == SIM_EXPLORE_WALK)
		printf(", seed %#llx", (unsigned long long)(r.buggy ? r.seed :
							   o.seed));
	printf(", %.2f s)\n", r.seconds);
	if (r.budget_exhausted)
		printf("  budget exhausted: the search stopped before it was complete\n");
	else if (r.bound_exceeded)
		printf("  bound exceeded: executions with more preemptions were not explored\n");
	if (r.buggy)
		print_cex(&w, &r);
	sim_world_free(&w);
	return r.buggy ? EXIT_BUG : EXIT_CLEAN;
}
