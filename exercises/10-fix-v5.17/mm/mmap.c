// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/10-fix-v5.17/mm/mmap.c - exit_mmap() of v5.15, to fix
 *
 * Lab 10 (README.md).  This is exit_mmap() of src/eras/v5.15/mm/mmap.c:
 * an OOM victim's exit reaps itself and then does v4.14's empty
 * write-lock cycle; any other exit runs without mmap_lock.  Read DOC:
 * v5.15: process_mrelease() meets an exit that is not an OOM kill there
 * first.  Your file replaces exit_mmap() in the era `lab`.
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

	/*
	 * TODO: process_mrelease() reaps any dying process, OOM victim or
	 * not, under mmap_lock for read.  Keep every such reader out of the
	 * teardown below, whoever the dying process is, and make sure one
	 * that gets the lock after the teardown finds no VMA list to walk.
	 */
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
