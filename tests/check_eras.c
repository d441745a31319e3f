// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_eras.c - history replayed: every changelog race fires in its
 * era and not in the era that fixed it
 */
#include <string.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/mm_types.h>
#include "testlib.h"

static struct sim_world w;

/* _i walks the shipped schedules of every era (tcase_add_loop_test). */
static const struct era *nth_schedule(int n, const struct era_schedule **out)
{
	return t_nth_schedule(sim_eras, sim_nr_eras, n, out);
}

static int nr_schedules(void)
{
	const struct era_schedule *s = NULL;
	int n = 0;

	while (nth_schedule(n, &s))
		n++;
	return n;
}

START_TEST(test_changelog_fires_its_oracle)
{
	const struct era_schedule *s = NULL;
	const struct era *era = nth_schedule(_i, &s);
	const struct sim_scenario *scn = sim_scenarios[s->scenario];
	unsigned int want = era->expect[s->scenario], fired;

	ck_assert_msg(want && want != EXPECT_NA,
		      "%s ships a race for %s but declares it clean", era->id,
		      scn->name);
	t_build(&w, era->id, scn->name);
	fired = t_replay(&w, s->schedule);
	ck_assert_int_eq(w.stop == SIM_STOP_DIVERGED, 0);
	ck_assert_msg((fired & want) == want,
		      "%s/%s %s: fired %#x, history says %#x", era->id,
		      scn->name, s->name, fired, want);
	sim_world_free(&w);
}
END_TEST

START_TEST(test_changelog_does_not_fire_where_fixed)
{
	const struct era_schedule *s = NULL;
	const struct era *era = nth_schedule(_i, &s);
	const struct sim_scenario *scn = sim_scenarios[s->scenario];
	const struct era *fixed = sim_era_by_name(s->fixed_by);
	unsigned int fired;

	ck_assert_msg(fixed, "%s: unknown fixing era %s", era->id, s->fixed_by);
	t_build(&w, fixed->id, scn->name);
	fired = t_replay(&w, s->schedule);
	/* clean, or the interleaving is no longer possible at all */
	ck_assert_msg(!fired || w.stop == SIM_STOP_DIVERGED,
		      "%s's %s fires %#x on %s too", era->id, s->name, fired,
		      fixed->id);
	sim_world_free(&w);
}
END_TEST

/*
 * The default (non-preemptive) run of every era and scenario is clean,
 * unless the era declares a bug there that needs no preemption at all
 * (v4.6's stuck: the lockup is the plain run); then it fires that bug.
 */
START_TEST(test_default_runs_are_clean)
{
	const struct era *era = sim_eras[_i / SCN_NR];
	const struct sim_scenario *scn = sim_scenarios[_i % SCN_NR];
	const struct era_race *r = &era->decides[scn->id];
	unsigned int fired;

	t_build(&w, era->id, scn->name);
	fired = t_replay(&w, "-");
	if (era->expect[scn->id] == EXPECT_NA)
		ck_assert_msg(w.verdict.na, "%s/%s should be n/a", era->id,
			      scn->name);
	else if (r->first && !r->preemptions)
		ck_assert_msg(fired == era->expect[scn->id],
			      "%s/%s default run fires %#x, not the %#x it declares with no preemption",
			      era->id, scn->name, fired,
			      era->expect[scn->id]);
	else
		ck_assert_msg(!fired, "%s/%s default run fires %#x: %s",
			      era->id, scn->name, fired,
			      w.verdict.hit[__builtin_ctz(fired | 1u << 31)].msg);
	sim_world_free(&w);
}
END_TEST

/*
 * stuck: the victim never lets go of mmap_lock.  From v4.9 on the reaper
 * gives up, hides the mm, and the second kill that follows is the right
 * call: it must happen, and it must not be flagged.
 */
START_TEST(test_stuck_second_kill_is_not_flagged)
{
	const struct era *era = sim_eras[_i];
	u64 rng = 1;
	int k, second = 0;

	t_build(&w, era->id, "stuck");
	for (k = 0; k < 200; k++) {
		sim_run_coop(&w, (struct sim_policy){ sim_random_pick, &rng });
		ck_assert_msg(!(w.verdict.fired & EXPECT(ORACLE_SPURIOUS_KILL)),
			      "%s: %s", era->id,
			      w.verdict.hit[ORACLE_SPURIOUS_KILL].msg);
		second += w.k->nkills >= 2;
	}
	t_replay(&w, "-");
	second += w.k->nkills >= 2;
	/* v4.6 never gives up on a victim: no second kill there at all */
	if (strcmp(era->id, "v4.6"))
		ck_assert_msg(second > 0, "%s: the second kill never happened",
			      era->id);
	sim_world_free(&w);
}
END_TEST

/*
 * Every bug an era expects comes with what decides it (struct era_race),
 * which `explore --all` compares; a scenario it expects clean or n/a
 * declares none.
 */
START_TEST(test_every_bug_declares_its_race)
{
	const struct era *era = sim_eras[_i];
	int scn;

	for (scn = 0; scn < SCN_NR; scn++) {
		const struct era_race *r = &era->decides[scn];
		unsigned int e = era->expect[scn];

		if (e == EXPECT_CLEAN || e == EXPECT_NA) {
			ck_assert_msg(!r->first && !r->second,
				      "%s/%s: a race declared for no bug",
				      era->id, sim_scenarios[scn]->name);
			continue;
		}
		ck_assert_msg(r->first && r->preemptions >= 0,
			      "%s/%s: expects %#x but declares no race",
			      era->id, sim_scenarios[scn]->name, e);
		ck_assert_msg(!strcmp(r->first, ERA_NO_SINGLE_RACE) ?
			      !r->second : r->second != NULL,
			      "%s/%s: a race is two steps", era->id,
			      sim_scenarios[scn]->name);
	}
}
END_TEST

/*
 * An era that ships no schedule (.schedules left NULL, as a new era
 * written from era.h would) is skipped by the walk, not dereferenced:
 * every suite that walks the schedules walks them this way.
 */
START_TEST(test_era_without_schedules_is_walked_past)
{
	static const struct era none = { .id = "none", .name = "none" };
	static const struct era_schedule empty[] = { { NULL } };
	static const struct era nothing = { .id = "nothing",
					    .schedules = empty };
	const struct era *eras[] = { &none, sim_eras[0], &nothing, &none };
	const struct era_schedule *s = NULL, *first = sim_eras[0]->schedules;
	int n = 0;

	ck_assert_ptr_eq(t_nth_schedule(eras, 4, 0, &s), sim_eras[0]);
	ck_assert_ptr_eq(s, first);
	while (first[n].name)
		n++;
	ck_assert_ptr_null(t_nth_schedule(eras, 4, n, &s));
	ck_assert_ptr_null(t_nth_schedule(eras, 1, 0, &s));
}
END_TEST

/*
 * The eras with the v5.18 reaper delay (e4a38402c36e): two-victims' dying
 * allocator D queues itself through the timer (out_of_memory()'s
 * task_will_free_mem(current) path) and exits without another timed
 * sleep.  The timer fires all the same (its callback runs on a timer
 * thread of its own, kernel/time/timer.c), so D reaches the reaper's
 * queue and is hidden there: its mm has no VMA, so its own exit_mmap()
 * returns before MMF_OOM_SKIP and only the reaper sets it.  A timer that
 * never fired would leave D's mm visible for ever.
 */
static const char *const timer_eras[] = { "v6.1", "v6.18" };

START_TEST(test_self_queued_victim_is_reaped_after_exit)
{
	struct task_struct *d = NULL;
	struct mm_struct *mm;
	int i;

	t_build(&w, timer_eras[_i], "two-victims");
	/* D first, to its end; then the default policy */
	ck_assert_uint_eq(t_replay(&w, "D*"), 0);
	ck_assert_int_eq(w.stop == SIM_STOP_DIVERGED, 0);
	for (i = 0; i < w.nthreads; i++) {
		const struct sim_thread *t = &w.threads[i];

		/* a timer thread woken for a timer has run its callback */
		ck_assert_msg(!(t->flags & SIM_T_ASLEEP) ||
			      t->run == SIM_T_DONE ||
			      t->state != TASK_RUNNING,
			      "%s: %c ends with a timer pending", timer_eras[_i],
			      t->letter);
		if (w.threads[i].letter == 'D')
			d = w.threads[i].task;
	}
	ck_assert_ptr_nonnull(d);
	mm = d->signal->oom_mm;
	ck_assert_msg(mm, "%s: D never marked itself an OOM victim",
		      timer_eras[_i]);
	ck_assert_msg(mm->flags & (1UL << MMF_OOM_SKIP),
		      "%s: D's mm was never reaped and hidden", timer_eras[_i]);
	sim_world_free(&w);
}
END_TEST

Suite *eras_suite(void)
{
	Suite *s = suite_create("eras");
	TCase *tc = tcase_create("History");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_changelog_fires_its_oracle, 0,
			    nr_schedules());
	tcase_add_loop_test(tc, test_changelog_does_not_fire_where_fixed, 0,
			    nr_schedules());
	tcase_add_loop_test(tc, test_default_runs_are_clean, 0,
			    sim_nr_eras * SCN_NR);
	tcase_add_loop_test(tc, test_stuck_second_kill_is_not_flagged, 0,
			    sim_nr_eras);
	tcase_add_loop_test(tc, test_every_bug_declares_its_race, 0,
			    sim_nr_eras);
	tcase_add_test(tc, test_era_without_schedules_is_walked_past);
	tcase_add_loop_test(tc, test_self_queued_victim_is_reaped_after_exit,
			    0, ARRAY_SIZE(timer_eras));
	suite_add_tcase(s, tc);
	return s;
}
