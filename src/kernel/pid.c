// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/pid.c - from a pid (or a pidfd) to its task
 *
 * Models:  kernel/pid.c
 * CUSTOM:  a pidfd is the pid itself.
 */
#include <linux/sched.h>
#include <linux/list.h>
#include <linux/syscalls.h>
#include <linux/errno.h>

struct task_struct *find_task_by_vpid(pid_t nr)
{
	struct task_struct *p;

	for_each_process(p)
		if (p->pid == nr)
			return p;
	return NULL;
}

/* pidfd_get_task() - the task a pidfd refers to, with a reference. */
struct task_struct *pidfd_get_task(int pidfd, unsigned int *flags)
{
	struct task_struct *task = find_task_by_vpid(pidfd);

	*flags = 0;
	if (!task)
		return ERR_PTR(-ESRCH);
	get_task_struct(task);
	return task;
}
