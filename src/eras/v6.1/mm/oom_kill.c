// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.1/mm/oom_kill.c - the reaper walks the maple tree
 *
 * Era:     v6.1.
 * Commits: e1c2c775d448 "mm/oom_kill: use vma iterators instead of vma
 *          linked list" (Liam Howlett); b3541d912a84 "mm: delete unused
 *          MMF_OOM_VICTIM flag" (Suren Baghdasaryan); a213e5cf71cb (v5.18:
 *          the reaper may reap VM_LOCKED VMAs); e4a38402c36e "oom_kill.c:
 *          futex: delay the OOM reaper to allow time for proper futex
 *          cleanup" (Nico Pache, v5.18): DOC: v5.18: the reaper waits.
 */

//! [v6.1-delay]
/*
 * DOC: v5.18: the reaper waits
 *
 * glibc keeps a thread's robust futex list in the process's own private
 * memory.  A reaper that unmaps it before the dying task has walked it
 * leaves the futex's waiters asleep for ever.  So since e4a38402c36e a
 * kill only arms a timer; two seconds later its callback queues the task
 * for the reaper, unless the victim has already torn its mm down by
 * itself (MMF_OOM_SKIP, set by exit_mmap()):
 *
 *     oom_kill_process                  victim (exit_mmap)      timer
 *     -------------------------------------------------------------
 *     queue_oom_reaper
 *       test_and_set_bit(MMF_OOM_REAP_QUEUED)
 *       add_timer    # OOM_REAPER_DELAY
 *                                       unmap_vmas
 *                                       set_bit(MMF_OOM_SKIP)
 *                                                      wake_oom_reaper
 *                                                        MMF_OOM_SKIP: drop
 *
 * In the model the callback runs in a thread of its own, T, at any point
 * the explorer chooses after add_timer() (DOC: Timers fire when the
 * kernel could fire them, kernel/time/timer.c): before the killer's next
 * step, once the victim has finished unmapping, or after a dying
 * allocator that queued itself (out_of_memory()'s shortcut) is gone.
 * Whether the victim got there first is the explorer's choice, as every
 * delay is.  What the era adds is the drop.
 */
//! [v6.1-delay]

#define OOM_REAPER_DELAY	(2 * HZ)

#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/timer.h>
#include <linux/kthread.h>
#include <linux/wait.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "../../../mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);
/* src/mm/oom_kill.c */
int oom_reaper(void *unused);
/* src/eras/v4.9/mm/oom_kill.c */
void select_bad_process(struct oom_control *oc);

/* No MMF_OOM_VICTIM any more: exit_mmap() sets MMF_OOM_SKIP regardless. */
void mark_oom_victim(struct task_struct *tsk)
{
	struct mm_struct *mm = READ_ONCE(tsk->mm);

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

//! [v6.1-queue]
/*
 * wake_oom_reaper() - the timer's callback: hand the victim to the reaper,
 * unless its own exit_mmap() has already done the work.
 */
static void wake_oom_reaper(struct timer_list *timer)
{
	struct task_struct *tsk = from_timer(tsk, timer, oom_reaper_timer);
	struct mm_struct *mm = READ_ONCE(tsk->signal->oom_mm);

	/* The victim managed to terminate on its own - see exit_mmap(). */
	if (test_bit(MMF_OOM_SKIP, &mm->flags)) {
		put_task_struct(tsk);
		return;
	}

	spin_lock(&oom_reaper_lock);
	WRITE_ONCE(tsk->oom_reaper_list, oom_reaper_list);
	WRITE_ONCE(oom_reaper_list, tsk);
	spin_unlock(&oom_reaper_lock);
	trace_wake_reaper(tsk->pid);
	wake_up(&oom_reaper_wait);
}

/*
 * queue_oom_reaper() - have @tsk reaped OOM_REAPER_DELAY from now, once
 * per mm (MMF_OOM_REAP_QUEUED, as since v5.0).
 */
__era void queue_oom_reaper(struct task_struct *tsk)
{
	if (!oom_reaper_th)
		return;

	/* mm is already queued? */
	if (test_and_set_bit(MMF_OOM_REAP_QUEUED,
			     &READ_ONCE(tsk->signal->oom_mm)->flags))
		return;

	get_task_struct(tsk);
	timer_setup(&tsk->oom_reaper_timer, wake_oom_reaper, 0);
	tsk->oom_reaper_timer.expires = jiffies + OOM_REAPER_DELAY;
	add_timer(&tsk->oom_reaper_timer);
}
//! [v6.1-queue]

/**
 * oom_init() - start the OOM reaper, and the timer softirq that runs its
 * delay's callback.
 *
 * CUSTOM: upstream the timer softirq is there from boot whatever runs
 * later; the model starts its threads only in the eras that arm a timer
 * (linux/timer.h).
 */
void oom_init(void)
{
	oom_reaper_th = kthread_run(oom_reaper, NULL, "oom_reaper");
	init_timers();
}

/* As since v4.6, the victim queued through queue_oom_reaper(). */
__era void oom_kill_process(struct oom_control *oc, struct task_struct *victim)
{
	struct task_struct *p;
	struct mm_struct *mm;

	(void)oc;
	task_lock(victim);
	if (READ_ONCE(victim->mm) && task_will_free_mem(victim)) {
		mark_oom_victim(victim);
		queue_oom_reaper(victim);
		task_unlock(victim);
		return;
	}
	task_unlock(victim);

	p = find_lock_task_mm(victim);
	if (!p)
		return;
	victim = p;

	mm = READ_ONCE(victim->mm);
	mmgrab(mm);
	do_send_sig_info(SIGKILL, NULL, victim, 0);
	mark_oom_victim(victim);
	pr_err("Killed process %d (%s)", task_pid_nr(victim), victim->comm);
	task_unlock(victim);

	queue_oom_reaper(victim);
	mmdrop(mm);
}

/* As since v4.9, a dying allocator queued through queue_oom_reaper(). */
__era bool out_of_memory(struct oom_control *oc)
{
	if (task_will_free_mem(current)) {
		mark_oom_victim(current);
		queue_oom_reaper(current);
		return true;
	}

	oc->totalpages = contig_zone.managed_pages;
	select_bad_process(oc);
	if (!oc->chosen) {
		pr_err("Out of memory and no killable processes...");
		return false;
	}
	if (oc->chosen != (struct task_struct *)(-1UL)) {
		oom_kill_process(oc, oc->chosen);
		/* Give the victim a chance to exit before we try again. */
		schedule_timeout_killable(1);
	}
	return true;
}
