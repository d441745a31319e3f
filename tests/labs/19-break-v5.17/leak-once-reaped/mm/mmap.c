// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/19-break-v5.17/leak-once-reaped/mm/mmap.c - lab 19, a
 * submission that leaks only where it races
 *
 * The reference break (mm->mmap left pointing at the freed VMAs), and a
 * leak: the VMAs of an mm that process_mrelease() reaped after the exit
 * began are never freed.  V's exit alone frees everything, and so does
 * the default schedule, where M reaps first.
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
	bool reaped_before = test_bit(MMF_UNSTABLE, &mm->flags);

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
	if (!reaped_before && test_bit(MMF_UNSTABLE, &mm->flags)) {
		mmap_write_unlock(mm);
		return;
	}
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
	mmap_write_unlock(mm);
}
