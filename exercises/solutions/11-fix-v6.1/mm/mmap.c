// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/solutions/11-fix-v6.1/mm/mmap.c - lab 11: the reference
 *                                            solution
 *
 * bf3980c85212 "mm: drop oom code from exit_mmap" (Suren Baghdasaryan,
 * v6.1): zap under mmap_read_lock(), set MMF_OOM_SKIP unconditionally,
 * then free under mmap_write_lock(); a reader that comes later finds the
 * tree empty (__mt_destroy()).
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
		/* Can happen if dup_mmap() received an OOM. */
		mmap_read_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	/* Use ULONG_MAX here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, ULONG_MAX);
	mmap_read_unlock(mm);

	/*
	 * Hide this mm from the OOM killer and the reaper: its memory has
	 * already been freed.
	 */
	set_bit(MMF_OOM_SKIP, &mm->flags);
	mmap_write_lock(mm);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);

	/* Walk the tree again, freeing each VMA, under the write lock. */
	do {
		remove_vma(vma);
		count++;
		cond_resched();
	} while ((vma = mas_find(&mas, ULONG_MAX)) != NULL);

	WARN_ON(count != mm->map_count);
	__mt_destroy(&mm->mm_mt);
	mmap_write_unlock(mm);
}
