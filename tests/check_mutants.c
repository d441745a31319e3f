// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_mutants.c - the explorer finds planted bugs
 *
 * Each mutant (tests/mutants/) is an era with one deliberate bug.  For
 * every scenario where a mutant expects an oracle its parent era does
 * not, preemption bounding (bound 2) and DPOR must both find it, and the
 * parent must be clean there: the bug is the mutation's, and the
 * explorer sees it.
 *
 * A mutant may instead break what a syscall promises while staying safe
 * (contracts[] below): only the contract oracle may fire there (DPOR
 * proves every other clean), and the trace of one run must show the
 * promise kept by the parent and broken by the mutant.
 *
 * Every mutant is also caught the way `explore --all` would catch it if
 * it were its parent era: some cell differs from what the parent declares,
 * its oracle or what decides it (struct era_race).  A mutant whose bug
 * fires the parent's own oracle (no-oom-lock on v4.9) is caught that way
 * only.
 */
#include <string.h>
#include "testlib.h"
#include "../src/sim/explore/explore.h"
#include "../src/sim/explore/decide.h"
#include <asm/pgtable.h>

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

/*
 * The promises only the contract oracle watches.  @who runs first, to the
 * end of what it does, then the others: the run in which its promise is
 * easiest to keep.  It must unmap every page of the victim in the parent;
 * in the mutant, none (@vmas_left 0) or all but @vmas_left VMAs' worth.
 */
static const struct {
	const char *mutant;
	enum reaplab_scenario scn;
	char who;
	int vmas_left;
	const char *promise;
} contracts[] = {
	{ "mutant-inverted-skip", SCN_MRELEASE, 'M', -1,
	  "process_mrelease(), running first, unmaps every page of the victim" },
	{ "mutant-reverse-skips-vma", SCN_MRELEASE, 'M', 1,
	  "process_mrelease(), running first, unmaps every page of the victim" },
};

#define NR_CONTRACTS	(sizeof(contracts) / sizeof(contracts[0]))

static bool has_contract(const struct era *m)
{
	size_t i;

	for (i = 0; i < NR_CONTRACTS; i++)
		if (!strcmp(contracts[i].mutant, m->id))
			return true;
	return false;
}

/*
 * The mutants whose bug only the data-race oracle's reference check sees
 * (DOC: A reference is put after it is taken): a WARN as any other, but
 * no count ever goes below zero.
 */
static const char *const ref_mutants[] = {
	"mutant-late-task-ref", "mutant-late-task-ref-v6.18",
};

/*
 * A mutant that only the data-race oracle finds, in a build without it
 * (the sanitizers': DOC: The data-race oracle): nothing to look for.
 */
static bool needs_race_oracle(const struct era *m)
{
	size_t i;
	int scn;

	if (sim_race_on())
		return false;
	for (i = 0; i < sizeof(ref_mutants) / sizeof(ref_mutants[0]); i++)
		if (!strcmp(m->id, ref_mutants[i])) {
			printf("%s: not in this build: the data-race oracle is off\n",
			       m->id);
			return true;
		}
	for (scn = 0; scn < SCN_NR; scn++)
		if (m->expect[scn] & EXPECT(ORACLE_DATA_RACE)) {
			printf("%s: not in this build: the data-race oracle is off\n",
			       m->id);
			return true;
		}
	return false;
}

START_TEST(test_mutant_is_found)
{
	const struct era *m = mutants[_i];
	const struct era *parent = sim_era_by_name(m->parent);
	int scn, checked = 0;

	if (needs_race_oracle(m))
		return;

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
	ck_assert_msg(checked || has_contract(m),
		      "%s expects no bug anywhere and breaks no promise",
		      m->id);
}
END_TEST

/* @era's cell of scenario @scn, searched as `explore --all` searches it. */
static void cell_of(const struct era *era, int scn, struct sim_cell *c)
{
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_DPOR, .stop_first = true,
	};
	static struct sim_explore_result r;
	char err[256];

	ck_assert_msg(!sim_world_build(&w, era, sim_scenarios[scn],
				       &sim_scenarios[scn]->defaults, err,
				       sizeof(err)), "%s: %s", era->id, err);
	sim_cell_search(&w, &o, &r, true, c);
	sim_world_free(&w);
	ck_assert_msg(c->done && (c->buggy || c->na || c->proven),
		      "%s/%s: the search did not end", era->id,
		      sim_scenarios[scn]->name);
}

/*
 * The scenarios, cheapest first: a mutant is caught at its first cell that
 * its parent would not accept.
 */
static const enum reaplab_scenario by_cost[] = {
	SCN_MUNMAP_READER, SCN_MRELEASE, SCN_WEDGED, SCN_EXIT_FIRST,
	SCN_CONCURRENT_OOM, SCN_STUCK, SCN_TWO_VICTIMS, SCN_OOM,
	SCN_PROC_READER,
};

/*
 * Were the mutant its parent era, `explore --all` would fail a cell: the
 * oracle, its race or its preemptions differ from what the parent
 * declares.  (That the parent itself passes every cell is the explore
 * suite's `--all` test.)
 */
START_TEST(test_mutant_caught_by_all)
{
	const struct era *m = mutants[_i];
	const struct era *parent = sim_era_by_name(m->parent);
	static struct sim_cell c;
	size_t i;

	ck_assert_msg(parent, "%s: no parent era %s", m->id, m->parent);
	ck_assert_int_eq(sizeof(by_cost) / sizeof(by_cost[0]), SCN_NR);
	if (needs_race_oracle(m))
		return;
	for (i = 0; i < SCN_NR; i++) {
		cell_of(m, by_cost[i], &c);
		if (!sim_cell_matches(&c, parent, by_cost[i]))
			return;
	}
	ck_abort_msg("%s: explore --all would accept it as %s in every scenario",
		     m->id, parent->id);
}
END_TEST

/*
 * No oom_lock in the OOM path, on v4.9: oom fires v4.9's own oracle,
 * spurious-kill, but decided by another race; only that tells it from
 * v4.9 (whose own cell is checked the same way, and passes).
 */
START_TEST(test_same_oracle_other_race)
{
	const struct era *m = NULL, *parent = sim_era_by_name("v4.9");
	static struct sim_cell c;
	size_t i;

	for (i = 0; i < NR_MUTANTS; i++)
		if (!strcmp(mutants[i]->id, "mutant-no-oom-lock"))
			m = mutants[i];
	ck_assert_msg(m && parent && !strcmp(m->parent, parent->id),
		      "no mutant-no-oom-lock of v4.9");
	cell_of(parent, SCN_OOM, &c);
	ck_assert_msg(sim_cell_matches(&c, parent, SCN_OOM),
		      "v4.9/oom: found %s %s / %s, %d preemption(s): not what v4.9 declares",
		      c.buggy ? "a bug" : "clean", c.first, c.second,
		      c.preemptions);
	cell_of(m, SCN_OOM, &c);
	ck_assert_msg(c.buggy && (c.fired & parent->expect[SCN_OOM]),
		      "%s/oom: expected v4.9's oracle; fired %#x", m->id,
		      c.fired);
	ck_assert_msg(!sim_cell_matches(&c, parent, SCN_OOM),
		      "%s/oom: decided by %s / %s in %d preemption(s), as v4.9 is",
		      m->id, c.first, c.second, c.preemptions);
}
END_TEST

/* Pages of the victim's page tables that thread @tid found present and cleared. */
static int pages_zapped_by(int tid)
{
	int n = 0;
	size_t i;

	for (i = 0; i < w.trace.nr; i++) {
		const struct sim_event *ev = &w.trace.ev[i];

		if (ev->type == SIM_EV_OP && !ev->probe && ev->tid == tid &&
		    ev->kind == SEAM_ATOMIC_XCHG && ev->site &&
		    !strcmp(ev->site->fn, "ptep_get_and_clear") &&
		    (ev->result & _PAGE_PRESENT))
			n++;
	}
	return n;
}

/*
 * Run @era's @scn with @who first; the pages @who unmapped.  The run must
 * fire exactly @fires (the contract oracle, for a mutant breaking it).
 */
static int run_first(const struct era *era, enum reaplab_scenario scn,
		     char who, unsigned int fires)
{
	const struct sim_scenario *s = sim_scenarios[scn];
	char sched[2] = { who, 0 }, err[256];
	unsigned int fired;
	int t, tid = -1;

	ck_assert_msg(!sim_world_build(&w, era, s, &s->defaults, err,
				       sizeof(err)), "%s: %s", era->id, err);
	for (t = 0; t < w.nthreads; t++)
		if (w.threads[t].letter == who)
			tid = t;
	ck_assert_msg(tid >= 0, "%s has no thread %c", s->name, who);
	fired = t_replay(&w, sched);
	ck_assert_msg(fired == fires && w.stop != SIM_STOP_DIVERGED,
		      "%s/%s '%s': fired %#x (not %#x) or diverged", era->id,
		      s->name, sched, fired, fires);
	t = pages_zapped_by(tid);
	sim_world_free(&w);
	return t;
}

START_TEST(test_mutant_breaks_promise)
{
	const struct era *m = NULL, *parent;
	const struct sim_scenario *s = sim_scenarios[contracts[_i].scn];
	int pages = s->defaults.vmas * s->defaults.pages, got, want;
	unsigned int unsafe = ((1u << ORACLE_NR) - 1) &
			      ~EXPECT(ORACLE_CONTRACT);
	unsigned long executions;
	size_t i;

	for (i = 0; i < NR_MUTANTS; i++)
		if (!strcmp(mutants[i]->id, contracts[_i].mutant))
			m = mutants[i];
	ck_assert_msg(m, "no mutant %s", contracts[_i].mutant);
	parent = sim_era_by_name(m->parent);
	ck_assert_msg(parent, "%s: no parent era %s", m->id, m->parent);
	ck_assert_msg(m->expect[contracts[_i].scn] == EXPECT(ORACLE_CONTRACT),
		      "%s/%s: a broken promise is the contract oracle's",
		      m->id, s->name);

	/* safe: no oracle but the contract fires in any schedule */
	ck_assert_msg(!finds(m, contracts[_i].scn, SIM_EXPLORE_DPOR, unsafe,
			     false, &executions),
		      "%s/%s: an oracle other than the contract fires; the mutant was to stay safe",
		      m->id, s->name);

	got = run_first(parent, contracts[_i].scn, contracts[_i].who, 0);
	ck_assert_msg(got == pages, "%s: expected: %s (%d pages); got: %d",
		      parent->id, contracts[_i].promise, pages, got);
	want = contracts[_i].vmas_left < 0 ? 0 :
	       pages - contracts[_i].vmas_left * (int)s->defaults.pages;
	got = run_first(m, contracts[_i].scn, contracts[_i].who,
			EXPECT(ORACLE_CONTRACT));
	ck_assert_msg(got == want, "%s: expected the promise broken: %c unmaps %d of the %d pages; got: %d",
		      m->id, contracts[_i].who, want, pages, got);
}
END_TEST

/*
 * A schedule a mutant ships (the book replays them) fires what the mutant
 * declares, or nothing for one that breaks a promise instead, and nothing
 * on the era it names as fixing it.
 */
START_TEST(test_mutant_schedules)
{
	size_t i;
	int n = 0;

	for (i = 0; i < NR_MUTANTS; i++) {
		const struct era_schedule *sc;

		for (sc = mutants[i]->schedules; sc && sc->name; sc++) {
			const struct sim_scenario *s = sim_scenarios[sc->scenario];
			const struct era *fixed = sim_era_by_name(sc->fixed_by);
			unsigned int want = mutants[i]->expect[sc->scenario];
			char err[256];
			unsigned int fired;

			ck_assert_msg(fixed, "%s: no era %s", mutants[i]->id,
				      sc->fixed_by);
			ck_assert(!sim_world_build(&w, mutants[i], s,
						   &s->defaults, err,
						   sizeof(err)));
			fired = t_replay(&w, sc->schedule);
			ck_assert_msg(w.stop != SIM_STOP_DIVERGED &&
				      fired == want,
				      "%s/%s %s: fired %#x, declared %#x",
				      mutants[i]->id, s->name, sc->name, fired,
				      want);
			sim_world_free(&w);
			ck_assert(!sim_world_build(&w, fixed, s, &s->defaults,
						   err, sizeof(err)));
			fired = t_replay(&w, sc->schedule);
			ck_assert_msg(!fired, "%s's %s fires %#x on %s too",
				      mutants[i]->id, sc->name, fired,
				      fixed->id);
			sim_world_free(&w);
			n++;
		}
	}
	ck_assert_msg(n, "no mutant ships a schedule");
}
END_TEST

Suite *mutants_suite(void)
{
	Suite *s = suite_create("mutants");

#define ERA(sym) sim_era_data_register(&sym, sym##_data_begin, sym##_data_end);
	TEST_MUTANTS
#undef ERA
	TCase *tc = tcase_create("Planted");
	int lo, hi;
	bool first = t_share(NR_MUTANTS, &lo, &hi);

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_mutant_is_found, lo, hi);
	tcase_add_loop_test(tc, test_mutant_caught_by_all, lo, hi);
	if (first) {
		tcase_add_loop_test(tc, test_mutant_breaks_promise, 0,
				    NR_CONTRACTS);
		tcase_add_test(tc, test_same_oracle_other_race);
		tcase_add_test(tc, test_mutant_schedules);
	}
	suite_add_tcase(s, tc);
	return s;
}
