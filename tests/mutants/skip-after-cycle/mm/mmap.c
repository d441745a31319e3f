// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/skip-after-cycle/mm/mmap.c - v4.14's exit_mmap(), with
 * MMF_OOM_SKIP published too late
 *
 * The planted bug: the bit is set after the down_write(); up_write()
 * cycle.  The cycle then orders nothing: a reaper whose
 * down_read_trylock() comes after the up_write() still finds the bit
 * clear, and zaps page tables free_pgtables() is freeing.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "../../../../src/mm/internal.h"

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	unmap_vmas(&tlb, vma, 0, -1);

	if (unlikely(tsk_is_oom_victim(current))) {
		down_write(&mm->mmap_sem);
		up_write(&mm->mmap_sem);
	}
	set_bit(MMF_OOM_SKIP, &mm->flags);	/* mutant: after the cycle */
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
