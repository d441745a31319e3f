// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/seam.c - the simulator's side of the sync seam
 *
 * Simulator-only.  The machine the model runs on (DOC: The machine under
 * the model, src/include/asm/machine.h): what the model's architecture
 * hands over, __seam() and __seam_trace() (see DOC: The sync seam in
 * src/include/asm/seam.h), current, kthread_run(), the slab allocator's
 * memory and pr_*(), plus the -finstrument-functions hooks that give every
 * trace event its call stack.  sim_seam_register() registers it.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/kthread.h>
#include <linux/mm_types.h>
#include <asm/machine.h>
#include "kernel.h"
#include "threads.h"


/*
 * A seam operation outside a coop execution: on real threads, or while
 * the world boots (run at once, untraced, on behalf of nobody).
 */
static long seam_elsewhere(struct sim_world *w, enum seam_op op, void *obj,
			   long arg, long arg2, const struct seam_site *site)
{
	struct sim_op o = {
		.kind = op, .obj = obj, .arg = arg, .arg2 = arg2, .site = site,
	};

	if (w && w->mode == SIM_MODE_THREADS)
		return sim_threads_op(&o);
	if (!w) {
		fprintf(stderr, "reaplab: seam operation %s outside a world\n",
			site->fn);
		abort();
	}
	return sim_op_exec(w, NULL, &o);
}

/*
 * An operation that may head a spin-wait (sim_spin_may_head()): made
 * again since the thread's last write, it does.
 */
static long seam_may_spin(struct sim_thread *t, enum seam_op op,
			  void *obj, long arg, long arg2,
			  const struct seam_site *site)
{
	struct sim_op o = {
		.kind = op, .obj = obj, .arg = arg, .arg2 = arg2, .site = site,
	};

	if (unlikely(sim_spin_candidate(t, &o)))
		return sim_spin_enter(&o);
	return sim_coop_publish(op, obj, arg, arg2, site);
}

/**
 * world_seam() - every synchronising operation of the model comes here
 * (__seam()).
 * @op: what to do (enum seam_op).
 * @obj: the object.
 * @arg: first argument.
 * @arg2: second argument.
 * @site: where the model wrote it.
 *
 * Return: the operation's result.
 */
static long world_seam(enum seam_op op, void *obj, long arg, long arg2,
		       const struct seam_site *site)
{
	struct sim_world *w = sim;
	struct sim_thread *t;

	if (unlikely(!w || w->mode != SIM_MODE_COOP))
		return seam_elsewhere(w, op, obj, arg, arg2, site);
	t = sim_self;
	/* a schedule() in TASK_RUNNING returns at once (spin.c) */
	t->spin_noop = op == SEAM_SCHEDULE && t->state == TASK_RUNNING;
	/* a read: maybe made again, the head of a spin-wait (spin.c) */
	if (sim_spin_may_head(t, op))
		return seam_may_spin(t, op, obj, arg, arg2, site);
	return sim_coop_publish(op, obj, arg, arg2, site);
}

static struct sim_event *trace_event(struct sim_world *w, int type, int kind,
				     const void *obj, long arg,
				     const struct seam_site *site)
{
	struct sim_event *ev = sim_trace_add(sim_trace_of(sim_self));

	ev->type = type;
	ev->tid = sim_self ? sim_self->tid : 0xff;
	ev->kind = kind;
	ev->probe = w->probing;
	ev->step = w->step;
	ev->site = site;
	ev->obj = obj;
	ev->arg = arg;
	ev->ns = sim_trace_ns();
	return ev;
}

//! [mmap-assert-oracle]
/* sim_holds() - does @t hold @lock (for write, if @write)? */
static bool sim_holds(const struct sim_thread *t, const void *lock,
		      bool write)
{
	int i;

	for (i = 0; i < t->nheld; i++)
		if (t->held[i].lock == lock)
			return !write || !t->held[i].read;
	return false;
}

/**
 * world_seam_trace() - a tracepoint of the model (__seam_trace()).
 * @ev: which one.
 * @obj: its object.
 * @arg: its argument.
 * @site: where the model wrote it.
 */
static void world_seam_trace(enum seam_trace ev, void *obj, long arg,
			     const struct seam_site *site)
{
	struct sim_world *w = sim;
	struct sim_thread *t = sim_self;

	if (!w || w->mode == SIM_MODE_BOOT || w->mode == SIM_MODE_IDLE)
		return;
	switch (ev) {
	case SEAM_TRACE_MARK_VICTIM:
		if (w->mode == SIM_MODE_COOP || w->trace_threads)
			trace_event(w, SIM_EV_TRACE, ev, obj, arg, site);
		/*
		 * The oracle reads state other threads write: in the coop
		 * engine that is a step of its own (see SEAM_OBSERVE).
		 */
		if (w->mode == SIM_MODE_COOP) {
			static const struct seam_site observe = {
				"observe", "mark_victim: earlier victims' RSS",
				__FILE__, __LINE__, 0
			};
			struct sim_op o = {
				.kind = SEAM_OBSERVE, .obj = obj,
				.site = &observe,
			};

			sim_coop_op(&o);
		} else {
			sim_oracle_mark_victim(w, obj);
		}
		break;
	case SEAM_TRACE_MMAP_ASSERT:
		/* @arg: mmap_assert_write_locked(), a read hold fails */
		if (t && !sim_holds(t, obj, arg))
			sim_oracle(w, ORACLE_MMAP_UNLOCKED, t->tid,
				   "%c: %s called without mmap_lock%s (%s:%d)",
				   t->letter,
				   sim_calls_top(t) ?
				   sim_symbol(sim_calls_top(t)) :
				   t->name, arg ? " held for write" : "",
				   site->file, site->line);
		break;
	case SEAM_TRACE_ZERO_PAGE:
		sim_oracle_zero_page(w, t, obj, arg);
		break;
	case SEAM_TRACE_OOM_REAPED:
		sim_oracle_oom_reaped(w, obj);
		break;
	case SEAM_TRACE_MIGHT_SLEEP:
		if (t)
			sim_might_sleep(w, t, "might_sleep()", site);
		break;
	case SEAM_TRACE_WARN:
		sim_oracle(w, ORACLE_WARN, t ? t->tid : -1,
			   "WARN_ON(%s) at %s:%d", site->what, site->file,
			   site->line);
		break;
	default:
		if (w->mode == SIM_MODE_COOP || w->trace_threads)
			trace_event(w, SIM_EV_TRACE, ev, obj, arg, site);
		break;
	}
}
//! [mmap-assert-oracle]

/**
 * world_pr() - pr_info() and friends: a line in the trace.
 * @site: the call site (fn is the level, what the format).
 * @fmt: printf format.
 * @ap: its arguments.
 */
static void world_pr(const struct seam_site *site, const char *fmt,
		     va_list ap)
{
	struct sim_world *w = sim;
	struct sim_event *ev;

	if (!w || !w->trace_text || (w->mode != SIM_MODE_COOP &&
				     !(w->mode == SIM_MODE_THREADS &&
				       w->trace_threads)))
		return;
	ev = trace_event(w, SIM_EV_TRACE, SEAM_TRACE_PR, NULL, 0, site);
	ev->msg = sim_trace_vtext(sim_trace_of(sim_self), fmt, ap);
}

static struct task_struct *world_current(void)
{
	if (sim_self)
		return sim_self->task;
	return sim ? sim->k->boot_current : NULL;
}

/* --- kernel threads ------------------------------------------------- */

/* Which letter a kthread gets in the trace. */
static char kthread_letter(const char *name)
{
	if (!strcmp(name, "oom_reaper"))
		return 'R';
	if (!strncmp(name, "kworker", 7))
		return 'W';
	/* a timer's thread (kernel/time/timer.c): T, X, Y */
	if (!strncmp(name, "timer softirq ", 14))
		return "TXY"[(name[14] - '1') % 3];
	return 'K';
}

static struct task_struct *kthread_new(int (*threadfn)(void *data),
				       void *data, const char *name,
				       unsigned int flags)
{
	struct sim_world *w = sim;
	struct task_struct *p;

	if (!w || w->mode != SIM_MODE_BOOT) {
		fprintf(stderr, "reaplab: kthread_run/create(%s) after boot\n",
			name);
		abort();
	}
	p = w->era->entry->copy_process(name, BIT(PF_KTHREAD));
	if (!p)
		return NULL;
	if (sim_thread_create(w, kthread_letter(name), name, threadfn, data, p,
			      SIM_T_DAEMON | flags) < 0)
		return NULL;
	return p;
}

static struct task_struct *world_kthread_run(int (*threadfn)(void *data),
					     void *data, const char *name)
{
	return kthread_new(threadfn, data, name, 0);
}

/* A thread that sleeps at the start of every execution (linux/kthread.h). */
static struct task_struct *world_kthread_create(int (*threadfn)(void *data),
						void *data, const char *name)
{
	return kthread_new(threadfn, data, name, SIM_T_ASLEEP);
}

/* --- memory: the arena, where a freed object is poisoned ------------- */

static void *world_alloc(size_t size, const char *name)
{
	return sim_arena_alloc(size, name);
}

/* --- call stacks ---------------------------------------------------- */

/*
 * The model is compiled with -finstrument-functions: the arch's hooks
 * keep each thread's stack of functions (struct seam_stack, inline ones
 * included), and call these only while a diagram is to be drawn
 * (w->trace_frames): the trace records the entries and exits.
 */
static void world_func_event(int type, void *fn)
{
	struct sim_thread *t = sim_self;
	struct sim_event *ev;

	if (!t)
		return;
	ev = sim_trace_add(sim_trace_of(t));
	ev->type = type;
	ev->tid = t->tid;
	ev->probe = sim->probing;
	ev->step = sim->step;
	ev->fn = fn;
	ev->ns = sim_trace_ns();
}

static void world_func_enter(void *fn)
{
	world_func_event(SIM_EV_ENTER, fn);
}

static void world_func_exit(void *fn)
{
	world_func_event(SIM_EV_EXIT, fn);
}

static struct seam_machine world_machine = {
	.op = world_seam,
	.trace = world_seam_trace,
	.pr = world_pr,
	.task = world_current,
	.kthread_run = world_kthread_run,
	.kthread_create = world_kthread_create,
	.alloc = world_alloc,
	.func_enter = world_func_enter,
	.func_exit = world_func_exit,
	.assert_failed = world_assert_failed,
};

/**
 * sim_seam_register() - be the machine the model runs on.
 */
void sim_seam_register(void)
{
	sim_race_register(&world_machine);
	seam_machine_register(&world_machine);
}
