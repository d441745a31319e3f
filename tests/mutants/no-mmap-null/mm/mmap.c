// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-mmap-null/mm/mmap.c - v5.17's exit_mmap(), leaving
 * mm->mmap behind
 *
 * The planted bug: the VMAs are freed under the write lock, but mm->mmap
 * is not cleared.  process_mrelease() on a victim that is not an OOM
 * victim (so MMF_OOM_SKIP stays clear) takes the read lock after the
 * write unlock and walks the freed list.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../../src/mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

/**
 * exit_mmap() - tear down an address space nobody uses any more.
 * @mm: the mm; mm_users has reached 0.
 *
 * An OOM victim still reaps itself first and hides the mm, as since
 * v4.17; then, for every mm, victim or not, the whole teardown runs under
 * mmap_lock held for write (64591e8605d6).  A reaper or process_mrelease()
 * holding the read lock is either done before it starts or waits until
 * it ends.
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
	/* mutant: mm->mmap still points at the freed VMAs */
	mmap_write_unlock(mm);
}
