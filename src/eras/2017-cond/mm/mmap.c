// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/2017-cond/mm/mmap.c - exit_mmap() locks only for OOM victims
 *
 * Era:     2017-cond, Michal Hocko's v1 (2017-07-27, seed 000), not merged.
 * Book:    chapter "2017-cond" (book/era-2017-cond.md).
 */

//! [2017-cond-race]
/*
 * DOC: 2017-cond: who is the victim?
 *
 * To spare ordinary exits the cost of v0, v1 takes mmap_sem only when
 * current is an OOM victim.  The reasoning: mark_oom_victim() runs under
 * task_lock with task->mm set, and exit_mm() clears task->mm under the
 * same lock, so tsk_is_oom_victim(current) cannot change under us.  But
 * current is whoever dropped the last mm_users, and that need not be the
 * victim:
 *
 *     oom_reaper                        ps (/proc/pid/cmdline reader)
 *     -------------------------------------------------------------
 *                                       get_task_mm   # mm_users + 1
 *                           victim: exit_mm, mmput    # not the last
 *     down_read_trylock(mmap_sem)
 *     mm->mmap != NULL: reap ...
 *                                       mmput         # the last one
 *                                         exit_mmap
 *                                           tsk_is_oom_victim(current)
 *                                                     # false: no lock
 *                                           free_pgtables
 *       unmap_page_range   # walks freed page tables
 *
 * Invariant broken: "the mm's last user is the victim".  4837fe37adff
 * (v4.15) fixed the same mistake in v4.14 by marking the mm, not the task
 * (MMF_OOM_VICTIM).
 */
//! [2017-cond-race]

#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

//! [2017-cond-exit]
/**
 * exit_mmap() - tear down an address space; free it under mmap_sem if
 * current is an OOM victim.
 * @mm: the mm; mm_users is 0, but the OOM reaper may be zapping it.
 *
 * See DOC: 2017-cond: who is the victim?
 */
void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	bool locked = false;

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);

	/*
	 * The OOM reaper may be zapping this mm concurrently.  Only an OOM
	 * victim can have a reaper on it, and mark_oom_victim() synchronises
	 * with exit_mm() under task_lock, so the test cannot race.
	 */
	if (tsk_is_oom_victim(current)) {
		down_write(&mm->mmap_sem);
		locked = true;
	}
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
	/*
	 * Unlocked when current is no OOM victim, and a reaper may be
	 * reading it under mmap_sem for read: a shared word outside a lock
	 * that excludes its readers, so WRITE_ONCE (see linux/compiler.h).
	 */
	WRITE_ONCE(mm->mmap, NULL);
	if (locked)
		up_write(&mm->mmap_sem);
}
//! [2017-cond-exit]
