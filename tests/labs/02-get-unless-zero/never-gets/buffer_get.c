// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/02-get-unless-zero/never-gets/buffer_get.c - "safe": the
 * reader never takes a reference, so it never reads freed memory, nor
 * anything else.
 */
#include <linux/atomic.h>

bool buffer_get(void)
{
	return false;
}
