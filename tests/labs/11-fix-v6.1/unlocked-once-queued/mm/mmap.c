// SPDX-License-Identifier: GPL-2.0-only
/*
 * v6.1's teardown, but an OOM victim's exit (queued for the reaper:
 * MMF_OOM_REAP_QUEUED) zaps holding no lock at all.
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
	bool alone = !test_bit(MMF_OOM_REAP_QUEUED, &mm->flags);

	if (alone)
		mmap_read_lock(mm);
	vma = mas_find(&mas, ULONG_MAX);
	if (!vma) {
		if (alone)
			mmap_read_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	unmap_vmas(&tlb, vma, 0, ULONG_MAX);
	if (alone)
		mmap_read_unlock(mm);

	set_bit(MMF_OOM_SKIP, &mm->flags);
	mmap_write_lock(mm);
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
