// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/02-get-unless-zero/destructor/buffer_get.c - a hostile
 *	submission: a destructor beside a right answer
 */
#include <linux/atomic.h>

extern atomic_t users;

__attribute__((destructor)) static void late(void)
{
	atomic_set(&users, 0);
}

bool buffer_get(void)
{
	return atomic_inc_not_zero(&users);
}
