// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/inverted-skip/mm/oom_kill.c - v6.18's process_mrelease(),
 * with one `!` lost
 *
 * The planted bug: under the read lock, process_mrelease() reaps only if
 * MMF_OOM_SKIP is set, that is only an mm that exit_mmap() has already
 * zapped (or that is gone), and returns 0 either way.  Nothing unsafe
 * happens, so no oracle fires; the memory simply comes back when the
 * victim's own exit frees it, not when the syscall returns.  The function
 * is v5.17's (v6.18 did not change it) with that one line changed, so
 * that `reaplab diff v6.18 mutant-inverted-skip` shows the one line.
 */
#include <linux/oom.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include "../../../../src/mm/internal.h"

bool __oom_reap_task_mm(struct mm_struct *mm);

/**
 * sys_process_mrelease() - reap a dying process's memory now.
 * @pidfd: the process.
 * @flags: must be 0.
 *
 * Back to a mm_count pin (v5.15 final had pinned mm_users, so that the
 * caller could end up running exit_mmap() and exit_aio()): exit_mmap()
 * now excludes readers for its whole length.  MMF_OOM_SKIP is tested
 * again under the read lock, to see a change exit_mmap() made meanwhile.
 *
 * Return: 0, or -EINVAL, -ESRCH, -EINTR, -EAGAIN.
 */
SYSCALL_DEFINE2(process_mrelease, int, pidfd, unsigned int, flags)
{
	struct mm_struct *mm = NULL;
	struct task_struct *task, *p;
	unsigned int f_flags;
	bool reap = false;
	long ret = 0;

	if (flags)
		return -EINVAL;

	task = pidfd_get_task(pidfd, &f_flags);
	if (IS_ERR(task))
		return PTR_ERR(task);

	p = find_lock_task_mm(task);
	if (!p) {
		ret = -ESRCH;
		goto put_task;
	}

	mm = READ_ONCE(p->mm);
	mmgrab(mm);

	if (task_will_free_mem(p))
		reap = true;
	else if (!test_bit(MMF_OOM_SKIP, &mm->flags))
		/* an error only if the work has not been done already */
		ret = -EINVAL;
	task_unlock(p);

	if (!reap)
		goto drop_mm;

	if (mmap_read_lock_killable(mm)) {
		ret = -EINTR;
		goto drop_mm;
	}
	/*
	 * Test MMF_OOM_SKIP again, under the read lock, so that a change
	 * made by exit_mmap() meanwhile is seen.
	 */
	if (test_bit(MMF_OOM_SKIP, &mm->flags) && !__oom_reap_task_mm(mm))
		ret = -EAGAIN;
	mmap_read_unlock(mm);

drop_mm:
	mmdrop(mm);
put_task:
	put_task_struct(task);
	return ret;
}
