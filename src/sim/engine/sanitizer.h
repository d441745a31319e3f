/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/engine/sanitizer.h - telling ASan, TSan and Valgrind what the
 *                       simulator does behind their backs
 *
 * Simulator-only.  Everything here compiles to nothing in the normal
 * build (`make`); it matters in `make SANITIZE=address` (ASan + UBSan),
 * `make SANITIZE=thread` (TSan) and under Valgrind.
 *
 * DOC: The simulator under sanitizers
 *
 * What the simulator does that would fool a sanitizer not told of it:
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
 *  (4) On real threads (the threads engine), the races the model is about
 *      happen for real: in a broken era one task frees an object while
 *      another still reads it, and the free poisons the object
 *      (arena.c) while the reader reads.  That write is unsynchronised on
 *      purpose, and the model's oracles, not TSan, judge it: it is done
 *      inside SIM_MODELLED_RACE_WRITE(), which hides that one write from
 *      TSan and nothing else.  Every other access of the simulator is
 *      synchronised, and TSan checks it.
 *  (5) A search goes on from checkpoints (ckpt.c), copying each
 *      coroutine's stack back in place: ASan's shadow of those bytes and
 *      TSan's shadow call stack would not follow.  The sanitizers' builds
 *      keep none (sim_ckpt_supported()); every execution runs from the
 *      start there.  Valgrind follows the copy as any other.
 */
#ifndef _SIM_SANITIZER_H
#define _SIM_SANITIZER_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

#if defined(__SANITIZE_ADDRESS__)
#define SIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIM_ASAN 1
#endif
#endif

/*
 * Not for model code built for the data-race oracle (RACE_CFLAGS in the
 * Makefile): -fsanitize=thread there calls reaplab's own hooks, with no
 * TSan runtime, and a file of it that reaches into the simulator (a lab's
 * test submission) must see the simulator's structures as it was built.
 */
#if defined(REAPLAB_RACE_HOOKS)
#elif defined(__SANITIZE_THREAD__)
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
/* TSan's dynamic annotations (tsan_interface_ann.cpp), no header of theirs */
void AnnotateIgnoreWritesBegin(const char *file, int line);
void AnnotateIgnoreWritesEnd(const char *file, int line);
void AnnotateIgnoreReadsBegin(const char *file, int line);
void AnnotateIgnoreReadsEnd(const char *file, int line);
#endif

/*
 * SIM_MODELLED_RACE_WRITE(why, stmt) - run @stmt, one write that races on
 * real threads on purpose, with TSan not looking (DOC: The simulator under
 * sanitizers, (4)); @why, a string, says which race it is.
 */
#ifdef SIM_TSAN
#define SIM_MODELLED_RACE_WRITE(why, stmt) do {				\
		(void)(why);						\
		AnnotateIgnoreWritesBegin(__FILE__, __LINE__);		\
		stmt;							\
		AnnotateIgnoreWritesEnd(__FILE__, __LINE__);		\
	} while (0)
#define SIM_MODELLED_RACE_READ(why, stmt) do {				\
		(void)(why);						\
		AnnotateIgnoreReadsBegin(__FILE__, __LINE__);		\
		stmt;							\
		AnnotateIgnoreReadsEnd(__FILE__, __LINE__);		\
	} while (0)
#else
#define SIM_MODELLED_RACE_WRITE(why, stmt) do { stmt; } while (0)
#define SIM_MODELLED_RACE_READ(why, stmt) do { stmt; } while (0)
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
#ifdef SIM_TSAN
	/* see DOC: A TSan fiber serves every execution (coop.c) */
	sigjmp_buf restart;
	unsigned long gen;
	bool resumable;
#endif
};

#endif /* _SIM_SANITIZER_H */
