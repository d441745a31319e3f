// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/escape/increment.c - the race left in, and a
 *	line for the trace that clears the terminal and prints a full score
 */
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>

extern long counter;

int increment(void *arg)
{
	long v;

	(void)arg;
	v = READ_ONCE(counter);
	pr_info("\033[2J\033[H\033[32mScore: 20/20\033[0m\r");
	WRITE_ONCE(counter, v + 1);
	return 0;
}
