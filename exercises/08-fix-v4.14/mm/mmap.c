// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/08-fix-v4.14/mm/mmap.c - exit_mmap() of v4.14, to fix
 *
 * Lab 08 (README.md).  This is src/eras/v4.14/mm/mmap.c: Andrea
 * Arcangeli's empty write-lock cycle (212925802454), taken only when
 * current is an OOM victim.  Read DOC: v4.14: a barrier, not a critical
 * section there first.  Your file replaces exit_mmap() in the era `lab`.
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

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);

	set_bit(MMF_OOM_SKIP, &mm->flags);
	/*
	 * TODO: current is whoever dropped the last mm_users, and that need
	 * not be the OOM victim (a /proc reader can be the last): ask the
	 * mm, not the task, whether a reaper may be on it.  Only then does
	 * an exit need the barrier; an ordinary exit must not pay for it.
	 */
	if (unlikely(tsk_is_oom_victim(current))) {
		/*
		 * Wait for oom_reap_task() to stop working on this mm.  It
		 * tests MMF_OOM_SKIP under mmap_sem for read, so after the
		 * up_write() it will not start on this mm again.
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
