// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/setsid-bomb/increment.c - twenty processes,
 *	each in a session of its own, left behind by the code under test
 */
#include <unistd.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>

int increment(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 20; i++)
		if (fork() == 0) {
			setsid();
			for (;;)
				pause();
		}
	for (;;)
		pause();
	return 0;
}
