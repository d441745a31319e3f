// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/18-break-v4.14/self-uaf/mm/mmap.c - a hostile submission:
 *	the barrier left whole, and a use-after-free of the victim's own
 *	VMA, made only when the reaper set MMF_UNSTABLE during the exit
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
	bool early = test_bit(MMF_UNSTABLE, &mm->flags);

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
	if (!early && test_bit(MMF_UNSTABLE, &mm->flags) && mm->mmap->vm_next)
		clear_bit(MMF_UNSTABLE, &mm->flags);
}
