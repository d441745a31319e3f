// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/mm/oom_kill.c - the OOM killer and the OOM reaper
 *
 * Models:  mm/oom_kill.c, Linux v4.6: out_of_memory(), select_bad_process(),
 *          oom_scan_process_thread(), oom_badness(), oom_kill_process(),
 *          mark_oom_victim(), exit_oom_victim(), and the OOM reaper of
 *          aac453635549 with the refinements merged with it in v4.6
 *          (bc448e897b6d MAX_OOM_REAP_RETRIES, 36324a990cf5 clearing
 *          TIF_MEMDIE after a reap, 03049269de43 the victim queue).
 * Omits:   memcg and cpuset OOMs, sysrq, oom_killer_disable(), the freezer,
 *          killing other processes sharing the mm, children sacrifice,
 *          hugetlb VMAs (there are none), dump_header().  The reaper skips
 *          mlocked VMAs as v4.6's did (can_madv_dontneed_vma()); wedged's
 *          victim has some.
 * Book:    chapter "v4.6: the first reaper" (book/era-v4.6.md).
 *
 * Lock ordering in this file (outermost first):
 *
 *     oom_lock                 one OOM killer at a time
 *       task->alloc_lock       task_lock(): pins task->mm
 *     oom_reaper_lock          the reaper's queue; never held while reaping
 *     mm->mmap_sem             the reaper takes it for read, trylock only
 *       pt->ptl
 *
 * DOC: Why an OOM reaper
 *
 * Killing a task frees nothing by itself: the victim must run to do_exit()
 * and unmap its memory, and a victim stuck in the kernel (waiting for a
 * lock held by the very task that is allocating) never gets there.  The
 * reaper is a kernel thread that unmaps the victim's anonymous memory
 * itself, as MADV_DONTNEED would, so the system makes progress anyway.
 *
 * It must never block on the victim: it only try-locks mmap_sem, retries
 * MAX_OOM_REAP_RETRIES times a tenth of a second apart, and then gives up.
 */

//! [v4.6-race]
/*
 * DOC: The v4.6 race: TIF_MEMDIE cleared too early
 *
 * In v4.6 the OOM killer waits for a victim as long as some task still
 * has TIF_MEMDIE.  The exiting victim clears its own flag in exit_mm(),
 * right after its mmput() — which is not the last one when the reaper
 * holds a reference:
 *
 *     oom_reaper                        victim (do_exit)
 *     -------------------------------------------------------------
 *     __oom_reap_task
 *       atomic_inc_not_zero(mm_users)
 *       down_read_trylock(mmap_sem)
 *                                       exit_mm
 *                                         mmput      # not the last user
 *                                         exit_oom_victim
 *                                                    # TIF_MEMDIE gone
 *                     allocating task: out_of_memory
 *                       select_bad_process  # no TIF_MEMDIE task left:
 *                                           # a second victim is killed
 *       unmap_page_range  # the first victim's memory is freed only now
 *
 * Invariant broken: "no new victim while the last one's memory is still
 * on its way back".  e2fe14564d33 (v4.7) closed it by holding oom_lock
 * around the whole reap; see src/eras/v4.9/.
 */
//! [v4.6-race]

#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/kthread.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <asm/tlb.h>
#include <trace/events/oom.h>
#include "internal.h"

DEFINE_MUTEX(oom_lock);
int max_oom_reap_retries = 10;

/**
 * find_lock_task_mm() - a thread of @p that still has an mm, locked.
 * @p: the process.
 *
 * Return: the thread with task_lock() held, or NULL if every thread has
 * been through exit_mm().
 */
struct task_struct *find_lock_task_mm(struct task_struct *p)
{
	struct task_struct *t;

	for_each_thread(p, t) {
		task_lock(t);
		if (likely(READ_ONCE(t->mm)))
			return t;
		task_unlock(t);
	}
	return NULL;
}

/**
 * oom_badness() - how much memory killing @p would free.
 * @p: the candidate.
 * @totalpages: the memory to weigh oom_score_adj against.
 *
 * Return: the score; 0 means "never kill this one".
 */
__era long oom_badness(struct task_struct *p, unsigned long totalpages)
{
	long points;
	long adj;

	p = find_lock_task_mm(p);
	if (!p)
		return 0;

	adj = READ_ONCE(p->signal->oom_score_adj);
	if (adj == OOM_SCORE_ADJ_MIN) {
		task_unlock(p);
		return 0;
	}
	points = get_mm_rss(READ_ONCE(p->mm));
	task_unlock(p);

	points += adj * (long)totalpages / 1000;
	return points > 0 ? points : 1;
}

//! [select_bad_process]
/*
 * oom_scan_process_thread() - may @task be chosen?  A task with TIF_MEMDIE
 * is a victim still on its way out: wait for it rather than kill another.
 */
static enum oom_scan_t oom_scan_process_thread(struct oom_control *oc,
					       struct task_struct *task)
{
	(void)oc;
	if (test_tsk_thread_flag(task, TIF_MEMDIE))
		return OOM_SCAN_ABORT;
	if (!READ_ONCE(task->mm))
		return OOM_SCAN_CONTINUE;
	return OOM_SCAN_OK;
}

/*
 * select_bad_process() - the task with the highest badness, or -1UL when
 * a victim is still exiting and the caller should wait.
 */
__era struct task_struct *select_bad_process(struct oom_control *oc)
{
	struct task_struct *p, *chosen = NULL;
	long chosen_points = 0;

	for_each_process(p) {
		long points;

		switch (oom_scan_process_thread(oc, p)) {
		case OOM_SCAN_SELECT:
			chosen = p;
			chosen_points = LONG_MAX;
			continue;
		case OOM_SCAN_CONTINUE:
			continue;
		case OOM_SCAN_ABORT:
			return (struct task_struct *)(-1UL);
		case OOM_SCAN_OK:
			break;
		}
		points = oom_badness(p, oc->totalpages);
		if (!points || points < chosen_points)
			continue;
		chosen = p;
		chosen_points = points;
	}
	oc->chosen_points = chosen_points;
	return chosen;
}
//! [select_bad_process]

/**
 * mark_oom_victim() - give @tsk access to memory reserves.
 * @tsk: the victim; the caller holds task_lock(@tsk) and @tsk->mm != NULL.
 *
 * From here on select_bad_process() waits for @tsk instead of choosing
 * another victim.
 */
void mark_oom_victim(struct task_struct *tsk)
{
	if (test_and_set_tsk_thread_flag(tsk, TIF_MEMDIE))
		return;
	trace_mark_victim(tsk);
}

/**
 * exit_oom_victim() - @tsk no longer needs memory reserves.
 * @tsk: the victim.
 */
void exit_oom_victim(struct task_struct *tsk)
{
	test_and_clear_tsk_thread_flag(tsk, TIF_MEMDIE);
}

/* An exiting task frees its memory by itself: no need to kill anyone. */
__era bool task_will_free_mem(struct task_struct *task)
{
	return test_bit(PF_EXITING, &task->flags);
}

/*
 * OOM reaper: a kernel thread that unmaps the anonymous memory of OOM
 * victims, so the OOM killer can make progress even when a victim cannot.
 *
 * Static in the kernel; global here (and hidden from other eras by the
 * build) because the eras that change how a victim is queued, v5.15's
 * MMF_OOM_REAP_QUEUED and v6.1's timer, reach the queue from their own
 * copy of this file (mm/internal.h).
 */
struct task_struct *oom_reaper_th;
DECLARE_WAIT_QUEUE_HEAD(oom_reaper_wait);
struct task_struct *oom_reaper_list;
DEFINE_SPINLOCK(oom_reaper_lock);

//! [v4.6-reap]
/*
 * __oom_reap_task() - one attempt to unmap @tsk's memory.
 *
 * The mm is pinned with mm_users, under task_lock, so it cannot be torn
 * down while we walk it; but see DOC: The v4.6 race.  The last mmput() may
 * be ours, and then the reaper itself runs exit_mmap(), which can block:
 * ec8d7c14ea14 (mmput_async) fixed that in v4.7.
 *
 * Return: false if mmap_sem was busy (retry), true otherwise.
 */
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

	/*
	 * The task's memory is gone: hide it from the OOM killer and stop
	 * waiting for it, so that another victim can be chosen if this was
	 * not enough.
	 */
	WRITE_ONCE(tsk->signal->oom_score_adj, OOM_SCORE_ADJ_MIN);
	exit_oom_victim(tsk);
out:
	mmput(mm);
	return ret;
}

/*
 * oom_reap_task() - reap @tsk, retrying a busy mmap_sem a few times.  A
 * victim that holds mmap_sem forever is given up on.
 */
__era void oom_reap_task(struct task_struct *tsk)
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
//! [v4.6-reap]

//! [v4.6-queue]
/*
 * oom_reaper() - the reaper kthread: sleep until a victim is queued, take
 * it off the queue under oom_reaper_lock, reap it, repeat.
 */
__era int oom_reaper(void *unused)
{
	(void)unused;
	while (true) {
		struct task_struct *tsk = NULL;

		wait_event_freezable(oom_reaper_wait,
				     READ_ONCE(oom_reaper_list) != NULL);
		spin_lock(&oom_reaper_lock);
		if (oom_reaper_list != NULL) {
			tsk = oom_reaper_list;
			WRITE_ONCE(oom_reaper_list, tsk->oom_reaper_list);
		}
		spin_unlock(&oom_reaper_lock);

		if (tsk)
			oom_reap_task(tsk);
	}
	return 0;
}

/*
 * wake_oom_reaper() - queue @tsk for the reaper.  The "already queued"
 * test is racy, as it was upstream; the queue itself is under
 * oom_reaper_lock.
 */
__era void wake_oom_reaper(struct task_struct *tsk)
{
	if (!oom_reaper_th)
		return;

	if (tsk == READ_ONCE(oom_reaper_list) ||
	    READ_ONCE(tsk->oom_reaper_list))
		return;

	get_task_struct(tsk);

	spin_lock(&oom_reaper_lock);
	WRITE_ONCE(tsk->oom_reaper_list, oom_reaper_list);
	WRITE_ONCE(oom_reaper_list, tsk);
	spin_unlock(&oom_reaper_lock);
	wake_up(&oom_reaper_wait);
}
//! [v4.6-queue]

/**
 * oom_init() - start the OOM reaper.
 */
void oom_init(void)
{
	oom_reaper_th = kthread_run(oom_reaper, NULL, "oom_reaper");
}

//! [oom_kill_process]
/*
 * oom_kill_process() - kill @victim: SIGKILL, memory reserves, and a place
 * in the reaper's queue.  The mm is pinned with mm_count for as long as we
 * look at it.
 *
 * The order under task_lock is SIGKILL first, then mark_oom_victim():
 * marked before it is killed, a victim could spend the memory reserves on
 * whatever its user space does in between ("mm/oom_kill.c: reverse the
 * order of setting TIF_MEMDIE and sending SIGKILL", Tetsuo Handa, v4.4;
 * its comment became "We should send SIGKILL before granting access to
 * memory reserves" with cd04ae1e2dc8, v4.14).  Both happen before
 * task_unlock(): from v4.9 on mark_oom_victim() takes victim->mm, which
 * only task_lock keeps from becoming NULL under a victim that, killed,
 * is already on its way through exit_mm().
 */
__era void oom_kill_process(struct oom_control *oc, struct task_struct *victim)
{
	struct task_struct *p;
	struct mm_struct *mm;

	(void)oc;
	/*
	 * A victim already on its way out frees its memory by itself:
	 * only make sure it can use the reserves.
	 */
	task_lock(victim);
	if (READ_ONCE(victim->mm) && task_will_free_mem(victim)) {
		mark_oom_victim(victim);
		wake_oom_reaper(victim);
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

	wake_oom_reaper(victim);
	mmdrop(mm);
}
//! [oom_kill_process]

//! [out_of_memory]
/**
 * out_of_memory() - kill a task so that memory gets freed.
 * @oc: the failed allocation.
 *
 * Context: oom_lock held.
 * Return: true if some progress was made (a task killed or waited for).
 */
__era bool out_of_memory(struct oom_control *oc)
{
	struct task_struct *p;

	/*
	 * A dying allocator gets the reserves and goes: it will free its
	 * memory itself.
	 */
	if (current->mm &&
	    (fatal_signal_pending(current) || task_will_free_mem(current))) {
		mark_oom_victim(current);
		return true;
	}

	oc->totalpages = contig_zone.managed_pages;
	p = select_bad_process(oc);
	if (!p) {
		pr_err("Out of memory and no killable processes...");
		return false;
	}
	if (p != (struct task_struct *)(-1UL)) {
		oom_kill_process(oc, p);
		/* Give the victim a chance to exit before we try again. */
		schedule_timeout_killable(1);
	}
	return true;
}
//! [out_of_memory]

/*
 * process_mrelease() came with v5.15 (884a7e5964e0); before that the
 * system call does not exist.
 */
SYSCALL_DEFINE2(process_mrelease, int, pidfd, unsigned int, flags)
{
	(void)pidfd;
	(void)flags;
	return -ENOSYS;
}
