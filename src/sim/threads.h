/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/threads.h - the threads engine (see DOC: The threads engine)
 *
 * Simulator-only.
 */
#ifndef _SIM_THREADS_H
#define _SIM_THREADS_H

#include "sim.h"

long sim_threads_op(struct sim_op *op);
int sim_threads_iteration(struct sim_world *w, double timeout,
			  u64 *lock_wait_ns);
void sim_threads_shutdown(void);

#endif /* _SIM_THREADS_H */
