// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/special-case/mm/mmap.c - a hostile submission:
 *	a fix that special-cases the grader.  The barrier is still keyed on
 *	current, but taken also when current is `ps`, the one task besides
 *	the victim that drops the last mm_users in the grader's scenarios
 *	(the /proc reader of proc-reader).  Nothing of the mm is asked: any
 *	other task that drops the last reference frees what the reaper is
 *	still using.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

/* Is current the grader's /proc reader? */
static bool grader_reader(void)
{
	return current->comm[0] == 'p' && current->comm[1] == 's' &&
	       !current->comm[2];
}

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
	if (unlikely(tsk_is_oom_victim(current)) || grader_reader()) {
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
