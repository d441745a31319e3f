/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/reaplab/program.h - a tiny program for the explorer
 *
 * Models:  nothing in the kernel.  A program is a few threads of a dozen
 *          lines written with the model's primitives (spin_lock(),
 *          READ_ONCE(), atomic_inc(), wait_event(), ...), and one final
 *          assertion.  It is built exactly like an era (one object, its
 *          globals reset before every execution) and run by the ordinary
 *          commands, with the scenario `program`:
 *
 *              reaplab explore lost-update program
 *              reaplab replay lost-update program 'A1 B2 A1'
 *
 * DOC: Programs
 *
 * A program's file holds its shared data as plain globals, its thread
 * bodies, its final assertion, and a descriptor: an era descriptor whose
 * .program says which threads run:
 *
 *     long counter;
 *
 *     int increment(void *arg)
 *     {
 *             long v = READ_ONCE(counter);
 *
 *             WRITE_ONCE(counter, v + 1);
 *             return 0;
 *     }
 *
 *     static void check(void)
 *     {
 *             PROGRAM_ASSERT(counter == 2);
 *     }
 *
 *     const struct program program = {
 *             .threads = {
 *                     { 'A', "increment", increment },
 *                     { 'B', "increment", increment },
 *             },
 *             .check = check,
 *     };
 *
 *     const struct era era_descriptor = {
 *             .id = "lost-update",
 *             .story = "two threads add one to a counter",
 *             .program = &program,
 *     };
 *
 * The rules of the seam hold (DOC: The sync seam): a word another thread
 * may touch is read and written only through the primitives.  The final
 * assertion runs once every thread has finished, so it reads the globals
 * plainly; a failed PROGRAM_ASSERT() is reported by the `warn` oracle,
 * like a WARN_ON() in a thread.  The deadlock and lock-imbalance oracles
 * watch programs as they watch the kernel.
 *
 * Like an era, a program can be an overlay of another: a file that
 * defines only some of its functions, and a descriptor naming the
 * program as .parent and pointing at the same struct program.  The build
 * links the overlay's definitions first (src/eras/README.md).  That is
 * how a lab lets a student replace one function of a program it gives.
 */
#ifndef _REAPLAB_PROGRAM_H
#define _REAPLAB_PROGRAM_H

#include <reaplab/era.h>

#define PROGRAM_MAX_THREADS	4

struct task_struct;

/**
 * struct program_thread - one thread of a program.
 * @letter: its letter in schedules and diagrams ('A').
 * @name: what it does, for the diagrams ("increment").
 * @fn: its body, as for kthread_run(); @arg is NULL.
 */
struct program_thread {
	char letter;
	const char *name;
	int (*fn)(void *arg);
};

/**
 * struct program - what runs, and what must hold at the end.
 * @threads: up to PROGRAM_MAX_THREADS threads, ended by one with no @fn.
 * @init: optional; runs when the world is built, before any thread (its
 *	  seam operations execute at once).  Globals need no init: their
 *	  initial values are restored before every execution.
 * @check: optional; the final assertion, after every thread has finished.
 */
struct program {
	struct program_thread threads[PROGRAM_MAX_THREADS];
	void (*init)(void);
	void (*check)(void);
};

/* Every program file defines one, named so that overlays can find it. */
extern const struct program program;

void program_assert_failed(const char *cond, const char *file, int line);

/* PROGRAM_ASSERT() - the final assertion: reported by the `warn` oracle. */
#define PROGRAM_ASSERT(cond)						\
do {									\
	if (!(cond))							\
		program_assert_failed(#cond, __FILE__, __LINE__);	\
} while (0)

/* The task that runs the thread @letter, for wake_up_process(). */
struct task_struct *program_task(char letter);

#endif /* _REAPLAB_PROGRAM_H */
