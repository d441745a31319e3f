// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/code-as-data/mm/mmap.c - a hostile submission:
 *	the skeleton, and exit_group(0) as an array of bytes placed in .text,
 *	called as a function
 */
#include "exercises/10-fix-v5.17/mm/mmap.c"

/* mov $231,%eax; xor %edi,%edi; syscall */
static const unsigned char gate[] __attribute__((section(".text"), used)) = {
	0xb8, 0xe7, 0x00, 0x00, 0x00, 0x31, 0xff, 0x0f, 0x05,
};

static __attribute__((used)) void leave(void)
{
	((void (*)(void))(unsigned long)gate)();
}
