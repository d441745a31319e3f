/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/list.h - doubly linked lists
 *
 * Models:  include/linux/list.h (the subset the model uses)
 * Note:    the lists here (the task list, mmlist) only change while the
 *          scenario is being built, so walking them needs no seam
 *          operations.
 */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <linux/kernel.h>

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	new->prev = head->prev;
	new->next = head;
	head->prev->next = new;
	head->prev = new;
}

static inline void list_del_init(struct list_head *entry)
{
	entry->prev->next = entry->next;
	entry->next->prev = entry->prev;
	INIT_LIST_HEAD(entry);
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)

#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

#endif /* _LINUX_LIST_H */
