// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/trace.c - reaplab trace: one run, written as a figure
 *
 * The same run as `reaplab replay` (or one iteration of `reaplab stress`
 * on real threads), written in one of the formats of sim_render_emit():
 * the changelog diagram, a Graphviz sequence diagram, an mscgen chart for
 * Doxygen, or Chrome trace-event JSON for Perfetto.  `--figures DIR`
 * writes every era's race figures at once, for `make figures`.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../sim/render/render.h"
#include "../sim/world/threads.h"

static void trace_usage(FILE *f)
{
	fprintf(f,
		"usage: reaplab trace ERA SCENARIO SCHEDULE [--format FORMAT] [options]\n"
		"       reaplab trace ERA SCENARIO --engine threads [--format FORMAT] [options]\n"
		"       reaplab trace --figures DIR\n\n"
		"Runs SCENARIO on ERA once and writes the run as a figure.  On the coop\n"
		"engine (the default) the run follows SCHEDULE, as `reaplab replay` does:\n"
		"a schedule string, a schedule the era ships (\"changelog\"), or ERA:NAME.\n"
		"With --engine threads it is one iteration on real threads, with real\n"
		"timestamps, and takes no SCHEDULE.\n\n"
		"Formats:\n"
		"  ascii   the changelog diagram of `reaplab replay`, and the verdict\n"
		"  dot     a Graphviz sequence diagram: one lifeline per thread, lock\n"
		"          hand-offs and wake-ups as arrows (`| dot -Tsvg > race.svg`)\n"
		"  msc     an mscgen chart for Doxygen's \\mscfile (no mscgen needed)\n"
		"  json    Chrome trace-event JSON: open it in ui.perfetto.dev or\n"
		"          chrome://tracing (coop: one step = 1 us; threads: real time)\n\n"
		"Options:\n"
		"  --format FORMAT  ascii (default), dot, msc or json\n"
		"  --engine ENGINE  coop (default) or threads\n"
		"  --output FILE    write to FILE instead of standard output\n"
		"  -o KEY=VALUE     scenario size (vmas, pages, ptrs, retries, alloc-retries, aio)\n"
		"  --elide N        fold runs of one thread longer than N lines; 0 never\n"
		"                   (default: 10 for dot and msc, never for ascii; json\n"
		"                   keeps everything)\n"
		"  --width N        ascii: make each column at most N wide (20 to 120)\n"
		"                   where no name must be split; deep calls stay wider\n"
		"  --timeout S      threads: seconds without progress that count as a\n"
		"                   deadlock (default 5)\n"
		"  --figures DIR    write the race figure of every schedule the eras ship,\n"
		"                   and of the same schedule on the era that fixed it, as\n"
		"                   DIR/*.dot and DIR/*.msc, with an index in DIR/README.md\n\n"
		"Exit status: 0 no oracle fired, 1 an oracle fired, 2 bad input or a\n"
		"schedule that cannot be followed (then nothing is written).\n");
}

/* Where the figure goes: --output FILE, or standard output. */
static FILE *open_output(const char *path)
{
	FILE *f;

	if (!path)
		return stdout;
	f = fopen(cli_fuzzing ? "/dev/null" : path, "w");
	if (!f)
		cli_error("trace: cannot write %s: %s", path, strerror(errno));
	return f;
}

static int close_output(FILE *f, const char *path)
{
	if (f == stdout)
		return fflush(f) ? cli_error("trace: write error") : 0;
	if (fclose(f))
		return cli_error("trace: cannot write %s: %s", path,
				 strerror(errno));
	return 0;
}

/*
 * Run @sched on @w, recording what the figures draw.  Return: 0, or
 * EXIT_USAGE for a schedule that cannot be followed (said on stderr if
 * @report).
 */
static int run_coop(struct sim_world *w, const char *sched, bool report)
{
	static struct sim_replay replay;
	static struct sim_schedule parsed;
	char err[256];

	if (sim_schedule_parse(w, sched, &parsed, err, sizeof(err))) {
		snprintf(w->stop_msg, sizeof(w->stop_msg), "%s", err);
		return report ? cli_error("%s", err) : EXIT_USAGE;
	}
	sim_replay_init(&replay, &parsed, false);
	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ sim_replay_pick, &replay });
	if (w->stop != SIM_STOP_DIVERGED && w->stop != SIM_STOP_LIMIT)
		return 0;
	if (!report)
		return EXIT_USAGE;
	if (w->stop == SIM_STOP_DIVERGED)
		return cli_error("schedule diverged: %s", w->stop_msg);
	return cli_error("%s", w->stop_msg);
}

/**
 * cli_trace_coop() - replay @sched on @w and write the run in @format.
 * @w: a built world.
 * @sched: a schedule string.
 * @format: one of SIM_RENDER_FORMATS (checked by the caller).
 * @f: where to write.
 *
 * Nothing is written when the schedule cannot be followed.
 *
 * Return: an exit status.
 */
int cli_trace_coop(struct sim_world *w, const char *sched, const char *format,
		   FILE *f)
{
	if (run_coop(w, sched, true))
		return EXIT_USAGE;
	sim_render_emit(w, format, f);
	return w->verdict.fired ? EXIT_BUG : EXIT_CLEAN;
}

/* --- every era's figures -------------------------------------------- */

static int write_one(const char *dir, const char *base, const char *ext,
		     const struct sim_world *w, const char *format)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.%s", dir, base, ext);
	f = open_output(path);
	if (!f)
		return -1;
	sim_render_emit(w, format, f);
	if (close_output(f, path))
		return -1;
	printf("  %s\n", path);
	return 0;
}

/*
 * One figure: @from's schedule @s replayed on @era, as DIR/@base.dot and
 * .msc, and its line of the index.  A schedule the era cannot follow gets
 * a line saying so and no figure.
 */
static int figure(FILE *index, const char *dir, const struct era *era,
		  const struct era *from, const struct era_schedule *s)
{
	static struct sim_world w;
	const struct sim_scenario *scn = sim_scenarios[s->scenario];
	char base[256], title[2048], numeric[512], sched[128];
	int rc = 0;

	if (era == from) {
		snprintf(base, sizeof(base), "%s-%s-%s", era->id, scn->name,
			 s->name);
		snprintf(sched, sizeof(sched), "%s", s->name);
	} else {
		snprintf(base, sizeof(base), "%s-%s-%s-%s", era->id, scn->name,
			 from->id, s->name);
		snprintf(sched, sizeof(sched), "%s:%s", from->id, s->name);
	}
	if (cli_build(&w, era, scn, &scn->defaults))
		return -1;
	if (run_coop(&w, s->schedule, false)) {
		/* the fix made the interleaving impossible: the story */
		fprintf(index, "| - | %s | %s | %s | impossible | %s |\n",
			era->id, scn->name, sched, w.stop_msg);
		printf("  (%s cannot follow %s: %s)\n", era->id, sched,
		       w.stop_msg);
		sim_world_free(&w);
		return 0;
	}
	sim_schedule_from_trace(&w, false, numeric, sizeof(numeric));
	if (era == from)
		snprintf(title, sizeof(title),
			 "%s/%s, schedule \"%s\" (%s, %u steps)\n%s", era->id,
			 scn->name, s->name, numeric, w.run_steps, s->what);
	else
		snprintf(title, sizeof(title),
			 "%s/%s, %s's schedule \"%s\" (%s, %u steps)\nthe same schedule on %s, which fixed it",
			 era->id, scn->name, from->id, s->name, numeric,
			 w.run_steps, era->id);
	sim_render_title = title;
	if (write_one(dir, base, "dot", &w, "dot") ||
	    write_one(dir, base, "msc", &w, "msc"))
		rc = -1;
	sim_render_title = NULL;
	fprintf(index, "| `%s` | %s | %s | %s | %s | %s |\n", base, era->id,
		scn->name, sched,
		cli_verdict_text(w.verdict.fired, w.verdict.na),
		era == from ? s->what :
		"the same schedule on the era that fixed it");
	sim_world_free(&w);
	return rc;
}

static int write_figures(const char *dir)
{
	char path[1024];
	FILE *index;
	int i, rc = 0;

	snprintf(path, sizeof(path), "%s/README.md", dir);
	index = open_output(path);
	if (!index)
		return EXIT_USAGE;
	fprintf(index,
		"# figures/generated\n\n"
		"Written by `make figures` (`reaplab trace --figures %s`) from\n"
		"the schedules the eras ship: do not edit, regenerate.  Each race is a\n"
		"Graphviz sequence diagram (`.dot`, rendered to\n"
		"`build/figures/generated/*.svg`) and an mscgen chart (`.msc`, for\n"
		"Doxygen's `\\mscfile`).  Each era's race comes with the same schedule\n"
		"replayed on the era that fixed it.\n\n"
		"| figure | era | scenario | schedule | verdict | what it shows |\n"
		"|---|---|---|---|---|---|\n", dir);
	printf("reaplab trace --figures %s:\n", dir);
	for (i = 0; i < sim_nr_eras && !rc; i++) {
		const struct era *era = sim_eras[i];
		const struct era_schedule *s;

		for (s = era->schedules; s && s->name && !rc; s++) {
			const struct era *fix = s->fixed_by ?
						sim_era_by_name(s->fixed_by) :
						NULL;

			rc = figure(index, dir, era, era, s);
			if (!rc && fix)
				rc = figure(index, dir, fix, era, s);
		}
	}
	if (close_output(index, path))
		rc = -1;
	else if (!rc)
		printf("  %s\n", path);
	return rc ? EXIT_USAGE : EXIT_CLEAN;
}

/* --- the command ----------------------------------------------------- */

struct trace_opts {
	const char *format;
	const char *output;
	const char *figures;
	bool threads;
	double timeout;
};

/* An option's number: --elide 0..120, --width 20..120, --timeout > 0. */
static int number(const char *opt, const char *v, double lo, double hi,
		  double *out)
{
	char *end;

	*out = strtod(v, &end);
	if (*end || end == v || *out < lo || *out > hi)
		return cli_error("trace: %s must be a number from %g to %g", opt,
				 lo, hi);
	return 0;
}

static int option(struct trace_opts *o, struct sim_params *p, const char *opt,
		  const char *v)
{
	double n;

	if (!strcmp(opt, "--format")) {
		if (!sim_render_format_known(v))
			return cli_error("trace: unknown format '%s' (formats: %s)",
					 v, SIM_RENDER_FORMATS);
		o->format = v;
	} else if (!strcmp(opt, "--engine")) {
		if (strcmp(v, "coop") && strcmp(v, "threads"))
			return cli_error("trace: unknown engine '%s' (engines: coop, threads)",
					 v);
		o->threads = !strcmp(v, "threads");
	} else if (!strcmp(opt, "--output")) {
		o->output = v;
	} else if (!strcmp(opt, "--figures")) {
		o->figures = v;
	} else if (!strcmp(opt, "-o")) {
		return p && cli_param(p, v) ? EXIT_USAGE : 0;
	} else if (!strcmp(opt, "--elide")) {
		if (number(opt, v, 0, 120, &n))
			return EXIT_USAGE;
		if (n != (int)n)
			return cli_error("trace: --elide must be a whole number");
		sim_render_elide = sim_render_fig_elide = n;
	} else if (!strcmp(opt, "--width")) {
		if (number(opt, v, 20, 120, &n))
			return EXIT_USAGE;
		sim_render_width = n;
	} else if (!strcmp(opt, "--timeout")) {
		if (number(opt, v, 0.1, 600, &n))
			return EXIT_USAGE;
		o->timeout = n;
	}
	return 0;
}

static bool takes_value(const char *opt)
{
	static const char *const with[] = {
		"--format", "--engine", "--output", "--figures", "-o",
		"--elide", "--width", "--timeout",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(with); i++)
		if (!strcmp(opt, with[i]))
			return true;
	return false;
}

static int run_threads(struct sim_world *w, double timeout)
{
	w->trace_threads = true;
	w->trace_frames = true;
	w->trace_text = true;
	sim_threads_iteration(w, timeout, NULL);
	sim_threads_shutdown();
	return w->verdict.fired ? EXIT_BUG : EXIT_CLEAN;
}

int cmd_trace(int argc, char **argv)
{
	static struct sim_world w;
	struct trace_opts o = { .format = "ascii", .timeout = 5.0 };
	const struct sim_scenario *scn;
	const char *pos[3], *sched = NULL, *name = NULL;
	const struct era *era;
	struct sim_params p;
	char title[2048], numeric[512];
	int i, npos = 0, rc;
	FILE *f;

	for (i = 1; i < argc; i++)
		if (cli_is_help(argv[i])) {
			trace_usage(stdout);
			return EXIT_CLEAN;
		}
	/* options first (sizes need the scenario: they are read again below) */
	for (i = 1; i < argc; i++) {
		if (takes_value(argv[i])) {
			if (i + 1 >= argc)
				return cli_error("trace: %s needs a value (try --help)",
						 argv[i]);
			if (option(&o, NULL, argv[i], argv[i + 1]))
				return EXIT_USAGE;
			i++;
		} else if (argv[i][0] == '-' && argv[i][1] &&
			   !(npos == 2 && argv[i][1] >= 'A' &&
			     argv[i][1] <= 'Z')) {
			return cli_error("trace: unknown option '%s' (try --help)",
					 argv[i]);
		} else if (npos < 3) {
			pos[npos++] = argv[i];
		} else {
			return cli_error("trace: too many arguments (try --help)");
		}
	}
	if (o.figures) {
		if (npos)
			return cli_error("trace: --figures takes no ERA, SCENARIO or SCHEDULE");
		return cli_fuzzing ? EXIT_CLEAN : write_figures(o.figures);
	}
	if (o.threads && npos == 3)
		return cli_error("trace: real threads follow no schedule: leave SCHEDULE out with --engine threads");
	if (npos != (o.threads ? 2 : 3)) {
		return cli_error("usage: reaplab trace ERA SCENARIO SCHEDULE [--format FORMAT] [options], or with --engine threads no SCHEDULE (try --help)");
	}
	era = cli_era(pos[0]);
	scn = era ? cli_scenario(pos[1]) : NULL;
	if (!era || !scn)
		return EXIT_USAGE;
	p = scn->defaults;
	for (i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], "-o") &&
		    option(&o, &p, argv[i], argv[i + 1]))
			return EXIT_USAGE;
	if (!o.threads) {
		sched = cli_resolve_schedule(era, scn, pos[2], &name);
		if (!sched)
			return EXIT_USAGE;
	}
	if (cli_build(&w, era, scn, &p))
		return EXIT_USAGE;
	if (o.threads) {
		rc = run_threads(&w, o.timeout);
	} else {
		if (run_coop(&w, sched, true)) {
			sim_world_free(&w);
			return EXIT_USAGE;
		}
		rc = w.verdict.fired ? EXIT_BUG : EXIT_CLEAN;
		sim_schedule_from_trace(&w, false, numeric, sizeof(numeric));
		if (name)
			snprintf(title, sizeof(title),
				 "%s/%s, schedule \"%s\" (%s, %u steps)", era->id,
				 scn->name, pos[2], numeric, w.run_steps);
		else
			snprintf(title, sizeof(title),
				 "%s/%s, schedule %s (%u steps)", era->id,
				 scn->name, numeric, w.run_steps);
		sim_render_title = title;
	}
	f = open_output(o.output);
	if (!f) {
		rc = EXIT_USAGE;
	} else {
		sim_render_emit(&w, o.format, f);
		if (close_output(f, o.output))
			rc = EXIT_USAGE;
	}
	sim_render_title = NULL;
	sim_world_free(&w);
	return rc;
}
