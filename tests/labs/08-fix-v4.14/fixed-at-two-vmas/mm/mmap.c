// SPDX-License-Identifier: GPL-2.0-only
/*
 * The barrier keyed on the mm (4837fe37adff) only for an mm of exactly
 * two VMAs, the size every scenario has; for any other, the write-lock
 * cycle in every exit (2017-uncond), which is safe and costs every exit
 * the lock the lab asks to avoid.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma, *v;
	int n = 0;

	vma = mm->mmap;
	if (!vma)
		return;
	for (v = vma; v; v = v->vm_next)
		n++;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	unmap_vmas(&tlb, vma, 0, -1);

	if (n != 2 || unlikely(mm_is_oom_victim(mm))) {
		set_bit(MMF_OOM_SKIP, &mm->flags);
		down_write(&mm->mmap_sem);
		up_write(&mm->mmap_sem);
	}
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
