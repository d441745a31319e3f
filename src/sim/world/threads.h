/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/world/threads.h - the threads engine (see DOC: The threads engine)
 *
 * Simulator-only.
 */
#ifndef _SIM_THREADS_H
#define _SIM_THREADS_H

#include "kernel.h"

long sim_threads_op(struct sim_op *op);
int sim_threads_iteration(struct sim_world *w, double timeout,
			  u64 *lock_wait_ns);
void sim_threads_shutdown(void);

/* Lock classes one thread keeps apart while measuring. */
#define SIM_LOCK_CLASSES	8

/**
 * struct sim_lock_stat - one thread, one lock class, one iteration (see
 * DOC: Measuring on the threads engine).
 * @name: the class, as the lock's initialiser named it ("&pt->ptl").
 * @acquired: acquisitions, trylocks that succeeded included.
 * @contended: acquisitions that had to wait.
 * @wait_ns: time spent waiting to acquire.
 * @hold_ns: time held exclusively (spinlock, mutex, write).
 * @hold_read_ns: time held shared (read).
 * @first_ns: when it was first acquired, in ns since the iteration began.
 * @last_ns: when it was last released, likewise.
 */
struct sim_lock_stat {
	const char *name;
	u64 acquired;
	u64 contended;
	u64 wait_ns;
	u64 hold_ns;
	u64 hold_read_ns;
	u64 first_ns;
	u64 last_ns;
};

/* How the next iterations are run (see sim_threads_measure()). */
enum sim_measure {
	SIM_MEASURE_OFF,
	SIM_MEASURE_ON,
	SIM_MEASURE_LOCKS,
};

void sim_threads_measure(enum sim_measure how);
void sim_threads_lock_stat(int tid, const char *name,
			   struct sim_lock_stat *out);

#endif /* _SIM_THREADS_H */
