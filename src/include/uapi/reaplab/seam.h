/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/uapi/reaplab/seam.h - the seam's instruction set, as the
 * simulator sees it
 *
 * Models:  nothing in the kernel: reaplab's "architecture" (DOC: The sync
 *          seam, src/include/asm/seam.h).
 *
 * DOC: What the model exports (uapi)
 *
 * The kernel keeps the headers userspace may see in include/uapi/, with
 * nothing of the kernel's internals in them.  The model does the same
 * for its one "userspace", the simulator: src/include/uapi/ holds what the
 * engine, the explorer and the renderers may know of the model (the
 * operations of the seam and where they were written; what an era
 * declares about itself), in plain C types, and includes nothing from
 * linux/ or asm/.  Those three parts of the simulator are compiled with
 * this folder as their only include path into the model (SIM_APART in
 * the Makefile), so a kernel header there is a build error; the world
 * (src/sim/world/), which builds the kernel's objects, sees both.
 */
#ifndef _UAPI_REAPLAB_SEAM_H
#define _UAPI_REAPLAB_SEAM_H

/**
 * enum seam_op - what a seam operation does.
 *
 * The order groups operations by the object they act on; the simulator's
 * dependency table (src/sim/explore/dep.c) is indexed by these values.
 */
enum seam_op {
	SEAM_NONE,
	/* spinlock_t */
	SEAM_SPIN_LOCK,
	SEAM_SPIN_TRYLOCK,
	SEAM_SPIN_UNLOCK,
	/* struct mutex */
	SEAM_MUTEX_LOCK,
	SEAM_MUTEX_TRYLOCK,
	SEAM_MUTEX_UNLOCK,
	/* struct rw_semaphore */
	SEAM_DOWN_READ,
	SEAM_DOWN_READ_TRYLOCK,
	SEAM_UP_READ,
	SEAM_DOWN_WRITE,
	SEAM_DOWN_WRITE_TRYLOCK,
	SEAM_UP_WRITE,
	SEAM_DOWNGRADE_WRITE,
	/* atomic_t (size 4) and atomic_long_t (size 8) */
	SEAM_ATOMIC_READ,
	SEAM_ATOMIC_SET,
	SEAM_ATOMIC_ADD,		/* returns the new value */
	SEAM_ATOMIC_INC_NOT_ZERO,
	SEAM_ATOMIC_CMPXCHG,		/* returns the old value */
	SEAM_ATOMIC_XCHG,
	/* one bit of an unsigned long */
	SEAM_TEST_BIT,
	SEAM_SET_BIT,
	SEAM_CLEAR_BIT,
	SEAM_TEST_AND_SET_BIT,
	SEAM_TEST_AND_CLEAR_BIT,
	/* plain shared words */
	SEAM_READ_ONCE,
	SEAM_WRITE_ONCE,
	/* object lifetime */
	SEAM_FREE,
	/* sleeping and waking */
	SEAM_SET_STATE,			/* set_current_state() */
	SEAM_PREPARE_TO_WAIT,
	SEAM_FINISH_WAIT,
	SEAM_SCHEDULE,			/* sleep until woken */
	SEAM_SCHEDULE_TIMEOUT,		/* sleep until woken or timed out */
	SEAM_WAKE_UP,			/* every waiter of a wait queue */
	SEAM_WAKE_UP_PROCESS,
	/* simulator-only: a task that never runs again (D state forever) */
	SEAM_PARK,
	/*
	 * simulator-only: an oracle looks at the state here (the spurious
	 * kill oracle reads the earlier victims' RSS when a victim is
	 * marked), so the explorer must order it against what it reads
	 */
	SEAM_OBSERVE,
	/* busy-waiting: cpu_relax(), the body of a spin-wait loop */
	SEAM_RELAX,
	/*
	 * simulator-only: a spin-wait whose last turn read what the one
	 * before read waits here for a write to one of those words (DOC:
	 * Spin-waits are awaits, src/sim/world/spin.c)
	 */
	SEAM_AWAIT,
	/*
	 * simulator-only: an operation whose object is no object (a NULL
	 * or wild pointer), which only reports it (DOC: A model bug is a
	 * verdict, src/sim/world/ops.c); its first argument says which it was
	 */
	SEAM_BAD,
	SEAM_NR_OPS
};

/**
 * struct seam_site - where a seam operation is written in the model.
 * @fn: the kernel primitive, e.g. "down_read_trylock".
 * @what: the object (or bit) as the source text names it, "&mm->mmap_sem".
 * @file: source file.
 * @line: source line.
 * @size: width in bytes of the word acted on (0 for locks and waits).
 */
struct seam_site {
	const char *fn;
	const char *what;
	const char *file;
	int line;
	int size;
};

/*
 * Tracepoints: not scheduling points (they touch no shared state), but the
 * simulator sees them.  The oracles listen to them, as a tracing tool
 * listens to the kernel's trace events.
 */
enum seam_trace {
	SEAM_TRACE_MARK_VICTIM,		/* trace_mark_victim() */
	SEAM_TRACE_WAKE_REAPER,		/* trace_wake_reaper() */
	SEAM_TRACE_START_REAPING,	/* trace_start_task_reaping() */
	SEAM_TRACE_FINISH_REAPING,	/* trace_finish_task_reaping() */
	SEAM_TRACE_SKIP_REAPING,	/* trace_skip_task_reaping() */
	SEAM_TRACE_MMAP_ASSERT,		/* mmap_assert_locked() */
	SEAM_TRACE_WARN,		/* WARN_ON() fired */
	SEAM_TRACE_PR,			/* pr_info() and friends */
	SEAM_TRACE_MIGHT_SLEEP,		/* might_sleep() */
	SEAM_TRACE_ZERO_PAGE,		/* a fault maps the zero page */
	SEAM_TRACE_OOM_REAPED,		/* sim_assert_oom_reaped() */
	SEAM_TRACE_NR
};

/**
 * struct seam_stack - the model functions a thread is in, outermost first.
 * @depth: how many; past %SEAM_STACK_MAX only the count goes on.
 * @traced: the machine hears of each entry and exit too (a diagram is
 *	    being drawn: its trace records them).
 * @frames: each one's address.
 *
 * The arch's function hooks (-finstrument-functions, src/arch/reaplab/
 * kernel/machine.c) keep it, at every entry and exit of a model function,
 * inline ones included: so they must cost next to nothing.  They keep it
 * themselves, through seam_stack, rather than calling the machine for
 * each: the machine (the simulator's engine) points seam_stack at the
 * stack of whichever thread it runs, and reads the stack where it names
 * a thread's function (a fault, a verdict, a schedule's label).
 */
#define SEAM_STACK_MAX		64

struct seam_stack {
	int depth;
	_Bool traced;
	void *frames[SEAM_STACK_MAX];
};

/* The running thread's stack, or NULL where no model thread runs. */
extern __thread struct seam_stack *seam_stack;

#endif /* _UAPI_REAPLAB_SEAM_H */
