/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/maple_tree.h - the VMA store of v6.1 and later
 *
 * Models:  include/linux/maple_tree.h, lib/maple_tree.c (the API, not the
 *          algorithm)
 * CUSTOM:  the "tree" is one node holding a sorted array of ranges, grown
 *          by copying while a scenario is built.  It keeps what matters to
 *          the teardown story: readers find entries through a root pointer
 *          and node slots, forward (mas_find) or in reverse (mas_find_rev),
 *          and __mt_destroy() frees the node, so a reader that still walks
 *          it afterwards is caught touching freed memory.
 */
#ifndef _LINUX_MAPLE_TREE_H
#define _LINUX_MAPLE_TREE_H

#include <linux/kernel.h>
#include <linux/spinlock.h>

/**
 * struct maple_node - the single node of the model's tree.
 * @nr: entries in use.
 * @cap: entries allocated.
 * @first: first index covered by each entry.
 * @last: last index covered by each entry.
 * @slot: the entries, sorted by @first; read with READ_ONCE().
 */
struct maple_node {
	unsigned int nr;
	unsigned int cap;
	unsigned long *first;
	unsigned long *last;
	void **slot;
};

struct rw_semaphore;

/**
 * struct maple_tree - a range-indexed store of pointers.
 * @ma_root: the node, or NULL for an empty tree.
 * @ma_lock: the tree's internal lock (unused: mmap_lock serialises writers).
 * @ma_external_lock: the lock its writers hold instead, which lockdep
 *		      checks (mt_set_external_lock(); upstream it shares a
 *		      union with @ma_lock, MT_FLAGS_LOCK_EXTERN saying which).
 */
struct maple_tree {
	struct maple_node *ma_root;
	spinlock_t ma_lock;
	struct rw_semaphore *ma_external_lock;
};

/*
 * mt_set_external_lock() - @lock, not the tree's own, serialises its
 * writers: an mm's tree and its mmap_lock (mm_init(), kernel/fork.c).
 */
static inline void mt_set_external_lock(struct maple_tree *mt,
					struct rw_semaphore *lock)
{
	mt->ma_external_lock = lock;
}

/**
 * struct ma_state - a cursor into a maple tree.
 * @tree: the tree.
 * @index: start of the range searched or found.
 * @last: end of the range searched or found.
 * @started: false until the first search.
 */
struct ma_state {
	struct maple_tree *tree;
	unsigned long index;
	unsigned long last;
	bool started;
};

#define MA_STATE(name, mt, first, end)					\
	struct ma_state name = {					\
		.tree = (mt), .index = (first), .last = (end),		\
		.started = false,					\
	}

void mt_init(struct maple_tree *mt);
int mtree_store_range(struct maple_tree *mt, unsigned long first,
		      unsigned long last, void *entry);
void *mtree_erase(struct maple_tree *mt, unsigned long index);
void mt_assert_write_path(struct maple_tree *mt);
void *mas_find(struct ma_state *mas, unsigned long max);
void *mas_find_rev(struct ma_state *mas, unsigned long min);
void *mt_find(struct maple_tree *mt, unsigned long *index, unsigned long max);
void __mt_destroy(struct maple_tree *mt);

#define mas_for_each(__mas, __entry, __max)				\
	while (((__entry) = mas_find((__mas), (__max))) != NULL)
#define mas_for_each_rev(__mas, __entry, __min)				\
	while (((__entry) = mas_find_rev((__mas), (__min))) != NULL)

#endif /* _LINUX_MAPLE_TREE_H */
