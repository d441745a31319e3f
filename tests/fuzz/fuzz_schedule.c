// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/fuzz/fuzz_schedule.c - schedule strings: numeric ("A21 V39"),
 * labelled ("V@mmap_write_unlock#2"), names ("changelog") and ERA:NAME
 *
 * The first byte picks a world (an era and a scenario, built once); the
 * rest is the SCHEDULE argument of `reaplab replay`.  It goes through
 * cli_resolve_schedule() and sim_schedule_parse() as the command line
 * does, and, when it parses, is replayed (with a small step limit): a
 * divergence is a normal outcome, a crash or a second line is not.
 */
#include "fuzz.h"
#include "../../src/cli/cli.h"

static const struct {
	const char *era, *scn;
} worlds[] = {
	{ "v4.9", "oom" },
	{ "v4.14", "proc-reader" },
	{ "v5.15", "mrelease" },
	{ "v6.18", "stuck" },
};
#define NR_WORLDS	(sizeof(worlds) / sizeof(worlds[0]))

static struct sim_world w[NR_WORLDS];
static struct sim_schedule parsed;
static struct sim_replay replay;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	size_t i;

	(void)argc;
	(void)argv;
	cli_fuzzing = true;
	for (i = 0; i < NR_WORLDS; i++) {
		const struct sim_scenario *scn =
			sim_scenario_by_name(worlds[i].scn);
		char msg[256];

		if (sim_world_build(&w[i], sim_era_by_name(worlds[i].era), scn,
				    &scn->defaults, msg, sizeof(msg)))
			fuzz_fail("%s", msg);
		w[i].max_steps = 5000;
	}
	fuzz_capture_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sim_world *wp;
	const char *sched, *name;
	char *arg, msg[256];
	size_t n;

	if (!size)
		return 0;
	wp = &w[data[0] % NR_WORLDS];
	arg = fuzz_string(data + 1, size - 1);
	if (strlen(arg) != size - 1) {	/* argv cannot hold a NUL */
		free(arg);
		return -1;
	}
	fuzz_capture_start();
	sched = cli_resolve_schedule(wp->era, wp->scn, arg, &name);
	if (!sched) {
		char buf[4096];

		n = fuzz_capture_end(buf, sizeof(buf));
		if (!fuzz_one_line(buf, n, 1))
			fuzz_fail("'%s' refused in not one line: %.*s", arg,
				  (int)n, buf);
		free(arg);
		return 0;
	}
	msg[0] = 0;
	if (sim_schedule_parse(wp, sched, &parsed, msg, sizeof(msg))) {
		if (!fuzz_one_line(msg, strlen(msg), 0))
			fuzz_fail("'%s' refused in not one line: %s", arg, msg);
		free(arg);
		return 0;
	}
	if (parsed.nsegs > SIM_MAX_SEGS)
		fuzz_fail("'%s': %d segments", arg, parsed.nsegs);
	sim_replay_init(&replay, &parsed, data[0] & 0x80);
	wp->trace_frames = true;
	sim_run_coop(wp, (struct sim_policy){ sim_replay_pick, &replay });
	if (wp->stop == SIM_STOP_DIVERGED &&
	    !fuzz_one_line(wp->stop_msg, strlen(wp->stop_msg), 0))
		fuzz_fail("'%s' diverged in not one line: %s", arg,
			  wp->stop_msg);
	free(arg);
	return 0;
}
