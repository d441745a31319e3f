// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/crash/increment.c - a submission that crashes (abort())
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
	abort();
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
