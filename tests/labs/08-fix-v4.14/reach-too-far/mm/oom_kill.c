// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/reach-too-far/mm/oom_kill.c - a hostile
 *	submission: the skeleton's mark_oom_victim(), and a /proc reader
 *	that never reads
 */
#include "exercises/08-fix-v4.14/mm/oom_kill.c"

ssize_t proc_pid_cmdline_read(struct task_struct *tsk)
{
	(void)tsk;
	return 0;
}
