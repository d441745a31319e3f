// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/exit/increment.c - a submission that calls exit(0)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern long counter;

int increment(void *arg)
{
	long v;

	(void)arg;
	exit(0);
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
