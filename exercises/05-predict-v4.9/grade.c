// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/05-predict-v4.9/grade.c - the grader of lab 05
 *
 * Every answer is computed from the model while grading: the shipped
 * changelog schedule of v4.9/oom is replayed and its run read (who was
 * killed, what mm_users held when the reaper tried to pin it, which oracle
 * fired); the explorer finds the fewest preemptions; the dependency
 * relation of the explorer says whether two steps commute.  None is
 * stored, and a wrong one is not printed.
 */
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include "../grader/grade.h"
#include "../../src/sim/engine/schedule.h"
#include "../../src/sim/explore/dep.h"

#define HOW "replay it: reaplab replay v4.9 oom changelog"

/* The replay policy, watching for the reaper's mmget_not_zero(). */
struct watch {
	struct sim_replay replay;
	struct mm_struct *mm;
	int users;
};

static int watch_pick(struct sim_world *w, void *data)
{
	struct watch *wa = data;
	int t = sim_replay_pick(w, &wa->replay);
	struct sim_thread *th = t >= 0 ? &w->threads[t] : NULL;

	if (th && wa->users < 0 && th->letter == 'R' &&
	    th->op.kind == SEAM_ATOMIC_INC_NOT_ZERO &&
	    th->op.obj == &wa->mm->mm_users)
		wa->users = __atomic_load_n(&wa->mm->mm_users.counter,
					    __ATOMIC_SEQ_CST);
	return t;
}

static struct watch watch;

/* v4.9/oom under its shipped changelog schedule. */
static struct sim_world *changelog(void)
{
	const struct era *era = grade_era("v4.9");
	const struct era_schedule *s;
	struct sim_schedule parsed;
	struct sim_world *w = grade_world(era, "oom", NULL);
	char err[256];

	for (s = era->schedules; s && s->name; s++)
		if (!strcmp(s->name, "changelog") && s->scenario == SCN_OOM)
			break;
	if (!s || !s->name)
		grade_fail("v4.9 ships no changelog schedule for oom any more: the lab needs updating");
	if (sim_schedule_parse(w, s->schedule, &parsed, err, sizeof(err)))
		grade_fail("v4.9's changelog schedule: %s", err);
	sim_replay_init(&watch.replay, &parsed, false);
	watch.mm = grade_victim_mm(w);
	watch.users = -1;
	w->trace_frames = true;
	sim_run_coop(w, (struct sim_policy){ watch_pick, &watch });
	return w;
}

static void killed_second(void)
{
	struct sim_world *w = changelog();

	if (w->k->nkills < 2)
		grade_fail("v4.9's changelog run kills %d task(s): the lab needs updating",
			   w->k->nkills);
	grade_check_answer("answers", "killed-second", w->k->kills[1].task->comm,
			   HOW);
}

static void mm_users(void)
{
	char v[16];

	changelog();
	if (watch.users < 0)
		grade_fail("the reaper never calls mmget_not_zero() on the victim's mm in v4.9's changelog run: the lab needs updating");
	snprintf(v, sizeof(v), "%d", watch.users);
	grade_check_answer("answers", "mm-users", v, HOW);
}

static void oracle(void)
{
	struct sim_world *w = changelog();

	if (!w->verdict.fired)
		grade_fail("v4.9's changelog run fires no oracle: the lab needs updating");
	grade_check_answer("answers", "oracle",
			   sim_oracle_name(__builtin_ctz(w->verdict.fired)),
			   HOW);
}

static int fewest_preemptions(void)
{
	static struct sim_explore_result r;
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_ICB, .bound = 12, .stop_first = true,
		.want = EXPECT(ORACLE_SPURIOUS_KILL), .budget = 3000000,
	};

	sim_explore(grade_world(grade_era("v4.9"), "oom", NULL), &o, &r);
	return r.buggy ? r.first.preemptions : -1;
}

static void preemptions(void)
{
	int n = fewest_preemptions();
	char v[16];

	if (n < 0)
		grade_fail("the explorer finds no spurious kill in v4.9/oom: the lab needs updating");
	snprintf(v, sizeof(v), "%d", n);
	grade_check_answer("answers", "preemptions", v,
			   "explore it: reaplab explore v4.9 oom");
}

/*
 * Question 5: the reaper's first mmget_not_zero() of the victim's mm and
 * the victim's atomic_dec_and_test() of the same word, in the changelog
 * run, as the explorer's dependency relation sees them.
 */
static const char *commute(const char **why)
{
	struct sim_world *w = changelog();
	const struct sim_event *inc = NULL, *dec = NULL;
	struct sim_dep_ev a, b;
	size_t i;

	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || ev->obj != &watch.mm->mm_users)
			continue;
		if (!inc && ev->kind == SEAM_ATOMIC_INC_NOT_ZERO &&
		    w->threads[ev->tid].letter == 'R')
			inc = ev;
		if (!dec && ev->kind == SEAM_ATOMIC_ADD && ev->site &&
		    !strcmp(ev->site->fn, "atomic_dec_and_test") &&
		    w->threads[ev->tid].letter == 'V')
			dec = ev;
	}
	if (!inc || !dec)
		return NULL;
	sim_dep_of_event(w, inc, &a);
	sim_dep_of_event(w, dec, &b);
	return sim_dep(&a, &b, why) == DEP_NONE ? "yes" : "no";
}

static void answer(FILE *f)
{
	const char *why = NULL, *c = commute(&why), *mine;

	fprintf(f, "Lab 05's ungraded question, answered by the model now:\n\n");
	fprintf(f, "5. commute: %s", c ? c : "(the run has no such two steps)");
	if (why)
		fprintf(f, " (the explorer's dependency relation: %s)", why);
	fprintf(f, "\n");
	mine = grade_answer("answers", "commute");
	if (mine && c)
		fprintf(f, "   yours:   %s: %s\n", mine,
			strcasecmp(mine, c) ? "not what the model says" :
			"right");
	else if (c)
		fprintf(f, "   yours:   none yet (in %s/answers)\n", grade_sub());
}

static const struct grade_test tests[] = {
	{
		.name = "killed-second",
		.title = "1. the task killed second",
		.points = 5,
		.run = killed_second,
	},
	{
		.name = "mm-users",
		.title = "2. mm_users when the reaper calls mmget_not_zero()",
		.points = 5,
		.run = mm_users,
	},
	{
		.name = "oracle",
		.title = "3. the oracle that fires",
		.points = 5,
		.run = oracle,
	},
	{
		.name = "preemptions",
		.title = "4. the fewest preemptions that fire it",
		.points = 5,
		.run = preemptions,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer);
