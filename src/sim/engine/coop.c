// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/coop.c - the coop engine: simulated threads as coroutines
 *
 * Simulator-only.  Every simulated thread is a coroutine on the one OS
 * thread.  A thread that reaches a seam operation publishes it as pending
 * and asks the policy who runs next; if that is someone else it switches
 * there, and the other thread, which was waiting inside this same code,
 * returns and executes its own pending operation.  So the scheduler runs
 * inline at every scheduling point and a context switch costs only when
 * the running thread changes.
 *
 * DOC: Steps and schedules
 *
 * A step is one executed seam operation.  Everything a thread does between
 * two operations belongs to the step before (DOC: The sync seam, rule 1),
 * and what it does before its first operation happens before step 1.
 *
 * The policy is asked before every step.  It may pick only an enabled
 * thread: one whose pending operation can run now.  A switch away from a
 * thread whose operation was enabled is a preemption; a switch after a
 * sleep (schedule_timeout and friends) or away from a blocked thread is
 * not, and the default policy makes exactly those:
 *
 *     stay on the thread that ran last while it can run and did not just
 *     sleep; otherwise take the next thread after it, in declaration order
 *     and wrapping round, that can run (the first one, at the start).
 */
#define _GNU_SOURCE		/* REG_RIP: where a model thread faulted */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include "engine.h"
#include "turnstile.h"


static struct sim_ctx main_ctx;
static sigjmp_buf coop_crash_jmp;
static volatile sig_atomic_t coop_in_run;
/* a model thread's fault, reported once back from the handler */
static struct {
	struct sim_thread *t;
	const void *addr, *pc;
	bool gpf;
} coop_fault;

/*
 * Who can run: every thread whose pending operation never waits
 * (w->op_ready), and those of the rest (w->op_waits) the world says can
 * go now.  Computed once per step.
 */
unsigned int sim_enabled_mask(struct sim_world *w)
{
	unsigned int mask, waits;

	if (w->enabled_valid)
		return w->enabled_cache;
	mask = w->op_ready;
	for (waits = w->op_waits; waits; waits &= waits - 1) {
		int tid = __builtin_ctz(waits);

		if (sim_world_ops->op_enabled(w, &w->threads[tid]))
			mask |= 1u << tid;
	}
	w->enabled_cache = mask;
	w->enabled_valid = true;
	return mask;
}

/* @t's pending operation is gone: it ran, or @t ended. */
static inline void op_retired(struct sim_world *w, struct sim_thread *t)
{
	t->has_op = false;
	w->op_ready &= ~(1u << t->tid);
	/*
	 * Not one 32-bit load of both masks, as the compiler would merge
	 * them: one of the two was just stored on its own (sim_coop_op()),
	 * and a load wider than that store waits for it to retire.
	 */
	asm volatile("" ::: "memory");
	w->op_waits &= ~(1u << t->tid);
	w->enabled_valid = false;
}

/* Can @tid go now?  Its own answer, the others' not computed. */
bool sim_enabled(struct sim_world *w, int tid)
{
	if (w->enabled_valid)
		return w->enabled_cache & (1u << tid);
	if (w->op_ready & (1u << tid))
		return true;
	return (w->op_waits & (1u << tid)) &&
	       sim_world_ops->op_enabled(w, &w->threads[tid]);
}

/*
 * The last run's event of the step @t takes now (in coop_exec(), before
 * the operation runs), if this run shares the step with it
 * (sim_world.same_prefix), else NULL.  The trace buffer is reused from
 * run to run (trace.c), so the last run's event for the step is where
 * this one's goes, unless the step put others before it (an oracle's,
 * fired while it ran): then the event found is not of this step and
 * thread, and the answer is worked out again.
 */
static inline const struct sim_event *shared_event(const struct sim_world *w,
						   const struct sim_thread *t)
{
	const struct sim_event *last;

	if (likely(w->step > w->same_prefix) || w->trace.nr >= w->trace.cap)
		return NULL;
	last = &w->trace.ev[w->trace.nr];
	if (last->type != SIM_EV_OP || last->step != w->step ||
	    last->tid != t->tid || last->kind != t->op.kind)
		return NULL;
	return last;
}

/**
 * sim_default_pick() - the non-preemptive policy (see DOC: Steps and
 * schedules).
 * @w: the world.
 *
 * Return: a thread, or -1 when none can run.
 */
int sim_default_pick(struct sim_world *w)
{
	unsigned int mask = sim_enabled_mask(w);
	int last = w->last_tid;

	if (!mask)
		return -1;
	if (last < 0)
		return __builtin_ctz(mask);
	if (!w->last_yield && (mask & (1u << last)))
		return last;
	/* the next one after it, round and round: itself last of all */
	if (mask >> last >> 1)
		return last + 1 + __builtin_ctz(mask >> last >> 1);
	return __builtin_ctz(mask);
}

/*
 * The sanitizers' side of a switch from @f to @t (DOC: The simulator under
 * sanitizers); nothing at all in the normal build.  @for_good: @f will
 * never be resumed (ASan then frees its fake stack).
 */
#if defined(SIM_ASAN) || defined(SIM_TSAN)
static struct sim_ctx *fiber_prev;	/* the context switched away from */

#ifdef SIM_TSAN
/*
 * DOC: A TSan fiber serves every execution
 *
 * A run ends with its coroutines wherever they were, and TSan's shadow
 * call stack of each still holds their frames.  Making a new fiber per
 * coroutine per execution costs TSan a large allocation each time (a
 * hundred executions a second); reusing the fiber as it is would let the
 * stale frames pile up.  So a coroutine's entry remembers where its body
 * starts (sigsetjmp(), which TSan records with the shadow stack's depth),
 * and the next execution, instead of building a fresh stack, resumes the
 * coroutine where it stopped and has it jump back there (fiber_arrived()
 * sees it belongs to an older execution): TSan unwinds the stale frames
 * as it does for any longjmp.  A coroutine that faulted (coop_segv()) has
 * no place to resume: it gets a new fiber.
 */
static unsigned long fiber_gen;		/* this execution's number */
#endif

static void fiber_leave(struct sim_ctx *f, struct sim_ctx *t, bool for_good)
{
	fiber_prev = f;
#ifdef SIM_TSAN
	f->fiber.resumable = true;
#endif
#ifdef SIM_ASAN
	__sanitizer_start_switch_fiber(for_good ? NULL : &f->fiber.fake_stack,
				       t->fiber.stack, t->fiber.size);
#endif
#ifdef SIM_TSAN
	__tsan_switch_to_fiber(t->fiber.tsan, 0);
#endif
	(void)for_good;
}

/* Back on @self's stack (NULL: a coroutine's first entry). */
static void fiber_arrived(struct sim_ctx *self)
{
#ifdef SIM_ASAN
	const void *bottom;
	size_t size;

	__sanitizer_finish_switch_fiber(self ? self->fiber.fake_stack : NULL,
					&bottom, &size);
	/* the OS thread's own stack is learnt when it is first left */
	if (fiber_prev && !fiber_prev->fiber.stack) {
		fiber_prev->fiber.stack = bottom;
		fiber_prev->fiber.size = size;
	}
#endif
#ifdef SIM_TSAN
	/* resumed by a later execution: start afresh (see above) */
	if (self && self != &main_ctx && self->fiber.gen != fiber_gen)
		siglongjmp(self->fiber.restart, 1);
#endif
	(void)self;
}
#else
static inline void fiber_leave(struct sim_ctx *f, struct sim_ctx *t,
			       bool for_good)
{
	(void)f;
	(void)t;
	(void)for_good;
}

static inline void fiber_arrived(struct sim_ctx *self)
{
	(void)self;
}
#endif

static void coop_switch_ctx(struct sim_thread *from, struct sim_thread *to,
			    bool for_good)
{
	struct sim_ctx *f = from ? &from->ctx : &main_ctx;
	struct sim_ctx *t = to ? &to->ctx : &main_ctx;

	if (f == t)
		return;
	sim_self_set(to);
	if (sim->substrate == SIM_SUBSTRATE_TURNSTILE) {
		sim_turnstile_switch(from, to);
	} else {
		fiber_leave(f, t, for_good);
		sim_ctx_switch(f, t);
		fiber_arrived(f);
	}
	sim_self_set(from);
}

static void coop_switch(struct sim_thread *from, struct sim_thread *to)
{
	coop_switch_ctx(from, to, false);
}

/* Leave @t for good: the driver takes over and nobody resumes @t. */
static __attribute__((noreturn)) void coop_abandon(struct sim_thread *t)
{
	coop_switch_ctx(t, NULL, true);
	abort();
}

static void coop_schedule(struct sim_world *w, struct sim_thread *t)
{
	int next;

	if (w->stop)
		coop_abandon(t);
	if (w->step >= w->max_steps) {
		w->stop = SIM_STOP_LIMIT;
		snprintf(w->stop_msg, sizeof(w->stop_msg),
			 "step limit (%u) reached: a loop the explorer cannot see the end of, or a scenario too large for the limit",
			 w->max_steps);
		coop_abandon(t);
	}
	next = w->probing ? sim_default_pick(w) :
			    w->policy.pick(w, w->policy.data);
	if (next < 0) {
		/*
		 * Nobody can move: the run is over.  The driver may still
		 * pick this thread again, when it probes for lost wake-ups.
		 */
		coop_switch(t, NULL);
		if (w->stop)
			coop_abandon(t);
		return;
	}
	if (next != t->tid)
		coop_switch(t, &w->threads[next]);
}

static long coop_exec(struct sim_world *w, struct sim_thread *t)
{
	struct sim_op_done done = { .arg2 = t->op.arg2, .changed = true };
	const struct sim_event *shared;
	unsigned int enabled;
	struct sim_event *ev;
	int kind = t->op.kind;
	long ret;

	w->step++;
	/* who could go: the last run's answer, if it ran this very step */
	shared = shared_event(w, t);
	enabled = shared ? shared->enabled : sim_enabled_mask(w);
	if (!w->probing)
		w->run_steps = w->step;
	t->nsteps++;
	op_retired(w, t);
	ret = sim_world_ops->op_exec(w, t, &done);
	w->enabled_valid = false;
	if (unlikely(w->trace.nr == w->trace.cap))
		sim_trace_grow(&w->trace);
	ev = &w->trace.ev[w->trace.nr++];
	/*
	 * Every field stored one by one, the padding's included (struct
	 * sim_event has none the compiler adds): a compound literal came out
	 * as "rep stos" and then the stores, and the string instruction's
	 * start-up cost was a third of the point's.
	 */
	ev->type = SIM_EV_OP;
	ev->tid = t->tid;
	ev->kind = kind;
	ev->probe = w->probing;
	ev->enabled = enabled;
	ev->changed = done.changed;
	ev->hidden = 0;
	ev->step = w->step;
	ev->pad0 = 0;
	ev->site = t->op.site;
	ev->obj = t->op.obj;
	ev->arg = t->op.arg;
	ev->arg2 = done.arg2;
	ev->result = ret;
	ev->fn = done.fn;
	ev->msg = -1;
	ev->woke = done.woke;
	ev->pad1 = 0;
	ev->ns = 0;
	ev->dur = 0;
	w->last_tid = t->tid;
	w->last_yield = sim_op_is_yield(kind);
	if (w->probing && kind == SEAM_FINISH_WAIT)
		sim_oracle_fatal(w, ORACLE_DEADLOCK, t->tid,
				 "lost wake-up: %c slept in wait_event(%s) although its condition was true and nobody was left to wake it",
				 t->letter, t->op.site->what);
	if (w->stop)
		coop_abandon(t);
	return ret;
}

/*
 * A checkpoint is due (DOC: An execution goes on from a checkpoint,
 * ckpt.c): stop, every other coroutine already stopped, while the driver
 * keeps the state; it switches back, or a later execution does.
 */
static void coop_ckpt(struct sim_world *w, struct sim_thread *t)
{
	w->ckpt_tid = t->tid;
	coop_switch(t, NULL);
}

/**
 * sim_coop_publish() - a seam operation in the coop engine, from its
 * parts: published straight into the thread's pending operation, with
 * no copy of it on the way (the machine's seam calls this).
 * @kind: what it does (enum seam_op).
 * @obj: its object.
 * @arg: its first argument.
 * @arg2: its second.
 * @site: where the model wrote it.
 *
 * Return: its result, once the policy has let it run.
 */
long sim_coop_publish(int kind, void *obj, long arg, long arg2,
		      const struct seam_site *site)
{
	struct sim_world *w = sim;
	struct sim_thread *t = sim_self;
	long ret;

	t->in_seam = true;
	t->op.kind = kind;
	t->op.obj = obj;
	t->op.arg = arg;
	t->op.arg2 = arg2;
	t->op.site = site;
	/* before anyone reads it (DOC: A model bug is a verdict, ops.c) */
	if (unlikely(sim_op_obj_bad(&t->op))) {
		t->op.arg2 = t->op.kind;
		t->op.kind = SEAM_BAD;
	}
	t->has_op = true;
	if (sim_op_may_wait(t->op.kind))
		w->op_waits |= 1u << t->tid;
	else
		w->op_ready |= 1u << t->tid;
	w->enabled_valid = false;
	if (w->phase == 0) {
		coop_switch(t, NULL);
	} else {
		if (unlikely(w->ckpt_at) && w->step >= w->ckpt_at &&
		    !w->probing)
			coop_ckpt(w, t);
		coop_schedule(w, t);
	}
	ret = coop_exec(w, t);
	t->in_seam = false;
	return ret;
}

/**
 * sim_coop_op() - a seam operation in the coop engine.
 * @op: the operation.
 *
 * Return: its result, once the policy has let it run.
 */
long sim_coop_op(struct sim_op *op)
{
	return sim_coop_publish(op->kind, op->obj, op->arg, op->arg2,
				op->site);
}

/*
 * sim_coop_thread_body() - a simulated thread's whole life: its body, then
 * handing the CPU on for good.
 */
void sim_coop_thread_body(struct sim_thread *t)
{
	struct sim_world *w = sim;
	struct sim_event *ev;

	/* the top of what a spin-wait's state is (spin.c) */
	t->stack_top = __builtin_frame_address(0);
	t->fn(t->arg);
	t->run = SIM_T_DONE;
	op_retired(w, t);
	ev = sim_trace_add(&w->trace);
	ev->type = SIM_EV_END;
	ev->tid = t->tid;
	ev->probe = w->probing;
	ev->step = w->step;
	sim_world_ops->thread_done(w, t);
	if (w->phase == 0)
		coop_abandon(t);
	coop_schedule(w, t);
	coop_abandon(t);
}

static void coop_thread_main(void)
{
	fiber_arrived(NULL);
#ifdef SIM_TSAN
	sigsetjmp(sim_self->ctx.fiber.restart, 0);
	sim_self->ctx.fiber.gen = fiber_gen;
#endif
	sim_coop_thread_body(sim_self);
}

/* The faulting instruction of a signal's context, where we know how. */
static const void *fault_pc(const void *uc)
{
#if defined(__x86_64__) && defined(REG_RIP)
	return (const void *)((const ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP];
#else
	(void)uc;
	return NULL;
#endif
}

/*
 * A model thread faulted (DOC: A model bug is a verdict, ops.c).  A
 * pointer read from freed memory is 0x6b6b6b6b6b6b6b6b, not a canonical
 * address, and the CPU raises a general protection fault with no address
 * (SI_KERNEL): that is a use-after-free, as the kernel would oops on the
 * same address.  Any other fault of model code (a NULL pointer above all)
 * is the bad-access oracle.  A fault of the simulator's own code (a
 * thread inside its seam operation, or no model thread at all) is the
 * simulator's bug: crash loudly.  The execution ends either way.
 */
static void coop_segv(int sig, siginfo_t *si, void *uc)
{
	struct sim_thread *t = sim_self;
	bool gpf = si->si_code == SI_KERNEL ||
		   ((u64)(uintptr_t)si->si_addr >> 32) == 0x6b6b6b6bUL;

	if (!sim || !t || !(coop_in_run || sim->mode == SIM_MODE_THREADS) ||
	    (!gpf && (t->in_seam || sim->mode == SIM_MODE_THREADS))) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	/* on real threads, the others look at it while this one writes */
	__atomic_store_n(&sim->stop, SIM_STOP_ORACLE, __ATOMIC_RELEASE);
	if (sim->mode == SIM_MODE_THREADS ||
	    sim->substrate == SIM_SUBSTRATE_TURNSTILE) {
		/*
		 * A real thread: it reports the fault itself, once out of
		 * this handler (sim_thread_fault_report()), where it may format
		 * text and grow the trace; here only what it needs is kept.
		 */
		t->fault.addr = si->si_addr;
		t->fault.fn = sim_calls_top(t);
		t->fault.gpf = gpf;
		siglongjmp(t->abort_jmp, 2);
	}
	coop_fault.t = t;
	coop_fault.addr = si->si_addr;
	coop_fault.gpf = gpf;
	coop_fault.pc = fault_pc(uc);
	fiber_leave(&t->ctx, &main_ctx, true);
#ifdef SIM_TSAN
	t->ctx.fiber.resumable = false;	/* its stack is not where it left */
#endif
	siglongjmp(coop_crash_jmp, 1);
}

/**
 * sim_thread_fault_report() - @t, a real thread, faulted in model code
 * (coop_segv() kept where, and jumped to @t's landing): the verdict.
 * @w: the world.
 * @t: the thread.
 *
 * Context: @t's own thread, out of the signal handler.
 */
void sim_thread_fault_report(struct sim_world *w, struct sim_thread *t)
{
	sim_oracle(w, t->fault.gpf ? ORACLE_UAF : ORACLE_BAD_ACCESS, t->tid,
		   "%c faulted at address %p in %s%s", t->letter,
		   t->fault.addr,
		   t->fault.fn ? sim_symbol(t->fault.fn) : "?",
		   t->fault.gpf ?
		   ": a pointer read from freed (poisoned) memory" : "");
}

void sim_install_segv(void)
{
	static bool done;
	static char altstack[64 * 1024];
	struct sigaction sa;
	stack_t ss;

	if (done)
		return;
	done = true;
	ss.ss_sp = altstack;
	ss.ss_size = sizeof(altstack);
	ss.ss_flags = 0;
	sigaltstack(&ss, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = coop_segv;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

/*
 * Run thread @tid until no thread moves, keeping a checkpoint whenever a
 * thread stops for one (coop_ckpt()): the policy says where, and sets
 * when the next one is due.
 */
static void coop_go(struct sim_world *w, int tid)
{
	for (;;) {
		struct sim_ckpt *c;

		w->ckpt_tid = -1;
		coop_switch(NULL, &w->threads[tid]);
		if (w->ckpt_tid < 0)
			return;
		tid = w->ckpt_tid;
		c = w->ckpt_take ? w->ckpt_take(w, w->ckpt_data) : NULL;
		if (c)
			sim_ckpt_save(w, c, tid);
		else
			w->ckpt_at = 0;
	}
}

/* Run until no thread moves; used for the run itself and for the probe. */
static void coop_drive(struct sim_world *w)
{
	int next;

	if (w->stop)
		return;
	next = w->probing ? sim_default_pick(w) :
			    w->policy.pick(w, w->policy.data);
	if (next >= 0)
		coop_go(w, next);
}

/*
 * Lost wake-ups: a daemon asleep at the end of the run is woken once,
 * spuriously.  If it then leaves its wait loop, its condition had been
 * true with nobody left to wake it (see coop_exec()).
 */
static void coop_probe(struct sim_world *w)
{
	bool any = false;
	int i;

	for (i = 0; i < w->nthreads; i++) {
		if (sim_world_ops->probe_wake(w, &w->threads[i])) {
			w->enabled_valid = false;
			any = true;
		}
	}
	if (!any)
		return;
	w->probing = true;
	coop_drive(w);
	w->probing = false;
}

/**
 * sim_run_coop() - one execution of @w under @policy.
 * @w: a built world.
 * @policy: who runs at each step.
 *
 * Return: 1 if an oracle fired, else 0.
 */
int sim_run_coop(struct sim_world *w, struct sim_policy policy)
{
	return sim_run_coop_from(w, policy, NULL);
}

/**
 * sim_run_coop_from() - one execution of @w under @policy, going on from
 * checkpoint @c, or from the start (NULL).
 * @w: a built world.
 * @policy: who runs at each step after @c's.
 * @c: kept of an execution whose steps up to @c's this one repeats
 *     (DOC: An execution goes on from a checkpoint, ckpt.c); only where
 *     sim_ckpt_supported().
 *
 * Return: 1 if an oracle fired, else 0.
 */
int sim_run_coop_from(struct sim_world *w, struct sim_policy policy,
		      const struct sim_ckpt *c)
{
	int i;

	sim_install_segv();
	if (c)
		sim_ckpt_restore(w, c);
	else
		sim_world_reset(w);
	sim = w;
	w->mode = SIM_MODE_COOP;
	w->policy = policy;
	w->phase = c ? 1 : 0;
	if (w->substrate == SIM_SUBSTRATE_TURNSTILE) {
		/* its threads are real: none may read the names first */
		sim_symbols_load();
		sim_turnstile_start(w);
	} else if (!c)
		for (i = 0; i < w->nthreads; i++) {
#ifdef SIM_TSAN
			if (w->threads[i].ctx.fiber.resumable)
				continue;	/* DOC: A TSan fiber serves ... */
#endif
			sim_ctx_init(&w->threads[i].ctx, w->threads[i].stack,
				     SIM_STACK_SIZE, coop_thread_main);
		}
#ifdef SIM_TSAN
	fiber_gen++;
#endif
#ifdef SIM_ASAN
	main_ctx.fiber.stack = NULL;	/* whichever OS thread runs this */
#endif
#ifdef SIM_TSAN
	main_ctx.fiber.tsan = __tsan_get_current_fiber();
#endif

	coop_in_run = 1;
	coop_fault.t = NULL;
	/*
	 * The signal mask is not saved (a system call per execution): the
	 * handler blocks nothing (SA_NODEFER, no sa_mask), so the mask it
	 * jumps back with is the one this started with.
	 */
	if (sigsetjmp(coop_crash_jmp, 0)) {
		/* back from a fault in a coroutine (coop_segv()) */
		fiber_arrived(&main_ctx);
		sim_world_ops->fault(w, coop_fault.t, coop_fault.addr,
				     coop_fault.gpf, coop_fault.pc);
	} else {
		if (c) {
			coop_go(w, c->tid);
		} else {
			for (i = 0; i < w->nthreads && !w->stop; i++)
				coop_switch(NULL, &w->threads[i]);
			w->phase = 1;
			coop_drive(w);
		}
		if (!w->stop)
			coop_probe(w);
	}
	coop_in_run = 0;
	sim_self_set(NULL);
	if (w->substrate == SIM_SUBSTRATE_TURNSTILE)
		sim_turnstile_stop(w);
	sim_world_ops->end_of_run(w);
	w->mode = SIM_MODE_IDLE;
	return w->verdict.fired ? 1 : 0;
}
