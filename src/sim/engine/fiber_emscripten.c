// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/fiber_emscripten.c - the coop engine's context switch in
 *                              WebAssembly (the book's player)
 *
 * Simulator-only, and compiled to something only by Emscripten: the
 * native build gets an empty object.  WebAssembly has no stack pointer a
 * program may load (the call stack is the engine's), so switch_x86_64.S
 * cannot be ported; Emscripten's fibers (-sASYNCIFY) unwind the running
 * coroutine's wasm frames into a buffer and rewind the other's.  Behind
 * the same two calls as the native switch, sim_ctx_init() and
 * sim_ctx_switch(): coop.c is the same file in both builds.
 *
 * A coroutine's C stack (its shadow stack in linear memory: addressed
 * locals, arrays) is the thread's own SIM_STACK_SIZE stack, as natively;
 * the asyncify buffer holds only the wasm locals of its call chain.
 *
 * The turnstile substrate (pthreads) is not in this build: the entry
 * points coop.c names are stubs that say so, and are never reached,
 * since the player only runs the coop engine on coroutines (the threads
 * engine's are in world/threads_emscripten.c).
 */
#ifdef __EMSCRIPTEN__
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <emscripten/fiber.h>
#include "engine.h"
#include "turnstile.h"

/* The wasm locals of one coroutine's deepest call chain, with room. */
#define ASYNCIFY_STACK	(64 * 1024)

struct wasm_fiber {
	emscripten_fiber_t fiber;
	char astack[ASYNCIFY_STACK];
};

static struct wasm_fiber main_fiber;
static bool main_ready;

static struct wasm_fiber *fiber_of(struct sim_ctx *ctx)
{
	if (!ctx->sp) {
		ctx->sp = calloc(1, sizeof(struct wasm_fiber));
		if (!ctx->sp) {
			fputs("reaplab: out of memory for a fiber\n", stderr);
			abort();
		}
	}
	return ctx->sp;
}

static void fiber_entry(void *arg)
{
	void (*entry)(void) = (void (*)(void))arg;

	entry();
	/* coop.c's coroutines never return: they switch away for good */
	abort();
}

/**
 * sim_ctx_init() - make @ctx start @entry on @stack at its next switch.
 * @ctx: the coroutine's context (its fiber is kept across executions).
 * @stack: its C stack.
 * @size: the stack's size.
 * @entry: where it starts.
 */
void sim_ctx_init(struct sim_ctx *ctx, void *stack, size_t size,
		  void (*entry)(void))
{
	struct wasm_fiber *f = fiber_of(ctx);

	emscripten_fiber_init(&f->fiber, fiber_entry, (void *)entry, stack,
			      size, f->astack, sizeof(f->astack));
}

/**
 * sim_ctx_switch() - leave @from for @to.
 * @from: the running coroutine, or the driver's context (sp still NULL
 *        the first time: the fiber of the JavaScript caller's stack).
 * @to: where to go.
 */
void sim_ctx_switch(struct sim_ctx *from, struct sim_ctx *to)
{
	struct wasm_fiber *f;

	if (!from->sp) {
		if (!main_ready) {
			emscripten_fiber_init_from_current_context(
				&main_fiber.fiber, main_fiber.astack,
				sizeof(main_fiber.astack));
			main_ready = true;
		}
		from->sp = &main_fiber;
	}
	f = from->sp;
	emscripten_fiber_swap(&f->fiber, &fiber_of(to)->fiber);
}

static __attribute__((noreturn)) void not_here(const char *what)
{
	fprintf(stderr, "reaplab: %s is not in the WebAssembly build\n", what);
	abort();
}

void sim_turnstile_start(struct sim_world *w)
{
	(void)w;
	not_here("the turnstile substrate");
}

void sim_turnstile_switch(struct sim_thread *from, struct sim_thread *to)
{
	(void)from;
	(void)to;
	not_here("the turnstile substrate");
}

void sim_turnstile_stop(struct sim_world *w)
{
	(void)w;
	not_here("the turnstile substrate");
}

/*
 * -finstrument-functions passes each hook its call site, which clang asks
 * of __builtin_return_address(0): Emscripten answers that from a
 * JavaScript stack trace, on every function entry.  The hooks ignore it
 * (seam.c), so it is 0 here.
 */
void *emscripten_return_address(int level);
void *emscripten_return_address(int level)
{
	(void)level;
	return NULL;
}

/*
 * A wasm trap is no signal (a model fault ends the whole call), so coop.c's
 * handler is never run and needs no stack of its own.
 */
int sigaltstack(const stack_t *ss, stack_t *old)
{
	(void)ss;
	(void)old;
	return 0;
}
#endif /* __EMSCRIPTEN__ */
