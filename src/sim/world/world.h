/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/world/world.h - the world: an era running a scenario, built
 *
 * Simulator-only.  The world is the one part of the simulator that knows
 * the kernel's types (DOC: The simulator's layers, engine/engine.h): it
 * boots the model, builds the scenario's tasks and objects, implements
 * the seam the model calls (__seam(), current, kthread_run(), the slab
 * allocator), runs each operation for the coop engine (ops.c) and on real
 * threads (threads.c), turns spin-waits into awaits (spin.c), and judges
 * every run (oracle.c).  This header is what the rest of the simulator
 * may call, in plain C types; world/kernel.h is the world's own, with
 * the kernel's headers.
 */
#ifndef _SIM_WORLD_H
#define _SIM_WORLD_H

#include "../engine/engine.h"

/**
 * struct sim_scenario - who runs, and what the victim owns.
 * @name: "oom", "proc-reader", "mrelease", "stuck".
 * @id: enum reaplab_scenario.
 * @summary: one line for --help.
 * @defaults: default sizes.
 * @build: boot the model and create the threads.
 * @check: end-of-run oracles particular to the scenario, or NULL.
 */
struct sim_scenario {
	const char *name;
	enum reaplab_scenario id;
	const char *summary;
	struct sim_params defaults;
	int (*build)(struct sim_world *w);
	void (*check)(struct sim_world *w);
};

extern const struct sim_scenario *const sim_scenarios[SCN_NR];
/* program.c: a program's threads (reaplab/program.h), not one of the above */
extern const struct sim_scenario sim_program_scenario;
/* proc-reader with a kernel thread as the reader: the fix labs' own */
extern const struct sim_scenario sim_kthread_reader_scenario;
/* a lab's own scenarios (.id SCN_NR, as a program's), NULL-ended, or NULL */
extern const struct sim_scenario *const *sim_lab_scenarios;
const struct sim_scenario *sim_scenario_by_name(const char *name);
int sim_params_set(struct sim_params *p, const char *kv, char *err,
		   size_t errlen);
void sim_params_format(const struct sim_params *p, char *buf, size_t len);
int sim_params_check(const struct sim_scenario *scn,
		     const struct sim_params *p, char *err, size_t errlen);

/* world.c */
void sim_world_init(void);
int sim_world_build(struct sim_world *w, const struct era *era,
		    const struct sim_scenario *scn,
		    const struct sim_params *params, char *err, size_t errlen);
void sim_world_free(struct sim_world *w);
int sim_thread_create(struct sim_world *w, char letter, const char *name,
		      int (*fn)(void *), void *arg, struct task_struct *task,
		      unsigned int flags);

/**
 * struct sim_race_stats - what the data-race oracle did (race.c).
 * @executions: executions it looked at.
 * @checked: accesses it checked (plain ones of shared memory, and the
 *	     words of marked ones).
 * @same: of those, repeats of an access the thread had made since its
 *	  last step, settled at once.
 * @races: conflicts found (the oracle reports an execution's first).
 */
struct sim_race_stats {
	unsigned long executions;
	unsigned long checked;
	unsigned long same;
	unsigned long races;
	unsigned long repeated;	/* steps a run shared with the last one */
	unsigned long spilled;	/* accesses kept beyond a cell's four */
};

/* race.c */
bool sim_race_on(void);
void sim_race_enable(bool on);
void sim_race_stats(struct sim_race_stats *s);
void sim_race_share(bool on);
u64 sim_race_digest(void);

#endif /* _SIM_WORLD_H */
