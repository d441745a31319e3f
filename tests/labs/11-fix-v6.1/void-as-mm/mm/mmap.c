// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/11-fix-v6.1/void-as-mm/mm/mmap.c - a hostile submission:
 *	the reference solution, and a maple tree entry (a VMA) taken as an
 *	mm_struct, whose flags word is then the VMA's vm_next
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
	{
		MA_STATE(m2, &mm->mm_mt, 0, 0);
		struct mm_struct *fake = mas_find(&m2, ULONG_MAX);

		if (fake)
			clear_bit(0, &fake->flags);
	}
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
