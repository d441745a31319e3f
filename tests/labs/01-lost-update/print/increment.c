// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/print/increment.c - a submission that prints without end
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
		fputs("increment: lots and lots of output, without end\n", stdout);
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
