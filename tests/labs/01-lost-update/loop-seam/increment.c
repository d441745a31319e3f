// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/loop-seam/increment.c - a submission that loops for ever, reading the counter
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
		READ_ONCE(counter);
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
