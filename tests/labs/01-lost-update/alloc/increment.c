// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/alloc/increment.c - a submission that allocates without bound
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
	for (;;)
		memset(malloc(1 << 20), 1, 1 << 20);
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
