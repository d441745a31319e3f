// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/main.c - reaplab: the command line
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

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
	{ "bench", cmd_bench, "the seeds' measurements in the model, on real threads" },
	{ "kernel", cmd_kernel, "the same questions asked of the host kernel: labs" },
};

/* How the commands this binary prints call it: a lab's binary has a path. */
const char *cli_self = "reaplab";

int cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("reaplab: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

bool cli_is_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

const struct era *cli_era(const char *name)
{
	const struct era *era = sim_era_by_name(name);
	int i;

	if (era)
		return era;
	fprintf(stderr, "reaplab: unknown era '%s' (eras:", name);
	for (i = 0; i < sim_nr_eras; i++)
		fprintf(stderr, " %s", sim_eras[i]->id);
	for (i = 0; sim_lab_eras[i]; i++)
		fprintf(stderr, " %s", sim_lab_eras[i]->id);
	fprintf(stderr, "; `reaplab list` shows their card names too)\n");
	return NULL;
}

const struct sim_scenario *cli_scenario(const char *name)
{
	const struct sim_scenario *scn = sim_scenario_by_name(name);
	int i;

	if (scn)
		return scn;
	fprintf(stderr, "reaplab: unknown scenario '%s' (scenarios:", name);
	for (i = 0; i < SCN_NR; i++)
		fprintf(stderr, " %s", sim_scenarios[i]->name);
	for (i = 0; sim_lab_scenarios && sim_lab_scenarios[i]; i++)
		fprintf(stderr, " %s", sim_lab_scenarios[i]->name);
	fprintf(stderr, "; %s for a program)\n", sim_program_scenario.name);
	return NULL;
}

int cli_param(struct sim_params *p, const char *kv)
{
	char err[256];
	char *copy = strdup(kv), *tok, *save = NULL;
	int rc = 0;

	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save))
		if (sim_params_set(p, tok, err, sizeof(err)))
			rc = cli_error("%s", err);
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
	fprintf(stderr, "reaplab: %s ships no schedule named '%s' for %s (shipped:",
		from->id, want, scn->name);
	for (s = from->schedules; s && s->name; s++)
		fprintf(stderr, " %s/%s", sim_scenarios[s->scenario]->name,
			s->name);
	fprintf(stderr, "%s)\n", from->schedules && from->schedules->name ?
		"" : " none");
	return NULL;
}

const char *cli_verdict_text(unsigned int fired, bool na)
{
	static char buf[256];
	int o, n = 0;

	if (na)
		return "n/a";
	if (!fired)
		return "clean";
	buf[0] = 0;
	for (o = 0; o < ORACLE_NR; o++)
		if (fired & (1u << o))
			n += snprintf(buf + n, sizeof(buf) - n, "%s%s",
				      n ? "," : "", sim_oracle_name(o));
	return buf;
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
		"1 an oracle fired, 2 bad input.\n");
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

/* The command line of reaplab; a lab's binary calls it for its commands. */
int cli_main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (cli_is_help(argv[1]) || !strcmp(argv[1], "help")) {
		usage(stdout);
		return EXIT_CLEAN;
	}
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	cli_error("unknown command '%s' (try `reaplab --help`)", argv[1]);
	return EXIT_USAGE;
}
