// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_determinism.c - a schedule replays byte for byte
 */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

static struct sim_world w;

/* The operations of the last run, compared field by field. */
struct op_rec {
	u8 tid, kind;
	u16 enabled;
	const void *obj;
	const void *site;
	long arg, result;
};

static size_t ops_of(struct sim_world *wp, struct op_rec *out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < wp->trace.nr && n < max; i++) {
		const struct sim_event *ev = &wp->trace.ev[i];

		if (ev->type != SIM_EV_OP)
			continue;
		memset(&out[n], 0, sizeof(out[n]));
		out[n].tid = ev->tid;
		out[n].kind = ev->kind;
		out[n].enabled = ev->enabled;
		out[n].obj = ev->obj;
		out[n].site = ev->site;
		out[n].arg = ev->arg;
		out[n].result = ev->result;
		n++;
	}
	return n;
}

START_TEST(test_replay_twice_gives_identical_traces)
{
	const struct era *era = sim_era_by_name("v4.9");
	char *first, *second;
	size_t n1, n2;

	t_build(&w, "v4.9", "oom");
	t_replay(&w, era->schedules[0].schedule);
	n1 = w.trace.nr;
	first = t_render(&w);
	{
		struct sim_event *copy = malloc(n1 * sizeof(*copy));

		memcpy(copy, w.trace.ev, n1 * sizeof(*copy));
		t_replay(&w, era->schedules[0].schedule);
		n2 = w.trace.nr;
		ck_assert_uint_eq(n1, n2);
		ck_assert_int_eq(memcmp(copy, w.trace.ev, n1 * sizeof(*copy)), 0);
		free(copy);
	}
	second = t_render(&w);
	ck_assert_str_eq(first, second);
	ck_assert_msg(strstr(first, "spurious-kill"), "%s", first);
	free(first);
	free(second);
	sim_world_free(&w);
}
END_TEST

/*
 * 1,000 random schedules over every era and scenario: each one, written
 * as a schedule string and replayed twice, gives the same operations.
 */
START_TEST(test_random_schedules_replay_identically)
{
	static struct op_rec a[20000], b[20000];
	int seed, runs = 0;

	for (seed = 1; runs < 1000; seed++) {
		const struct era *era = sim_eras[seed % sim_nr_eras];
		const struct sim_scenario *scn = sim_scenarios[seed % SCN_NR];
		static char sched[65536];
		char err[256];
		u64 rng = seed;
		size_t na, nb;
		int k;

		if (era->expect[scn->id] == EXPECT_NA)
			continue;
		if (sim_world_build(&w, era, scn, &scn->defaults, err,
				    sizeof(err)))
			ck_abort_msg("%s", err);
		for (k = 0; k < 10 && runs < 1000; k++, runs++) {
			unsigned int fired;

			w.trace_frames = false;
			sim_run_coop(&w, (struct sim_policy){ sim_random_pick,
							      &rng });
			fired = w.verdict.fired;
			na = ops_of(&w, a, 20000);
			sim_schedule_from_trace(&w, true, sched, sizeof(sched));
			ck_assert_uint_eq(t_replay(&w, sched), fired);
			ck_assert_int_eq(w.stop == SIM_STOP_DIVERGED, 0);
			nb = ops_of(&w, b, 20000);
			ck_assert_uint_eq(na, nb);
			ck_assert_int_eq(memcmp(a, b, na * sizeof(a[0])), 0);
			ck_assert_uint_eq(t_replay(&w, sched), fired);
			nb = ops_of(&w, b, 20000);
			ck_assert_uint_eq(na, nb);
			ck_assert_int_eq(memcmp(a, b, na * sizeof(a[0])), 0);
		}
		sim_world_free(&w);
	}
}
END_TEST

/* The trimmed schedule and the labelled form replay the same run. */
START_TEST(test_trimmed_and_labelled_schedules_are_equivalent)
{
	static struct op_rec a[20000], b[20000];
	char numeric[4096], labelled[4096];
	int i;

	for (i = 0; i < sim_nr_eras; i++) {
		const struct era_schedule *s;

		for (s = sim_eras[i]->schedules; s && s->name; s++) {
			const struct sim_scenario *scn =
				sim_scenarios[s->scenario];
			unsigned int fired;
			size_t na, nb;
			char err[256];

			ck_assert(!sim_world_build(&w, sim_eras[i], scn,
						   &scn->defaults, err,
						   sizeof(err)));
			fired = t_replay(&w, s->schedule);
			na = ops_of(&w, a, 20000);
			sim_schedule_from_trace(&w, false, numeric,
						sizeof(numeric));
			sim_schedule_labelled(&w, labelled, sizeof(labelled));
			ck_assert_uint_eq(t_replay(&w, numeric), fired);
			nb = ops_of(&w, b, 20000);
			ck_assert_uint_eq(na, nb);
			ck_assert_int_eq(memcmp(a, b, na * sizeof(a[0])), 0);
			ck_assert_uint_eq(t_replay(&w, labelled), fired);
			nb = ops_of(&w, b, 20000);
			ck_assert_uint_eq(na, nb);
			ck_assert_int_eq(memcmp(a, b, na * sizeof(a[0])), 0);
			sim_world_free(&w);
		}
	}
}
END_TEST

Suite *determinism_suite(void)
{
	Suite *s = suite_create("determinism");
	TCase *tc = tcase_create("Core");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_replay_twice_gives_identical_traces);
	tcase_add_test(tc, test_random_schedules_replay_identically);
	tcase_add_test(tc, test_trimmed_and_labelled_schedules_are_equivalent);
	suite_add_tcase(s, tc);
	return s;
}
