// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/threads_emscripten.c - the threads engine's entry points in
 *                                 WebAssembly (the book's player)
 *
 * Simulator-only, and compiled to something only by Emscripten: the
 * native build gets an empty object.  The threads engine (threads.c,
 * pthreads) is not in the player's build: what seam.c names of it are
 * stubs that say so, and are never reached, since the player only runs
 * the coop engine.
 */
#ifdef __EMSCRIPTEN__
#include <stdio.h>
#include <stdlib.h>
#include "kernel.h"
#include "threads.h"

static __attribute__((noreturn)) void not_here(const char *what)
{
	fprintf(stderr, "reaplab: %s is not in the WebAssembly build\n", what);
	abort();
}

long sim_threads_op(struct sim_op *op)
{
	(void)op;
	not_here("the threads engine");
}

/* What threads.c answers for the coop engine: one trace, no clock. */
struct sim_trace *sim_trace_of(struct sim_thread *t)
{
	(void)t;
	return &sim->trace;
}

u64 sim_trace_ns(void)
{
	return 0;
}
#endif
