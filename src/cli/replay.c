// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/replay.c - reaplab replay: one schedule, drawn as a changelog
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../sim/render/render.h"
#include <linux/kernel.h>

static void replay_usage(FILE *f)
{
	fprintf(f,
		"usage: reaplab replay ERA SCENARIO SCHEDULE [options]\n\n"
		"Runs SCENARIO on ERA following SCHEDULE, draws the run the way kernel\n"
		"changelogs draw races (one column per thread, time running down) and\n"
		"says which oracles fired.\n\n"
		"SCHEDULE is a schedule string (\"A21 V39 R3 V1\", \"A* V@mmap_write_unlock R\",\n"
		"\"-\" for the default policy), the name of a schedule the era ships\n"
		"(\"changelog\"), or ERA:NAME for one shipped with another era.\n\n"
		"A schedule string is a list of segments, each a thread letter (the\n"
		"columns of the scenario's diagram, left to right) and how far it runs:\n"
		"  A21               A runs 21 steps\n"
		"  V* (or V)         V runs until it blocks, sleeps or finishes\n"
		"  V@exit_aio        V runs through its next operation in exit_aio()\n"
		"  A@mutex_unlock    A runs through its next mutex_unlock()\n"
		"  A@mutex_unlock#2  A runs through the second mutex_unlock() of the segment\n"
		"A label is a primitive as the model writes it (test_bit:MMF_OOM_SKIP)\n"
		"or the model function an operation is in.  After the last segment the\n"
		"default policy finishes the run.  The Schedule: and Labelled: lines\n"
		"printed after a run replay it exactly (the book's tools chapter).\n\n"
		"Options:\n"
		"  -o KEY=VALUE   scenario size (vmas, pages, ptrs, retries, alloc-retries, aio)\n"
		"  --turnstile    run the simulated threads as real pthreads, one at a time\n"
		"  --quiet        no diagram: verdict and schedule only\n"
		"  --width N      make each column at most N wide (20 to 120) where no\n"
		"                 name must be split; deep calls stay wider (default:\n"
		"                 fit 160 columns)\n"
		"  --elide N      fold runs of one thread longer than N lines\n"
		"  --emit FORMAT  write only the run, as ascii, dot, msc or json (see\n"
		"                 `reaplab trace --help`)\n"
		"  --full         print the schedule of every step, not just up to the\n"
		"                 last preemption\n\n"
		"Exit status: 0 no oracle fired, 1 an oracle fired, 2 bad input or a\n"
		"schedule that cannot be followed (divergence).\n");
}

/**
 * cli_replay_run() - replay @sched on a built world and print the result.
 * @w: the world.
 * @sched: the schedule string.
 * @diagram: draw the diagram.
 * @full: print the full numeric schedule.
 * @f: where to print.
 *
 * Return: an exit status.
 */
int cli_replay_run(struct sim_world *w, const char *sched, bool diagram,
		   bool full, FILE *f)
{
	static struct sim_replay replay;
	struct sim_schedule parsed;
	char err[256], numeric[4096], labelled[4096];
	int rc, preempt;

	if (sim_schedule_parse(w, sched, &parsed, err, sizeof(err)))
		return cli_error("%s", err);
	sim_replay_init(&replay, &parsed, false);
	w->trace_frames = true;
	w->trace_text = true;
	rc = sim_run_coop(w, (struct sim_policy){ sim_replay_pick, &replay });
	if (diagram) {
		sim_render_changelog(w, f);
		fputc('\n', f);
	}
	sim_render_verdict(w, f);
	if (w->stop == SIM_STOP_DIVERGED) {
		cli_error("schedule diverged: %s", w->stop_msg);
		return EXIT_USAGE;
	}
	if (w->stop == SIM_STOP_LIMIT) {
		cli_error("%s", w->stop_msg);
		return EXIT_USAGE;
	}
	preempt = sim_schedule_from_trace(w, full, numeric, sizeof(numeric));
	sim_schedule_labelled(w, labelled, sizeof(labelled));
	fprintf(f, "Schedule: %s   (%u steps, %d preemption%s)\n", numeric,
		w->run_steps, preempt, preempt == 1 ? "" : "s");
	fprintf(f, "Labelled: %s\n", labelled);
	return rc ? EXIT_BUG : EXIT_CLEAN;
}

int cmd_replay(int argc, char **argv)
{
	static struct sim_world w;
	const struct sim_scenario *scn;
	const char *pos[3], *sched, *name, *emit = NULL;
	const struct era *era;
	struct sim_params p;
	bool diagram = true, full = false, turnstile = false;
	int i, npos = 0, rc;

	for (i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			replay_usage(stdout);
			return EXIT_CLEAN;
		}
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quiet"))
			diagram = false;
		else if (!strcmp(argv[i], "--full"))
			full = true;
		else if (!strcmp(argv[i], "--turnstile"))
			turnstile = true;
		else if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--width") ||
			  !strcmp(argv[i], "--elide")) && i + 1 < argc)
			i++;
		else if (!strcmp(argv[i], "--emit") && i + 1 < argc)
			emit = argv[++i];
		else if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--width") ||
			 !strcmp(argv[i], "--elide") || !strcmp(argv[i], "--emit"))
			return cli_error("replay: %s needs a value (try --help)",
					 argv[i]);
		else if (argv[i][0] == '-' && argv[i][1] &&
			 !(npos == 2 && argv[i][1] >= 'A' && argv[i][1] <= 'Z'))
			return cli_error("replay: unknown option '%s' (try --help)",
					 argv[i]);
		else if (npos < 3)
			pos[npos++] = argv[i];
		else
			return cli_error("replay: too many arguments (try --help)");
	}
	if (npos != 3) {
		return cli_error("usage: reaplab replay ERA SCENARIO SCHEDULE [options] (try --help)");
	}
	if (emit && !sim_render_format_known(emit))
		return cli_error("replay: unknown format '%s' (formats: %s)", emit,
				 SIM_RENDER_FORMATS);
	era = cli_era(pos[0]);
	if (!era)
		return EXIT_USAGE;
	scn = cli_scenario(pos[1]);
	if (!scn)
		return EXIT_USAGE;
	p = scn->defaults;
	for (i = 1; i + 1 < argc; i++) {
		char *end;
		long v;

		if (!strcmp(argv[i], "-o")) {
			if (cli_param(&p, argv[++i]))
				return EXIT_USAGE;
			continue;
		}
		if (strcmp(argv[i], "--width") && strcmp(argv[i], "--elide"))
			continue;
		v = strtol(argv[i + 1], &end, 10);
		if (*end || v < (argv[i][2] == 'w' ? 20 : 1) || v > 120)
			return cli_error("replay: %s must be a number from %d to 120",
					 argv[i], argv[i][2] == 'w' ? 20 : 1);
		if (argv[i][2] == 'w')
			sim_render_width = v;
		else
			sim_render_elide = v;
		i++;
	}
	sched = cli_resolve_schedule(era, scn, pos[2], &name);
	if (!sched)
		return EXIT_USAGE;
	if (cli_build(&w, era, scn, &p))
		return EXIT_USAGE;
	if (turnstile)
		w.substrate = SIM_SUBSTRATE_TURNSTILE;
	if (emit) {
		if (sim_render_elide)
			sim_render_fig_elide = sim_render_elide;
		rc = cli_trace_coop(&w, sched, emit, stdout);
		sim_world_free(&w);
		return rc;
	}
	/* pos[2], not name: "v4.9:changelog" says whose schedule it is */
	if (name)
		printf("%s/%s, schedule \"%s\": %s\n\n", era->id, scn->name,
		       pos[2], sched);
	else
		printf("%s/%s, schedule: %s\n\n", era->id, scn->name, sched);
	rc = cli_replay_run(&w, sched, diagram, full, stdout);
	sim_world_free(&w);
	return rc;
}
