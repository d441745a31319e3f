// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/null/increment.c - a NULL pointer followed,
 *	in plain kernel C: the crash is named by function and line
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern long counter;

struct box {
	long *where;
};

static struct box *nothing;

int increment(void *arg)
{
	long v;

	(void)arg;
	v = READ_ONCE(counter);
	WRITE_ONCE(*READ_ONCE(nothing)->where, v + 1);
	return 0;
}
