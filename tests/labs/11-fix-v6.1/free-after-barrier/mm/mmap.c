// SPDX-License-Identifier: GPL-2.0-only
/*
 * Zap under the read lock, as v6.1 does; then v4.14's barrier: hide the
 * mm, an empty write-lock cycle to wait out a reaper already walking it,
 * and free with no lock held.
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
	int count = 0;

	mmap_read_lock(mm);
	vma = mas_find(&mas, ULONG_MAX);
	if (!vma) {
		mmap_read_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	unmap_vmas(&tlb, vma, 0, ULONG_MAX);
	mmap_read_unlock(mm);

	set_bit(MMF_OOM_SKIP, &mm->flags);
	mmap_write_lock(mm);
	mmap_write_unlock(mm);

	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);
	do {
		remove_vma(vma);
		count++;
		cond_resched();
	} while ((vma = mas_find(&mas, ULONG_MAX)) != NULL);

	WARN_ON(count != mm->map_count);
	__mt_destroy(&mm->mm_mt);
}
