// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/writable-code/mm/mmap.c - a hostile submission:
 *	the skeleton, and code in a section that can be written, whose
 *	flags a section attribute smuggles in (the # makes the rest of the
 *	assembler's line a comment): harmless bytes in the object, patched
 *	into exit_group(0) at run time
 */
#include "exercises/10-fix-v5.17/mm/mmap.c"

/* mov $231,%eax; xor %edi,%edi; nop; nop (a syscall, once patched) */
static unsigned char gate[]
	__attribute__((section(".data.gate,\"awx\",@progbits#"), used)) = {
	0xb8, 0xe7, 0x00, 0x00, 0x00, 0x31, 0xff, 0x90, 0x90,
};

static __attribute__((used)) void leave(void)
{
	gate[7] = 0x0f;
	gate[8] = 0x05;
	((void (*)(void))(unsigned long)gate)();
}
