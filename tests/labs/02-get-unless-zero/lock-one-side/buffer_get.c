// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/02-get-unless-zero/lock-one-side/buffer_get.c - a spinlock
 * around the test and the increment, which buffer_put() never takes: the
 * owner's drop still falls between them.
 */
#include <linux/atomic.h>
#include <linux/spinlock.h>

extern atomic_t users;

static DEFINE_SPINLOCK(get_lock);

bool buffer_get(void)
{
	bool got = false;

	spin_lock(&get_lock);
	if (atomic_read(&users)) {
		atomic_inc(&users);
		got = true;
	}
	spin_unlock(&get_lock);
	return got;
}
