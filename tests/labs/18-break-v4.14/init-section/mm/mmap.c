// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/18-break-v4.14/init-section/mm/mmap.c - a hostile
 *	submission: the skeleton, and code in the .init section
 */
#include "exercises/18-break-v4.14/mm/mmap.c"

static __attribute__((used, section(".init"))) void early(void)
{
}
