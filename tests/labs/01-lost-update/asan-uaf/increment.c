// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/asan-uaf/increment.c - a use-after-free of
 *	the host's heap, planted in the code under test: ASan must see it
 *	in the sanitized labs suite (check_labs.c)
 */
#include <stdlib.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern long counter;

int increment(void *arg)
{
	long *copy = malloc(sizeof(*copy)), v;
	/* out of the compiler's sight: -Wuse-after-free would refuse it */
	long *volatile stale = copy;

	(void)arg;
	if (!copy)
		return 0;
	*copy = READ_ONCE(counter);
	free(copy);
	v = *stale;
	WRITE_ONCE(counter, v + 1);
	return 0;
}
