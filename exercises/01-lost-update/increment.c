// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/01-lost-update/increment.c - your increment() (lab 01, part 2)
 *
 * This file replaces increment() of lost-update.c in the program `lab`
 * (era.c).  Globals you add here are reset before every execution, like
 * the program's own.
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>

/* lost-update.c's counter */
extern long counter;

int increment(void *arg)
{
	long v;

	(void)arg;
	/*
	 * TODO: the read and the write are two steps, and the other thread
	 * may run between them.  Make them one critical section, so that
	 * no schedule loses an update.
	 */
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
