/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/world/kernel.h - the world's own header: what it keeps of the
 * kernel it built, and its parts' interfaces to one another
 *
 * Simulator-only, and the world's alone (DOC: The simulator's layers,
 * engine/engine.h): it names the kernel's types, so only the world, the
 * benchmarks, the labs' grader and the tests include it; the engine, the
 * explorer and the renderers reach the world through struct
 * sim_world_ops.
 */
#ifndef _SIM_WORLD_KERNEL_H
#define _SIM_WORLD_KERNEL_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <reaplab/era.h>
#include <reaplab/boot.h>
#include "world.h"

struct mm_struct;

#define SIM_MAX_KILLS		16
#define SIM_MAX_MMS		8

/* What the spurious-kill oracle remembers of an OOM kill. */
struct sim_kill {
	struct task_struct *task;
	struct mm_struct *mm;
	unsigned int step;
	int tid;
	bool reaped;	/* the OOM reaper reported its mm reaped */
};

/**
 * struct sim_kernel - what the world keeps of the kernel it built (w->k):
 * what the scenario made, for its oracles, and their bookkeeping.
 */
struct sim_kernel {
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

	/* --- per execution --- */
	int nkills;
	struct sim_kill kills[SIM_MAX_KILLS];
	int nspurious;
	struct { int kill, prev; long rss; } spurious[SIM_MAX_KILLS];
	long allocated_pages;	/* pages the allocator got and keeps */
	int alloc_failed;	/* allocations that gave up (oom-lockup) */
	unsigned int alloc_order;	/* A's allocation order; 0: order 1 */
};

/* seam.c: the machine the model runs on (asm/machine.h) */
void sim_seam_register(void);
/* race.c: the data-race oracle */
struct seam_machine;
void sim_race_register(struct seam_machine *m);
void sim_race_reset(struct sim_world *w);
bool sim_race_resumable(const struct sim_world *w);
void sim_race_ignored(int *depth);
void sim_race_set_ignored(const int *depth);
/* the steps this run shares with the last, which the oracle has already */
extern unsigned int sim_race_shared;
/* the oracle looks in this execution: steps call sim_race_op() */
extern bool sim_race_active;
void sim_race_resume(struct sim_world *w);
void sim_race_end(struct sim_world *w);
void sim_race_op(struct sim_world *w, struct sim_thread *t,
		 const struct sim_op *op, long ret, bool changed, u16 woke);
/* program.c */
void world_assert_failed(const char *cond, const char *file, int line);

/* world.c */
void sim_end_of_run(struct sim_world *w);
extern const struct sim_world_ops sim_kernel_ops;

/* spin.c */
extern const u8 sim_spin_kind[SEAM_NR_OPS];
long sim_spin_enter(struct sim_op *op);
long sim_spin_op(struct sim_op *op, const unsigned long *regs);
bool sim_await_ready(const struct sim_world *w, const struct sim_op *op);

/* the order of the allocating task A's allocation */
static inline unsigned int sim_alloc_order(const struct sim_world *w)
{
	return w->k->alloc_order ? w->k->alloc_order : 1;
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
 * May @t's operation of @kind head a spin-wait loop (sim_spin_kind: a
 * read, a relax, an await, a trylock or a lock)?  A wait_event()'s
 * condition never is: its loop is.
 */
static inline bool sim_spin_may_head(const struct sim_thread *t, int kind)
{
	return sim_spin_kind[kind] && !t->spin_wait;
}

/*
 * sim_spin_candidate() - is @op, which may head a loop
 * (sim_spin_may_head()), a read @t already made since its last write, so
 * that it may be the head of a spin-wait loop?  Remembers it otherwise.
 * Cheap: one slot looked at.
 */
static inline bool sim_spin_candidate(struct sim_thread *t,
				      const struct sim_op *op)
{
	struct sim_spin_slot *s;

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


/* The word an operation acts on, as wide as its site says. */
static inline long sim_word_load(const void *p, int size)
{
	switch (size) {
	case 1:
		return *(const u8 *)p;
	case 2:
		return *(const u16 *)p;
	case 4:
		return *(const u32 *)p;
	default:
		return *(const long *)p;
	}
}

static inline bool sim_op_is_mem(int kind)
{
	return kind >= SEAM_ATOMIC_READ && kind <= SEAM_WRITE_ONCE;
}

static inline bool sim_op_is_lock(int kind)
{
	return kind >= SEAM_SPIN_LOCK && kind <= SEAM_DOWNGRADE_WRITE;
}

/* ops.c: the semantics of every operation, shared by boot and coop */
bool sim_op_obj_bad_slow(const struct sim_op *op);
void sim_op_bad(struct sim_world *w, struct sim_thread *t,
		const struct sim_op *op);
void sim_fault_report(struct sim_world *w, struct sim_thread *t,
		      const void *addr, bool gpf, const void *pc);
bool world_op_enabled(struct sim_world *w, struct sim_thread *t);
long sim_op_exec(struct sim_world *w, struct sim_thread *t,
		 const struct sim_op *op);
long sim_op_step(struct sim_world *w, struct sim_thread *t,
		 struct sim_op_done *done);
void sim_held_check_exit(struct sim_world *w, struct sim_thread *t);
void sim_oracle_zero_page(struct sim_world *w, struct sim_thread *t,
			  struct mm_struct *mm, unsigned long addr);
void sim_might_sleep(struct sim_world *w, struct sim_thread *t,
		     const char *what, const struct seam_site *site);

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

/*
 * The trace buffer a running thread appends to: the world's in the coop
 * engine, the thread's own in the threads engine (merged by time after
 * the iteration).
 */
struct sim_trace *sim_trace_of(struct sim_thread *t);
u64 sim_trace_ns(void);

/* oracle.c */
void sim_oracle_mark_victim(struct sim_world *w, struct task_struct *tsk);
/* What an observe step (SEAM_OBSERVE) looks at: its @arg. */
enum { SIM_OBSERVE_MARK_VICTIM, SIM_OBSERVE_MRELEASE, SIM_OBSERVE_REAPED };
void sim_oracle_observe(struct sim_world *w, const struct sim_op *op);
void sim_oracle_mrelease_returned(struct sim_world *w, long ret);
void sim_oracle_oom_reaped(struct sim_world *w, struct mm_struct *mm);
void sim_oracle_end(struct sim_world *w);
void sim_oracle_booted(struct sim_world *w);
long sim_mm_rss(struct mm_struct *mm);

/* names.c: how the trace writes objects and operations */
const char *sim_lock_name(const struct sim_op *op);

/*
 * The name the initialiser of the live lock at @obj recorded, for a lock
 * operation @kind (the kinds go by lock type: spinlock_t, struct mutex,
 * struct rw_semaphore; the name is where each type has it).
 */
static inline const char *sim_lock_name_of(int kind, const void *obj)
{
	if (kind <= SEAM_SPIN_UNLOCK)
		return ((const spinlock_t *)obj)->name;
	if (kind <= SEAM_MUTEX_UNLOCK)
		return ((const struct mutex *)obj)->name;
	return ((const struct rw_semaphore *)obj)->name;
}
void world_op_text(const struct sim_event *ev, char *buf, size_t len);
void world_op_brief(const struct sim_event *ev, char *buf, size_t len);
void world_pending_text(const struct sim_op *op, char *buf, size_t len);
void world_what(const struct sim_event *ev, char *buf, size_t len);

/* spin.c (sim_world_ops) */
bool world_spin_cycle(const struct sim_world *w, const struct sim_thread *t,
		      unsigned int *first, unsigned int *last);
void world_await_text(const struct sim_world *w, const struct sim_op *op,
		      char *buf, size_t len);

/* dep.c: what the dependency relation needs of the kernel's objects */
bool world_dep_locate(const struct sim_world *w, const struct sim_op *op,
		      bool pending, struct sim_dep_ev *d);

#endif /* _SIM_WORLD_KERNEL_H */
