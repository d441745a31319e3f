// SPDX-License-Identifier: GPL-2.0-only
/*
 * v5.15's unlocked teardown, but only once a reaper has been at the mm
 * (MMF_UNSTABLE): the exit run alone still frees under the write lock.
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
	bool lock = !test_bit(MMF_UNSTABLE, &mm->flags);

	if (unlikely(mm_is_oom_victim(mm))) {
		(void)__oom_reap_task_mm(mm);
		set_bit(MMF_OOM_SKIP, &mm->flags);
	}

	if (lock)
		mmap_write_lock(mm);
	vma = mm->mmap;
	if (!vma) {
		if (lock)
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
	WRITE_ONCE(mm->mmap, NULL);
	if (lock)
		mmap_write_unlock(mm);
}
