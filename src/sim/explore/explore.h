/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/explore/explore.h - the explorer: searching the schedules of a world
 *
 * Simulator-only.  The explorer owns the search: which schedules to run
 * and in what order (preemption bounding, DPOR, PCT, the walk: explore.c,
 * dpor.c), which steps commute (the dependency relation, dep.c), how a
 * counterexample is minimized and what decides it (minimize.c,
 * decide.c), and the counts that test the reduction (traces.c).  It runs
 * executions through the engine and reads their traces; it never looks
 * inside the model: where an operation's object or effect matters, it
 * asks the world (sim_world_ops->dep_locate), and it is compiled without
 * the kernel's headers (DOC: The simulator's layers, engine/engine.h).
 */
#ifndef _SIM_EXPLORE_H
#define _SIM_EXPLORE_H

#include "../engine/engine.h"

enum sim_explore_mode {
	SIM_EXPLORE_ICB,	/* iterative preemption bounding */
	SIM_EXPLORE_DPOR,	/* optimal DPOR: wakeup trees, sleep sets */
	SIM_EXPLORE_PCT,	/* probabilistic concurrency testing */
	SIM_EXPLORE_WALK,	/* sticky random walk */
	SIM_EXPLORE_SLEEP,	/* every thread at every step, sleep sets only:
				 * what DPOR's race analysis saves, measured */
};

/**
 * struct sim_explore_opts - what to search and for how long.
 * @mode: the algorithm.
 * @bound: ICB: the largest preemption bound; PCT: the depth.
 * @budget: executions at most (0: no limit).
 * @seconds: wall time at most (0: no limit).
 * @seed: PCT and walk.
 * @stop_first: stop at the first execution where an oracle fires.
 * @want: stop only for these oracles (bits; 0 = any).
 * @expect: with @stop_unexpected, the oracles a search that does not stop
 *	at its first bug may see (an era's declaration, for `--all`).
 * @stop_unexpected: stop, all the same, once an oracle outside @expect
 *	fired: whatever else is found, the cell is not what was declared.
 * @progress: print progress to stderr about once a second.
 * @visit: if set, called after every execution run to its end (for DPOR:
 *	not sleep-blocked), with @visit_data; tests use it to check the
 *	reduction against brute force and random runs.
 * @prefix: DPOR: explore only the executions that begin with these
 *	@prefix_n choices (the subtree below them).
 */
struct sim_explore_opts {
	enum sim_explore_mode mode;
	int bound;
	unsigned long budget;
	double seconds;
	unsigned long seed;
	bool stop_first;
	unsigned int want;
	unsigned int expect;
	bool stop_unexpected;
	bool progress;
	void (*visit)(const struct sim_world *w, void *data);
	void *visit_data;
	const u8 *prefix;
	unsigned int prefix_n;
};

#define SIM_MAX_CHOICES	65536

/**
 * struct sim_cex - a counterexample: the thread chosen at each step.
 * @n: steps.
 * @tid: the choices.
 * @preemptions: preemptions in it.
 * @fired: the oracles it fires.
 * @execution: which execution found it (1-based).
 */
struct sim_cex {
	unsigned int n;
	u8 tid[SIM_MAX_CHOICES];
	int preemptions;
	unsigned int fired;
	unsigned long execution;
};

/**
 * struct sim_explore_result - what a search found.
 * @executions: executions run.
 * @buggy: executions in which a wanted oracle fired.
 * @fired: union of the oracles that fired.
 * @first: the first counterexample (valid if @buggy).
 * @complete: every execution within the bound was explored.
 * @bound_exceeded: executions beyond the bound exist and were not run.
 * @budget_exhausted: stopped by the execution or time budget.
 * @interrupted: stopped by Ctrl-C (sim_interrupted; @budget_exhausted too).
 * @limit_hits: executions cut short by the step limit (never counted as
 *	explored: the search is then not complete).
 * @diverged: executions cut short by a choice that could not be followed
 *	(the model is not deterministic); not complete either.
 * @race_blind: executions in which the data-race oracle stopped looking
 *	(sim_world.race_blind): not a proof of no race, not complete.
 * @seconds: wall time.
 * @steps: scheduling points executed in total.
 * @reached_bound: the bound the search was at when it ended.
 * @completed: executions that ran to their end (DPOR: one per trace).
 * @sleep_blocked: DPOR executions abandoned as redundant.
 * @races: DPOR: races found (and reversed where needed).
 * @races_same: DPOR: races not handled again after an execution, their
 *	sequence unchanged (DOC: A sequence handled once, dpor.c).
 * @seed: PCT and walk: the random seed of the first failing execution.
 * @wakeup_dropped: DPOR: wakeup-tree branches that could not run where
 *	the tree said (a lock blocked a step of the sequence): each such
 *	step was explored with every thread awake instead.
 * @unexpected: stopped at an oracle outside @o->expect
 *	(@o->stop_unexpected): @fired is what fired so far.
 */
struct sim_explore_result {
	unsigned long executions;
	unsigned long buggy;
	unsigned int fired;
	struct sim_cex first;
	bool complete;
	bool bound_exceeded;
	bool budget_exhausted;
	bool interrupted;
	unsigned long limit_hits;
	unsigned long diverged;
	unsigned long race_blind;
	double seconds;
	unsigned long long steps;
	int reached_bound;
	unsigned long completed;
	unsigned long sleep_blocked;
	unsigned long races;
	unsigned long races_same;
	u64 seed;
	unsigned long wakeup_dropped;
	bool unexpected;
	/* of @steps, those gone on from a checkpoint, not run */
	unsigned long long ckpt_steps;
};

/*
 * What a search concluded (DOC: No verdict without completion, explore.c).
 */
enum sim_conclusion {
	SIM_NEVER,		/* searched to the end: no wanted oracle fires */
	SIM_SOMETIMES,		/* a wanted oracle fired */
	SIM_UNKNOWN,		/* not searched to the end, nothing found */
};

int sim_explore(struct sim_world *w, const struct sim_explore_opts *o,
		struct sim_explore_result *r);
enum sim_conclusion sim_explore_conclusion(const struct sim_explore_result *r);
const char *sim_conclusion_name(enum sim_conclusion c);
void sim_explore_why_unknown(const struct sim_world *w,
			     const struct sim_explore_result *r, char *buf,
			     size_t len);
void sim_dpor_recheck(bool on);
/*
 * struct sim_ckpt_path - the checkpoints kept along a search's current
 * path, by step (DOC: Checkpoints along the path, explore.c).
 */
struct sim_ckpt_path {
	struct sim_ckpt *ck;
	unsigned int n, cap;
};

/* A search keeps a checkpoint every this many steps (explore.c). */
#define SIM_CKPT_EVERY	24
void sim_explore_ckpt(unsigned int every);
void sim_ckpt_path_run(struct sim_ckpt_path *p, struct sim_world *w,
		       struct sim_policy policy, unsigned int prefix,
		       struct sim_explore_result *r);
void sim_ckpt_path_free(struct sim_ckpt_path *p, struct sim_world *w);
int sim_explore_dpor(struct sim_world *w, const struct sim_explore_opts *o,
		     struct sim_explore_result *r);
void sim_explore_record(const struct sim_world *w,
			struct sim_explore_result *r, unsigned long execution);
const char *sim_explore_mode_name(enum sim_explore_mode mode);
int sim_explore_mode_by_name(const char *name);
int sim_cex_replay(struct sim_world *w, const struct sim_cex *cex,
		   bool frames);
int sim_cex_preemptions(const struct sim_world *w);
unsigned int sim_trace_choices(const struct sim_world *w, u8 *tid);
double sim_now(void);
u64 sim_rand(u64 *state);
u64 sim_trace_canonical(const struct sim_world *w);
long sim_count_traces(struct sim_world *w, unsigned long limit,
		      unsigned long *executions, unsigned int *fired,
		      u64 **forms,
		      void (*visit)(const struct sim_world *w, void *data),
		      void *data);
int sim_random_pick(struct sim_world *w, void *data);

/**
 * struct sim_race - two conflicting steps, not ordered through others.
 * @j: the earlier step (0-based, in execution order).
 * @k: the later step.
 * @locks: both are lock acquisitions (ordered without enabling edges).
 */
struct sim_race {
	unsigned int j, k;
	bool locks;
};

struct sim_races;
struct sim_races *sim_races_of(const struct sim_world *w);
unsigned int sim_races_count(const struct sim_races *l);
const struct sim_race *sim_races_get(const struct sim_races *l,
				     unsigned int i);
bool sim_races_before(const struct sim_races *l, unsigned int a,
		      unsigned int b);
unsigned int sim_race_reversal(const struct sim_races *l,
			       const struct sim_race *race, u8 *tid);
void sim_races_clock(const struct sim_races *l, unsigned int step, u16 *vc);
void sim_races_free(struct sim_races *l);

/**
 * struct sim_minimized - what sim_cex_minimize() did.
 * @oracle: the oracle the counterexample is about.
 * @from_preemptions: preemptions before.
 * @from_steps: steps before.
 * @preemptions: after.
 * @steps: after.
 * @tries: candidate schedules run.
 * @icb_budget: set by the caller: executions the check for fewer
 *	preemptions may take (0: 100000).
 * @icb_executions: executions that check took.
 * @icb_cut: of those, cut short (the step limit, a choice not followed)
 *	or run with the data-race oracle blind: why @proven may be false
 *	with the budget to spare.
 * @proven: no schedule with fewer preemptions fires the oracle.
 */
struct sim_minimized {
	int oracle;
	int from_preemptions;
	unsigned int from_steps;
	int preemptions;
	unsigned int steps;
	unsigned long tries;
	unsigned long icb_budget;
	unsigned long icb_executions;
	unsigned long icb_cut;
	bool proven;
};

int sim_cex_minimize(struct sim_world *w, struct sim_cex *cex,
		     unsigned int want, struct sim_minimized *m);
int sim_cex_critical_race(struct sim_world *w, const struct sim_cex *cex,
			  int oracle, int skip, struct sim_race *race,
			  unsigned int *tried);
unsigned int sim_cex_slice(struct sim_world *w, const unsigned int *keep,
			   unsigned int nkeep);

#endif /* _SIM_EXPLORE_H */
