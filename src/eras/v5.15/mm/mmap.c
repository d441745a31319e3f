// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v5.15/mm/mmap.c - exit_mmap() reaps its own OOM victim
 *
 * Era:     v5.15 (see src/eras/v5.15/era.c).  exit_mmap() as it stood from
 *          v4.17 to v5.16:
 * Commits: 4837fe37adff "mm, oom_reaper: fix memory corruption" (Michal
 *          Hocko, v4.15): the barrier is keyed on the mm (MMF_OOM_VICTIM),
 *          not on current;
 *          27ae357fa82b "mm, oom: fix concurrent munlock and oom reaper
 *          unmap, v3" (David Rientjes, v4.17): an OOM victim's exit_mmap()
 *          reaps the mm itself, then sets MMF_OOM_SKIP and does the empty
 *          write-lock cycle, before anything destructive;
 *          af5679fbc669 (v4.19): no oom_lock around it any more;
 *          da1c55f1b272 (v5.8): mmap_write_lock() names;
 *          5b78ed24e8ec "mm/pagemap: add mmap_assert_locked() annotations
 *          to find_vma*()" (Luigi Rizzo, v5.15).
 * Kept:    DOC: v5.15: process_mrelease() meets an exit that is not an OOM
 *          kill.
 */

//! [v5.15-race]
/*
 * DOC: v5.15: process_mrelease() meets an exit that is not an OOM kill
 *
 * process_mrelease() reaps any dying process, not only OOM victims; but
 * exit_mmap() excludes the reaper only for an mm marked MMF_OOM_VICTIM:
 *
 *     process_mrelease                  victim, killed by SIGKILL
 *     -------------------------------------------------------------
 *     find_lock_task_mm, mmgrab         do_exit, exit_mm, mmput
 *     mmap_read_lock_killable             exit_mmap
 *                                           mm_is_oom_victim(mm) = 0
 *                                           # no barrier
 *     __oom_reap_task_mm                    unmap_vmas
 *       unmap_page_range ...                free_pgtables
 *         pte_offset_map_lock  # the table is freed: crash
 *
 * Invariant broken: "a reaper only ever reaps an OOM victim".  337546e83fc7
 * patched it before v5.15 shipped by pinning mm_users (a caller may then
 * run the whole exit_mmap(), slowly); v5.17 took mmap_lock for write over
 * the whole teardown instead.
 */
//! [v5.15-race]

#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

/* include/linux/oom.h since 27ae357fa82b */
bool __oom_reap_task_mm(struct mm_struct *mm);

/**
 * find_vma() - the first VMA that ends above @addr.
 * @mm: the address space.
 * @addr: the address.
 *
 * Context: mmap_lock held: from 5b78ed24e8ec on lockdep says so if not.
 * Return: the VMA, or NULL.
 */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma;

	mmap_assert_locked(mm);
	/* READ_ONCE() as in the common tree's: munmap() writes the links */
	for (vma = READ_ONCE(mm->mmap); vma; vma = READ_ONCE(vma->vm_next))
		if (addr < vma->vm_end)
			return vma;
	return NULL;
}

//! [v5.15-exit]
/**
 * exit_mmap() - tear down an address space nobody uses any more.
 * @mm: the mm; mm_users has reached 0.
 *
 * As from v4.17 to v5.16: only an OOM victim's mm is fenced off from the
 * reaper (MMF_OOM_VICTIM, 4837fe37adff).  It reaps itself, hides the mm
 * and waits out any reaper with the empty write-lock cycle, all before
 * anything destructive (27ae357fa82b).  Any other mm is torn down with no
 * lock at all, as before the reaper existed.
 */
void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	if (unlikely(mm_is_oom_victim(mm))) {
		/*
		 * Reap the mm ourselves, as the reaper would, then hide it:
		 * after the write-lock cycle below the reaper, which tests
		 * MMF_OOM_SKIP under the read lock, cannot start on it again.
		 * Nobody holds mmap_lock here, so the reap cannot fail.
		 */
		(void)__oom_reap_task_mm(mm);
		set_bit(MMF_OOM_SKIP, &mm->flags);
		mmap_write_lock(mm);
		mmap_write_unlock(mm);
	}

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu_fullmm(&tlb, mm);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);

	/*
	 * Walk the list again, freeing each VMA, holding no lock: after the
	 * barrier, for an OOM victim, nobody else can be here.
	 */
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
//! [v5.15-exit]
