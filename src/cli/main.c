// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/main.c - reaplab: the command line
 */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../sim/render/render.h"

/* Set by the fuzzers (tests/fuzz/): budgets clamped, nothing written. */
bool cli_fuzzing;

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *what;
} commands[] = {
	{ "list", cmd_list, "the eras: id, card name, version, commits, story" },
	{ "show", cmd_show, "one era: where it comes from, what it changed, its schedules" },
	{ "diff", cmd_diff, "what changed between two eras, as a patch" },
	{ "replay", cmd_replay, "run one schedule and draw it as a changelog diagram" },
	{ "explore", cmd_explore, "search the schedules for a race, prove an era clean" },
	{ "stress", cmd_stress, "run a scenario on real threads and count oracle hits" },
	{ "trace", cmd_trace, "one run as a figure: DOT, mscgen, Chrome trace JSON" },
	{ "tour", cmd_tour, "every era in order: its story, its race, its verdict" },
	{ "bench", cmd_bench, "the mailing lists' measurements, in the model, on real threads" },
	{ "kernel", cmd_kernel, "the same questions asked of the host kernel: labs" },
};

/* How the commands this binary prints call it: a lab's binary has a path. */
const char *cli_self = "reaplab";

/*
 * cli_error() - the one line a bad input gets, on stderr.  Whatever the
 * user typed is in it, so it is made one line whatever that was: control
 * characters become '?', and a message longer than a screenful is cut.
 */
int cli_error(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	size_t i, n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n >= sizeof(buf))
		memcpy(buf + sizeof(buf) - 4, "...", 4);
	for (i = 0; buf[i]; i++)
		if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
			buf[i] = '?';
	fprintf(stderr, "reaplab: %s\n", buf);
	return EXIT_USAGE;
}

bool cli_is_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

const struct era *cli_era(const char *name)
{
	const struct era *era = sim_era_by_name(name);
	size_t len = 1, n = 0;
	char *list;
	int i;

	if (era)
		return era;
	/* every id, however many the binary has (the book's has mutants) */
	for (i = 0; i < sim_nr_eras; i++)
		len += strlen(sim_eras[i]->id) + 1;
	for (i = 0; sim_lab_eras[i]; i++)
		len += strlen(sim_lab_eras[i]->id) + 1;
	list = malloc(len);
	if (!list) {
		cli_error("unknown era '%s' (`reaplab list` shows the eras)",
			  name);
		return NULL;
	}
	list[0] = 0;
	for (i = 0; i < sim_nr_eras; i++)
		n += snprintf(list + n, len - n, " %s", sim_eras[i]->id);
	for (i = 0; sim_lab_eras[i]; i++)
		n += snprintf(list + n, len - n, " %s", sim_lab_eras[i]->id);
	cli_error("unknown era '%s' (eras:%s; `reaplab list` shows their card names too)",
		  name, list);
	free(list);
	return NULL;
}

const struct sim_scenario *cli_scenario(const char *name)
{
	const struct sim_scenario *scn = sim_scenario_by_name(name);
	char list[128];
	int i, n = 0;

	if (scn)
		return scn;
	list[0] = 0;
	for (i = 0; i < SCN_NR; i++)
		n += snprintf(list + n, n < (int)sizeof(list) ? sizeof(list) - n : 0,
			      " %s", sim_scenarios[i]->name);
	for (i = 0; sim_lab_scenarios && sim_lab_scenarios[i]; i++)
		n += snprintf(list + n, n < (int)sizeof(list) ? sizeof(list) - n : 0,
			      " %s", sim_lab_scenarios[i]->name);
	cli_error("unknown scenario '%s' (scenarios:%s; and '%s' for a program of your own built by make program: exercises/README.md)",
		  name, list, sim_program_scenario.name);
	return NULL;
}

int cli_param(struct sim_params *p, const char *kv)
{
	char err[256];
	char *copy = strdup(kv), *tok, *save = NULL;
	int rc = 0;

	if (!copy)
		return cli_error("out of memory");

	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save))
		if (sim_params_set(p, tok, err, sizeof(err)))
			rc = cli_error("%s", err);
	/* "-o ''" or "-o ,": found by the fuzzer, accepted as nothing */
	if (!rc && !strpbrk(kv, "="))
		rc = cli_error("-o needs KEY=VALUE, not '%s' (keys: vmas, pages, ptrs, retries, alloc-retries, aio, jiffy-ns)",
			       kv);
	free(copy);
	return rc;
}

int cli_build(struct sim_world *w, const struct era *era,
	      const struct sim_scenario *scn, const struct sim_params *p)
{
	char err[256];

	if (sim_world_build(w, era, scn, p, err, sizeof(err)))
		return cli_error("%s", err);
	return 0;
}

/*
 * cli_resolve_schedule() - a schedule argument: a schedule string, the
 * name of a schedule shipped with @era ("changelog"), or ERA:NAME for one
 * shipped with another era.
 *
 * Return: the schedule string, or NULL with a message printed.
 */
const char *cli_resolve_schedule(const struct era *era,
				 const struct sim_scenario *scn,
				 const char *arg, const char **name)
{
	const char *colon = strchr(arg, ':');
	const struct era *from = era;
	const char *want = arg;
	const struct era_schedule *s;
	bool looks_like_name = strlen(arg) > 1;
	const char *c;

	*name = NULL;
	for (c = arg; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || *c == '-' || *c == ':' ||
		      *c == '.' || (*c >= '0' && *c <= '9' && colon)))
			looks_like_name = false;
	if (colon && looks_like_name) {
		char id[32];

		snprintf(id, sizeof(id), "%.*s", (int)(colon - arg), arg);
		from = sim_era_by_name(id);
		if (!from) {
			cli_era(id);
			return NULL;
		}
		want = colon + 1;
	}
	if (!looks_like_name)
		return arg;
	for (s = from->schedules; s && s->name; s++) {
		if (strcmp(s->name, want))
			continue;
		if (s->scenario != scn->id) {
			cli_error("schedule '%s' of %s is for scenario %s, not %s",
				  want, from->id, sim_scenarios[s->scenario]->name,
				  scn->name);
			return NULL;
		}
		*name = s->name;
		return s->schedule;
	}
	{
		char list[512];
		int n = 0;

		list[0] = 0;
		for (s = from->schedules; s && s->name; s++)
			n += snprintf(list + n, n < (int)sizeof(list) ?
				      sizeof(list) - n : 0, " %s/%s",
				      sim_scenarios[s->scenario]->name, s->name);
		cli_error("%s ships no schedule named '%s' for %s (shipped:%s)",
			  from->id, want, scn->name, n ? list : " none");
	}
	return NULL;
}

/**
 * cli_fixed_by() - which era first lacks the race of @s, said as the model's
 * era, not as a kernel release: the upstream fix may be older (4837fe37adff,
 * v4.15, for v4.14's race) and is in `reaplab list --commits`.
 * @era: the era that ships @s.
 * @s: one of its schedules, with fixed_by set.
 *
 * Return: a phrase, lower case, in a static buffer.
 */
const char *cli_fixed_by(const struct era *era, const struct era_schedule *s)
{
	static char buf[256];
	int i, me = -1, fix = -1;

	for (i = 0; i < sim_nr_eras; i++) {
		if (sim_eras[i] == era)
			me = i;
		if (!strcmp(sim_eras[i]->id, s->fixed_by))
			fix = i;
	}
	if (fix >= 0 && me >= 0 && fix < me)
		snprintf(buf, sizeof(buf), "era %s, before this one, never had it",
			 s->fixed_by);
	else
		snprintf(buf, sizeof(buf),
			 "gone from era %s on; upstream fix: `%s list --commits %s`",
			 s->fixed_by, cli_self, era->id);
	return buf;
}

const char *cli_verdict_text(unsigned int fired, bool na)
{
	static char buf[256];

	return sim_oracles_text(fired, na, buf, sizeof(buf));
}

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"usage: reaplab COMMAND [ARGS...]\n\n"
		"A runnable model of how Linux tears down an address space while the\n"
		"OOM reaper (and process_mrelease) tears it down too, in every\n"
		"historical variant from v4.6 to v6.18.\n\n"
		"Commands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].what);
	fprintf(f,
		"\n`reaplab COMMAND --help` tells more.  Exit status: 0 no oracle fired,\n"
		"1 an oracle fired, 2 bad input, 3 explore's search did not finish\n"
		"(Unknown), 130 stopped by Ctrl-C.\n");
}

/**
 * cli_params_args() - the `-o` option that rebuilds @p, or "" if @p is
 * @scn's default size, for the commands the tools print.
 * @scn: the scenario.
 * @p: the sizes used.
 * @buf: output, " -o key=value,...".
 * @len: its size.
 */
void cli_params_args(const struct sim_scenario *scn,
		     const struct sim_params *p, char *buf, size_t len)
{
	const struct sim_params *d = &scn->defaults;
	size_t n = 0;

#define PARAM(key, field, fmt)						\
	do {								\
		if (p->field != d->field && n < len)			\
			n += snprintf(buf + n, len - n, "%s" key "=" fmt,\
				      n ? "," : " -o ", p->field);	\
	} while (0)
	buf[0] = 0;
	PARAM("vmas", vmas, "%lu");
	PARAM("pages", pages, "%lu");
	PARAM("ptrs", ptrs_per_pte, "%lu");
	PARAM("retries", retries, "%d");
	PARAM("alloc-retries", alloc_retries, "%d");
	PARAM("aio", aio, "%lu");
#undef PARAM
}

/*
 * The options that outlive one command in this process: back to their
 * defaults before each (the fuzzers run many commands in one process).
 */
static void cli_defaults(void)
{
	sim_render_width = 0;
	sim_render_elide = 0;
	sim_render_fig_elide = 10;
	sim_render_title = NULL;
	sim_interrupted = 0;
}

/**
 * cli_main() - the command line, callable in-process (a lab's binary and the
 * fuzzers call it): returns the exit status and never exits (but on running out of memory).
 * @argc: as main()'s.
 * @argv: as main()'s.
 *
 * Return: 0 no oracle fired, 1 an oracle fired, 2 bad input.
 */
int cli_main(int argc, char **argv)
{
	size_t i;

	cli_defaults();
	if (argc < 2)
		return cli_error("usage: reaplab COMMAND [ARGS...] (try `reaplab --help`)");
	if (cli_is_help(argv[1]) || !strcmp(argv[1], "help")) {
		usage(stdout);
		return EXIT_CLEAN;
	}
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	return cli_error("unknown command '%s' (try `reaplab --help`)", argv[1]);
}

static void on_sigint(int sig)
{
	(void)sig;
	sim_interrupted = 1;
}

/**
 * cli_run() - cli_main() as a process runs it, with Ctrl-C handled.
 * @argc: as main()'s.
 * @argv: as main()'s.
 *
 * The first SIGINT asks the running command to stop (sim_interrupted): a
 * search, a stress run or a benchmark stops at its next check and reports
 * what it did so far, and the process exits 130, as a shell reports a
 * command killed by SIGINT.  A second SIGINT kills at once.
 *
 * Return: cli_main()'s status, or 130 if interrupted.
 */
int cli_run(int argc, char **argv)
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
