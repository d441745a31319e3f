/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/asm/machine.h - the machine the model runs on
 *
 * Models:  what an architecture gives the kernel, reduced to reaplab's:
 *          arch/<arch>/ code that the rest of the kernel calls by name.
 *
 * DOC: The machine under the model
 *
 * The model calls a handful of functions it does not define: the seam's
 * operation and tracepoint (__seam(), __seam_trace(), asm/seam.h),
 * pr_*()'s __pr(), current, kthread_run(), the slab allocator, the
 * assertion of a program (reaplab/program.h), the hooks that
 * -finstrument-functions puts at every function's entry and exit, and
 * those that -fsanitize=thread puts at every plain access of memory
 * (DOC: Plain accesses reach the machine, kernel/kcsan.c).  A
 * kernel's arch code would implement them; here src/arch/reaplab/ does,
 * by handing each call to the machine the model runs on: a table of
 * functions that whoever runs the model registers once, before it boots
 * anything (the simulator's world, src/sim/world/seam.c).
 *
 * So the model calls nothing of the simulator by name, and the simulator
 * only includes the model's headers: the arrows run one way (DOC: The
 * simulator's layers, src/sim/engine/engine.h).  Before a machine is
 * registered, the entry points that cannot do without one say so and
 * abort; the function hooks do nothing until the machine gives them a
 * thread's stack to keep (struct seam_stack, reaplab/seam.h).
 */
#ifndef _ASM_MACHINE_H
#define _ASM_MACHINE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <asm/seam.h>

struct task_struct;

/**
 * struct seam_machine - the machine under the model.
 * @op: one seam operation (__seam()).
 * @trace: one tracepoint (__seam_trace()).
 * @pr: one pr_*() message.
 * @task: the task running now (current).
 * @kthread_run: start a kernel thread (while booting only).
 * @kthread_create: make a kernel thread that starts every execution
 *		    asleep (while booting only; linux/kthread.h).
 * @alloc: @size bytes of memory that poisons itself when freed, named
 *	   for the object it holds.
 * @func_enter: a model function @fn was entered, by a thread whose stack
 *		is traced (struct seam_stack, reaplab/seam.h).
 * @func_exit: ... and left.
 * @assert_failed: a program's final assertion failed.
 * @access: a plain access of @size bytes at @addr, by model code at @pc;
 *	    @flags: SEAM_ACCESS_* below.  NULL: nobody checks them.
 * @access_ignore: data_race(): current's accesses are not checked while
 *		   the sum of its calls' @delta (+1, then -1) is positive.
 * @ref_get: model code at @pc took a reference on the object counted at
 *	     @obj (ref_tracker_get(), linux/sched.h).  NULL: nobody checks.
 * @ref_put: ... and dropped one.
 */
struct seam_machine {
	long (*op)(enum seam_op op, void *obj, long arg, long arg2,
		   const struct seam_site *site);
	void (*trace)(enum seam_trace ev, void *obj, long arg,
		      const struct seam_site *site);
	void (*pr)(const struct seam_site *site, const char *fmt, va_list ap);
	struct task_struct *(*task)(void);
	struct task_struct *(*kthread_run)(int (*threadfn)(void *data),
					   void *data, const char *name);
	struct task_struct *(*kthread_create)(int (*threadfn)(void *data),
					      void *data, const char *name);
	void *(*alloc)(size_t size, const char *name);
	void (*func_enter)(void *fn);
	void (*func_exit)(void *fn);
	void (*assert_failed)(const char *cond, const char *file, int line);
	void (*access)(const void *addr, unsigned int size, unsigned int flags,
		       const void *pc);
	void (*access_ignore)(int delta);
	void (*ref_get)(const void *obj, const void *pc);
	void (*ref_put)(const void *obj, const void *pc);
};

/* What a plain access is (struct seam_machine's @access). */
#define SEAM_ACCESS_WRITE	0x1	/* a store; else a load */
#define SEAM_ACCESS_MARKED	0x2	/* volatile: marked, as KCSAN has it */
#define SEAM_ACCESS_RANGE	0x4	/* @size bytes of a memset() or copy */

void seam_machine_register(const struct seam_machine *machine);
/* kernel/kcsan.c: the access hooks follow the machine */
void kcsan_machine_register(const struct seam_machine *machine);
/* ... and the model was built with them (its constructors said so) */
bool kcsan_instrumented(void);
/* ... handing on only the accesses of these two windows */
void kcsan_watch(const void *lo, size_t len, const void *lo2, size_t len2);

#endif /* _ASM_MACHINE_H */
