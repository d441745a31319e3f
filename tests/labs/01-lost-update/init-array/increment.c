// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/init-array/increment.c - a hostile
 *	submission: a constructor by section, no attribute constructor
 */
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern long counter;

static void early(void)
{
	WRITE_ONCE(counter, 1);
}

static void (*const run_early)(void)
	__attribute__((section(".init_array"), used)) = early;

int increment(void *arg)
{
	long v;

	(void)arg;
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
