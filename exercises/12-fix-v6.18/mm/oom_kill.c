// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/12-fix-v6.18/mm/oom_kill.c - the reaper's walk of v6.1, to
 *                                       turn round
 *
 * Lab 12 (README.md).  This is __oom_reap_task_mm() of src/eras/v6.1/mm/
 * oom_kill.c: it walks the maple tree from the lowest address up, as
 * exit_mmap() does, so the two meet on every PTE table (zhongjinji, 2025).
 * Read
 * DOC: v6.18: reaping from the top in src/eras/v6.18/mm/oom_kill.c for
 * the why, not for the how.  Your file replaces __oom_reap_task_mm() in
 * the era `lab`: the OOM reaper and process_mrelease() both call it.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	bool ret = true;
	VMA_ITERATOR(vmi, mm, 0);

	set_bit(MMF_UNSTABLE, &mm->flags);

	/*
	 * TODO: the dying task zaps from the bottom.  Walk the VMAs from
	 * the top instead (include/linux/maple_tree.h has what you need),
	 * so that the two meet at most once.  Every VMA must still be
	 * reaped.
	 */
	for_each_vma(vmi, vma) {
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
