// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/solutions/02-get-unless-zero/buffer_get.c - lab 02, part 2:
 *                                                       the reference
 *                                                       solution
 *
 * The test and the increment as one atomic step: atomic_inc_not_zero()
 * increments only a count that is not zero, and says whether it did.  It
 * is what mmget_not_zero() is made of.
 */
#include <linux/atomic.h>

extern atomic_t users;

bool buffer_get(void)
{
	return atomic_inc_not_zero(&users);
}
