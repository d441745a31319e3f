// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/lib/maple_tree.c - the model's maple tree: one sorted node
 *
 * Models:  lib/maple_tree.c: the reader API (mas_find, mas_find_rev,
 *          mt_find), __mt_destroy(), and mtree_erase() for munmap(); see
 *          CUSTOM in maple_tree.h.
 * Omits:   RCU mode, multi-level nodes, gaps, allocation failure.
 *
 * A reader holds mmap_lock (read or write) and reaches every entry through
 * two seam reads, ma_root and the slot, so a reader that walks a tree after
 * __mt_destroy() touches freed memory and is caught.
 */
#include <linux/maple_tree.h>
#include <linux/slab.h>

#define MAPLE_NODE_INITIAL	8

void mt_init(struct maple_tree *mt)
{
	mt->ma_root = NULL;
	spin_lock_init(&mt->ma_lock);
}

static struct maple_node *mt_node_alloc(unsigned int cap)
{
	struct maple_node *node = kzalloc(sizeof(*node), GFP_KERNEL);

	if (!node)
		return NULL;
	node->first = kmalloc(cap * sizeof(*node->first), GFP_KERNEL);
	node->last = kmalloc(cap * sizeof(*node->last), GFP_KERNEL);
	node->slot = kmalloc(cap * sizeof(*node->slot), GFP_KERNEL);
	node->cap = cap;
	return node;
}

static void mt_node_free(struct maple_node *node)
{
	kfree(node->first);
	kfree(node->last);
	kfree(node->slot);
	kfree(node);
}

/**
 * mtree_store_range() - store @entry for [@first, @last].
 * @mt: the tree.
 * @first: first index.
 * @last: last index; the range must not overlap a stored one.
 * @entry: the entry.
 *
 * Context: only while a scenario is built.
 * Return: 0, or -1 when out of memory.
 */
int mtree_store_range(struct maple_tree *mt, unsigned long first,
		      unsigned long last, void *entry)
{
	struct maple_node *node = mt->ma_root;
	unsigned int i, pos;

	if (!node || node->nr == node->cap) {
		struct maple_node *bigger;

		bigger = mt_node_alloc(node ? 2 * node->cap :
					      MAPLE_NODE_INITIAL);
		if (!bigger)
			return -1;
		for (i = 0; node && i < node->nr; i++) {
			bigger->first[i] = node->first[i];
			bigger->last[i] = node->last[i];
			bigger->slot[i] = node->slot[i];
		}
		bigger->nr = node ? node->nr : 0;
		if (node)
			mt_node_free(node);
		mt->ma_root = node = bigger;
	}
	for (pos = 0; pos < node->nr && node->first[pos] < first; pos++)
		;
	for (i = node->nr; i > pos; i--) {
		node->first[i] = node->first[i - 1];
		node->last[i] = node->last[i - 1];
		node->slot[i] = node->slot[i - 1];
	}
	node->first[pos] = first;
	node->last[pos] = last;
	node->slot[pos] = entry;
	node->nr++;
	return 0;
}

/**
 * mtree_erase() - remove the entry whose range covers @index.
 * @mt: the tree.
 * @index: any index of the entry's range.
 *
 * Context: mmap_lock held for write (munmap detaching VMAs), so no reader
 * walks the node while its slots move.
 * Return: the entry removed, or NULL if none covered @index.
 */
void *mtree_erase(struct maple_tree *mt, unsigned long index)
{
	struct maple_node *node = mt->ma_root;
	unsigned int i, pos;
	void *entry;

	mt_assert_write_path(mt);
	if (!node)
		return NULL;
	for (pos = 0; pos < node->nr; pos++)
		if (node->first[pos] <= index && index <= node->last[pos])
			break;
	if (pos == node->nr)
		return NULL;
	entry = node->slot[pos];
	for (i = pos; i + 1 < node->nr; i++) {
		node->first[i] = node->first[i + 1];
		node->last[i] = node->last[i + 1];
		node->slot[i] = node->slot[i + 1];
	}
	node->nr--;
	return entry;
}

/**
 * mt_assert_write_path() - lockdep's check that a writer of @mt holds its
 * external lock, made on every slot the write path reads upstream
 * (mt_slot_locked()'s rcu_dereference_protected()).
 * @mt: the tree.
 *
 * No kernel before v6.1 had a maple tree: in those eras the model's
 * stands in for the VMA rbtree, whose writers nothing checks.  v6.1's
 * overlay asserts any hold, v6.18's a write hold.
 */
__era void mt_assert_write_path(struct maple_tree *mt)
{
	(void)mt;
}

/**
 * mas_find() - the next entry at or after mas->index, up to @max.
 * @mas: the cursor; on success index/last are set to the entry's range.
 * @max: last index to look at.
 *
 * The first call looks at mas->index itself, later calls continue after
 * the entry found last.
 *
 * Return: the entry, or NULL.
 */
void *mas_find(struct ma_state *mas, unsigned long max)
{
	struct maple_node *node = READ_ONCE(mas->tree->ma_root);
	unsigned long from = mas->index;
	unsigned int i;

	if (mas->started) {
		if (mas->last == ULONG_MAX)
			return NULL;
		from = mas->last + 1;
	}
	mas->started = true;
	if (!node)
		return NULL;
	for (i = 0; i < node->nr; i++) {
		if (node->last[i] < from)
			continue;
		if (node->first[i] > max)
			break;
		mas->index = node->first[i];
		mas->last = node->last[i];
		return READ_ONCE(node->slot[i]);
	}
	mas->index = mas->last = max;
	return NULL;
}

/**
 * mas_find_rev() - the previous entry at or before mas->index, down to @min.
 * @mas: the cursor.
 * @min: first index to look at.
 *
 * Return: the entry, or NULL.
 */
void *mas_find_rev(struct ma_state *mas, unsigned long min)
{
	struct maple_node *node = READ_ONCE(mas->tree->ma_root);
	unsigned long from = mas->index;
	unsigned int i;

	if (mas->started) {
		if (mas->index == 0)
			return NULL;
		from = mas->index - 1;
	}
	mas->started = true;
	if (!node)
		return NULL;
	for (i = node->nr; i-- > 0;) {
		if (node->first[i] > from)
			continue;
		if (node->last[i] < min)
			break;
		mas->index = node->first[i];
		mas->last = node->last[i];
		return READ_ONCE(node->slot[i]);
	}
	mas->index = mas->last = min;
	return NULL;
}

/**
 * mt_find() - the first entry at or after *@index, up to @max.
 * @mt: the tree.
 * @index: in: where to start; out: the entry's first index.
 * @max: last index to look at.
 *
 * Return: the entry, or NULL.
 */
void *mt_find(struct maple_tree *mt, unsigned long *index, unsigned long max)
{
	MA_STATE(mas, mt, *index, *index);
	void *entry = mas_find(&mas, max);

	if (entry)
		*index = mas.index;
	return entry;
}

/**
 * __mt_destroy() - free the tree's node; the tree is empty afterwards.
 * @mt: the tree.
 *
 * The entries themselves are the caller's to free.
 */
void __mt_destroy(struct maple_tree *mt)
{
	struct maple_node *node = mt->ma_root;

	if (!node)
		return;
	WRITE_ONCE(mt->ma_root, NULL);
	mt_node_free(node);
}
