// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/solutions/01-lost-update/increment.c - lab 01, part 2: the
 *                                                  reference solution
 *
 * The read and the write of the counter under one spinlock: the other
 * thread can still run between them, but not into them.
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern long counter;

static DEFINE_SPINLOCK(counter_lock);

int increment(void *arg)
{
	long v;

	(void)arg;
	spin_lock(&counter_lock);
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	spin_unlock(&counter_lock);
	return 0;
}
