// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/11-fix-v6.1/mm/mmap.c - exit_mmap() with v5.17's locking, on
 *                                   the maple tree, to change
 *
 * Lab 11 (README.md).  This is v5.17's exit_mmap() (src/eras/v5.17/mm/
 * mmap.c: mmap_lock for write over the whole teardown) written for v6.1's
 * maple tree, without v5.17's OOM code: v6.1 has no MMF_OOM_VICTIM to
 * test (mark_oom_victim() no longer sets it).  No reaper can meet the
 * teardown; but every exit holds the lock exclusively while it zaps, and
 * a reaper that comes meanwhile fails its trylock until it gives up: the
 * OOM killer then kills again, although the victim's memory is on its way
 * back (`reaplab explore lab oom --mode dpor` shows it).  v5.17 avoided
 * that by reaping its own OOM victim before taking the lock.  Your file
 * replaces exit_mmap() in the era `lab`.
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

	/*
	 * TODO: zapping is not destructive: any number of tasks may zap
	 * under mmap_lock held for read (MADV_DONTNEED does).  Only freeing
	 * the page tables and the VMAs needs it for write.  Hold the write
	 * lock only for that, and hide the mm from the OOM killer and the
	 * reaper between the two, once its memory is gone.
	 */
	mmap_write_lock(mm);
	vma = mas_find(&mas, ULONG_MAX);
	if (!vma) {
		/* Can happen if dup_mmap() received an OOM. */
		mmap_write_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	/* Use ULONG_MAX here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, ULONG_MAX);

	set_bit(MMF_OOM_SKIP, &mm->flags);
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
