// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/06-predict-2017-uncond/grade.c - the grader of lab 06
 *
 * Every answer is computed from the model while grading: 2017-uncond/oom
 * under the default schedule is run and its trace read (what the reaper
 * unmapped, which operations the victim's exit made on its mmap_sem, how
 * often the reaper took oom_lock); the preemption-bounded explorer finds
 * the fewest preemptions of a run in which the reaper and exit_mmap()
 * both unmap pages, looking at every execution it runs; the explorer's
 * dependency relation answers the ungraded question.  None is stored,
 * and a wrong one is not printed.
 */
#include <string.h>
#include <linux/mm_types.h>
#include "../grader/grade.h"
#include "../../src/sim/explore/explore.h"

#define HOW "replay it: reaplab replay 2017-uncond oom - --full"

/* The default run, as `reaplab replay 2017-uncond oom -` shows it. */
static struct sim_world *default_run(void)
{
	return grade_run("2017-uncond", "oom", NULL, "");
}

static void reaper_pages(void)
{
	struct sim_world *w = default_run();
	struct grade_zaps z;
	char v[16];

	grade_zaps(w, grade_victim_mm(w), &z);
	snprintf(v, sizeof(v), "%d", z.pages[grade_tid(w, 'R')]);
	grade_check_answer("answers", "reaper-pages", v, HOW);
}

/* The operations thread @letter made on @mm's mmap_sem, in order. */
static void lock_ops(const struct sim_world *w, char letter,
		     struct mm_struct *mm, char *buf, size_t len)
{
	int tid = grade_tid(w, letter);
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || ev->probe || ev->tid != tid ||
		    ev->obj != &mm->mmap_lock || !ev->site)
			continue;
		n += snprintf(buf + n, n < len ? len - n : 0, "%s%s",
			      n ? " " : "", ev->site->fn);
	}
	if (!n)
		snprintf(buf, len, "none");
}

static void exit_locks(void)
{
	struct sim_world *w = default_run();
	char ops[256];

	lock_ops(w, 'V', grade_victim_mm(w), ops, sizeof(ops));
	grade_check_answer("answers", "exit-locks", ops, HOW);
}

static void oom_lock(void)
{
	struct sim_world *w = default_run();
	int tid = grade_tid(w, 'R'), n = 0;
	size_t i;
	char v[16];

	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_OP && !ev->probe && ev->tid == tid &&
		    (ev->kind == SEAM_MUTEX_LOCK ||
		     (ev->kind == SEAM_MUTEX_TRYLOCK && ev->result)) &&
		    ev->fn && strstr(ev->fn, "oom_lock"))
			n++;
	}
	snprintf(v, sizeof(v), "%d", n);
	grade_check_answer("answers", "oom-lock", v, HOW);
}

/* The explorer's visit: the fewest preemptions of a run where both zap. */
static void both_zap_visit(const struct sim_world *w, void *data)
{
	int *fewest = data, r = grade_tid(w, 'R'), v = grade_tid(w, 'V');
	struct grade_zaps z;
	int pre;

	grade_zaps(w, grade_victim_mm(w), &z);
	if (!z.pages[r] || !z.pages[v])
		return;
	pre = sim_cex_preemptions(w);
	if (*fewest < 0 || pre < *fewest)
		*fewest = pre;
}

static void both_zap(void)
{
	static struct sim_explore_result r;
	int fewest = -1, bound;
	char v[16];

	if (!grade_answer("answers", "both-zap"))
		grade_fail("no answer to 'both-zap' in %s/answers yet",
			   grade_sub());
	/*
	 * Bound by bound: the first bound at which some execution has both
	 * zap is the answer, once the bound below has been searched to its
	 * end; the first witness at the new bound settles it.  The explorer
	 * cannot be stopped from its visit, so each bound is searched with a
	 * budget that grows fourfold until a witness turns up or the bound
	 * is exhausted (a whole bound-1 search of this world is some
	 * 100,000 executions; the first witness comes far sooner).
	 */
	for (bound = 0; bound <= 3 && fewest < 0; bound++) {
		unsigned long budget;

		for (budget = 1000; budget <= 4000000; budget *= 4) {
			struct sim_explore_opts o = {
				.mode = SIM_EXPLORE_ICB, .bound = bound,
				.budget = budget, .visit = both_zap_visit,
				.visit_data = &fewest,
			};
			struct sim_world *w =
				grade_world(grade_era("2017-uncond"), "oom",
					    NULL);

			sim_explore(w, &o, &r);
			if (fewest >= 0 || !r.budget_exhausted)
				break;
		}
		if (fewest < 0 && r.budget_exhausted)
			grade_fail("the explorer did not finish bound %d: the lab needs updating",
				   bound);
	}
	if (fewest < 0)
		grade_fail("no run with at most 3 preemptions has both zap: the lab needs updating");
	snprintf(v, sizeof(v), "%d", fewest);
	grade_check_answer("answers", "both-zap", v,
			   "find such a schedule and count its preemptions; a lower count must be impossible");
}

static void answer(FILE *f)
{
	struct sim_world *w = default_run();
	struct mm_struct *mm = grade_victim_mm(w);
	const struct sim_event *r, *v;
	const char *why = NULL, *c = NULL, *mine;

	r = grade_find_step(w, 'R', SEAM_DOWN_READ_TRYLOCK, &mm->mmap_lock,
			    NULL);
	v = grade_find_step(w, 'V', SEAM_DOWN_WRITE, &mm->mmap_lock, NULL);
	if (r && v)
		c = grade_commute(w, r, v, &why) ? "no" : "yes";
	fprintf(f, "Lab 06's ungraded question, answered by the model now:\n\n");
	fprintf(f, "5. order-matters: %s", c ? c : "(the run has no such two steps)");
	if (why)
		fprintf(f, " (the explorer's dependency relation: %s)", why);
	fprintf(f, "\n");
	mine = grade_answer("answers", "order-matters");
	if (mine && c)
		fprintf(f, "   yours:          %s: %s\n", mine,
			strcasecmp(mine, c) ? "not what the model says" :
			"right");
	else if (c)
		fprintf(f, "   yours:          none yet (in %s/answers)\n",
			grade_sub());
}

static const struct grade_test tests[] = {
	{
		.name = "reaper-pages",
		.title = "1. the pages the reaper unmaps",
		.points = 5,
		.run = reaper_pages,
	},
	{
		.name = "exit-locks",
		.title = "2. what the victim's exit does to its mmap_sem",
		.points = 5,
		.run = exit_locks,
	},
	{
		.name = "oom-lock",
		.title = "3. how often the reaper takes oom_lock",
		.points = 5,
		.run = oom_lock,
	},
	{
		.name = "both-zap",
		.title = "4. the fewest preemptions for two zappers",
		.points = 5,
		.run = both_zap,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer);
