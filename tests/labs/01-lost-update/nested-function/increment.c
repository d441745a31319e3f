// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/nested-function/increment.c - a GCC nested
 *	function whose address is taken: its trampoline is code written on
 *	the stack, so the object asks for an executable stack
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern long counter;

static DEFINE_SPINLOCK(counter_lock);

static void locked(void (*body)(void))
{
	spin_lock(&counter_lock);
	body();
	spin_unlock(&counter_lock);
}

int increment(void *arg)
{
	long v = 0;

	void add(void)
	{
		v = READ_ONCE(counter);
		WRITE_ONCE(counter, v + 1);
	}

	(void)arg;
	locked(add);
	return 0;
}
