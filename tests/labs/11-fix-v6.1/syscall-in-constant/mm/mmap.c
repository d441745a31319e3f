// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/11-fix-v6.1/syscall-in-constant/mm/mmap.c - a hostile
 *	submission: the skeleton, and a syscall instruction inside the
 *	immediate of an ordinary store, reached by a computed jump into the
 *	middle of that store
 */
#include "exercises/11-fix-v6.1/mm/mmap.c"

static __attribute__((used, noinline)) long leave(long nr, long off)
{
	volatile long k;
	void *at = &&store;

	if (off)
		goto *(void *)((char *)at + off);
store:
	k = 0x050f;	/* movq $0x50f,...: the immediate's bytes are 0f 05 */
	return k + nr;
}
