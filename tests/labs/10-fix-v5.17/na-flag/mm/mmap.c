// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/na-flag/mm/mmap.c - scan-verdict's end, by
 *	name: the verdict's "not applicable" flag set from exit_mmap(), as
 *	if process_mrelease() had returned ENOSYS, then the skeleton's
 *	exit_mmap(), bug and all
 */
#include <linux/compiler.h>
#include "sim/engine/engine.h"

#define exit_mmap skeleton_exit_mmap
#include "exercises/10-fix-v5.17/mm/mmap.c"
#undef exit_mmap

void exit_mmap(struct mm_struct *mm)
{
	sim->verdict.na = true;
	skeleton_exit_mmap(mm);
}
