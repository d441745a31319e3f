// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/02-get-unless-zero/late-get.c - a reference count checked,
 *                                           then taken
 *
 * Program: late-get, given by lab 02 (README.md).  Do not edit it: your
 *          buffer_get() goes in buffer_get.c, which replaces this one in
 *          the program `lab`.
 *
 * A buffer lives as long as it has users, the way an address space lives
 * as long as mm_users is above zero.  Its owner V holds the first
 * reference and drops it when it exits; the last one to drop a reference
 * frees the buffer.  A reader P, like `ps` reading /proc/<pid>/cmdline,
 * takes a reference of its own before it reads the buffer, and drops it
 * afterwards, so that the buffer cannot go away while it reads.
 *
 * buffer_get() takes that reference the way a great deal of code once
 * did: it checks that the count is not zero (the owner is still there),
 * then increments it.  Two steps: the owner may drop the last reference
 * between them.
 */
#include <linux/compiler.h>
#include <linux/atomic.h>
#include <linux/slab.h>
#include <reaplab/program.h>

/* Users of the buffer; the owner's reference is the first. */
atomic_t users = ATOMIC_INIT(1);
long *buffer;

/* The owner's buffer, allocated before any thread runs. */
static void alloc_buffer(void)
{
	buffer = kmalloc(sizeof(*buffer), GFP_KERNEL);
}

/**
 * buffer_get() - take a reference to the buffer, unless it is gone.
 *
 * Return: true if the caller may use the buffer (and must buffer_put()
 * it), false if its last user has dropped it already.
 */
bool buffer_get(void)
{
	if (!atomic_read(&users))
		return false;
	atomic_inc(&users);
	return true;
}

/* buffer_put() - drop a reference; the last one frees the buffer. */
void buffer_put(void)
{
	if (atomic_dec_and_test(&users))
		kfree(buffer);
}

/* P: pin the buffer, read it, unpin it (get_task_mm() ... mmput()). */
int reader(void *arg)
{
	(void)arg;
	if (!buffer_get())
		return 0;
	READ_ONCE(*buffer);
	buffer_put();
	return 0;
}

/* V: the owner exits and drops its reference (exit_mm(), mmput()). */
int owner_exit(void *arg)
{
	(void)arg;
	buffer_put();
	return 0;
}

const struct program program = {
	.threads = {
		{ 'V', "owner exits", owner_exit },
		{ 'P', "reader", reader },
	},
	.init = alloc_buffer,
};

const struct era era_descriptor = {
	.id = "late-get",
	.name = "late-get",
	.version = "a program (lab 02)",
	.story = "a reader checks a reference count, then takes a reference, while the owner drops the last one",
	.program = &program,
};
