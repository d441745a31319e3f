// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/never-frees/mm/mmap.c - a "fix" that never frees
 *
 * Nothing can race with freeing that never happens: the pages are
 * zapped under the write lock, the list is dropped, the page tables and
 * the VMAs are not freed.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <asm/tlb.h>
#include "mm/internal.h"

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	mmap_write_lock(mm);
	vma = mm->mmap;
	if (vma) {
		tlb_gather_mmu_fullmm(&tlb, mm);
		unmap_vmas(&tlb, vma, 0, -1);
		tlb_finish_mmu(&tlb);
	}
	set_bit(MMF_OOM_SKIP, &mm->flags);
	mm->mmap = NULL;
	mmap_write_unlock(mm);
}
