// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v5.17/mm/mmap.c - exit_mmap() under mmap_write_lock throughout
 *
 * Era:     v5.17, "unconditional-write-lock" (see src/eras/v5.17/era.c).
 * Commits: 64591e8605d6 "mm: protect free_pgtables with mmap_lock write
 *          lock in exit_mmap" (Suren Baghdasaryan, v5.17);
 *          f798a1d4f94d "mm: fix use-after-free bug when mm->mmap is reused
 *          after being freed" (Suren Baghdasaryan, v5.17-rc).
 * Fixed:   DOC: v5.15: process_mrelease() meets an exit that is not an OOM
 *          kill.
 * Kept:    DOC: v5.17: one lock over the whole teardown (its cost).
 */

//! [v5.17-lock]
/*
 * DOC: v5.17: one lock over the whole teardown
 *
 * Four years after Michal's v0 (2017), Suren measured the cost of taking
 * the write lock in every exit again (2021: +1.03% at p50,
 * within noise) and took it, for almost the whole of exit_mmap():
 *
 *     reaper / process_mrelease         exit_mmap
 *     -------------------------------------------------------------
 *                                       mmap_write_lock
 *     mmap_read_lock ... waits          unmap_vmas, free_pgtables,
 *                                       remove_vma ...
 *                                       mm->mmap = NULL
 *                                       mmap_write_unlock
 *     ... gets it: mm->mmap is NULL, nothing to walk
 *
 * Invariant: no reader of the VMAs or page tables can overlap any part of
 * the teardown.  The last line, mm->mmap = NULL, came a few weeks later
 * (f798a1d4f94d, found by syzbot): a process_mrelease() of a non-OOM
 * victim, which finds MMF_OOM_SKIP clear, could otherwise take the read
 * lock after exit_mmap() and walk the freed list.
 */
//! [v5.17-lock]

#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

//! [v5.17-exit]
/**
 * exit_mmap() - tear down an address space nobody uses any more.
 * @mm: the mm; mm_users has reached 0.
 *
 * An OOM victim still reaps itself first and hides the mm, as since
 * v4.17; then, for every mm, victim or not, the whole teardown runs under
 * mmap_lock held for write (64591e8605d6).  A reaper or process_mrelease()
 * holding the read lock is either done before it starts or waits until
 * it ends, and then finds mm->mmap NULL (f798a1d4f94d).
 */
void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	if (unlikely(mm_is_oom_victim(mm))) {
		/* Reap ourselves first, as since v4.17; then hide the mm. */
		(void)__oom_reap_task_mm(mm);
		set_bit(MMF_OOM_SKIP, &mm->flags);
	}

	mmap_write_lock(mm);
	vma = mm->mmap;
	if (!vma) {
		mmap_write_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);

	/* Walk the list again, freeing each VMA, under the write lock. */
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
	WRITE_ONCE(mm->mmap, NULL);
	mmap_write_unlock(mm);
}
//! [v5.17-exit]
