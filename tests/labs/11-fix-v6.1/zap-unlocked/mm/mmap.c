// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/11-fix-v6.1/zap-unlocked/mm/mmap.c - zap holding no lock,
 *                                         then free under the write lock
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	MA_STATE(mas, &mm->mm_mt, 0, 0);

	vma = mas_find(&mas, ULONG_MAX);
	if (!vma)
		return;
	tlb_gather_mmu_fullmm(&tlb, mm);
	unmap_vmas(&tlb, vma, 0, ULONG_MAX);

	set_bit(MMF_OOM_SKIP, &mm->flags);
	mmap_write_lock(mm);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);
	do {
		remove_vma(vma);
	} while ((vma = mas_find(&mas, ULONG_MAX)) != NULL);
	__mt_destroy(&mm->mm_mt);
	mmap_write_unlock(mm);
}
