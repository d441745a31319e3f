// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/fs/proc/base.c - /proc/<pid>/cmdline, a reader that pins mm_users
 *
 * Models:  fs/proc/base.c (proc_pid_cmdline_read, get_mm_cmdline)
 * Book:    chapter "v4.14: the empty write cycle" (book/era-v4.14.md): this
 *          reader is how the last mmput() of an OOM victim's mm can come
 *          from a task that is not the victim (4837fe37adff).
 */
#include <linux/mm.h>
#include <linux/sched/mm.h>

//! [proc-reader]
/**
 * proc_pid_cmdline_read() - read @tsk's command line from its memory.
 * @tsk: the process, as `ps` reads it.
 *
 * Between get_task_mm() and mmput() this reader is a user of the mm; if
 * the owner exits meanwhile, the final mmput(), and so exit_mmap(), runs
 * here, in the reader.
 *
 * Return: bytes read, or 0 if the task has no mm any more.
 */
ssize_t proc_pid_cmdline_read(struct task_struct *tsk)
{
	struct mm_struct *mm = get_task_mm(tsk);
	int len;

	if (!mm)
		return 0;
	len = access_remote_vm(mm, mm->arg_start, NULL, 64, 0);
	mmput(mm);
	return len;
}
//! [proc-reader]
