// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/nocompile/increment.c - a submission that does not compile
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
	v = READ_ONCE(counter) +;
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
