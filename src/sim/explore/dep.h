/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/explore/dep.h - the explorer's dependency relation (DOC: The dependency
 * relation in dep.c)
 *
 * Simulator-only.
 */
#ifndef _SIM_DEP_H
#define _SIM_DEP_H

#include "../engine/engine.h"

enum sim_dep_class {
	DC_NONE,	/* touches nothing another thread can see */
	DC_READ,	/* reads a word, or writes it unchanged */
	DC_WRITE,	/* changes a word */
	DC_ADD,		/* a void atomic add */
	DC_FREE,	/* frees an object */
	DC_ACQ,		/* takes a lock exclusively, blocking */
	DC_ACQ_R,	/* takes an rwsem for read, blocking */
	DC_TRY,		/* try-locks exclusively */
	DC_TRY_R,	/* try-locks an rwsem for read */
	DC_REL,		/* releases an exclusive hold */
	DC_REL_R,	/* releases a read hold */
	DC_STATE,	/* sets its own sleep state */
	DC_PREP,	/* prepare_to_wait(): joins a queue, sets its state */
	DC_FINISH,	/* finish_wait(): leaves a queue */
	DC_WAKE,	/* wake_up(): wakes a queue's sleepers */
	DC_WAKE_PROC,	/* wake_up_process(): wakes one task */
	DC_SCHED,	/* schedule(): sleeps until woken */
	DC_OBSERVE,	/* an oracle reads every mm's RSS counters */
	DC_AWAIT,	/* a spin-wait reads every word it waits on */
	DC_NR
};

enum sim_dep_rel {
	DEP_NONE,	/* independent: either order, same result */
	DEP_HB,		/* the first enables the second: never reversed */
	DEP_RACE,	/* both orders possible, and they may differ */
};

/**
 * struct sim_dep_ev - what the dependency relation needs of one step.
 * @tid: the thread.
 * @cls: enum sim_dep_class.
 * @bit: the bit, for bit operations, else -1.
 * @state_tid: whose sleep state the step touches.
 * @addr: the object (a freed object's first byte).
 * @len: the object's size, for a free.
 * @wake_mask: for wake_up(), the threads that were waiting.
 * @rss: the word is an mm's RSS counter (DC_OBSERVE reads those).
 * @watch: for DC_AWAIT, the words it waits on (@nwatch of them).
 * @nwatch: how many.
 */
struct sim_dep_ev {
	u8 tid;
	u8 cls;
	int bit;
	int state_tid;
	uintptr_t addr;
	size_t len;
	unsigned long wake_mask;
	u16 woke;		/* a wake-up: the sleepers it wakes */
	bool rss;
	u8 nwatch;
	const struct sim_watch *watch;
};

struct sim_dep_rule {
	u8 a, b;
	u8 rel;
	const char *why;
};

extern const struct sim_dep_rule sim_dep_rules[];

void sim_dep_of_event(const struct sim_world *w, const struct sim_event *ev,
		      struct sim_dep_ev *d);
void sim_dep_of_pending(const struct sim_world *w, int tid,
			struct sim_dep_ev *d);
int sim_dep(const struct sim_dep_ev *a, const struct sim_dep_ev *b,
	    const char **why);
const char *sim_dep_class_name(int cls);

#endif /* _SIM_DEP_H */
