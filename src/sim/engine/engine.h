/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/engine/engine.h - the engine: simulated threads, the steps they
 * take, the trace they leave, what an execution found
 *
 * Simulator-only.  Names here carry a sim_ prefix (or name simulator
 * concepts: schedule, policy, oracle) so they are never mistaken for
 * kernel code.
 *
 * DOC: The simulator's layers
 *
 * src/sim/ is four folders, each with a header that is its interface,
 * and its arrows run one way:
 *
 *     src/cli, src/bench, the book's tools
 *          |                 |
 *          v                 v
 *     explore/  ------->  render/        search schedules; draw runs
 *          \                /
 *           v              v
 *             engine/    <------------  world/
 *     threads, steps, trace,            the kernel's objects, the
 *     memory, verdicts                  seam the model calls, oracles
 *                                            |
 *                                            v
 *                               the model: src/mm, src/kernel, ...
 *
 * The engine, the explorer and the renderers know the model only by
 * what it exports (src/include/uapi/: the seam's operations and where
 * they were written, what an era declares), and they are compiled with
 * no other include path into it, so a linux/ or asm/ header there does
 * not build.  A thread is an opaque pointer to them (@task below is a
 * struct they never see inside).  The world is the one place where
 * simulator code meets kernel types: it builds the kernel's objects,
 * implements the seam, runs each operation and judges each state, and
 * the engine, the explorer and the renderers reach what only the world
 * can answer through one table of functions it registers, struct
 * sim_world_ops.
 *
 * DOC: One execution
 *
 * A world is one era running one scenario.  Building it boots the model
 * (start_kernel() and the scenario's processes, with every seam operation
 * executed at once) and takes a snapshot: the era's data section and the
 * arena.  Every execution then starts from that snapshot, so executions are
 * independent and a schedule replays byte for byte.
 *
 * During an execution each simulated thread runs until its next seam
 * operation and stops there with the operation pending.  The policy picks
 * which thread's pending operation executes next; that is one step.  The
 * run ends when no thread can move, when an oracle stops it, or when the
 * policy gives up (a schedule that diverges, a budget).
 */
#ifndef _SIM_ENGINE_H
#define _SIM_ENGINE_H

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <reaplab/seam.h>
#include <reaplab/era.h>
#include "sanitizer.h"

/* The widths the simulator counts in (the model's linux/types.h agrees). */
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif

/* a task of the model: only the world looks inside */
struct task_struct;

#define SIM_MAX_THREADS		8
#define SIM_MAX_HELD		16
#define SIM_STACK_SIZE		(256 * 1024)
/* a thread's name heads its column in every diagram: it is never cut */
#define SIM_THREAD_NAME_MAX	47

/* --- the engines ------------------------------------------------------ */

enum sim_mode {
	SIM_MODE_IDLE,		/* no world running */
	SIM_MODE_BOOT,		/* building a world: operations run at once */
	SIM_MODE_COOP,		/* coroutines on one OS thread */
	SIM_MODE_THREADS,	/* real pthreads */
};

/* How the coop engine switches between simulated threads. */
enum sim_substrate {
	SIM_SUBSTRATE_CORO,	/* hand-written register switch */
	SIM_SUBSTRATE_TURNSTILE,/* one pthread per thread, one baton */
};

/**
 * struct sim_ctx - saved registers of a coroutine (only the stack pointer,
 * first, for switch_x86_64.S: the rest is on the stack), and what the
 * sanitizers know of it (see DOC: The simulator under sanitizers).
 */
struct sim_ctx {
	void *sp;
	struct sim_fiber fiber;
};

void sim_ctx_switch(struct sim_ctx *from, struct sim_ctx *to);
void sim_ctx_stack(struct sim_ctx *ctx, void *stack, size_t size);
void sim_ctx_init(struct sim_ctx *ctx, void *stack, size_t size,
		  void (*entry)(void));
void sim_ctx_free(struct sim_ctx *ctx);

/* --- operations ------------------------------------------------------- */

/**
 * struct sim_op - one seam operation, pending or executed.
 */
struct sim_op {
	u8 kind;		/* enum seam_op */
	void *obj;
	long arg;
	long arg2;
	const struct seam_site *site;
};

/*
 * Op kinds that are sleeps, or cpu_relax(): the default policy switches
 * away after them, and so does a thread that says it waits (CHESS's
 * yields, its fairness), without a preemption.
 */
_Static_assert(SEAM_NR_OPS <= 64, "an op kind is a bit of a u64");

static inline bool sim_op_is_yield(int kind)
{
	return (1ULL << kind) & ((1ULL << SEAM_SCHEDULE_TIMEOUT) |
				 (1ULL << SEAM_RELAX));
}

/*
 * Op kinds that may have to wait (a lock, a sleep, an await): only those
 * ask the world whether they can run now (sim_enabled_mask()); every
 * other operation always can.
 */
static inline bool sim_op_may_wait(int kind)
{
	return (1ULL << kind) & ((1ULL << SEAM_SPIN_LOCK) |
				 (1ULL << SEAM_MUTEX_LOCK) |
				 (1ULL << SEAM_DOWN_READ) |
				 (1ULL << SEAM_DOWN_WRITE) |
				 (1ULL << SEAM_SCHEDULE) |
				 (1ULL << SEAM_PARK) |
				 (1ULL << SEAM_AWAIT));
}
const char *sim_op_name(int kind);

/* --- threads ---------------------------------------------------------- */

enum sim_run {
	SIM_T_READY,		/* has a pending operation (or will have) */
	SIM_T_DONE,		/* its body returned */
	SIM_T_PARKED,		/* blocked forever on purpose (stuck scenario) */
};

#define SIM_T_DAEMON	0x1	/* a kthread: may sleep idle at the end */
#define SIM_T_ASLEEP	0x2	/* starts every execution asleep, in its
				 * first schedule() (kthread_create()) */

/* --- spin-waits (world/spin.c, DOC: Spin-waits are awaits) ----------- */

#define SIM_SPIN_SLOTS	16	/* reads kept since the last write */
#define SIM_AWAIT_MAX	16	/* words one turn of a loop may read */
#define SIM_AWAIT_LOG	2048	/* words watched in one execution */

/* A read a thread made since its last write, or the head of its loop. */
struct sim_spin_slot {
	const struct seam_site *site;
	const void *obj;
	long arg;
	u32 gen;
	unsigned int at;	/* the thread's steps when it was last made */
};

/**
 * struct sim_watch - one word the last turn of a spin-wait read.
 * @obj: the word (or lock, for a trylock that failed).
 * @site: where the loop reads it.
 * @arg: the bit, for test_bit().
 * @value: what the read returned.
 * @kind: the read (enum seam_op).
 * @step: the step that read it.
 */
struct sim_watch {
	const void *obj;
	const struct seam_site *site;
	long arg;
	long value;	/* a lock's: the trace index after the turn's unlock */
	u8 kind;
	u8 tid;		/* the waiting thread */
	unsigned int step;
};

struct sim_held {
	const void *lock;
	u8 kind;		/* the acquiring op */
	bool read;
	const struct seam_site *site;
};

/**
 * struct sim_thread - one simulated kernel thread.
 *
 * The engine owns the first part (its coroutine, its pending operation,
 * its steps); the world keeps its own view of the thread beside it (the
 * task it runs as, its sleep state, the locks it holds, its call stack,
 * its spin-waits), in plain C types, which the engine only resets.
 */
struct sim_thread {
	struct sim_ctx ctx;
	void *stack;
	int tid;
	char letter;
	char name[SIM_THREAD_NAME_MAX + 1];
	unsigned int flags;
	struct task_struct *task;
	int (*fn)(void *arg);
	void *arg;

	/* --- reset at the start of every execution --- */
	u8 run;			/* enum sim_run */
	bool in_seam;		/* coop: in the simulator's side of an operation */
	bool has_op;
	int state;		/* the task state: TASK_RUNNING, ... (world) */
	struct sim_op op;	/* the pending operation */
	unsigned int nsteps;
	int nheld;
	struct sim_held held[SIM_MAX_HELD];
	struct seam_stack calls;	/* kept by the arch's hooks */

	/*
	 * --- spin-waits: valid while spin_gen is the slot's gen (bumped by
	 * every operation that is not a read, and at every reset) ---
	 */
	u32 spin_gen;
	struct sim_spin_slot spin_seen[SIM_SPIN_SLOTS];
	struct sim_spin_slot spin_head;	/* the loop's first read */
	u64 spin_hash;			/* the thread's state there */
	size_t spin_at;			/* the trace when it was there */
	unsigned int spin_step;		/* its steps then */
	const void *spin_bracket;	/* a lock taken in the turn, not
					 * yet released: see sim_spin_ran() */
	const void *spin_wait;		/* a prepare_to_wait() of the turn
					 * not yet finished */
	bool spin_noop;			/* its schedule() will not sleep */
	const void *stack_top;		/* its stack top: its body's frame */

	/* --- threads engine --- */
	void *pth;		/* struct sim_pthread */
	sigjmp_buf abort_jmp;	/* its landing: 1 abandoned, 2 faulted */
	struct {
		const void *addr;	/* the address it faulted at */
		const void *fn;		/* in this model function */
		bool gpf;		/* on a poisoned pointer */
	} fault;		/* reported by sim_thread_fault_report() */
};

/* --- trace ------------------------------------------------------------ */

enum sim_ev_type {
	SIM_EV_OP,		/* a seam operation executed (one step) */
	SIM_EV_ENTER,		/* a model function was entered */
	SIM_EV_EXIT,		/* ... and left */
	SIM_EV_TRACE,		/* a tracepoint or pr_*() */
	SIM_EV_ORACLE,		/* an oracle fired */
	SIM_EV_END,		/* a thread's body returned */
};

/**
 * struct sim_event - one record of the trace.
 * @type: enum sim_ev_type.
 * @tid: the thread.
 * @kind: seam op, tracepoint or oracle number.
 * @probe: recorded while probing for lost wake-ups after the run.
 * @enabled: for SIM_EV_OP, threads that could have run this step (bits).
 * @changed: for SIM_EV_OP, whether the operation changed the word (or
 *	     lock) it acted on: a set_bit() of a set bit did not.
 * @hidden: the renderers leave this event out (a counterexample's
 *	    diagram shows only what happens before the failure).
 * @step: for SIM_EV_OP, the step number (from 1).
 * @site: call site of the operation or tracepoint.
 * @obj: the object.
 * @arg: first argument.
 * @arg2: second argument.
 * @result: what the operation returned.
 * @fn: for SIM_EV_ENTER/EXIT, the function; for a lock operation, the
 *      lock's name when it ran.
 * @msg: offset of a message in the trace's text pool, or -1.
 * @pad0: zero (as @pad1): the struct has no padding of the compiler's.
 * @woke: a wake-up: the threads it woke.
 * @pad1: zero.
 * @ns: threads engine only: nanoseconds since the iteration began, when
 *      the operation was called (before any waiting).
 * @dur: threads engine only: nanoseconds the operation took, waiting
 *       included.
 */
struct sim_event {
	u8 type;
	u8 tid;
	u8 kind;
	u8 probe;
	u16 enabled;
	u8 changed;
	u8 hidden;
	u32 step;
	u32 pad0;		/* zero: no padding of the compiler's */
	const struct seam_site *site;
	const void *obj;
	long arg;
	long arg2;
	long result;
	const void *fn;
	int msg;
	u16 woke;
	u16 pad1;		/* zero */
	u64 ns;
	u64 dur;
};

/*
 * The coop engine stores an event field by field (coop_exec()), and the
 * tests compare traces byte for byte: no byte may be left to the compiler.
 */
_Static_assert(sizeof(struct sim_event) ==
	       6 * sizeof(u8) + 3 * sizeof(u16) + 2 * sizeof(u32) +
	       3 * sizeof(void *) + 3 * sizeof(long) + sizeof(int) +
	       2 * sizeof(u64),
	       "struct sim_event has padding the compiler added");

struct sim_trace {
	struct sim_event *ev;
	size_t nr;
	size_t cap;
	char *text;
	size_t text_len;
	size_t text_cap;
};

/* --- oracles ---------------------------------------------------------- */

/**
 * struct sim_hit - the first time an oracle fired in an execution.
 * @step: the step, or 0 for end-of-run checks.
 * @tid: the thread, or -1.
 * @fn: where a fault of the model was (bad-access, and a use-after-free
 *	found by a fault): the model function, or NULL.
 * @file: its source file, or NULL when unknown.
 * @line: its source line.
 * @pc: the faulting instruction, for a fault in model code (else NULL).
 * @other: a race's other end (the earlier access of a data race, the
 *	free a use-after-free's access races with): its step, or 0.
 * @msg: what it saw.
 */
struct sim_hit {
	unsigned int step;
	unsigned int other;
	int tid;
	const char *fn;
	const char *file;
	int line;
	const void *pc;
	char msg[384];
};

/*
 * sim_hit_printf() - @hit's message, as printf() formats it; one too long
 * for it ends in "...", so that a cut is never silent (the oracles'
 * messages go through it).
 */
__attribute__((format(printf, 2, 3)))
void sim_hit_printf(struct sim_hit *hit, const char *fmt, ...);

/**
 * struct sim_verdict - what an execution found.
 * @fired: bit n set if oracle n fired.
 * @hit: the first hit of each oracle.
 * @na: the scenario cannot exist in this era (a syscall returned ENOSYS).
 */
struct sim_verdict {
	unsigned int fired;
	struct sim_hit hit[ORACLE_NR];
	bool na;
};

/* verdict.c */
const char *sim_oracle_name(int oracle);
int sim_oracle_by_name(const char *name);
char *sim_oracles_text(unsigned int fired, bool na, char *buf, size_t len);
char *sim_expectation_text(unsigned int found, bool na, unsigned int expect,
			   char *buf, size_t len);

/* --- policies --------------------------------------------------------- */

struct sim_world;

/*
 * A policy picks the thread whose pending operation runs next.  It returns
 * a thread number, or -1 to end the execution (then it sets w->stop).
 */
struct sim_ckpt;

struct sim_policy {
	int (*pick)(struct sim_world *w, void *data);
	void *data;
};


enum sim_stop {
	SIM_STOP_NONE,
	SIM_STOP_ORACLE,	/* a fatal oracle fired */
	SIM_STOP_DIVERGED,	/* a schedule could not be followed */
	SIM_STOP_LIMIT,		/* too many steps: a livelock? */
	SIM_STOP_POLICY,	/* the policy ended the run early */
};

/* --- what only the world can answer ------------------------------------ */

struct sim_dep_ev;

/**
 * struct sim_op_done - what the world says of an operation it ran, for the
 * engine's event (struct sim_event has each field's meaning).
 * @fn: the lock's name, for a lock operation.
 * @arg2: the event's second argument (a wake_up()'s waiters).
 * @woke: the threads it woke.
 * @changed: it changed its word or lock.
 */
struct sim_op_done {
	const void *fn;
	long arg2;
	u16 woke;
	bool changed;
};

/**
 * struct sim_world_ops - what the engine, the explorer and the renderers
 * ask of the world (src/sim/world/), which alone knows the kernel's types
 * (DOC: The simulator's layers).  The world registers its table when it
 * builds a world (sim_world_ops below).
 *
 * The coop engine, at every step:
 * @op_enabled: can @t's pending operation run now?  Asked only of kinds
 *	that may wait (sim_op_may_wait()).
 * @op_exec: run @t's pending operation atomically; say in @done what
 *	the trace records of it beyond the operation itself; return the
 *	operation's result.
 * @op_obj_bad: is the object of an operation being published neither in
 *	the arena nor among the globals no object at all (DOC: A model bug
 *	is a verdict)?
 *
 * Around one execution:
 * @reset: back to the snapshot (model data, arena, the world's view of
 *	each thread, its bookkeeping), before the engine's own reset.
 * @thread_done: @t is done (it must hold no lock).
 * @probe_wake: at the end of a run, wake @t spuriously if it is a daemon
 *	asleep in its idle wait (the lost wake-up probe); true if it was.
 * @end_of_run: judge the state the run ended in, cut short or not
 *	(@w->stop says which).
 * @fault: a model thread faulted in its own code.
 *
 * The explorer:
 * @dep_locate: what the dependency relation needs of an operation that
 *	only the kernel's objects can say: @d's object range for a free,
 *	whether a word is an mm's RSS counter, whom a wake-up acts on;
 *	@pending: the operation has not run yet (whom it would wake now).
 *
 * Words, for the renderers and the reports:
 * @op_text: "mutex_trylock(&oom_lock) = 1".
 * @op_brief: the same without the result.
 * @pending_text: a pending operation, as @op_brief writes it.
 * @what: the object an event acted on, by name.
 * @blocker_text: who keeps @tid's pending operation from running.
 * @describe_blocked: why @tid cannot run, in a few words.
 * @thread_stuck: did @t end the run unable to finish, in a way that is a
 *	bug?
 * @await_text: what a pending await waits for.
 * @spin_cycle: the steps of the turn @t's spin-wait repeats.
 * @field_name: the member of an object of @type at offset @off.
 */
struct sim_world_ops {
	bool (*op_enabled)(struct sim_world *w, struct sim_thread *t);
	long (*op_exec)(struct sim_world *w, struct sim_thread *t,
			struct sim_op_done *done);
	bool (*op_obj_bad)(const struct sim_op *op);

	void (*reset)(struct sim_world *w);
	/*
	 * A checkpoint's part the world keeps (ckpt.c): into *@blob, made
	 * or reused; and back, as its reset would have left it and the
	 * steps up to the checkpoint then changed it.  Whether the world
	 * can go on from one in the next run (@same_prefix set): what it
	 * derived from the steps before must not need them to run.
	 */
	bool (*ckpt_ok)(const struct sim_world *w);
	void (*ckpt_save)(struct sim_world *w, void **blob);
	void (*ckpt_restore)(struct sim_world *w, const void *blob);
	void (*thread_done)(struct sim_world *w, struct sim_thread *t);
	bool (*probe_wake)(struct sim_world *w, struct sim_thread *t);
	void (*end_of_run)(struct sim_world *w);
	void (*fault)(struct sim_world *w, struct sim_thread *t,
		      const void *addr, bool gpf, const void *pc);

	bool (*dep_locate)(const struct sim_world *w, const struct sim_op *op,
			   bool pending, struct sim_dep_ev *d);

	void (*op_text)(const struct sim_event *ev, char *buf, size_t len);
	void (*op_brief)(const struct sim_event *ev, char *buf, size_t len);
	void (*pending_text)(const struct sim_op *op, char *buf, size_t len);
	void (*what)(const struct sim_event *ev, char *buf, size_t len);
	void (*blocker_text)(const struct sim_world *w, int tid, char *buf,
			     size_t len);
	void (*describe_blocked)(struct sim_world *w, int tid, char *buf,
				 size_t len);
	bool (*thread_stuck)(const struct sim_world *w,
			     const struct sim_thread *t);
	void (*await_text)(const struct sim_world *w, const struct sim_op *op,
			   char *buf, size_t len);
	bool (*spin_cycle)(const struct sim_world *w, const struct sim_thread *t,
			   unsigned int *first, unsigned int *last);
	void (*field_name)(const char *type, size_t off, char *buf, size_t len);
};

extern const struct sim_world_ops *sim_world_ops;

/* The world's answers, by the names the callers have always used. */
static inline void sim_op_text(const struct sim_event *ev, char *buf,
			       size_t len)
{
	sim_world_ops->op_text(ev, buf, len);
}

static inline void sim_op_brief(const struct sim_event *ev, char *buf,
				size_t len)
{
	sim_world_ops->op_brief(ev, buf, len);
}

static inline void sim_pending_text(const struct sim_op *op, char *buf,
				    size_t len)
{
	sim_world_ops->pending_text(op, buf, len);
}

static inline void sim_what(const struct sim_event *ev, char *buf, size_t len)
{
	sim_world_ops->what(ev, buf, len);
}

static inline void sim_blocker_text(const struct sim_world *w, int tid,
				    char *buf, size_t len)
{
	sim_world_ops->blocker_text(w, tid, buf, len);
}

static inline void sim_describe_blocked(struct sim_world *w, int tid,
					char *buf, size_t len)
{
	sim_world_ops->describe_blocked(w, tid, buf, len);
}

static inline bool sim_thread_stuck(const struct sim_world *w,
				    const struct sim_thread *t)
{
	return sim_world_ops->thread_stuck(w, t);
}

static inline void sim_await_text(const struct sim_world *w,
				  const struct sim_op *op, char *buf,
				  size_t len)
{
	sim_world_ops->await_text(w, op, buf, len);
}

static inline bool sim_spin_cycle(const struct sim_world *w,
				  const struct sim_thread *t,
				  unsigned int *first, unsigned int *last)
{
	return sim_world_ops->spin_cycle(w, t, first, last);
}

/* --- the world -------------------------------------------------------- */

struct sim_snapshot {
	void *model_data;
	void *arena;
	size_t arena_len;
	void *objs;
	size_t nobjs;
	u8 *freed;		/* the arena's freed map */
	unsigned int type_count[32];
	unsigned long nfreed;
	/* what the buffers hold room for (sim_arena_save() keeps them) */
	size_t arena_cap, objs_cap, freed_cap;
};

/**
 * struct sim_ckpt - a coop execution stopped between two steps, kept to
 * go on from in a later execution (ckpt.c).  Its buffers are kept from
 * one use to the next; sim_ckpt_free() frees them.
 * @step: the steps it had run; the policy is asked next for step + 1.
 * @tid: the thread that asks it.
 */
struct sim_ckpt {
	unsigned int step;
	int tid;
	/* the engine's record of the execution */
	size_t trace_nr, text_len;
	unsigned int enabled_cache;
	bool enabled_valid;
	u16 op_ready, op_waits;
	int last_tid;
	bool last_yield;
	unsigned int run_steps;
	unsigned int fired;
	bool na;
	struct sim_hit *hit;		/* ORACLE_NR of them, by oracle */
	unsigned int nwatch, watch_cap;
	struct sim_watch *watch;
	/* each thread's part that changes, and its stack in use */
	void *threads;
	size_t threads_cap;
	char *stacks;
	size_t stack_len[SIM_MAX_THREADS], stacks_cap;
	/* the model's memory: its arena and its data */
	struct sim_snapshot mem;
	void *world;			/* the world's own (sim_world_ops) */
};

/**
 * struct sim_params - the sizes a scenario is built with (`-o key=value`);
 * the world reads them (world/world.h says which scenario takes which).
 */
struct sim_params {
	unsigned long vmas;		/* VMAs of the victim */
	unsigned long pages;		/* pages per VMA */
	unsigned long ptrs_per_pte;
	int retries;			/* MAX_OOM_REAP_RETRIES */
	int alloc_retries;		/* rounds of the allocator's OOM loop */
	unsigned long aio;		/* AIO requests in flight at exit */
	unsigned long jiffy_ns;		/* threads engine: length of a jiffy */
};

/* what the world keeps of the kernel it built (world/kernel.h) */
struct sim_kernel;
/* its scenario (world/world.h) */
struct sim_scenario;

/**
 * struct sim_world - one era running one scenario: the engine's part.
 * @era: the era (its declarations; only the world follows @era->entry).
 * @scn: the scenario (world/world.h).
 * @scn_name: its name, for the renderers.
 * @params: its sizes.
 * @k: what the world keeps of the kernel it built and of its oracles'
 *     bookkeeping (world/kernel.h).
 */
struct sim_world {
	const struct era *era;
	const struct sim_scenario *scn;
	const char *scn_name;
	struct sim_params params;
	struct sim_kernel *k;
	int nthreads;
	struct sim_thread threads[SIM_MAX_THREADS];
	/*
	 * coop: who can run, computed once per step (the policy asks, then
	 * the step's event records it); anything that can change it clears
	 * enabled_valid.
	 */
	unsigned int enabled_cache;
	bool enabled_valid;
	/* threads whose pending operation never waits, and the others */
	u16 op_ready, op_waits;

	struct sim_snapshot snap;
	/* the era's own globals, all an execution can change (NULL: unknown) */
	char *data_begin, *data_end;
	bool built;

	/* --- per execution --- */
	enum sim_mode mode;
	enum sim_substrate substrate;
	bool trace_frames;	/* record function entries for the diagrams */
	bool trace_threads;	/* threads engine: record a timed trace */
	bool trace_text;	/* format pr_*() messages */
	bool probing;
	int phase;		/* 0 prerun, 1 run */
	int last_tid;
	bool last_yield;
	unsigned int step;
	unsigned int run_steps;	/* steps before the lost-wake-up probe */
	unsigned int max_steps;
	/*
	 * Set by a driver before sim_run_coop(), 0 otherwise: this run's
	 * first same_prefix steps repeat the last run's, the one this
	 * driver ran just before (DPOR's backtrack point); the world may
	 * keep what it derived from them rather than derive it again (the
	 * data-race oracle, world/race.c).
	 */
	unsigned int same_prefix;
	/*
	 * Set by a driver for a search whose runs share first steps (DPOR's
	 * and preemption bounding's backtracking): the world keeps, of each
	 * run, what lets the next one skip the steps it shares.
	 */
	bool backtracks;
	/*
	 * Set by the data-race oracle when it stopped looking in this run
	 * (out of room, a clock past 16 bits: DOC: The data-race oracle):
	 * the run then proves nothing about races, and a search that ran it
	 * has no Never to give.
	 */
	bool race_blind;
	enum sim_stop stop;
	char stop_msg[512];
	struct sim_policy policy;
	struct sim_trace trace;
	struct sim_verdict verdict;
	/* what the spin-waits of this execution wait on (world/spin.c) */
	unsigned int nwatch;
	struct sim_watch watch[SIM_AWAIT_LOG];
	/*
	 * Coop, set by a driver: from step @ckpt_at on (0: never) a thread
	 * about to ask the policy stops first (@ckpt_tid) for @ckpt_take to
	 * say where to keep the execution as it stands (NULL: nowhere), with
	 * @ckpt_data; it sets @ckpt_at anew (DOC: An execution goes on from a
	 * checkpoint, ckpt.c).
	 */
	unsigned int ckpt_at;
	int ckpt_tid;
	struct sim_ckpt *(*ckpt_take)(struct sim_world *w, void *data);
	void *ckpt_data;
};

extern struct sim_world *sim;
extern __thread struct sim_thread *sim_self;

/* How many of @t's calls its stack holds (the outermost SEAM_STACK_MAX). */
static inline int sim_calls_kept(const struct sim_thread *t)
{
	return t->calls.depth < SEAM_STACK_MAX ? t->calls.depth :
						 SEAM_STACK_MAX;
}

/* The innermost function @t's stack holds, or NULL. */
static inline const void *sim_calls_top(const struct sim_thread *t)
{
	int d = sim_calls_kept(t);

	return d ? t->calls.frames[d - 1] : NULL;
}

/* @t runs from now on (NULL: no model thread): its stack the hooks keep. */
static inline void sim_self_set(struct sim_thread *t)
{
	sim_self = t;
	seam_stack = t ? &t->calls : NULL;
}
/*
 * Set by the command line's SIGINT handler: long searches and loops stop
 * at their next check and report what they did so far.
 */
extern volatile sig_atomic_t sim_interrupted;

struct sim_thread *sim_thread_by_letter(struct sim_world *w, char letter);
void sim_world_reset(struct sim_world *w);

/* coop.c */
void sim_coop_thread_body(struct sim_thread *t);
int sim_run_coop(struct sim_world *w, struct sim_policy policy);
int sim_run_coop_from(struct sim_world *w, struct sim_policy policy,
		      const struct sim_ckpt *c);

/* ckpt.c */
bool sim_ckpt_supported(const struct sim_world *w);
bool sim_ckpt_usable(const struct sim_world *w);
void sim_ckpt_save(struct sim_world *w, struct sim_ckpt *c, int tid);
void sim_ckpt_restore(struct sim_world *w, const struct sim_ckpt *c);
void sim_ckpt_free(struct sim_ckpt *c);
void sim_install_segv(void);
void sim_thread_fault_report(struct sim_world *w, struct sim_thread *t);
long sim_coop_op(struct sim_op *op);
long sim_coop_publish(int kind, void *obj, long arg, long arg2,
		      const struct seam_site *site);
bool sim_enabled(struct sim_world *w, int tid);
unsigned int sim_enabled_mask(struct sim_world *w);
int sim_default_pick(struct sim_world *w);

/* verdict.c */
void sim_oracle(struct sim_world *w, int oracle, int tid, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void sim_oracle_fatal(struct sim_world *w, int oracle, int tid,
		      const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void sim_oracle_at(struct sim_world *w, int oracle, int tid,
		   unsigned int step, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* arena.c: the arena's reservation, where most model objects live */
extern uintptr_t sim_arena_lo, sim_arena_len;
/* the program's own image: the model's globals are there too */
#ifdef __EMSCRIPTEN__
/* WebAssembly (the player): the data wasm-ld lays out below the heap */
#define __executable_start	__global_base
#define _end			__heap_base
#endif
extern char __executable_start[], _end[];

/*
 * sim_op_obj_bad() - is @op's object no object (DOC: A model bug is a
 * verdict, world/ops.c)?  An object in the arena or among the globals,
 * which is nearly every one, is answered in a few instructions.
 */
static inline bool sim_op_obj_bad(const struct sim_op *op)
{
	uintptr_t a = (uintptr_t)op->obj;

	if (__builtin_expect(a - sim_arena_lo < sim_arena_len, 1) ||
	    __builtin_expect(a - (uintptr_t)__executable_start <
			     (uintptr_t)(_end - __executable_start), 1))
		return false;
	return sim_world_ops->op_obj_bad(op);
}

/* arena.c */
void sim_arena_init(void);
void sim_arena_reset(void);
void *sim_arena_alloc(size_t size, const char *type);
struct sim_obj;
const struct sim_obj *sim_obj_of(const void *addr);
bool sim_obj_freed(const struct sim_obj *o);
void sim_obj_range(const struct sim_obj *o, uintptr_t *start, size_t *len);
const char *sim_obj_type(const struct sim_obj *o);

/*
 * Whether @addr lies in an object the model freed: asked of every
 * operation's object, so answered inline from what arena.c keeps (the
 * frees since the reset, the end of what is allocated, the freed map).
 */
#define SIM_ARENA_GRANULE_SHIFT	4
extern unsigned long sim_arena_nfreed;
extern size_t sim_arena_top;
extern u8 *sim_arena_freed;

static inline bool sim_addr_freed(const void *addr)
{
	uintptr_t off = (uintptr_t)addr - sim_arena_lo;

	if (!__atomic_load_n(&sim_arena_nfreed, __ATOMIC_SEQ_CST) ||
	    off >= sim_arena_top)
		return false;
	return __atomic_load_n(&sim_arena_freed[off >> SIM_ARENA_GRANULE_SHIFT],
			       __ATOMIC_ACQUIRE);
}
int sim_obj_free(const void *addr, int tid, unsigned int step,
		 const struct seam_site *site);
void sim_obj_describe(const void *addr, char *buf, size_t len);
void sim_obj_describe_free(const void *addr, char *buf, size_t len);
size_t sim_arena_live(const char *type);
size_t sim_arena_nobjs(void);
void sim_arena_save(struct sim_snapshot *s);
void *sim_room(void **buf, size_t *cap, size_t len);
void sim_arena_restore(const struct sim_snapshot *s);
void sim_arena_snapshot_free(struct sim_snapshot *s);
bool sim_arena_contains(const void *addr);
bool sim_addr_mapped(const void *addr, size_t len);
void *sim_arena_base(void);
size_t sim_arena_used(void);
/* iterate live objects of a type: returns the start address, or NULL */
const void *sim_arena_next(const char *type, size_t *cursor);

/* model data: the era objects' .data/.bss, one section for all eras */
void sim_model_data_save(void **buf);
void sim_model_data_restore(const void *buf);
void sim_model_data_restore_range(const void *buf, char *begin, char *end);
void sim_model_data_save_range(void **buf, char *begin, char *end);
void sim_model_data_init(void);

/* trace.c */
void sim_trace_reset(struct sim_trace *t);
void sim_trace_free(struct sim_trace *t);
void sim_trace_grow(struct sim_trace *t);

/* A new event at the end of @t, zeroed, with no message. */
static inline struct sim_event *sim_trace_add(struct sim_trace *t)
{
	struct sim_event *ev;

	if (unlikely(t->nr == t->cap))
		sim_trace_grow(t);
	ev = &t->ev[t->nr++];
	*ev = (struct sim_event){ .msg = -1 };
	return ev;
}
int sim_trace_text(struct sim_trace *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int sim_trace_vtext(struct sim_trace *t, const char *fmt, va_list ap);
const char *sim_trace_msg(const struct sim_trace *t, int msg);

/* symbols.c: names of model functions and globals, from our own ELF */
const char *sim_symbol(const void *addr);
void sim_symbols_load(void);
void sim_symbol_add(const void *addr, const char *name);
bool sim_source_line(const void *pc, const char **file, int *line);
int sim_source_lines_serve(void);
pid_t sim_source_lines_pid(void);
bool sim_source_lines_fd(int fd);

/*
 * eras.c: the eras linked into this binary; a lab's binary also has its
 * own, found by name only (NULL-terminated)
 */
extern const struct era *const sim_eras[];
extern const int sim_nr_eras;
extern const struct era *const sim_lab_eras[];
const struct era *sim_era_by_name(const char *name);
bool sim_era_data(const struct era *era, char **begin, char **end);
void sim_era_data_register(const struct era *era, char *begin, char *end);
const struct era *sim_era_parent(const struct era *era);

#endif /* _SIM_ENGINE_H */
