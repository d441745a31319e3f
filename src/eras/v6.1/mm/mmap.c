// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.1/mm/mmap.c - exit_mmap(): zap under the read lock, free
 *                           under the write lock, on the maple tree
 *
 * Era:     v6.1, "read-then-write" (see src/eras/v6.1/era.c).
 * Commits: bf3980c85212 "mm: drop oom code from exit_mmap" (Suren
 *          Baghdasaryan, Michal Hocko's changelog);
 *          763ecb035029 "mm: remove the vma linked list" and the maple tree
 *          series (Liam Howlett, Matthew Wilcox).
 * Kept:    DOC: v6.1: read, then write (two zappers on one mm).
 */

//! [v6.1-read-write]
/*
 * DOC: v6.1: read, then write
 *
 * Zapping is not destructive and may run beside the reaper, under the
 * read lock; only freeing needs the write lock.  MMF_OOM_SKIP is now set
 * unconditionally, between the two: it is cheaper than checking whether
 * the mm is a victim, and MMF_OOM_VICTIM goes away (b3541d912a84):
 *
 *     oom_reaper / process_mrelease     exit_mmap
 *     -------------------------------------------------------------
 *                                       mmap_read_lock
 *     mmap_read_trylock                 unmap_vmas        # both zap
 *     test_bit(MMF_OOM_SKIP) = 0        mmap_read_unlock
 *     __oom_reap_task_mm ...            set_bit(MMF_OOM_SKIP)
 *                                       mmap_write_lock   # waits
 *     mmap_read_unlock
 *                                       free_pgtables, remove_vma
 *                                       __mt_destroy      # tree empty
 *                                       mmap_write_unlock
 *
 * Invariant: as v5.17 for the destructive part; a late reader finds the
 * tree empty.  The price: the reaper and exit_mmap() now zap the same VMAs
 * at the same time, forward, and fight over the same PTE locks (zhongjinji's
 * measurements, 2025).
 */
//! [v6.1-read-write]

#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

/**
 * find_vma() - the first VMA that ends above @addr, from the maple tree.
 * @mm: the address space.
 * @addr: the address.
 *
 * Context: mmap_lock held.
 * Return: the VMA, or NULL.
 */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	unsigned long index = addr;

	mmap_assert_locked(mm);
	return mt_find(&mm->mm_mt, &index, ULONG_MAX);
}

//! [v6.1-exit]
/**
 * exit_mmap() - tear down an address space nobody uses any more.
 * @mm: the mm; mm_users has reached 0.
 *
 * Three phases (bf3980c85212): zap every page under mmap_lock for read,
 * beside any reaper; hide the mm with MMF_OOM_SKIP, whoever's it is; then
 * free page tables and VMAs under mmap_lock for write, and leave the
 * maple tree empty for a reader that comes later.
 */
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
//! [v6.1-exit]
