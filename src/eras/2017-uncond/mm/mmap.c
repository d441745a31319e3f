// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/2017-uncond/mm/mmap.c - exit_mmap() takes mmap_sem for write
 *
 * Era:     2017-uncond, Michal Hocko's v0 of "mm, oom: allow oom reaper to
 *          race with exit_mmap" (2017-07-24, seed 000), not merged.
 * Book:    chapter "2017-uncond" (book/era-2017-uncond.md).
 */

//! [2017-uncond-race]
/*
 * DOC: 2017: let the reaper race with exit_mmap()
 *
 * Zapping is what MADV_DONTNEED does and may run concurrently with any
 * other zapper under mmap_sem held for read; only freeing the page tables
 * and the VMAs must exclude the reaper.  So exit_mmap() unmaps lock-free as
 * before and takes mmap_sem for write around the destructive part, and
 * leaves mm->mmap NULL for a reaper that comes later:
 *
 *     oom_reaper                        victim (exit_mmap)
 *     -------------------------------------------------------------
 *     down_read_trylock(mmap_sem)
 *     mm->mmap != NULL: reap            unmap_vmas      # both zap
 *     up_read(mmap_sem)
 *                                       down_write(mmap_sem)
 *                                       free_pgtables, remove_vma
 *                                       mm->mmap = NULL
 *                                       up_write(mmap_sem)
 *     down_read_trylock(mmap_sem)
 *     mm->mmap == NULL: nothing to do
 *
 * Invariant: page tables and VMAs are freed only under mmap_sem for write,
 * and whoever gets mmap_sem for read afterwards finds mm->mmap NULL.  The
 * reaper needs neither oom_lock nor an mm_users reference any more, so
 * the v4.9 race is gone.  The cost: every exit takes the lock, ~3-4% on a
 * fork/exit benchmark by Kirill Shutemov's measurement (noisy).
 */
//! [2017-uncond-race]

#include <linux/mm.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

//! [2017-uncond-exit]
/**
 * exit_mmap() - tear down an address space; free it under mmap_sem.
 * @mm: the mm; mm_users is 0, but the OOM reaper may be zapping it.
 *
 * See DOC: 2017: let the reaper race with exit_mmap().  Every exit takes
 * the lock, OOM victim or not.
 */
void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);

	/*
	 * The OOM reaper may be zapping this mm concurrently: keep it out
	 * while the page tables and the VMAs are freed.
	 */
	down_write(&mm->mmap_sem);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
	WRITE_ONCE(mm->mmap, NULL);
	up_write(&mm->mmap_sem);
}
//! [2017-uncond-exit]
