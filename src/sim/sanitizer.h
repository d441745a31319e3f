/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/sanitizer.h - telling ASan, TSan and Valgrind what the
 *                       simulator does behind their backs
 *
 * Simulator-only.  Everything here compiles to nothing in the normal
 * build (`make`); it matters in `make SANITIZE=address` (ASan + UBSan),
 * `make SANITIZE=thread` (TSan) and under Valgrind.
 *
 * DOC: The simulator under sanitizers
 *
 * Three things the simulator does would fool a sanitizer that was not
 * told about them:
 *
 *  (1) The coop engine switches stacks by hand (switch_x86_64.S).  ASan
 *      keeps a record of the stack it runs on and TSan a shadow call stack
 *      and a vector clock per thread; both are told of every switch with
 *      their fiber interfaces (sim_fiber_*() below), so that each coroutine
 *      is a fiber to them: ASan checks its accesses against its own stack,
 *      and TSan sees one fiber hand over to the next, which orders them as
 *      the one OS thread does.
 *  (2) A world's reset copies the era's global variables back from a
 *      snapshot (arena.c).  Under ASan the model's globals have redzones
 *      between them, so the copy takes only the bytes ASan says are
 *      addressable (computed once: sim_model_data_init()).
 *  (3) Valgrind, like ASan, must know the coroutines' stacks, or it takes
 *      a switch for a huge stack frame (VALGRIND_STACK_REGISTER).
 */
#ifndef _SIM_SANITIZER_H
#define _SIM_SANITIZER_H

#include <stddef.h>

#if defined(__SANITIZE_ADDRESS__)
#define SIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIM_ASAN 1
#endif
#endif

#if defined(__SANITIZE_THREAD__)
#define SIM_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SIM_TSAN 1
#endif
#endif

#ifdef SIM_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef SIM_TSAN
#include <sanitizer/tsan_interface.h>
#endif
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define SIM_VALGRIND 1
#endif
#endif

/**
 * struct sim_fiber - what the sanitizers need to know of a coroutine.
 * @stack: the lowest address of its stack (NULL: the OS thread's own,
 *	   learnt at the first switch away from it).
 * @size: the stack's size.
 * @fake_stack: ASan's fake stack of this context while it is switched
 *		away from.
 * @tsan: its TSan fiber.
 * @vg_id: its Valgrind stack id.
 */
struct sim_fiber {
	const void *stack;
	size_t size;
	void *fake_stack;
	void *tsan;
	unsigned int vg_id;
};

#endif /* _SIM_SANITIZER_H */
