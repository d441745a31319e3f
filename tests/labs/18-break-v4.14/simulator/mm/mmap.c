// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/18-break-v4.14/simulator/mm/mmap.c - a hostile submission:
 *	the skeleton, and the simulator's world wiped clean
 */
#include "exercises/18-break-v4.14/mm/mmap.c"

extern char *sim;

static __attribute__((used)) void wipe(void)
{
	int i;

	for (i = 0; i < 4096; i++)
		sim[i] = 0;
}
