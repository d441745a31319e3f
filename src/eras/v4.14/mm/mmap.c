// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.14/mm/mmap.c - exit_mmap() with an empty write-lock cycle
 *
 * Era:     v4.14, "empty-write-cycle" (see src/eras/v4.14/era.c).
 * Commit:  212925802454 "mm: oom: let oom_reap_task and exit_mmap run
 *          concurrently" (Andrea Arcangeli, v4.14).
 * Book:    chapter "v4.14: the empty write cycle" (book/era-v4.14.md).
 */

//! [v4.14-barrier]
/*
 * DOC: v4.14: a barrier, not a critical section
 *
 * Andrea's version of the 2017 idea holds the write lock for no
 * instruction at all.  exit_mmap() publishes MMF_OOM_SKIP and then takes
 * and drops mmap_sem for write; the reaper tests MMF_OOM_SKIP under
 * mmap_sem for read.  Either the reaper got the read lock first, and then
 * the down_write() waits until it is done; or it gets the lock after the
 * up_write(), and then it sees MMF_OOM_SKIP and leaves:
 *
 *     oom_reaper                        victim (exit_mmap)
 *     -------------------------------------------------------------
 *     down_read_trylock(mmap_sem)       unmap_vmas      # both zap
 *     test_bit(MMF_OOM_SKIP) = 0
 *     unmap_page_range ...              set_bit(MMF_OOM_SKIP)
 *                                       down_write(mmap_sem)   # waits
 *     up_read(mmap_sem)
 *                                       up_write(mmap_sem)
 *                                       free_pgtables   # reaper gone
 *
 * Invariant: the MMF_OOM_SKIP test is meaningful only under mmap_sem for
 * read, because that is what serialises it against the down_write();
 * up_write() cycle.  The cycle runs only "if tsk_is_oom_victim(current)",
 * which is the same mistake as 2017-cond: current need not be the victim
 * (4837fe37adff, v4.15, keys it on the mm instead).
 */
//! [v4.14-barrier]

#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

//! [v4.14-exit]
/**
 * exit_mmap() - tear down an address space; hide it from the reaper, and
 * wait for a reaper inside, before freeing.
 * @mm: the mm; mm_users is 0, but the OOM reaper may be zapping it.
 *
 * See DOC: v4.14: a barrier, not a critical section.
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

	set_bit(MMF_OOM_SKIP, &mm->flags);
	if (unlikely(tsk_is_oom_victim(current))) {
		/*
		 * Wait for oom_reap_task() to stop working on this mm.  It
		 * tests MMF_OOM_SKIP under mmap_sem for read, so after the
		 * up_write() it will not start on this mm again.
		 * tsk_is_oom_victim() cannot change under us: exit_mm() has
		 * cleared current->mm under task_lock, and the OOM killer
		 * sets oom_mm only for a task whose ->mm it found set under
		 * that same lock.
		 */
		down_write(&mm->mmap_sem);
		up_write(&mm->mmap_sem);
	}
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	/* Walk the list again, freeing each VMA, holding no lock at all. */
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
//! [v4.14-exit]
