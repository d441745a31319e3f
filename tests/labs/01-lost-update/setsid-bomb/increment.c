// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/setsid-bomb/increment.c - twenty processes,
 *	each in a session of its own, left behind by the code under test
 *
 * Each child says on a pipe that it has left the test's session; once
 * all twenty have, the test says so in its transcript (which the expect
 * file checks: the bomb did go off) and waits for its timeout.
 */
#include <stdio.h>
#include <unistd.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>

int increment(void *arg)
{
	int i, n = 0, p[2];
	char c;

	(void)arg;
	if (pipe(p))
		return 0;
	for (i = 0; i < 20; i++)
		if (fork() == 0) {
			close(p[0]);
			if (setsid() > 0 && write(p[1], "s", 1) == 1)
				for (;;)
					pause();
			_exit(1);
		}
	close(p[1]);
	while (n < 20 && read(p[0], &c, 1) == 1)
		n++;
	dprintf(1, "setsid-bomb: %d children, each in a session of its own\n",
		n);
	for (;;)
		pause();
	return 0;
}
