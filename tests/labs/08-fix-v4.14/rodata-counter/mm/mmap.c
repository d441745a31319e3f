// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/rodata-counter/mm/mmap.c - a hostile
 *	submission: state the explorer does not restore.  A counter in a
 *	section that is not the model's data (.rodata.runs, made writable by
 *	the flags its name smuggles in) keeps counting from one execution to
 *	the next, where a static of .data or .bss would be reset: the first
 *	execution behaves as the skeleton does, every later one takes the
 *	barrier, so DPOR's exploration past the first run never sees the
 *	use-after-free.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

static int runs __attribute__((section(".rodata.runs,\"aw\",@progbits#")));

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	unmap_vmas(&tlb, vma, 0, -1);

	set_bit(MMF_OOM_SKIP, &mm->flags);
	if (runs++ || unlikely(tsk_is_oom_victim(current))) {
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
