// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/02-get-unless-zero/inc-then-test/buffer_get.c - increment
 * first, then look: safe from the use-after-free, but a reference can be
 * lost and the buffer never freed.
 */
#include <linux/atomic.h>

extern atomic_t users;

bool buffer_get(void)
{
	atomic_inc(&users);
	if (atomic_read(&users) == 1) {
		/* it was zero: the owner is gone; undo */
		atomic_dec(&users);
		return false;
	}
	return true;
}
