// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/reverse-skips-vma/mm/oom_kill.c - v6.18's reverse walk,
 * one VMA short
 *
 * The planted bug: the walk from ULONG_MAX down steps over the topmost
 * VMA before it starts reaping, an off-by-one of the kind a rewrite of a
 * walk invites.  Nothing unsafe: fewer pages are zapped, that is all.  But
 * process_mrelease() returns 0 as if the whole mm were unmapped, and the
 * top VMA's pages stay mapped until the victim's own exit_mmap() gets to
 * them: the contract oracle's case (src/sim/world/oracle.c).
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "../../../../src/mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	bool ret = true;
	MA_STATE(mas, &mm->mm_mt, ULONG_MAX, ULONG_MAX);

	set_bit(MMF_UNSTABLE, &mm->flags);

	mas_find_rev(&mas, 0);	/* mutant: the top VMA is passed over */
	mas_for_each_rev(&mas, vma, 0) {
		if (vma->vm_flags & (VM_HUGETLB | VM_PFNMAP))
			continue;
		if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED)) {
			struct mmu_gather tlb;

			tlb_gather_mmu(&tlb, mm);
			unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end,
					 NULL);
			tlb_finish_mmu(&tlb);
		}
	}
	return ret;
}
