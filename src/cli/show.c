// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/show.c - reaplab list, show and diff
 */
#include <string.h>
#include "cli.h"
#include "../sim/source.h"

static const char *expect_text(unsigned int e)
{
	if (e == EXPECT_NA)
		return "n/a";
	return cli_verdict_text(e, false);
}

int cmd_list(int argc, char **argv)
{
	int i;

	if (argc > 1) {
		if (cli_is_help(argv[1])) {
			printf("usage: reaplab list\n\n"
			       "The eras, oldest first: id, card name, version, commits, story.\n");
			return EXIT_CLEAN;
		}
		return cli_error("list: takes no arguments (try --help)");
	}
	printf("%-12s %-24s %-24s %s\n", "era", "name", "version", "commits");
	for (i = 0; i < sim_nr_eras; i++) {
		const struct era *e = sim_eras[i];

		printf("%-12s %-24s %-24s %s\n", e->id, e->name, e->version,
		       e->commits);
		printf("%-12s %s\n", "", e->story);
	}
	return EXIT_CLEAN;
}

int cmd_show(int argc, char **argv)
{
	static struct sim_func funcs[256];
	const struct era_schedule *s;
	const struct era *era;
	int i, n;

	if (argc != 2 || cli_is_help(argv[1])) {
		if (argc != 2 && !(argc > 1 && cli_is_help(argv[1])))
			return cli_error("usage: reaplab show ERA (try --help)");
		printf("usage: reaplab show ERA\n\n"
		       "Where ERA comes from, what it fixed and kept, the functions its\n"
		       "folder changes, the verdicts history gives it, and the schedules it\n"
		       "ships.  ERA is an id (v4.14) or a card name (empty-write-cycle).\n");
		return EXIT_CLEAN;
	}
	era = cli_era(argv[1]);
	if (!era)
		return EXIT_USAGE;
	printf("%s  \"%s\"\n", era->id, era->name);
	printf("  version:  %s\n  commits:  %s\n  authors:  %s\n", era->version,
	       era->commits, era->authors);
	printf("  parent:   %s\n", era->parent ? era->parent :
	       "none: this era is the common tree (src/kernel, src/mm, ...)");
	printf("  story:    %s\n  fixed:    %s\n  kept:     %s\n", era->story,
	       era->fixed, era->kept);
	n = sim_era_functions(era, funcs, 256);
	printf("\nFunctions in src/eras/%s/ (%d):\n", era->id, n);
	for (i = 0; i < n; i++)
		printf("  %-28s %s\n", funcs[i].name, funcs[i].file);
	if (era->removed)
		printf("Removed from %s: %s\n", era->parent, era->removed);
	printf("\nVerdicts history gives it (declared, checked by `reaplab explore --all`):\n");
	for (i = 0; i < SCN_NR; i++)
		printf("  %-12s %s\n", sim_scenarios[i]->name,
		       expect_text(era->expect[i]));
	printf("\nSchedules:\n");
	for (s = era->schedules; s && s->name; s++) {
		printf("  %s/%s: %s\n", sim_scenarios[s->scenario]->name,
		       s->name, s->schedule);
		printf("    %s\n    replay: reaplab replay %s %s %s   (fixed by %s)\n",
		       s->what, era->id, sim_scenarios[s->scenario]->name,
		       s->name, s->fixed_by);
	}
	if (!era->schedules || !era->schedules->name)
		printf("  none: no known race to replay in this era\n");
	return EXIT_CLEAN;
}

int cmd_diff(int argc, char **argv)
{
	const struct era *a, *b;
	int n;

	if (argc != 3 || cli_is_help(argv[1])) {
		if (!(argc == 2 && cli_is_help(argv[1])))
			return cli_error("usage: reaplab diff ERA1 ERA2 (try --help)");
		printf("usage: reaplab diff ERA1 ERA2\n\n"
		       "What changed in the model from ERA1 to ERA2, function by function,\n"
		       "as a unified diff: it should read like the upstream patch.\n");
		return EXIT_CLEAN;
	}
	a = cli_era(argv[1]);
	b = a ? cli_era(argv[2]) : NULL;
	if (!a || !b)
		return EXIT_USAGE;
	n = sim_era_diff(a, b, stdout);
	if (!n)
		printf("%s and %s run the same code\n", a->id, b->id);
	return EXIT_CLEAN;
}
