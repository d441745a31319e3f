// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/syscall/mm/mmap.c - a hostile submission: the
 *	skeleton, and a way out by syscall()
 */
#include <unistd.h>
#include <sys/syscall.h>
#include "exercises/10-fix-v5.17/mm/mmap.c"

static __attribute__((used)) void leave(void)
{
	syscall(SYS_exit_group, 0);
}
