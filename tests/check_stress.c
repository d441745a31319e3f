// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_stress.c - the threads engine: the fixed eras stay clean
 *
 * A bounded number of real-thread iterations per era and scenario.  No
 * timing is asserted (the machine is noisy); only that no oracle fires
 * where history says none can.
 */
#include <string.h>
#include "testlib.h"
#include "../src/sim/world/threads.h"

static struct sim_world w;

static const struct {
	const char *era, *scn;
} clean[] = {
	{ "2017-uncond", "oom" }, { "v4.14", "oom" }, { "v5.15", "proc-reader" },
	{ "v5.17", "oom" }, { "v5.17", "mrelease" }, { "v6.1", "oom" },
	{ "v6.1", "proc-reader" }, { "v6.1", "mrelease" }, { "v6.18", "oom" },
	{ "v6.18", "mrelease" }, { "v6.18", "stuck" },
};

START_TEST(test_fixed_eras_survive_real_threads)
{
	int k;

	t_build(&w, clean[_i].era, clean[_i].scn);
	for (k = 0; k < 150; k++) {
		sim_threads_iteration(&w, 5.0, NULL);
		ck_assert_msg(!w.verdict.fired, "%s/%s iteration %d: %s",
			      clean[_i].era, clean[_i].scn, k,
			      w.verdict.hit[__builtin_ctz(w.verdict.fired)].msg);
	}
	sim_threads_shutdown();
	sim_world_free(&w);
}
END_TEST

/*
 * A world freed and built again in the same struct (as a benchmark does,
 * era after era) is served by the pool as a new world: before, the pool
 * kept running the threads of the old build, whose pthreads were gone,
 * and every iteration crashed into a use-after-free.
 */
START_TEST(test_rebuilt_world_gets_the_pool)
{
	int k;

	t_build(&w, "v6.18", "proc-reader");
	sim_threads_iteration(&w, 5.0, NULL);
	ck_assert_msg(!w.verdict.fired, "first build: %s",
		      w.verdict.hit[__builtin_ctz(w.verdict.fired)].msg);
	sim_world_free(&w);
	t_build(&w, "v6.18", "proc-reader");
	for (k = 0; k < 20; k++) {
		sim_threads_iteration(&w, 5.0, NULL);
		ck_assert_msg(!w.verdict.fired, "rebuilt, iteration %d: %s", k,
			      w.verdict.hit[__builtin_ctz(w.verdict.fired)].msg);
	}
	sim_threads_shutdown();
	sim_world_free(&w);
}
END_TEST

/* A traced iteration on real threads: events in time order, numbered. */
START_TEST(test_threads_trace_is_ordered)
{
	unsigned int step = 0, threads = 0;
	u64 last = 0;
	size_t i;

	t_build(&w, "v6.1", "oom");
	w.trace_threads = true;
	w.trace_frames = true;
	sim_threads_iteration(&w, 5.0, NULL);
	ck_assert_uint_gt(w.trace.nr, 50);
	for (i = 0; i < w.trace.nr; i++) {
		const struct sim_event *ev = &w.trace.ev[i];

		ck_assert_uint_ge(ev->ns, last);
		last = ev->ns;
		if (ev->type == SIM_EV_OP) {
			ck_assert_uint_eq(ev->step, ++step);
			threads |= 1u << ev->tid;
		}
	}
	ck_assert_uint_eq(step, w.run_steps);
	/* A, V and R all ran */
	ck_assert_uint_eq(threads & 7, 7);
	sim_threads_shutdown();
	sim_world_free(&w);
}
END_TEST

/*
 * Model code that follows a NULL pointer on a real thread (the turnstile
 * hands the CPU from thread to thread, each a pthread) is the bad-access
 * verdict, reported from the fault's signal handler with the faulting
 * function named (coop_segv()): the names were read before the threads
 * ran (sim_symbols_load()), not in the handler.  The coop engine reports
 * the same verdict for the same schedule.
 */
START_TEST(test_fault_on_real_threads_is_named)
{
	const char *msg = w.verdict.hit[ORACLE_BAD_ACCESS].msg;

	t_build_program(&w, "null-deref");
#ifndef SIM_TSAN
	ck_assert_uint_eq(t_replay(&w, "E* R"), 1u << ORACLE_BAD_ACCESS);
#endif
	w.substrate = SIM_SUBSTRATE_TURNSTILE;
	ck_assert_uint_eq(t_replay(&w, "E* R"), 1u << ORACLE_BAD_ACCESS);
	ck_assert_msg(strstr(msg, "R faulted at address ") &&
		      strstr(msg, " in reader"), "%s", msg);
	/* the fix: E clears the pointer first all the same, R checks it */
	sim_world_free(&w);
	t_build_program(&w, "null-deref-checked");
	w.substrate = SIM_SUBSTRATE_TURNSTILE;
	ck_assert_uint_eq(t_replay(&w, "E* R"), 0);
	sim_world_free(&w);
}
END_TEST

/* The turnstile replays a schedule on real threads, identically. */
START_TEST(test_turnstile_replays_the_changelog)
{
	const struct era *era = sim_era_by_name("v4.14");
	unsigned int coop, ts;
	size_t n;

	t_build(&w, "v4.14", "proc-reader");
	coop = t_replay(&w, era->schedules[0].schedule);
	n = w.run_steps;
	w.substrate = SIM_SUBSTRATE_TURNSTILE;
	ts = t_replay(&w, era->schedules[0].schedule);
	ck_assert_uint_eq(coop, EXPECT(ORACLE_UAF));
	ck_assert_uint_eq(ts, coop);
	ck_assert_uint_eq(w.run_steps, n);
	sim_world_free(&w);
}
END_TEST

Suite *stress_suite(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("Stress");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_fixed_eras_survive_real_threads, 0,
			    sizeof(clean) / sizeof(clean[0]));
	tcase_add_test(tc, test_turnstile_replays_the_changelog);
	tcase_add_test(tc, test_rebuilt_world_gets_the_pool);
	tcase_add_test(tc, test_threads_trace_is_ordered);
	tcase_add_test(tc, test_fault_on_real_threads_is_named);
	suite_add_tcase(s, tc);
	return s;
}
