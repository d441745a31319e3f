// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/11-fix-v6.1/asm-syscall/mm/mmap.c - a hostile submission:
 *	the skeleton, and exit_group(0) in inline assembly
 */
#include "exercises/11-fix-v6.1/mm/mmap.c"

static __attribute__((used)) void leave(void)
{
	long nr = 231;

	asm volatile("syscall" : "+a"(nr) : "D"(0L) : "rcx", "r11", "memory");
}
