// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/volatile/increment.c - a hostile submission:
 *	the lost update left in, its accesses made volatile
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern volatile long counter;

int increment(void *arg)
{
	(void)arg;
	counter++;
	return 0;
}
