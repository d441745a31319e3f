// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.1/mm/oom_kill.c - the reaper walks the maple tree
 *
 * Era:     v6.1.
 * Commits: e1c2c775d448 "mm/oom_kill: use vma iterators instead of vma
 *          linked list" (Liam Howlett); b3541d912a84 "mm: delete unused
 *          MMF_OOM_VICTIM flag" (Suren Baghdasaryan); a213e5cf71cb (v5.18:
 *          the reaper may reap VM_LOCKED VMAs).  The 2 s OOM_REAPER_DELAY of
 *          e4a38402c36e (v5.18) is a timing policy: in the model a delay is
 *          a scheduling choice, which the explorer already covers.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

/* No MMF_OOM_VICTIM any more: exit_mmap() sets MMF_OOM_SKIP regardless. */
void mark_oom_victim(struct task_struct *tsk)
{
	struct mm_struct *mm = tsk->mm;

	if (test_and_set_tsk_thread_flag(tsk, TIF_MEMDIE))
		return;

	if (!cmpxchg(&tsk->signal->oom_mm, NULL, mm))
		mmgrab(mm);
	trace_mark_victim(tsk);
}

//! [v6.1-reap]
/**
 * __oom_reap_task_mm() - unmap the anonymous memory of @mm.
 * @mm: the mm; the caller holds mmap_lock for read.
 *
 * The walk is the maple tree's, lowest address first (e1c2c775d448): the
 * order in which the exiting task's unmap_vmas() walks it too.
 *
 * Return: true (false only for mmu notifiers, which the model has none of).
 */
bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	bool ret = true;
	VMA_ITERATOR(vmi, mm, 0);

	set_bit(MMF_UNSTABLE, &mm->flags);

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
//! [v6.1-reap]
