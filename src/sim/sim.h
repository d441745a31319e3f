/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/sim.h - the simulator: engines, arena, trace, oracles
 *
 * Simulator-only code: it runs the model, it is not the model.  Names here
 * carry a sim_ prefix (or name simulator concepts: schedule, policy,
 * oracle) so they are never mistaken for kernel code.
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
#ifndef _SIM_SIM_H
#define _SIM_SIM_H

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <linux/types.h>
#include <asm/seam.h>
#include <reaplab/era.h>
#include <reaplab/boot.h>
#include "sanitizer.h"

struct task_struct;
struct mm_struct;

#define SIM_MAX_THREADS		8
#define SIM_MAX_DEPTH		64
#define SIM_MAX_HELD		16
#define SIM_MAX_KILLS		16
#define SIM_MAX_MMS		8
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
const char *sim_op_name(int kind);

/* --- threads ---------------------------------------------------------- */

enum sim_run {
	SIM_T_READY,		/* has a pending operation (or will have) */
	SIM_T_DONE,		/* its body returned */
	SIM_T_PARKED,		/* blocked forever on purpose (stuck scenario) */
};

#define SIM_T_DAEMON	0x1	/* a kthread: may sleep idle at the end */

/* --- spin-waits (spin.c, DOC: Spin-waits are awaits) --------------- */

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
	int state;		/* the task state: TASK_RUNNING, ... */
	struct sim_op op;	/* the pending operation */
	unsigned int nsteps;
	int nheld;
	struct sim_held held[SIM_MAX_HELD];
	int depth;
	void *frames[SIM_MAX_DEPTH];

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
	sigjmp_buf abort_jmp;
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
	const struct seam_site *site;
	const void *obj;
	long arg;
	long arg2;
	long result;
	const void *fn;
	int msg;
	u16 woke;	/* a wake-up: the threads it woke (dep.c) */
	u64 ns;
	u64 dur;
};

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
 * @msg: what it saw.
 */
struct sim_hit {
	unsigned int step;
	int tid;
	const char *fn;
	const char *file;
	int line;
	const void *pc;
	char msg[384];
};

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

const char *sim_oracle_name(int oracle);
int sim_oracle_by_name(const char *name);
char *sim_oracles_text(unsigned int fired, bool na, char *buf, size_t len);
char *sim_expectation_text(unsigned int found, bool na, unsigned int expect,
			   char *buf, size_t len);

/* What the spurious-kill oracle remembers of an OOM kill. */
struct sim_kill {
	struct task_struct *task;
	struct mm_struct *mm;
	unsigned int step;
	int tid;
	bool reaped;	/* the OOM reaper reported its mm reaped */
};

/* --- scenarios -------------------------------------------------------- */

/**
 * struct sim_params - the sizes of a scenario (`-o key=value`).
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

struct sim_world;

/**
 * struct sim_scenario - who runs, and what the victim owns.
 * @name: "oom", "proc-reader", "mrelease", "stuck".
 * @id: enum reaplab_scenario.
 * @summary: one line for --help.
 * @defaults: default sizes.
 * @build: boot the model and create the threads.
 * @check: end-of-run oracles particular to the scenario, or NULL.
 */
struct sim_scenario {
	const char *name;
	enum reaplab_scenario id;
	const char *summary;
	struct sim_params defaults;
	int (*build)(struct sim_world *w);
	void (*check)(struct sim_world *w);
};

extern const struct sim_scenario *const sim_scenarios[SCN_NR];
/* program.c: a program's threads (reaplab/program.h), not one of the above */
extern const struct sim_scenario sim_program_scenario;
/* proc-reader with a kernel thread as the reader: the fix labs' own */
extern const struct sim_scenario sim_kthread_reader_scenario;
/* a lab's own scenarios (.id SCN_NR, as a program's), NULL-ended, or NULL */
extern const struct sim_scenario *const *sim_lab_scenarios;
const struct sim_scenario *sim_scenario_by_name(const char *name);
int sim_params_set(struct sim_params *p, const char *kv, char *err,
		   size_t errlen);
void sim_params_format(const struct sim_params *p, char *buf, size_t len);
int sim_params_check(const struct sim_scenario *scn,
		     const struct sim_params *p, char *err, size_t errlen);

/* --- policies --------------------------------------------------------- */

/*
 * A policy picks the thread whose pending operation runs next.  It returns
 * a thread number, or -1 to end the execution (then it sets w->stop).
 */
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

/* --- the world -------------------------------------------------------- */

struct sim_snapshot {
	void *model_data;
	void *arena;
	size_t arena_len;
	void *objs;
	size_t nobjs;
	unsigned int type_count[32];
	unsigned long nfreed;
};

/**
 * struct sim_world - one era running one scenario.
 */
struct sim_world {
	const struct era *era;
	const struct sim_scenario *scn;
	struct sim_params params;
	int nthreads;
	struct sim_thread threads[SIM_MAX_THREADS];
	/*
	 * coop: who can run, computed once per step (the policy asks, then
	 * the step's event records it); anything that can change it clears
	 * enabled_valid.
	 */
	unsigned int enabled_cache;
	bool enabled_valid;
	struct task_struct *boot_current;

	/*
	 * a program's final assertion, copied from its table when the world
	 * is built: what judges an execution is the simulator's own
	 */
	void (*program_check)(void);

	/* what the scenario built, for its oracles */
	struct task_struct *victim;
	struct task_struct *candidate;
	struct task_struct *allocator;
	int nmms;
	struct mm_struct *mms[SIM_MAX_MMS];
	const char *mm_owner[SIM_MAX_MMS];
	const void *mm_aio[SIM_MAX_MMS];	/* each one's AIO table, as built */
	struct task_struct *mm_task[SIM_MAX_MMS];	/* the task it was built for */
	long mm_locked[SIM_MAX_MMS];	/* pages of its VM_LOCKED VMAs, as built */
	unsigned long total_pages;
	/* every frame's _mapcount starts at -1: the rmap check can run */
	bool mapcounts;
	size_t boot_objs;	/* arena objects boot allocated (the kernel's) */
	int npt;
	const void *pt[256];
	struct mm_struct *pt_mm[256];

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
	enum sim_stop stop;
	char stop_msg[512];
	struct sim_policy policy;
	struct sim_trace trace;
	struct sim_verdict verdict;
	int nkills;
	struct sim_kill kills[SIM_MAX_KILLS];
	int nspurious;
	struct { int kill, prev; long rss; } spurious[SIM_MAX_KILLS];
	long allocated_pages;	/* pages the allocator got and keeps */
	int alloc_failed;	/* allocations that gave up (oom-lockup) */
	unsigned int alloc_order;	/* A's allocation order; 0: order 1 */
	/* what the spin-waits of this execution wait on (spin.c) */
	unsigned int nwatch;
	struct sim_watch watch[SIM_AWAIT_LOG];
};

extern struct sim_world *sim;
extern __thread struct sim_thread *sim_self;
/*
 * Set by the command line's SIGINT handler: long searches and loops stop
 * at their next check and report what they did so far.
 */
extern volatile sig_atomic_t sim_interrupted;

/* world.c */
int sim_world_build(struct sim_world *w, const struct era *era,
		    const struct sim_scenario *scn,
		    const struct sim_params *params, char *err, size_t errlen);
void sim_world_free(struct sim_world *w);
void sim_world_reset(struct sim_world *w);
int sim_thread_create(struct sim_world *w, char letter, const char *name,
		      int (*fn)(void *), void *arg, struct task_struct *task,
		      unsigned int flags);
struct sim_thread *sim_thread_by_letter(struct sim_world *w, char letter);
void sim_end_of_run(struct sim_world *w);

void sim_thread_end_tick(struct sim_thread *t);

/* spin.c */
extern const u8 sim_spin_kind[SEAM_NR_OPS];
long sim_spin_enter(struct sim_op *op);
long sim_spin_op(struct sim_op *op, const unsigned long *regs);
bool sim_await_ready(const struct sim_world *w, const struct sim_op *op);
bool sim_spin_cycle(const struct sim_world *w, const struct sim_thread *t,
		    unsigned int *first, unsigned int *last);
void sim_await_text(const struct sim_world *w, const struct sim_op *op,
		    char *buf, size_t len);

/* the order of the allocating task A's allocation */
static inline unsigned int sim_alloc_order(const struct sim_world *w)
{
	return w->alloc_order ? w->alloc_order : 1;
}

/*
 * sim_spin_ran() - @t's operation @op ran and returned @ret; @neutral: it
 * changed nothing another thread can see (a store of the value the word
 * held, a set_current_state() to the state the task is in, a schedule()
 * that did not sleep, a timed sleep).  Unless it was a read (or a
 * cpu_relax(), a trylock that failed, or a neutral operation), the reads
 * since the last write are forgotten.  A lock taken with nothing held
 * since the last write opens a bracket that its release closes: a turn
 * may take and drop a lock around what it reads (DOC: Spin-waits are
 * awaits).  So does a prepare_to_wait() that its finish_wait() ends
 * with no sleep in between: a wait_event() whose condition was true.
 */
static inline void sim_spin_ran(struct sim_thread *t, const struct sim_op *op,
				long ret, bool neutral)
{
	u8 k = sim_spin_kind[op->kind];

	if (op->kind == SEAM_PREPARE_TO_WAIT && !t->spin_wait) {
		t->spin_wait = op->obj;
		return;
	}
	if (op->kind == SEAM_FINISH_WAIT && t->spin_wait == op->obj) {
		t->spin_wait = NULL;
		return;
	}
	if (k == 3) {
		if (!t->spin_bracket) {
			t->spin_bracket = op->obj;
			return;
		}
	} else if (t->spin_bracket == op->obj &&
		   (op->kind == SEAM_SPIN_UNLOCK ||
		    op->kind == SEAM_MUTEX_UNLOCK)) {
		t->spin_bracket = NULL;
		return;
	} else if (neutral || (k && !(k == 2 && ret))) {
		return;
	}
	t->spin_gen++;
	t->spin_bracket = NULL;
	t->spin_wait = NULL;
}

/*
 * sim_spin_candidate() - is @op a read @t already made since its last
 * write, so that it may be the head of a spin-wait loop?  Remembers it
 * otherwise.  Cheap: one slot looked at.
 */
static inline bool sim_spin_candidate(struct sim_thread *t,
				      const struct sim_op *op)
{
	struct sim_spin_slot *s;

	/* a wait_event()'s condition is never a loop's head: its loop is */
	if (!sim_spin_kind[op->kind] || t->spin_wait)
		return false;
	s = &t->spin_seen[((uintptr_t)op->site >> 3) % SIM_SPIN_SLOTS];
	if (s->gen == t->spin_gen && s->site == op->site &&
	    s->obj == op->obj && s->arg == op->arg)
		return true;
	s->site = op->site;
	s->obj = op->obj;
	s->arg = op->arg;
	s->gen = t->spin_gen;
	s->at = t->nsteps;
	return false;
}

/* coop.c */
void sim_coop_thread_body(struct sim_thread *t);
int sim_run_coop(struct sim_world *w, struct sim_policy policy);
void sim_install_segv(void);
long sim_coop_op(struct sim_op *op);
bool sim_enabled(struct sim_world *w, int tid);
unsigned int sim_enabled_mask(struct sim_world *w);
int sim_default_pick(struct sim_world *w);
void sim_describe_blocked(struct sim_world *w, int tid, char *buf, size_t len);
void sim_blocker_text(const struct sim_world *w, int tid, char *buf,
		      size_t len);
bool sim_thread_stuck(const struct sim_world *w, const struct sim_thread *t);

/*
 * struct sim_word - what an operation's object held before it ran, to tell
 * afterwards whether it changed anything (see dep.c).
 */
struct sim_word {
	long value;
	long extra;
	unsigned long waiters;
	bool valid;
};

void sim_word_save(const struct sim_op *op, struct sim_word *w);
bool sim_word_changed(const struct sim_op *op, const struct sim_word *w);

/* ops.c: the semantics of every operation, shared by boot and coop */
bool sim_op_obj_bad_slow(const struct sim_op *op);

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
 * verdict, ops.c)?  An object in the arena or among the globals, which
 * is nearly every one, is answered in a few instructions.
 */
static inline bool sim_op_obj_bad(const struct sim_op *op)
{
	uintptr_t a = (uintptr_t)op->obj;

	if (__builtin_expect(a - sim_arena_lo < sim_arena_len, 1) ||
	    __builtin_expect(a - (uintptr_t)__executable_start <
			     (uintptr_t)(_end - __executable_start), 1))
		return false;
	return sim_op_obj_bad_slow(op);
}
void sim_op_bad(struct sim_world *w, struct sim_thread *t,
		const struct sim_op *op);
void sim_fault_report(struct sim_world *w, struct sim_thread *t,
		      const void *addr, bool gpf, const void *pc);
bool sim_op_enabled(struct sim_world *w, struct sim_thread *t,
		    const struct sim_op *op);
long sim_op_exec(struct sim_world *w, struct sim_thread *t,
		 const struct sim_op *op);
void sim_held_check_exit(struct sim_world *w, struct sim_thread *t);
void sim_oracle_zero_page(struct sim_world *w, struct sim_thread *t,
			  struct mm_struct *mm, unsigned long addr);
void sim_might_sleep(struct sim_world *w, struct sim_thread *t,
		     const char *what, const struct seam_site *site);

/* arena.c */
void sim_arena_init(void);
void sim_arena_reset(void);
void *sim_arena_alloc(size_t size, const char *type);
struct sim_obj;
const struct sim_obj *sim_obj_of(const void *addr);
bool sim_obj_freed(const struct sim_obj *o);
void sim_obj_range(const struct sim_obj *o, uintptr_t *start, size_t *len);
const char *sim_obj_type(const struct sim_obj *o);
bool sim_addr_freed(const void *addr);
int sim_obj_free(const void *addr, int tid, unsigned int step,
		 const struct seam_site *site);
void sim_obj_describe(const void *addr, char *buf, size_t len);
void sim_obj_describe_free(const void *addr, char *buf, size_t len);
size_t sim_arena_live(const char *type);

/* fields.c: a field of a model object, by name, from its offset */
/**
 * struct sim_field - one member of a model struct, as fields.c states it.
 * @name: the member's name ("" for an array allocated whole).
 * @off: offsetof() it, in this build's ABI.
 * @size: sizeof() it (an array's, or huge for a flexible one).
 * @align: its alignment, for the test that a layout covers its struct.
 * @elem: for an array, its element's size (0: not an array).
 * @sub: the member's own layout, when a struct worth naming inside.
 */
struct sim_field {
	const char *name;
	size_t off, size, align, elem;
	const struct sim_layout *sub;
};

/**
 * struct sim_layout - the members of one struct.
 * @type: the arena's name for objects of this layout.
 * @size: sizeof() the struct.
 * @align: its alignment.
 * @fields: its members, in declaration order.
 * @nfields: how many.
 */
struct sim_layout {
	const char *type;
	size_t size, align;
	const struct sim_field *fields;
	size_t nfields;
};
const struct sim_layout *sim_layout_at(size_t i);
void sim_field_name(const char *type, size_t off, char *buf, size_t len);
size_t sim_arena_nobjs(void);
void sim_arena_snapshot(struct sim_snapshot *s);
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
void sim_model_data_init(void);

/*
 * The trace buffer a running thread appends to: the world's in the coop
 * engine, the thread's own in the threads engine (merged by time after
 * the iteration).
 */
struct sim_trace *sim_trace_of(struct sim_thread *t);
u64 sim_trace_ns(void);

/* trace.c */
void sim_trace_reset(struct sim_trace *t);
void sim_trace_free(struct sim_trace *t);
struct sim_event *sim_trace_add(struct sim_trace *t);
int sim_trace_text(struct sim_trace *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int sim_trace_vtext(struct sim_trace *t, const char *fmt, va_list ap);
const char *sim_trace_msg(const struct sim_trace *t, int msg);

/* oracle.c */
void sim_oracle(struct sim_world *w, int oracle, int tid, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void sim_oracle_fatal(struct sim_world *w, int oracle, int tid,
		      const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void sim_oracle_mark_victim(struct sim_world *w, struct task_struct *tsk);
/* What an observe step (SEAM_OBSERVE) looks at: its @arg. */
enum { SIM_OBSERVE_MARK_VICTIM, SIM_OBSERVE_MRELEASE, SIM_OBSERVE_REAPED };
void sim_oracle_observe(struct sim_world *w, const struct sim_op *op);
void sim_oracle_mrelease_returned(struct sim_world *w, long ret);
void sim_oracle_oom_reaped(struct sim_world *w, struct mm_struct *mm);
void sim_oracle_end(struct sim_world *w);
void sim_oracle_booted(struct sim_world *w);
long sim_mm_rss(struct mm_struct *mm);

/* symbols.c: names of model functions and globals, from our own ELF */
const char *sim_symbol(const void *addr);
void sim_symbol_add(const void *addr, const char *name);
bool sim_source_line(const void *pc, const char **file, int *line);

/* names.c: how the trace writes objects and operations */
void sim_what(const struct sim_event *ev, char *buf, size_t len);
const char *sim_lock_name(const struct sim_op *op);
void sim_op_text(const struct sim_event *ev, char *buf, size_t len);
void sim_op_brief(const struct sim_event *ev, char *buf, size_t len);
void sim_pending_text(const struct sim_op *op, char *buf, size_t len);

/*
 * the eras linked into this binary (src/sim/eras.c); a lab's binary also
 * has its own, found by name only (NULL-terminated)
 */
extern const struct era *const sim_eras[];
extern const int sim_nr_eras;
extern const struct era *const sim_lab_eras[];
const struct era *sim_era_by_name(const char *name);
bool sim_era_data(const struct era *era, char **begin, char **end);
void sim_era_data_register(const struct era *era, char *begin, char *end);
const struct era *sim_era_parent(const struct era *era);

#endif /* _SIM_SIM_H */
