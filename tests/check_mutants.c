// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_mutants.c - the explorer finds planted bugs
 *
 * Each mutant (tests/mutants/) is an era with one deliberate bug.  For
 * every scenario where a mutant expects an oracle its parent era does
 * not, preemption bounding (bound 2) and DPOR must both find it, and the
 * parent must be clean there: the bug is the mutation's, and the
 * explorer sees it.
 */
#include "testlib.h"
#include "../src/sim/explore.h"

#define ERA(sym) extern const struct era sym; \
	extern char sym##_data_begin[], sym##_data_end[];
TEST_MUTANTS
#undef ERA

#define ERA(sym) &sym,
static const struct era *const mutants[] = { TEST_MUTANTS };
#undef ERA

#define NR_MUTANTS	(sizeof(mutants) / sizeof(mutants[0]))

static struct sim_world w;

/*
 * Preemption bounding runs on a smaller world: no aio context, one
 * allocation retry.  Every planted bug is still there (DPOR finds each at
 * the default size as well), and bound 2 is exhausted in seconds, not
 * minutes.
 */
static bool finds(const struct era *era, int scn, enum sim_explore_mode mode,
		  unsigned int want, bool small, unsigned long *executions)
{
	struct sim_explore_opts o = {
		.mode = mode, .bound = 2, .stop_first = true, .want = want,
		.budget = 2000000,
	};
	static struct sim_explore_result r;
	struct sim_params p = sim_scenarios[scn]->defaults;
	char err[256];

	if (small) {
		p.aio = 0;
		p.alloc_retries = 1;
	}
	ck_assert_msg(!sim_world_build(&w, era, sim_scenarios[scn], &p, err,
				       sizeof(err)), "%s: %s", era->id, err);
	sim_explore(&w, &o, &r);
	sim_world_free(&w);
	*executions = r.executions;
	return r.buggy;
}

START_TEST(test_mutant_is_found)
{
	const struct era *m = mutants[_i];
	const struct era *parent = sim_era_by_name(m->parent);
	int scn, checked = 0;

	ck_assert_msg(parent, "%s: no parent era %s", m->id, m->parent);
	ck_assert_msg(!sim_era_by_name(m->id),
		      "%s is listed among the eras", m->id);
	for (scn = 0; scn < SCN_NR; scn++) {
		unsigned int want = m->expect[scn];
		unsigned long icb, dpor, clean;

		/* only what the mutation changed: the parent's bugs stay */
		if (want == EXPECT_CLEAN || want == EXPECT_NA ||
		    want == parent->expect[scn])
			continue;
		checked++;
		ck_assert_msg(finds(m, scn, SIM_EXPLORE_ICB, want, true, &icb),
			      "%s/%s: icb (bound 2) missed the planted bug in %lu executions",
			      m->id, sim_scenarios[scn]->name, icb);
		ck_assert_msg(finds(m, scn, SIM_EXPLORE_DPOR, want, false,
				    &dpor),
			      "%s/%s: dpor missed the planted bug in %lu executions",
			      m->id, sim_scenarios[scn]->name, dpor);
		ck_assert_msg(finds(m, scn, SIM_EXPLORE_DPOR, want, true,
				    &dpor),
			      "%s/%s: dpor missed the planted bug in the small world",
			      m->id, sim_scenarios[scn]->name);
		if (parent->expect[scn] == EXPECT_CLEAN) {
			ck_assert_msg(!finds(parent, scn, SIM_EXPLORE_DPOR,
					     want, false, &clean),
				      "%s/%s: the parent era has the bug too",
				      m->id, sim_scenarios[scn]->name);
			ck_assert_msg(!finds(parent, scn, SIM_EXPLORE_DPOR,
					     want, true, &clean),
				      "%s/%s: the parent era has the bug too (small world)",
				      m->id, sim_scenarios[scn]->name);
		}
	}
	ck_assert_msg(checked, "%s expects no bug anywhere", m->id);
}
END_TEST

Suite *mutants_suite(void)
{
	Suite *s = suite_create("mutants");

#define ERA(sym) sim_era_data_register(&sym, sym##_data_begin, sym##_data_end);
	TEST_MUTANTS
#undef ERA
	TCase *tc = tcase_create("Planted");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_mutant_is_found, 0, NR_MUTANTS);
	suite_add_tcase(s, tc);
	return s;
}
