// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/19-break-v5.17/empty-lock/mm/mmap.c - lab 19, a submission
 * that takes the write lock and drops it at once
 *
 * The solution's bug, and the teardown after an empty mmap_write_lock()
 * and mmap_write_unlock(): the frees run with no lock at all, which is
 * v5.15's exit_mmap() (lab 09) and not what the lab asks for.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

/* include/linux/oom.h since 27ae357fa82b */
bool __oom_reap_task_mm(struct mm_struct *mm);

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
	mmap_write_unlock(mm);
	vma = mm->mmap;
	if (!vma)
		return;

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
}
