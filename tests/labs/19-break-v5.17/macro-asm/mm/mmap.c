// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/19-break-v5.17/macro-asm/mm/mmap.c - a hostile submission:
 *	the skeleton, and exit_group(0) in assembly behind a macro
 */
#include "exercises/19-break-v5.17/mm/mmap.c"

#define GLUE(a, b) a##b

static __attribute__((used)) void leave(void)
{
	long nr = 231;

	GLUE(__as, m__) volatile("sys" "call" : "+a"(nr) : "D"(0L)
				 : "rcx", "r11", "memory");
}
