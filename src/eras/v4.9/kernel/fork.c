// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.9/kernel/fork.c - __mmput() hides the mm, mmput_async()
 *
 * Era:     v4.9, "oom_lock" (see src/eras/v4.9/era.c).
 * Commits: 862e3073b3ee "mm, oom: get rid of signal_struct::oom_victims"
 *          (Michal Hocko, v4.9): __mmput() sets MMF_OOM_SKIP once the
 *          address space is gone;
 *          ec8d7c14ea14 "mm, oom_reaper: do not mmput synchronously from
 *          the oom reaper context" (Michal Hocko, v4.7): mmput_async().
 */
#include <linux/sched/mm.h>
#include <linux/mm.h>
#include <linux/aio.h>
#include <linux/workqueue.h>
#include <linux/oom.h>

//! [v4.9-mmput]
/*
 * __mmput() - as in v4.6, and then MMF_OOM_SKIP: the OOM killer may stop
 * waiting for this mm, its memory is back.  (The reaper of this era sets
 * the same bit much earlier, see DOC: v4.9: MMF_OOM_SKIP before the memory
 * is freed.)
 */
__era void __mmput(struct mm_struct *mm)
{
	exit_aio(mm);
	exit_mmap(mm);
	set_bit(MMF_OOM_SKIP, &mm->flags);
	mmdrop(mm);
}

/* mmput_async_fn() - the kworker's half of mmput_async(): the teardown. */
static void mmput_async_fn(struct work_struct *work)
{
	struct mm_struct *mm = container_of(work, struct mm_struct,
					    async_put_work);

	__mmput(mm);
}

/**
 * mmput_async() - drop a reference; if it was the last, tear down from a
 * kworker.
 * @mm: the mm.
 *
 * The reaper must never run exit_mmap() itself: exit_aio() may sleep for
 * as long as the victim's I/O takes, and then nobody reaps anything.
 */
void mmput_async(struct mm_struct *mm)
{
	if (atomic_dec_and_test(&mm->mm_users)) {
		INIT_WORK(&mm->async_put_work, mmput_async_fn);
		schedule_work(&mm->async_put_work);
	}
}
//! [v4.9-mmput]
