// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/explore/decide.c - what decides a bug: its race and its preemptions
 *
 * Simulator-only.
 *
 * DOC: What decides a bug
 *
 * An oracle's name says what went wrong, not why.  Two different bugs can
 * fire the same oracle in the same scenario: v4.9's spurious kill (the
 * reaper's MMF_OOM_SKIP before exit_mmap() has freed anything) and the
 * one an OOM killer without oom_lock adds (a second scan weighing a victim
 * already half unmapped).  What tells them apart is what decides the
 * counterexample:
 *
 *  - its race: the pair of steps of two threads which, run the other way
 *    round, make the oracle stay quiet (the critical race the minimizer
 *    finds, src/sim/explore/minimize.c), each named as `explore` prints it, by
 *    thread, operation and the two innermost model functions, never by
 *    step number or source line, which any edit moves; where the oracle
 *    saw the race itself (a data race's two accesses, a plain access and
 *    the free it races with: sim_hit.other), that pair, which no lock,
 *    atomic or wake-up orders, and nothing is reversed;
 *  - its preemptions: the fewest a schedule needs to fire the oracle (the
 *    minimizer's iterative bounding).
 *
 * Each era declares both for every bug it expects (struct era_race), and
 * `explore --all` fails a cell where either differs from what it finds.
 */
#include <stdio.h>
#include <string.h>
#include "../engine/engine.h"
#include "decide.h"
#include "../engine/schedule.h"

/**
 * sim_step_parts() - step @step of @w's last run, in the parts the race
 * report prints: the thread's letter, the operation, where it is.
 * @w: the world, replayed with function frames (sim_cex_replay(.., true)).
 * @step: the step, 0-based, among the run's operations.
 * @letter: set to the thread's letter.
 * @op: the operation as the trace prints it, "set_bit(MMF_OOM_SKIP)".
 * @oplen: its size.
 * @where: the two innermost model functions, "oom_reaper/oom_reap_task".
 * @wherelen: its size.
 * @evp: if not NULL, set to the step's event.
 *
 * Return: false if the run has no such step.
 */
bool sim_step_parts(const struct sim_world *w, unsigned int step,
		    char *letter, char *op, size_t oplen, char *where,
		    size_t wherelen, const struct sim_event **evp)
{
	static const void *stack[SIM_MAX_THREADS][SEAM_STACK_MAX];
	int depth[SIM_MAX_THREADS] = { 0 };
	unsigned int n = 0;
	size_t e;

	for (e = 0; e < w->trace.nr; e++) {
		const struct sim_event *ev = &w->trace.ev[e];
		int t = ev->tid, d;

		if (ev->probe || t >= SIM_MAX_THREADS)
			continue;
		if (ev->type == SIM_EV_ENTER) {
			if (depth[t] < SEAM_STACK_MAX)
				stack[t][depth[t]] = ev->fn;
			depth[t]++;
		} else if (ev->type == SIM_EV_EXIT && depth[t] > 0) {
			depth[t]--;
		}
		if (ev->type != SIM_EV_OP || n++ != step)
			continue;
		d = depth[t] < SEAM_STACK_MAX ? depth[t] : SEAM_STACK_MAX;
		*letter = w->threads[t].letter;
		sim_op_text(ev, op, oplen);
		/* two callers: task_lock() alone does not say who locks */
		snprintf(where, wherelen, "%s%s%s",
			 d > 1 ? sim_symbol(stack[t][d - 2]) : "",
			 d > 1 ? "/" : "",
			 d ? sim_symbol(stack[t][d - 1]) : "?");
		if (evp)
			*evp = ev;
		return true;
	}
	return false;
}

/**
 * sim_step_describe() - step @step as one line: "T op in caller/function".
 * @w: the world, as for sim_step_parts().
 * @step: the step.
 * @text: filled.
 * @len: its size.
 *
 * Return: false if the run has no such step.
 */
bool sim_step_describe(const struct sim_world *w, unsigned int step,
		       char *text, size_t len)
{
	char letter, op[SIM_STEP_TEXT], where[SIM_STEP_TEXT];

	if (!sim_step_parts(w, step, &letter, op, sizeof(op), where,
			    sizeof(where), NULL))
		return false;
	snprintf(text, len, "%c %s in %s", letter, op, where);
	return true;
}

/**
 * sim_decide() - minimize @cex and find what decides it (DOC: What decides
 * a bug).
 * @w: the world it was found in.
 * @cex: the counterexample; minimized in place if @minimize.
 * @want: the oracles the search wanted (0: any).
 * @minimize: run the minimizer (fewest preemptions, then fewest steps).
 * @d: filled.
 *
 * On return @w holds the counterexample's replay with function frames, as
 * the renderers need it.
 *
 * Return: 0.
 */
int sim_decide(struct sim_world *w, struct sim_cex *cex, unsigned int want,
	       bool minimize, struct sim_decided *d)
{
	const struct sim_hit *hit;
	struct sim_race race;
	int fault;

	memset(d, 0, sizeof(*d));
	if (minimize && !sim_cex_minimize(w, cex, want, &d->m))
		d->oracle = d->m.oracle;
	else
		d->oracle = __builtin_ctz(want ? cex->fired & want :
					  cex->fired);
	sim_cex_replay(w, cex, false);
	hit = &w->verdict.hit[d->oracle];
	if (hit->step && hit->other) {
		/* the oracle saw its race itself: its two ends */
		d->race = d->named = true;
		race.j = (hit->other < hit->step ? hit->other : hit->step) - 1;
		race.k = (hit->other < hit->step ? hit->step : hit->other) - 1;
	} else {
		/* the cause, not the faulting access; else whatever there is */
		fault = (int)hit->step - 1;
		d->race = fault >= 0 &&
			  !sim_cex_critical_race(w, cex, d->oracle, fault,
						 &race, &d->tried);
		if (!d->race)
			d->race = !sim_cex_critical_race(w, cex, d->oracle, -1,
							 &race, &d->tried);
	}
	sim_cex_replay(w, cex, true);
	d->preemptions = sim_schedule_from_trace(w, false, d->schedule,
						 sizeof(d->schedule));
	if (d->race) {
		d->j = race.j;
		d->k = race.k;
		sim_step_describe(w, race.j, d->first, sizeof(d->first));
		sim_step_describe(w, race.k, d->second, sizeof(d->second));
	}
	return 0;
}

/**
 * sim_cell_decide() - fill @c's race and preemptions from the bug @r found
 * in @w: minimized, as `explore` reports it.
 * @c: the cell.
 * @w: the world searched.
 * @r: the search, with a counterexample.
 * @want: the oracles searched for (0: any).
 */
void sim_cell_decide(struct sim_cell *c, struct sim_world *w,
		     struct sim_explore_result *r, unsigned int want)
{
	static struct sim_decided d;

	sim_decide(w, &r->first, want, true, &d);
	c->decided = true;
	c->race = d.race;
	c->preemptions = d.preemptions;
	snprintf(c->first, sizeof(c->first), "%s", d.first);
	snprintf(c->second, sizeof(c->second), "%s", d.second);
}

static int default_pick(struct sim_world *w, void *data)
{
	(void)data;
	return sim_default_pick(w);
}

/**
 * sim_cell_search() - search @w as `explore --all` searches a cell.
 * @w: the world, built.
 * @o: the search.
 * @r: filled with the search's result.
 * @decide: for a bug found, find what decides it (sim_cell_decide());
 *	    without it the cell is judged by its oracle alone.
 * @c: filled.
 *
 * A scenario that cannot exist in the era (its syscall is -ENOSYS there)
 * says so in its first run: then @c->na, and no search.  `explore --all`
 * searches with @o->stop_first false: an era declares every oracle that
 * fires in some execution (@c->fired_all), and a second bug in a cell that
 * is already buggy must fail the cell as a first one would.
 *
 * Return: 0.
 */
int sim_cell_search(struct sim_world *w, const struct sim_explore_opts *o,
		    struct sim_explore_result *r, bool decide,
		    struct sim_cell *c)
{
	memset(c, 0, sizeof(*c));
	memset(r, 0, sizeof(*r));
	sim_run_coop(w, (struct sim_policy){ default_pick, NULL });
	if (w->verdict.na) {
		c->na = true;
		c->done = true;
		return 0;
	}
	sim_explore(w, o, r);
	c->done = !r->interrupted;
	c->buggy = r->buggy;
	c->fired = r->buggy ? r->first.fired : 0;
	c->fired_all = r->buggy ? r->fired : 0;
	c->first_execution = r->buggy ? r->first.execution : 0;
	c->proven = r->complete;
	c->unknown = sim_explore_conclusion(r) == SIM_UNKNOWN;
	c->cut = r->limit_hits + r->diverged;
	c->seconds = r->seconds;
	c->executions = r->executions;
	if (decide && r->buggy && !sim_interrupted)
		sim_cell_decide(c, w, r, o->want);
	return 0;
}

/* Does the found race agree with the declared one? */
static bool race_matches(const struct sim_cell *c, const struct era_race *want)
{
	if (!want->first || !c->decided)
		return true;
	if (c->preemptions != want->preemptions)
		return false;
	if (!strcmp(want->first, ERA_NO_SINGLE_RACE))
		return !c->race;
	return c->race && !strcmp(c->first, want->first) &&
	       want->second && !strcmp(c->second, want->second);
}

/**
 * sim_cell_matches() - does @c say what @era declares for scenario @scn:
 * every oracle that fires in some execution, and for a bug what decides
 * its first counterexample (struct era_race)?
 * @c: the cell, searched.
 * @era: the era whose declarations judge it (for a mutant: its parent).
 * @scn: the scenario.
 *
 * Return: true if it does.
 */
bool sim_cell_matches(const struct sim_cell *c, const struct era *era,
		      int scn)
{
	unsigned int expect = era->expect[scn];

	if (expect == EXPECT_NA)
		return c->na;
	if (c->na)
		return false;
	/* a search that did not complete proves nothing (--all fails it) */
	if (expect == EXPECT_CLEAN)
		return !c->buggy && !c->unknown;
	return c->buggy && (c->fired & expect) && c->fired_all == expect &&
	       race_matches(c, &era->decides[scn]);
}
