/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/explore/decide.h - what decides a bug the explorer found
 *
 * Simulator-only.  See DOC: What decides a bug (decide.c).
 */
#ifndef _SIM_DECIDE_H
#define _SIM_DECIDE_H

#include "explore.h"

#define SIM_STEP_TEXT	200

/**
 * struct sim_decided - a counterexample, minimized, and what decides it.
 * @oracle: the oracle it is about.
 * @m: what the minimizer did (valid if it was asked to run).
 * @preemptions: preemptions of the (minimized) counterexample.
 * @race: one race decides it: reversed, the oracle does not fire; or
 *	 the oracle named it (@named).
 * @named: the oracle's hit names its race (sim_hit.other: a data race's
 *	   two accesses, an access and the free it races with), which no
 *	   lock, atomic or wake-up orders; nothing was reversed.
 * @j: the race's earlier step (0-based), valid if @race.
 * @k: its later step.
 * @tried: races tried to find it.
 * @first: @j as `explore` reports it: "R set_bit(MMF_OOM_SKIP) in
 *	   oom_reaper/oom_reap_task".
 * @second: @k the same way.
 * @schedule: the counterexample's schedule string.
 */
struct sim_decided {
	int oracle;
	struct sim_minimized m;
	int preemptions;
	bool race;
	bool named;
	unsigned int j, k;
	unsigned int tried;
	char first[SIM_STEP_TEXT];
	char second[SIM_STEP_TEXT];
	char schedule[4096];
};

int sim_decide(struct sim_world *w, struct sim_cex *cex, unsigned int want,
	       bool minimize, struct sim_decided *d);

/**
 * struct sim_cell - one era and scenario, searched (a cell of `explore
 * --all`'s table).
 * @done: searched (not skipped by Ctrl-C).
 * @na: the scenario cannot exist in the era.
 * @buggy: an oracle fired.
 * @proven: the search was complete.
 * @unknown: nothing found, and the search did not finish (Unknown).
 * @cut: executions cut short (step limit, divergence).
 * @fired: the oracles of the first counterexample.
 * @fired_all: the oracles that fired in any execution: the search goes on
 *	       after the first bug, so that a second bug in a cell already
 *	       buggy (a leak beside the era's spurious kill) is seen too.
 * @first_execution: which execution found the first bug (1-based).
 * @seconds: time searched.
 * @executions: executions run.
 * @decided: sim_cell_decide() ran: @race, @preemptions, @first and @second
 *	     are set (without it only the oracle is compared).
 * @race: a single race decides the bug.
 * @preemptions: the fewest preemptions found for it.
 * @first: the race's earlier step, as struct era_race names it.
 * @second: its later step.
 */
struct sim_cell {
	bool done, na, buggy, proven, unknown;
	unsigned int fired, fired_all;
	unsigned long first_execution;
	unsigned long cut;
	double seconds;
	unsigned long executions;
	bool decided, race;
	int preemptions;
	char first[SIM_STEP_TEXT], second[SIM_STEP_TEXT];
};

void sim_cell_decide(struct sim_cell *c, struct sim_world *w,
		     struct sim_explore_result *r, unsigned int want);
int sim_cell_search(struct sim_world *w, const struct sim_explore_opts *o,
		    struct sim_explore_result *r, bool decide,
		    struct sim_cell *c);
bool sim_cell_matches(const struct sim_cell *c, const struct era *era,
		      int scn);
bool sim_step_parts(const struct sim_world *w, unsigned int step,
		    char *letter, char *op, size_t oplen, char *where,
		    size_t wherelen, const struct sim_event **evp);
bool sim_step_describe(const struct sim_world *w, unsigned int step,
		       char *text, size_t len);

#endif /* _SIM_DECIDE_H */
