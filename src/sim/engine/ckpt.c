// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/ckpt.c - checkpoints: a coop execution kept between two
 * steps, to go on from in a later execution
 *
 * Simulator-only.
 *
 * DOC: An execution goes on from a checkpoint
 *
 * A search that backtracks (DPOR above all) runs each new execution from
 * the start, along the last one's schedule up to its backtrack point, and
 * only then differently: in v6.1/proc-reader 85% of the steps DPOR runs
 * repeat the execution before.  The model is deterministic, so those
 * steps need not run again: the state they lead to can be kept the first
 * time and put back.  And that state is small, for everything an
 * execution changes is in a few known places:
 *
 *  - the model's memory: the arena's bytes, its objects and what was
 *    freed (arena.c), and the era's globals;
 *  - each coroutine's stack in use, from its saved stack pointer to the
 *    top, and the part of its struct sim_thread an execution changes
 *    (its state, pending operation, locks held, calls, spin-wait
 *    watch); the stack holds the registers it saved when it switched
 *    away (sim_ctx_switch()), so putting the bytes back at the same
 *    addresses, and the stack pointer, is resuming it;
 *  - the engine's record: the trace up to that step (only its length:
 *    the events before it are the last run's, which shares those
 *    steps), who can run, the last thread, the verdict so far, the words
 *    spin-waits watch;
 *  - the world's own (sim_world_ops->ckpt_save): the kernel's counts
 *    (kills, pages allocated), the data-race oracle's state (rewound
 *    through its undo log as for any shared prefix, DOC: A shared prefix
 *    is checked once, race.c, and which threads are inside data_race()).
 *
 * A checkpoint is taken at a step boundary: the thread about to ask the
 * policy for the next step (its operation published) switches to the
 * driver first (sim_coop_op()), the driver copies the state with every
 * coroutine stopped, and switches back.  Going on from it
 * (sim_run_coop_from()) puts the state back instead of resetting the
 * world, and switches into that thread, which returns into the
 * scheduler and asks the policy as if the steps before had just run.
 * The execution is then the one a run from the start would have made,
 * event for event (the tests compare the two, execution by execution),
 * but for where the data-race oracle's report of a race in the steps
 * before stands: a run from the start reports it again at its first new
 * step, a run from a checkpoint where the run that kept it did.
 *
 * Not in the sanitizers' builds (ASan's shadow of a stack and TSan's
 * shadow call stack are not in the bytes copied), nor on the turnstile
 * substrate or in WebAssembly, whose coroutines are real threads or the
 * runtime's: there every execution runs from the start, as before.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#ifdef SIM_VALGRIND
#include <valgrind/memcheck.h>
#endif

/* What of a struct sim_thread an execution changes: all from @run on. */
#define T_FROM		offsetof(struct sim_thread, run)
#define T_TO		offsetof(struct sim_thread, pth)
#define T_LEN		(T_TO - T_FROM)

/**
 * sim_ckpt_supported() - can executions of @w be kept and gone on from?
 * @w: the world.
 */
bool sim_ckpt_supported(const struct sim_world *w)
{
#if defined(SIM_ASAN) || defined(SIM_TSAN) || defined(__EMSCRIPTEN__)
	(void)w;
	return false;
#else
	return w->substrate != SIM_SUBSTRATE_TURNSTILE;
#endif
}

/**
 * sim_ckpt_usable() - can the next execution of @w go on from a checkpoint
 * within its @same_prefix steps?  Where the build can, and the world can
 * have its oracles' state without those steps running.
 * @w: the world; the driver has set its same_prefix.
 */
bool sim_ckpt_usable(const struct sim_world *w)
{
	return sim_ckpt_supported(w) && sim_world_ops->ckpt_ok(w);
}

/* The top of @t's stack: its stack pointer's bytes up to there are kept. */
static char *stack_end(const struct sim_thread *t)
{
	return (char *)t->stack + SIM_STACK_SIZE;
}

/**
 * sim_ckpt_save() - keep @w's execution as it stands, every coroutine
 * stopped and @tid about to ask the policy (DOC: An execution goes on
 * from a checkpoint).
 * @w: the world, between two steps of a coop execution.
 * @c: where; its buffers are reused.
 * @tid: the thread that asks the policy next.
 */
void sim_ckpt_save(struct sim_world *w, struct sim_ckpt *c, int tid)
{
	size_t need = 0;
	unsigned int fired;
	char *p;
	int i;

	c->step = w->step;
	c->tid = tid;
	c->trace_nr = w->trace.nr;
	c->text_len = w->trace.text_len;
	c->enabled_cache = w->enabled_cache;
	c->enabled_valid = w->enabled_valid;
	c->op_ready = w->op_ready;
	c->op_waits = w->op_waits;
	c->last_tid = w->last_tid;
	c->last_yield = w->last_yield;
	c->run_steps = w->run_steps;
	c->fired = fired = w->verdict.fired;
	c->na = w->verdict.na;
	if (fired && !c->hit) {
		c->hit = calloc(ORACLE_NR, sizeof(*c->hit));
		if (!c->hit) {
			perror("reaplab: checkpoint");
			exit(2);
		}
	}
	for (; fired; fired &= fired - 1)
		c->hit[__builtin_ctz(fired)] =
			w->verdict.hit[__builtin_ctz(fired)];
	c->nwatch = w->nwatch;
	if (w->nwatch) {
		size_t cap = c->watch_cap * sizeof(*c->watch);

		sim_room((void **)&c->watch, &cap,
			 w->nwatch * sizeof(*c->watch));
		c->watch_cap = cap / sizeof(*c->watch);
		memcpy(c->watch, w->watch, w->nwatch * sizeof(*c->watch));
	}

	sim_room(&c->threads, &c->threads_cap, w->nthreads * T_LEN);
	for (i = 0; i < w->nthreads; i++) {
		const struct sim_thread *t = &w->threads[i];

		memcpy((char *)c->threads + i * T_LEN, (const char *)t + T_FROM,
		       T_LEN);
		c->stack_len[i] = stack_end(t) - (char *)t->ctx.sp;
		need += c->stack_len[i];
	}
	sim_room((void **)&c->stacks, &c->stacks_cap, need);
	for (i = 0, p = c->stacks; i < w->nthreads; i++) {
		memcpy(p, w->threads[i].ctx.sp, c->stack_len[i]);
		p += c->stack_len[i];
	}

	sim_arena_save(&c->mem);
	if (w->data_begin)
		sim_model_data_save_range(&c->mem.model_data, w->data_begin,
					  w->data_end);
	else
		sim_model_data_save(&c->mem.model_data);
	sim_world_ops->ckpt_save(w, &c->world);
}

/**
 * sim_ckpt_restore() - @w as it was when @c was kept, for an execution
 * that goes on from there: sim_run_coop_from()'s reset.  The driver has
 * set @w's same_prefix (the world's oracles keep what they derived from
 * the steps before, race.c).
 * @w: the world @c was kept of.
 * @c: the checkpoint.
 */
void sim_ckpt_restore(struct sim_world *w, const struct sim_ckpt *c)
{
	unsigned int fired;
	const char *p;
	int i;

	sim_world_ops->ckpt_restore(w, c->world);
	if (w->data_begin)
		sim_model_data_restore_range(c->mem.model_data, w->data_begin,
					     w->data_end);
	else
		sim_model_data_restore(c->mem.model_data);
	sim_arena_restore(&c->mem);

	for (i = 0, p = c->stacks; i < w->nthreads; i++) {
		struct sim_thread *t = &w->threads[i];

		memcpy((char *)t + T_FROM, (const char *)c->threads + i * T_LEN,
		       T_LEN);
		t->ctx.sp = stack_end(t) - c->stack_len[i];
#ifdef SIM_VALGRIND
		/*
		 * Memcheck marked what lay below the coroutine's stack
		 * pointer unaddressable as the stack unwound; the frames put
		 * back are its stack again.
		 */
		VALGRIND_MAKE_MEM_UNDEFINED(t->ctx.sp, c->stack_len[i]);
#endif
		memcpy(t->ctx.sp, p, c->stack_len[i]);
		p += c->stack_len[i];
	}

	w->trace.nr = c->trace_nr;
	w->trace.text_len = c->text_len;
	w->enabled_cache = c->enabled_cache;
	w->enabled_valid = c->enabled_valid;
	w->op_ready = c->op_ready;
	w->op_waits = c->op_waits;
	w->last_tid = c->last_tid;
	w->last_yield = c->last_yield;
	w->step = c->step;
	w->run_steps = c->run_steps;
	w->stop = SIM_STOP_NONE;
	w->stop_msg[0] = 0;
	w->probing = false;
	/* an oracle's hit is written only as it fires: the rest are 0 */
	for (fired = w->verdict.fired; fired; fired &= fired - 1)
		memset(&w->verdict.hit[__builtin_ctz(fired)], 0,
		       sizeof(struct sim_hit));
	for (fired = c->fired; fired; fired &= fired - 1)
		w->verdict.hit[__builtin_ctz(fired)] =
			c->hit[__builtin_ctz(fired)];
	w->verdict.fired = c->fired;
	w->verdict.na = c->na;
	w->nwatch = c->nwatch;
	if (c->nwatch)
		memcpy(w->watch, c->watch, c->nwatch * sizeof(*c->watch));
}

/**
 * sim_ckpt_free() - free @c's buffers.
 * @c: the checkpoint; zeroed.
 */
void sim_ckpt_free(struct sim_ckpt *c)
{
	free(c->hit);
	free(c->watch);
	free(c->threads);
	free(c->stacks);
	free(c->world);
	sim_arena_snapshot_free(&c->mem);
	memset(c, 0, sizeof(*c));
}
