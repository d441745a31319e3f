// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.14/kernel/fork.c - MMF_OOM_SKIP moves into exit_mmap()
 *
 * Era:     v4.14 (212925802454, Andrea Arcangeli).
 */
#include <linux/sched/mm.h>
#include <linux/mm.h>
#include <linux/aio.h>

/* As in v4.6: exit_mmap() itself now sets MMF_OOM_SKIP, before freeing. */
__era void __mmput(struct mm_struct *mm)
{
	exit_aio(mm);
	exit_mmap(mm);
	mmdrop(mm);
}
