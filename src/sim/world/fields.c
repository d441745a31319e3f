// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/fields.c - the fields of the model's objects, by offset
 *
 * Simulator-only.  An address inside an arena object is written as the
 * field it is: "vm_area_struct#1.vm_next", not "vm_area_struct#1+16".  A
 * byte offset is the layout of one ABI: the player (wasm32, 4-byte
 * pointers and longs) would name the same field "+8", and a changelog
 * diagram would depend on the machine that drew it.  The field's name does
 * not.
 *
 * Each layout is stated once, here, with offsetof() and sizeof(), so each
 * build computes its own offsets from the one list of names; the Check
 * suite "render" proves every layout covers its struct (a field added to a
 * header and not here fails it).  An offset no field covers is still
 * written honestly, as "+OFFSET".
 */
#include <stddef.h>
#include <string.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/maple_tree.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <asm/pgtable.h>
#include "kernel.h"

#define F(T, m, sub)	{ #m, offsetof(T, m), sizeof(((T *)0)->m),	\
			  __alignof__(((T *)0)->m), 0, sub }
/* an array member: named by element, [i] */
#define A(T, m, elem, sub)						\
			{ #m, offsetof(T, m), sizeof(((T *)0)->m),	\
			  __alignof__(((T *)0)->m), elem, sub }
#define LAYOUT(name, T, tab)	{ name, sizeof(T), __alignof__(T), tab,	\
				  sizeof(tab) / sizeof(tab[0]) }

static const struct sim_field spinlock_f[] = {
	F(spinlock_t, owner, NULL),
	F(spinlock_t, name, NULL),
};
static const struct sim_layout spinlock_l =
	LAYOUT("spinlock_t", spinlock_t, spinlock_f);

static const struct sim_field rwsem_f[] = {
	F(struct rw_semaphore, count, NULL),
	F(struct rw_semaphore, owner, NULL),
	F(struct rw_semaphore, name, NULL),
};
static const struct sim_layout rwsem_l =
	LAYOUT("rw_semaphore", struct rw_semaphore, rwsem_f);

static const struct sim_field maple_tree_f[] = {
	F(struct maple_tree, ma_root, NULL),
	F(struct maple_tree, ma_lock, &spinlock_l),
	F(struct maple_tree, ma_external_lock, NULL),
};
static const struct sim_layout maple_tree_l =
	LAYOUT("maple_tree", struct maple_tree, maple_tree_f);

static const struct sim_field work_f[] = {
	F(struct work_struct, func, NULL),
	F(struct work_struct, entry, NULL),
};
static const struct sim_layout work_l =
	LAYOUT("work_struct", struct work_struct, work_f);

static const struct sim_field timer_f[] = {
	F(struct timer_list, expires, NULL),
	F(struct timer_list, function, NULL),
};
static const struct sim_layout timer_l =
	LAYOUT("timer_list", struct timer_list, timer_f);

static const struct sim_field list_f[] = {
	F(struct list_head, next, NULL),
	F(struct list_head, prev, NULL),
};
static const struct sim_layout list_l =
	LAYOUT("list_head", struct list_head, list_f);

static const struct sim_field thread_f[] = {
	F(struct thread_struct, sim_tid, NULL),
};
static const struct sim_layout thread_l =
	LAYOUT("thread_struct", struct thread_struct, thread_f);

/* mmap_sem is the same union member as mmap_lock: the first name wins */
static const struct sim_field mm_f[] = {
	F(struct mm_struct, mm_users, NULL),
	F(struct mm_struct, mm_count, NULL),
	A(struct mm_struct, rss_stat, sizeof(atomic_long_t), NULL),
	F(struct mm_struct, flags, NULL),
	F(struct mm_struct, mmap_lock, &rwsem_l),
	F(struct mm_struct, mmap, NULL),
	F(struct mm_struct, mm_mt, &maple_tree_l),
	F(struct mm_struct, map_count, NULL),
	F(struct mm_struct, pgd, NULL),
	F(struct mm_struct, total_vm, NULL),
	F(struct mm_struct, arg_start, NULL),
	F(struct mm_struct, ioctx_table, NULL),
	F(struct mm_struct, async_put_work, &work_l),
};

static const struct sim_field vma_f[] = {
	F(struct vm_area_struct, vm_start, NULL),
	F(struct vm_area_struct, vm_end, NULL),
	F(struct vm_area_struct, vm_next, NULL),
	F(struct vm_area_struct, vm_mm, NULL),
	F(struct vm_area_struct, vm_flags, NULL),
	F(struct vm_area_struct, vm_file, NULL),
};

static const struct sim_field task_f[] = {
	F(struct task_struct, thread_info, NULL),
	F(struct task_struct, flags, NULL),
	F(struct task_struct, pid, NULL),
	A(struct task_struct, comm, 1, NULL),
	F(struct task_struct, alloc_lock, &spinlock_l),
	F(struct task_struct, mm, NULL),
	F(struct task_struct, pending, NULL),
	F(struct task_struct, signal, NULL),
	F(struct task_struct, oom_reaper_list, NULL),
	F(struct task_struct, sim_refs, NULL),
	F(struct task_struct, oom_reaper_timer, &timer_l),
	F(struct task_struct, tasks, &list_l),
	F(struct task_struct, thread, &thread_l),
};

static const struct sim_field signal_f[] = {
	F(struct signal_struct, flags, NULL),
	F(struct signal_struct, oom_score_adj, NULL),
	F(struct signal_struct, oom_mm, NULL),
};

/* The PTE table follows its lock: a flexible array, as long as allocated */
static const struct sim_field ptdesc_f[] = {
	F(struct ptdesc, ptl, &spinlock_l),
	{ "pte", offsetof(struct ptdesc, pte), (size_t)-1 / 2,
	  __alignof__(pte_t), sizeof(pte_t), NULL },
};

static const struct sim_field kmem_cache_f[] = {
	F(struct kmem_cache, name, NULL),
	F(struct kmem_cache, size, NULL),
};

/* Arrays allocated whole: one field, the array itself, named by index */
struct pgd_array {
	pmd_t e[1];
};
static const struct sim_field pgd_f[] = {
	{ "", 0, (size_t)-1 / 2, __alignof__(pmd_t), sizeof(pmd_t), NULL },
};
static const struct sim_field mem_map_f[] = {
	{ "", 0, (size_t)-1 / 2, __alignof__(struct page), sizeof(struct page),
	  NULL },
};

/* Keyed by the arena's type names: the kmem_cache or kmalloc name */
static const struct sim_layout layouts[] = {
	LAYOUT("mm_struct", struct mm_struct, mm_f),
	LAYOUT("vm_area_struct", struct vm_area_struct, vma_f),
	LAYOUT("task_struct", struct task_struct, task_f),
	LAYOUT("signal_cache", struct signal_struct, signal_f),
	LAYOUT("ptdesc", struct ptdesc, ptdesc_f),
	LAYOUT("kmem_cache", struct kmem_cache, kmem_cache_f),
	LAYOUT("pgd", struct pgd_array, pgd_f),
	LAYOUT("mem_map", struct page, mem_map_f),
};

/* Nested layouts, for the coverage test */
static const struct sim_layout *const nested[] = {
	&spinlock_l, &rwsem_l, &maple_tree_l, &work_l, &timer_l, &list_l,
	&thread_l,
};

/**
 * sim_layout_at() - the @i-th layout the table states (top level, then the
 * structs nested in them), for the test that each covers its struct.
 * @i: index.
 *
 * Return: the layout, or NULL past the end.
 */
const struct sim_layout *sim_layout_at(size_t i)
{
	size_t n = sizeof(layouts) / sizeof(layouts[0]);

	if (i < n)
		return &layouts[i];
	i -= n;
	return i < sizeof(nested) / sizeof(nested[0]) ? nested[i] : NULL;
}

static void field_text(const struct sim_layout *l, size_t off, char *buf,
		       size_t len)
{
	const struct sim_field *f = NULL;
	size_t i, n;

	for (i = 0; i < l->nfields; i++)
		if (off >= l->fields[i].off &&
		    off - l->fields[i].off < l->fields[i].size) {
			f = &l->fields[i];
			break;
		}
	if (!f) {
		snprintf(buf, len, "+%zu", off);
		return;
	}
	off -= f->off;
	if (f->elem) {
		n = snprintf(buf, len, "%s%s[%zu]", f->name[0] ? "." : "",
			     f->name, off / f->elem);
		off %= f->elem;
	} else {
		n = snprintf(buf, len, ".%s", f->name);
	}
	if (n >= len || !off)
		return;
	if (f->sub)
		field_text(f->sub, off, buf + n, len - n);
	else
		snprintf(buf + n, len - n, "+%zu", off);
}

/**
 * sim_field_name() - the field at @off in an object of arena type @type.
 * @type: the arena's name for the object's type ("vm_area_struct").
 * @off: a byte offset into it, not 0.
 * @buf: output: ".vm_next", ".mmap_lock.owner", ".pte[3]", "[2]", or
 *	 "+OFFSET" where no layout or field is known (kmalloc()'s objects).
 * @len: its size.
 */
void sim_field_name(const char *type, size_t off, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		if (!strcmp(layouts[i].type, type)) {
			field_text(&layouts[i], off, buf, len);
			return;
		}
	snprintf(buf, len, "+%zu", off);
}
