// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/counter/increment.c - a hostile submission:
 *	the program's counter defined here, to replace its own
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>

long counter = 1;

int increment(void *arg)
{
	(void)arg;
	WRITE_ONCE(counter, 2);
	return 0;
}
