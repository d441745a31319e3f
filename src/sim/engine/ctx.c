// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/ctx.c - setting up a coroutine's first stack frame
 *
 * Simulator-only.  On x86-64 a new context is a stack holding six zeroed
 * callee-saved registers and the entry point as return address, so that
 * the first sim_ctx_switch() to it "returns" into @entry with the stack
 * aligned as after a call.  In WebAssembly, Emscripten's fibers
 * (fiber_emscripten.c).  Elsewhere, ucontext (slow: swapcontext() makes
 * a system call per switch) is the portable fallback.
 */
#include <stdint.h>
#include <string.h>
#include "engine.h"

/**
 * sim_ctx_stack() - say that @ctx runs on [@stack, @stack + @size).
 * @ctx: a coroutine's context, once, when its stack is made.
 * @stack: the stack's lowest address.
 * @size: its size.
 */
void sim_ctx_stack(struct sim_ctx *ctx, void *stack, size_t size)
{
	ctx->fiber.stack = stack;
	ctx->fiber.size = size;
#ifdef SIM_VALGRIND
	ctx->fiber.vg_id = VALGRIND_STACK_REGISTER(stack, (char *)stack + size);
#endif
}

/**
 * sim_ctx_free() - forget @ctx, before its stack is unmapped.
 * @ctx: the context.
 */
void sim_ctx_free(struct sim_ctx *ctx)
{
#ifdef SIM_TSAN
	if (ctx->fiber.tsan)
		__tsan_destroy_fiber(ctx->fiber.tsan);
#endif
#ifdef SIM_VALGRIND
	if (ctx->fiber.vg_id)
		VALGRIND_STACK_DEREGISTER(ctx->fiber.vg_id);
#endif
	memset(&ctx->fiber, 0, sizeof(ctx->fiber));
}

/*
 * A coroutine starts afresh at every execution, and the last one may have
 * left it anywhere (an oracle stops a run wherever it fires): whatever its
 * old frames told the sanitizers is forgotten first.
 */
static __attribute__((unused)) void ctx_fresh(struct sim_ctx *ctx,
					       void *stack, size_t size)
{
#ifdef SIM_ASAN
	ASAN_UNPOISON_MEMORY_REGION(stack, size);
	ctx->fiber.fake_stack = NULL;
#endif
#ifdef SIM_TSAN
	if (ctx->fiber.tsan)
		__tsan_destroy_fiber(ctx->fiber.tsan);
	ctx->fiber.tsan = __tsan_create_fiber(0);
	ctx->fiber.resumable = false;
#endif
	(void)ctx;
	(void)stack;
	(void)size;
}

#if defined(__x86_64__)

void sim_ctx_init(struct sim_ctx *ctx, void *stack, size_t size,
		  void (*entry)(void))
{
	uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
	uintptr_t *sp = (uintptr_t *)top;

	ctx_fresh(ctx, stack, size);
	*--sp = 0;			/* fake return address of entry */
	*--sp = (uintptr_t)entry;	/* popped by ret */
	sp -= 6;			/* rbp rbx r12 r13 r14 r15 */
	memset(sp, 0, 6 * sizeof(*sp));
	ctx->sp = sp;
}

#elif !defined(__EMSCRIPTEN__)	/* WebAssembly: fiber_emscripten.c */
#include <stdlib.h>
#include <ucontext.h>

/*
 * Portable fallback: ctx->sp points to a ucontext_t allocated on the
 * coroutine's own stack (or in the static main context).
 */
static ucontext_t main_uc;

void sim_ctx_init(struct sim_ctx *ctx, void *stack, size_t size,
		  void (*entry)(void))
{
	ucontext_t *uc = stack;

	ctx_fresh(ctx, stack, size);
	getcontext(uc);
	uc->uc_stack.ss_sp = (char *)stack + sizeof(*uc);
	uc->uc_stack.ss_size = size - sizeof(*uc);
	uc->uc_link = NULL;
	makecontext(uc, entry, 0);
	ctx->sp = uc;
}

void sim_ctx_switch(struct sim_ctx *from, struct sim_ctx *to)
{
	if (!from->sp)
		from->sp = &main_uc;
	swapcontext(from->sp, to->sp);
}
#endif
