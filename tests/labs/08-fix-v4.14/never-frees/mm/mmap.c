// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/never-frees/mm/mmap.c - a "fix" that never frees
 *
 * Nothing can race with freeing that never happens: the pages are
 * zapped, the mm hidden, the page tables and the VMAs never freed.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <asm/tlb.h>
#include "mm/internal.h"

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma = mm->mmap;

	if (!vma)
		return;
	tlb_gather_mmu(&tlb, mm, 0, -1);
	unmap_vmas(&tlb, vma, 0, -1);
	set_bit(MMF_OOM_SKIP, &mm->flags);
	tlb_finish_mmu(&tlb, 0, -1);
}
