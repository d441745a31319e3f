// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/17-predict-explorer/grade.c - the grader of lab 17
 *
 * Every answer is computed while grading, by the explorer itself, on the
 * program flag-and-count: every interleaving of its steps is run and the
 * distinct Mazurkiewicz traces among them counted (brute force, the
 * explorer's own self-test); DPOR and sleep sets are run and their
 * executions counted; the dependency relation is asked about two pairs of
 * steps of a run.  None is stored, and a wrong one is not printed.
 */
#include <string.h>
#include "../grader/grade.h"
#include "../../src/sim/explore/explore.h"

#define PROG	"flag-and-count"

static struct sim_world *world(void)
{
	return grade_world(grade_era(PROG), "program", NULL);
}

static void count(unsigned long *runs, long *traces)
{
	unsigned int fired;

	*traces = sim_count_traces(world(), 1000000, runs, &fired, NULL,
				   NULL, NULL);
	if (*traces < 0)
		grade_fail("more than a million interleavings: the lab needs updating");
}

static void interleavings(void)
{
	unsigned long runs;
	long traces;
	char v[32];

	count(&runs, &traces);
	snprintf(v, sizeof(v), "%lu", runs);
	grade_check_answer("answers", "interleavings", v,
			   "count them: every thread's steps are in `reaplab replay " PROG " program - --full`");
}

static void traces(void)
{
	unsigned long runs;
	long traces;
	char v[32];

	count(&runs, &traces);
	snprintf(v, sizeof(v), "%ld", traces);
	grade_check_answer("answers", "traces", v,
			   "which pairs of steps conflict? the explorer's dependency relation is in src/sim/explore/dep.c");
}

static unsigned long executions(enum sim_explore_mode mode)
{
	static struct sim_explore_result r;
	struct sim_explore_opts o = { .mode = mode, .budget = 1000000 };

	sim_explore(world(), &o, &r);
	if (!r.complete)
		grade_fail("the explorer did not finish: the lab needs updating");
	return r.executions;
}

static void dpor(void)
{
	char v[32];

	snprintf(v, sizeof(v), "%lu", executions(SIM_EXPLORE_DPOR));
	grade_check_answer("answers", "dpor", v,
			   "run it: reaplab explore " PROG " program --mode dpor");
}

/*
 * Thread @b's first step, and thread @a's first step of kind @kind on the
 * same word: do they commute?
 */
static const char *commute(char a, char b, int kind, const char **why)
{
	struct sim_world *w = grade_run(PROG, "program", NULL, "");
	const struct sim_event *x, *y;

	y = grade_find_step(w, b, -1, NULL, NULL);
	x = y ? grade_find_step(w, a, kind, y->obj, NULL) : NULL;
	if (!x)
		grade_fail("the program lacks the two steps: the lab needs updating");
	return grade_commute(w, x, y, why) ? "yes" : "no";
}

static void counts_commute(void)
{
	const char *why;

	grade_check_answer("answers", "incs-commute",
			   commute('A', 'C', SEAM_ATOMIC_ADD, &why),
			   "the rules are in src/sim/explore/dep.c (DOC: The dependency relation)");
}

static void flag_commutes(void)
{
	const char *why;

	grade_check_answer("answers", "flag-commutes",
			   commute('A', 'B', SEAM_WRITE_ONCE, &why),
			   "the rules are in src/sim/explore/dep.c (DOC: The dependency relation)");
}

static void answer(FILE *f)
{
	unsigned long n = executions(SIM_EXPLORE_SLEEP);
	const char *mine = grade_answer("answers", "sleep");
	char v[32];

	snprintf(v, sizeof(v), "%lu", n);
	fprintf(f, "Lab 17's ungraded question, answered by the explorer now:\n\n");
	fprintf(f, "6. sleep: %s (reaplab explore " PROG " program --mode sleep)\n", v);
	if (mine)
		fprintf(f, "   yours: %s: %s\n", mine,
			strcmp(mine, v) ? "not what the explorer does" :
			"right");
	else
		fprintf(f, "   yours: none yet (in %s/answers)\n", grade_sub());
}

static const struct grade_test tests[] = {
	{
		.name = "interleavings",
		.title = "1. every interleaving: how many schedules",
		.points = 5,
		.run = interleavings,
	},
	{
		.name = "traces",
		.title = "2. how many of them really differ",
		.points = 5,
		.run = traces,
	},
	{
		.name = "dpor",
		.title = "3. the executions DPOR runs",
		.points = 5,
		.run = dpor,
	},
	{
		.name = "incs-commute",
		.title = "4. whether the two atomic_inc() commute",
		.points = 5,
		.run = counts_commute,
	},
	{
		.name = "flag-commutes",
		.title = "5. whether the write and the read of a word commute",
		.points = 5,
		.run = flag_commutes,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer);
