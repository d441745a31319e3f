// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unadjusted-reap/mm/oom_kill.c - v4.6's reaper without
 * OOM_SCORE_ADJ_MIN
 *
 * The planted bug: after a successful reap the victim stops being waited
 * for (TIF_MEMDIE cleared) but is not hidden from the scan.  A victim
 * whose memory the reaper could not take (mlocked VMAs, which it skips)
 * still outweighs the others and is chosen again, each round, freeing
 * nothing: the spurious-kill oracle's re-chosen victim, and at the end of
 * wedged, the oom-lockup oracle's.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/kthread.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../../src/mm/internal.h"

static bool __oom_reap_task(struct task_struct *tsk)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	struct mm_struct *mm;
	struct task_struct *p;
	bool ret = true;

	/*
	 * The victim may have gone through exit_mm() already: then its
	 * memory is on its way back and there is nothing left to do.
	 */
	p = find_lock_task_mm(tsk);
	if (!p)
		return true;

	mm = READ_ONCE(p->mm);
	/* v4.6 wrote atomic_inc_not_zero(&mm->mm_users); same operation. */
	if (!mmget_not_zero(mm)) {
		task_unlock(p);
		return true;
	}
	task_unlock(p);

	if (!down_read_trylock(&mm->mmap_sem)) {
		ret = false;
		goto out;
	}

	tlb_gather_mmu(&tlb, mm, 0, -1);
	for (vma = READ_ONCE(mm->mmap); vma; vma = READ_ONCE(vma->vm_next)) {
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

	/* mutant: TIF_MEMDIE cleared, oom_score_adj left as it was */
	exit_oom_victim(tsk);
out:
	mmput(mm);
	return ret;
}

/*
 * oom_reap_task() - reap @tsk, retrying a busy mmap_sem a few times.  A
 * victim that holds mmap_sem forever is given up on.
 */
void oom_reap_task(struct task_struct *tsk);

void oom_reap_task(struct task_struct *tsk)
{
	int attempts = 0;

	while (attempts++ < MAX_OOM_REAP_RETRIES && !__oom_reap_task(tsk))
		schedule_timeout_idle(HZ / 10);

	if (attempts > MAX_OOM_REAP_RETRIES)
		pr_info("oom_reaper: unable to reap pid:%d (%s)",
			task_pid_nr(tsk), tsk->comm);

	/* Drop the reference taken by wake_oom_reaper(). */
	put_task_struct(tsk);
}
