// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/reaper-skips-first/mm/oom_kill.c - v4.14's reaper, one
 * VMA short
 *
 * The planted bug: the walk starts at mm->mmap->vm_next, an off-by-one of
 * the kind a rewrite of a walk invites.  Nothing unsafe: fewer pages are
 * zapped, that is all.  But the reaper reports the mm reaped (and its
 * caller hides it with MMF_OOM_SKIP) while the first VMA's pages stay
 * mapped: the reaper's contract, which the contract oracle checks
 * (src/sim/world/oracle.c) where the reap succeeds.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/mutex.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../../src/mm/internal.h"

bool __oom_reap_task_mm(struct task_struct *tsk, struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	bool ret = true;

	mutex_lock(&oom_lock);

	if (!down_read_trylock(&mm->mmap_sem)) {
		ret = false;
		trace_skip_task_reaping(tsk->pid);
		goto unlock_oom;
	}

	if (test_bit(MMF_OOM_SKIP, &mm->flags)) {
		up_read(&mm->mmap_sem);
		trace_skip_task_reaping(tsk->pid);
		goto unlock_oom;
	}

	trace_start_task_reaping(tsk->pid);
	set_bit(MMF_UNSTABLE, &mm->flags);

	tlb_gather_mmu(&tlb, mm, 0, -1);
	vma = READ_ONCE(mm->mmap);
	/* mutant: the first VMA is passed over */
	for (vma = vma ? READ_ONCE(vma->vm_next) : NULL; vma;
	     vma = READ_ONCE(vma->vm_next)) {
		if (!can_madv_dontneed_vma(vma))
			continue;
		if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED))
			unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end,
					 NULL);
	}
	tlb_finish_mmu(&tlb, 0, -1);
	sim_assert_oom_reaped(mm);
	pr_info("oom_reaper: reaped process %d (%s)", task_pid_nr(tsk),
		tsk->comm);
	up_read(&mm->mmap_sem);
	trace_finish_task_reaping(tsk->pid);
unlock_oom:
	mutex_unlock(&oom_lock);
	return ret;
}
