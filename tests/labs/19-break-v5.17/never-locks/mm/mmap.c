// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/19-break-v5.17/mm/mmap.c - exit_mmap() of v5.17, to break
 *
 * Lab 19 (README.md).  This is src/eras/v5.17/mm/mmap.c as it is,
 * correct: read DOC: v5.17: one lock over the whole teardown there first.
 * Your file replaces exit_mmap() in the era `lab`.
 *
 * TODO: plant one bug, as small as you can make it, that breaks the
 * invariant a late reader relies on: whoever takes mmap_lock after the
 * teardown finds an empty mm, not pointers to what was freed.  DPOR must
 * catch it in mrelease; a run without preemptions must not show it; the
 * exit must still free everything, under the write lock.
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
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
	WRITE_ONCE(mm->mmap, NULL);
	mmap_write_unlock(mm);
}
