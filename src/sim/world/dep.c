// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/dep.c - what the explorer's dependency relation needs of
 * the kernel's objects
 *
 * Simulator-only.  The relation itself is the explorer's (DOC: The
 * dependency relation, explore/dep.c); which object an operation acts on,
 * and what it did or would do to it, only the world can say: a freed
 * object's extent, whether a word is an mm's RSS counter, whom a
 * wake-up acts on, whether a write changed its word.
 */
#include <string.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/wait.h>
#include <linux/mm_types.h>
#include "kernel.h"
#include "../explore/dep.h"

/* --- did an operation change anything? ---------------------------- */

/* Is @type the arena's name for an mm_struct?  (Its copy, once known.) */
static bool is_mm(const char *type)
{
	static const char *mm_type;

	if (type == mm_type)
		return true;
	if (mm_type || strcmp(type, "mm_struct"))
		return false;
	mm_type = type;
	return true;
}

static void locate(struct sim_dep_ev *d, int kind, const void *obj, long arg,
		   const struct seam_site *site)
{
	d->addr = (uintptr_t)obj;
	d->len = site ? site->size : 0;
	d->bit = (kind >= SEAM_TEST_BIT && kind <= SEAM_TEST_AND_CLEAR_BIT) ?
		 (int)(arg & 63) : -1;
	if (kind == SEAM_FREE) {
		const struct sim_obj *o = sim_obj_of(obj);

		d->len = 1;
		if (o)
			sim_obj_range(o, &d->addr, &d->len);
	} else if (sim_op_is_mem(kind)) {
		const struct sim_obj *o = sim_obj_of(obj);
		uintptr_t start, off;
		size_t len;

		if (o && is_mm(sim_obj_type(o))) {
			sim_obj_range(o, &start, &len);
			off = d->addr - start;
			d->rss = off >= offsetof(struct mm_struct, rss_stat) &&
				 off < offsetof(struct mm_struct, rss_stat) +
				       sizeof(((struct mm_struct *)0)->rss_stat);
		}
	}
}

/* Would @op change its word if it ran now? */
static bool would_change(const struct sim_op *op)
{
	unsigned long mask = 1UL << (op->arg & 63);
	long cur;

	if (!op->obj || sim_addr_freed(op->obj) || !sim_op_is_mem(op->kind))
		return true;
	cur = sim_word_load(op->obj, op->site->size);
	switch (op->kind) {
	case SEAM_SET_BIT:
	case SEAM_TEST_AND_SET_BIT:
		return !(cur & mask);
	case SEAM_CLEAR_BIT:
	case SEAM_TEST_AND_CLEAR_BIT:
		return cur & mask;
	case SEAM_WRITE_ONCE:
	case SEAM_ATOMIC_SET:
	case SEAM_ATOMIC_XCHG:
		return cur != (op->arg & (op->site->size == 8 ? -1L :
					  (1L << (8 * op->site->size)) - 1));
	case SEAM_ATOMIC_INC_NOT_ZERO:
		return cur != 0;
	case SEAM_ATOMIC_ADD:
		return op->arg != 0;
	default:
		return true;
	}
}

/**
 * world_dep_locate() - what the dependency relation needs of @op's object
 * (sim_world_ops->dep_locate).
 * @w: the world.
 * @op: an operation, executed (@pending false) or pending.
 * @pending: it has not run yet: say whom it would wake now, and whether
 *	     it would change its word.
 * @d: its object, bit and extent set; the target of a wake_up_process()
 *     in @state_tid; for a pending wake-up, the waiters and whom it wakes.
 *
 * Return: for a pending operation, whether it would change its word.
 */
bool world_dep_locate(const struct sim_world *w, const struct sim_op *op,
		      bool pending, struct sim_dep_ev *d)
{
	int i;

	locate(d, op->kind, op->obj, op->arg, op->site);
	if (op->kind == SEAM_WAKE_UP_PROCESS)
		d->state_tid = ((const struct task_struct *)op->obj)->thread.sim_tid;
	if (!pending)
		return true;
	if (op->kind == SEAM_WAKE_UP)
		d->wake_mask = ((const struct wait_queue_head *)op->obj)->waiters;
	/* whom it would wake now: the sleepers among its targets */
	if (op->kind == SEAM_WAKE_UP || op->kind == SEAM_WAKE_UP_PROCESS) {
		unsigned long m = op->kind == SEAM_WAKE_UP ? d->wake_mask :
				  d->state_tid >= 0 ? 1UL << d->state_tid : 0;

		for (i = 0; i < w->nthreads; i++)
			if ((m >> i) & 1 &&
			    w->threads[i].state != TASK_RUNNING)
				d->woke |= 1u << i;
	}
	return would_change(op);
}
