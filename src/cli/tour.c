// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/tour.c - reaplab tour: every era, oldest first
 */
#include <string.h>
#include "cli.h"
#include "../sim/render/render.h"

int cli_replay_run(struct sim_world *w, const char *sched, bool diagram,
		   bool full, FILE *f);

/* Replay @s of @from on @era: one line saying what happens. */
static void replay_elsewhere(const struct era *from,
			     const struct era_schedule *s,
			     const struct era *era)
{
	static struct sim_world w;
	static struct sim_schedule parsed;
	static struct sim_replay replay;
	const struct sim_scenario *scn = sim_scenarios[s->scenario];
	char err[256];

	if (sim_world_build(&w, era, scn, &scn->defaults, err, sizeof(err))) {
		printf("  on %-12s cannot build: %s\n", era->id, err);
		return;
	}
	if (sim_schedule_parse(&w, s->schedule, &parsed, err, sizeof(err))) {
		printf("  on %-12s %s\n", era->id, err);
		sim_world_free(&w);
		return;
	}
	sim_replay_init(&replay, &parsed, false);
	sim_run_coop(&w, (struct sim_policy){ sim_replay_pick, &replay });
	if (w.stop == SIM_STOP_DIVERGED)
		printf("  on %-12s the schedule cannot be followed: %s\n",
		       era->id, w.stop_msg);
	else
		printf("  on %-12s %s\n", era->id,
		       cli_verdict_text(w.verdict.fired, w.verdict.na));
	(void)from;
	sim_world_free(&w);
}

int cmd_tour(int argc, char **argv)
{
	static struct sim_world w;
	int i, k;

	if (argc > 1) {
		if (cli_is_help(argv[1])) {
			printf("usage: reaplab tour\n\n"
			       "Walks every era, oldest first: its story, the race its changelog\n"
			       "describes, replayed in the model and drawn as the changelog draws it\n"
			       "(long runs of one thread elided), the verdict, and what the same\n"
			       "schedule does on every later era.  It ends with every era's\n"
			       "verdict on every scenario, computed by the explorer (explore --all);\n"
			       "exit status 1 if one differs from what the era declares.\n");
			return EXIT_CLEAN;
		}
		return cli_error("tour: takes no arguments (try --help)");
	}
	if (cli_fuzzing)
		return EXIT_CLEAN;	/* takes no arguments: nothing to fuzz */
	sim_render_elide = 10;
	printf("reaplab tour: %d eras of exit_mmap() against the OOM reaper, 2016-2025\n",
	       sim_nr_eras);
	for (i = 0; i < sim_nr_eras; i++) {
		const struct era *era = sim_eras[i];
		const struct era_schedule *s;

		printf("\n==================================================================\n");
		printf("%s \"%s\" (%s; %s; %s)\n", era->id, era->name,
		       era->version, era->commits, era->authors);
		printf("  %s\n  fixed: %s\n  kept:  %s\n", era->story, era->fixed,
		       era->kept);
		if (!era->schedules || !era->schedules->name) {
			printf("\nNo known race to replay in this era.  The earlier eras' races, replayed here:\n");
			for (k = 0; k < i; k++)
				for (s = sim_eras[k]->schedules; s && s->name; s++) {
					printf("  %s's %s/%s:", sim_eras[k]->id,
					       sim_scenarios[s->scenario]->name,
					       s->name);
					replay_elsewhere(sim_eras[k], s, era);
				}
			continue;
		}
		for (s = era->schedules; s->name; s++) {
			const struct sim_scenario *scn = sim_scenarios[s->scenario];

			printf("\n%s, replayed: reaplab replay %s %s %s\n", s->what,
			       era->id, scn->name, s->name);
			printf("  schedule: %s\n\n", s->schedule);
			if (cli_build(&w, era, scn, &scn->defaults))
				return EXIT_USAGE;
			cli_replay_run(&w, s->schedule, true, false, stdout);
			sim_world_free(&w);
			printf("\nThe same schedule on the later eras\n(%s;\n"
			       "\"cannot be followed\": that era's code does not let the threads run\n"
			       "in this order):\n", cli_fixed_by(era, s));
			for (k = i + 1; k < sim_nr_eras; k++)
				replay_elsewhere(era, s, sim_eras[k]);
		}
	}
	/* the verdicts: computed here, from the code, not typed in */
	printf("\n==================================================================\n");
	printf("Which eras are broken, computed: DPOR explores every Mazurkiewicz trace of\n"
	       "every era on every scenario (a \"clean\" is a proof, at these sizes) and\n"
	       "compares each verdict with what the era's era.c says history found.\n"
	       "This is `reaplab explore --all`, the longest step of the tour.\n\n");
	fflush(stdout);
	return cli_explore_all();
}
