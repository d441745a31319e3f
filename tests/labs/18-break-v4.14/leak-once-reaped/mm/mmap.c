// SPDX-License-Identifier: GPL-2.0-only
/*
 * The reference break (MMF_OOM_SKIP published after the write-lock
 * cycle), and a leak: the VMAs of an mm a reaper came to while it
 * exited are never freed.
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
	bool reaped_before = test_bit(MMF_UNSTABLE, &mm->flags);

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);

	if (unlikely(tsk_is_oom_victim(current))) {
		down_write(&mm->mmap_sem);
		up_write(&mm->mmap_sem);
	}
	set_bit(MMF_OOM_SKIP, &mm->flags);	/* the bug: after the cycle */
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	/*
	 * and the VMAs of an mm a reaper came to while it exited are never
	 * freed
	 */
	if (!reaped_before && test_bit(MMF_UNSTABLE, &mm->flags))
		return;
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
