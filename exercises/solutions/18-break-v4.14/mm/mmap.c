// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/solutions/18-break-v4.14/mm/mmap.c - lab 18: the reference
 *                                                 solution
 *
 * One line moved: MMF_OOM_SKIP is published after the write-lock cycle,
 * not before.  The cycle then orders nothing: a reaper whose
 * down_read_trylock() comes after the up_write() still finds the bit
 * clear, and zaps page tables that free_pgtables() is freeing.  Without
 * a preemption the victim runs from unmap_vmas() to the end alone, and
 * nothing shows.  (The explorer's self-test plants the same bug:
 * tests/mutants/skip-after-cycle.)
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

	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
