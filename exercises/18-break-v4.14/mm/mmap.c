// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/18-break-v4.14/mm/mmap.c - exit_mmap() of v4.14, to break
 *
 * Lab 18 (README.md).  This is src/eras/v4.14/mm/mmap.c, its code as it
 * is (some comments shortened), correct for an OOM victim that drops its
 * own last mm_users (the scenario oom): read DOC: v4.14: a barrier, not a
 * critical section there first.  Your file replaces exit_mmap() in the
 * era `lab`.
 *
 * TODO: plant one bug, as small as you can make it, that breaks the
 * barrier's invariant: a reaper that gets mmap_sem for read after the
 * write-lock cycle must find MMF_OOM_SKIP set, so that it never touches
 * what free_pgtables() and remove_vma() free.  DPOR must catch it in oom;
 * a run without preemptions must not show it; the exit must still free
 * everything.
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
