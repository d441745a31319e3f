// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/machine.c - the engine's globals, the names of the
 * seam's operations, and the engine's half of a reset
 *
 * Simulator-only.  See DOC: One execution and DOC: The simulator's
 * layers in engine.h.
 */
#include <string.h>
#include "engine.h"

struct sim_world *sim;
__thread struct sim_thread *sim_self;
volatile sig_atomic_t sim_interrupted;
const struct sim_world_ops *sim_world_ops;

static const char *const op_names[SEAM_NR_OPS] = {
	[SEAM_NONE] = "none",
	[SEAM_SPIN_LOCK] = "spin_lock",
	[SEAM_SPIN_TRYLOCK] = "spin_trylock",
	[SEAM_SPIN_UNLOCK] = "spin_unlock",
	[SEAM_MUTEX_LOCK] = "mutex_lock",
	[SEAM_MUTEX_TRYLOCK] = "mutex_trylock",
	[SEAM_MUTEX_UNLOCK] = "mutex_unlock",
	[SEAM_DOWN_READ] = "down_read",
	[SEAM_DOWN_READ_TRYLOCK] = "down_read_trylock",
	[SEAM_UP_READ] = "up_read",
	[SEAM_DOWN_WRITE] = "down_write",
	[SEAM_DOWN_WRITE_TRYLOCK] = "down_write_trylock",
	[SEAM_UP_WRITE] = "up_write",
	[SEAM_DOWNGRADE_WRITE] = "downgrade_write",
	[SEAM_ATOMIC_READ] = "atomic_read",
	[SEAM_ATOMIC_SET] = "atomic_set",
	[SEAM_ATOMIC_ADD] = "atomic_add",
	[SEAM_ATOMIC_INC_NOT_ZERO] = "atomic_inc_not_zero",
	[SEAM_ATOMIC_CMPXCHG] = "cmpxchg",
	[SEAM_ATOMIC_XCHG] = "xchg",
	[SEAM_TEST_BIT] = "test_bit",
	[SEAM_SET_BIT] = "set_bit",
	[SEAM_CLEAR_BIT] = "clear_bit",
	[SEAM_TEST_AND_SET_BIT] = "test_and_set_bit",
	[SEAM_TEST_AND_CLEAR_BIT] = "test_and_clear_bit",
	[SEAM_READ_ONCE] = "READ_ONCE",
	[SEAM_WRITE_ONCE] = "WRITE_ONCE",
	[SEAM_FREE] = "kfree",
	[SEAM_SET_STATE] = "set_current_state",
	[SEAM_PREPARE_TO_WAIT] = "prepare_to_wait",
	[SEAM_FINISH_WAIT] = "finish_wait",
	[SEAM_SCHEDULE] = "schedule",
	[SEAM_SCHEDULE_TIMEOUT] = "schedule_timeout",
	[SEAM_WAKE_UP] = "wake_up",
	[SEAM_WAKE_UP_PROCESS] = "wake_up_process",
	[SEAM_PARK] = "park",
	[SEAM_OBSERVE] = "observe",
	[SEAM_RELAX] = "cpu_relax",
	[SEAM_AWAIT] = "await",
	[SEAM_BAD] = "bad",
};

const char *sim_op_name(int kind)
{
	return kind >= 0 && kind < SEAM_NR_OPS ? op_names[kind] : "?";
}


struct sim_thread *sim_thread_by_letter(struct sim_world *w, char letter)
{
	int i;

	for (i = 0; i < w->nthreads; i++)
		if (w->threads[i].letter == letter)
			return &w->threads[i];
	return NULL;
}

/**
 * sim_world_reset() - back to the state right after boot.
 * @w: a built world.
 *
 * The world restores what the model can change (its data, the arena) and
 * its own view of each thread (sim_world_ops->reset); the engine resets
 * its threads and the execution's counters, trace and verdict.
 */
void sim_world_reset(struct sim_world *w)
{
	int i;

	sim_world_ops->reset(w);
	for (i = 0; i < w->nthreads; i++) {
		struct sim_thread *t = &w->threads[i];

		t->run = SIM_T_READY;
		t->has_op = false;
		t->nsteps = 0;
		t->calls.depth = 0;
		t->calls.traced = w->trace_frames;
		t->in_seam = false;
	}
	w->enabled_valid = false;
	w->op_ready = w->op_waits = 0;
	w->step = 0;
	w->run_steps = 0;
	w->last_tid = -1;
	w->last_yield = false;
	w->stop = SIM_STOP_NONE;
	w->stop_msg[0] = 0;
	w->probing = false;
	w->phase = 0;
	sim_trace_reset(&w->trace);
	memset(&w->verdict, 0, sizeof(w->verdict));
	w->nwatch = 0;
}
