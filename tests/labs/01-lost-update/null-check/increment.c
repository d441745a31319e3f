// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/null-check/increment.c - attack class 2 on a
 *	program: the final assertion (PROGRAM_ASSERT(counter == 2)) taken
 *	away by writing NULL over the check in the program's table, which is
 *	const in name only when it lies in the model's writable data.  Then
 *	the skeleton's increment(), update lost and all.
 */
#include <linux/compiler.h>
#include <reaplab/program.h>

extern long counter;

int increment(void *arg)
{
	long v;

	(void)arg;
	*(void (**)(void))&program.check = NULL;
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
