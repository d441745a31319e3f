// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unstable-unset/mm/oom_kill.c - v5.15's
 * __oom_reap_task_mm() without set_bit(MMF_UNSTABLE)
 *
 * A /proc reader that faults on a page the reaper took then maps the zero
 * page: the refault oracle (src/sim/world/oracle.c) must see it.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;

	for (vma = READ_ONCE(mm->mmap); vma; vma = READ_ONCE(vma->vm_next)) {
		if (!can_madv_lru_vma(vma))
			continue;
		if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED)) {
			struct mmu_gather tlb;

			tlb_gather_mmu(&tlb, mm);
			unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end,
					 NULL);
			tlb_finish_mmu(&tlb);
		}
	}
	return true;
}
