// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/arch/reaplab/kernel/machine.c - the model's architecture: every
 * function the model calls and does not define, handed to the machine
 *
 * Models:  arch code (DOC: The machine under the model, asm/machine.h).
 *          Built once, beside the simulator, not into each era: the
 *          machine is one for all of them.  Not instrumented
 *          (-finstrument-functions): these are the hooks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <asm/machine.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/kthread.h>
#include <reaplab/program.h>

static const struct seam_machine *machine;

/**
 * seam_machine_register() - the machine the model runs on, from now on.
 * @m: its table; it must live as long as the model runs.
 */
void seam_machine_register(const struct seam_machine *m)
{
	machine = m;
	kcsan_machine_register(m);
}

/* An entry point that needs a machine, called before there is one. */
static __attribute__((noreturn)) void no_machine(const char *what)
{
	fprintf(stderr, "reaplab: %s with no machine registered\n", what);
	abort();
}

long __seam(enum seam_op op, void *obj, long arg, long arg2,
	    const struct seam_site *site)
{
	if (unlikely(!machine))
		no_machine(site->fn);
	return machine->op(op, obj, arg, arg2, site);
}

void __seam_trace(enum seam_trace ev, void *obj, long arg,
		  const struct seam_site *site)
{
	if (machine)
		machine->trace(ev, obj, arg, site);
}

void __pr(const struct seam_site *site, const char *fmt, ...)
{
	va_list ap;

	if (!machine)
		return;
	va_start(ap, fmt);
	machine->pr(site, fmt, ap);
	va_end(ap);
}

struct task_struct *get_current(void)
{
	return machine ? machine->task() : NULL;
}

struct task_struct *kthread_run(int (*threadfn)(void *data), void *data,
				const char *name)
{
	if (!machine)
		no_machine("kthread_run()");
	return machine->kthread_run(threadfn, data, name);
}

struct task_struct *kthread_create(int (*threadfn)(void *data), void *data,
				   const char *name)
{
	if (!machine)
		no_machine("kthread_create()");
	return machine->kthread_create(threadfn, data, name);
}

/* --- reference tracking: linux/sched.h's task references ---------------- */

/*
 * Not inlined into model code (this file is built beside the simulator):
 * the caller's address is where the reference was taken or dropped.
 */
void ref_tracker_get(const void *obj)
{
	if (machine && machine->ref_get)
		machine->ref_get(obj, __builtin_return_address(0));
}

void ref_tracker_put(const void *obj)
{
	if (machine && machine->ref_put)
		machine->ref_put(obj, __builtin_return_address(0));
}

/* --- the slab allocator: objects of the machine's memory --------------- */

struct kmem_cache *kmem_cache_create(const char *name, size_t size)
{
	struct kmem_cache *c = __kmalloc_named(sizeof(*c), "kmem_cache");

	if (c) {
		c->name = name;
		c->size = size;
	}
	return c;
}

void *kmem_cache_alloc(struct kmem_cache *cachep, gfp_t flags)
{
	(void)flags;
	return __kmalloc_named(cachep->size, cachep->name);
}

void *kmem_cache_zalloc(struct kmem_cache *cachep, gfp_t flags)
{
	return kmem_cache_alloc(cachep, flags);
}

void *__kmalloc_named(size_t size, const char *name)
{
	if (!machine)
		no_machine("kmalloc()");
	return machine->alloc(size, name);
}

void program_assert_failed(const char *cond, const char *file, int line)
{
	if (!machine)
		no_machine("PROGRAM_ASSERT()");
	machine->assert_failed(cond, file, line);
}

/* --- the compiler's hooks: every model function's entry and exit ------- */

__thread struct seam_stack *seam_stack;

void __cyg_profile_func_enter(void *fn, void *call_site)
	__attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *call_site)
	__attribute__((no_instrument_function));

/*
 * Twice per function the model runs (struct seam_stack): the stack is
 * kept here, and the machine called only while it traces.
 */
void __cyg_profile_func_enter(void *fn, void *call_site)
{
	struct seam_stack *s = seam_stack;

	(void)call_site;
	if (!s)
		return;
	if (s->depth < SEAM_STACK_MAX)
		s->frames[s->depth] = fn;
	s->depth++;
	if (unlikely(s->traced))
		machine->func_enter(fn);
}

void __cyg_profile_func_exit(void *fn, void *call_site)
{
	struct seam_stack *s = seam_stack;

	(void)call_site;
	if (!s)
		return;
	if (s->depth > 0)
		s->depth--;
	if (unlikely(s->traced))
		machine->func_exit(fn);
}
