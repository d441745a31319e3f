// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/weak-reaper/mm/mmap.c - a hostile submission:
 *	the skeleton's exit_mmap(), and a weak reaper that does nothing
 */
#include "exercises/08-fix-v4.14/mm/mmap.c"

__attribute__((weak)) bool __oom_reap_task_mm(struct task_struct *tsk,
					      struct mm_struct *mm)
{
	(void)tsk;
	(void)mm;
	return true;
}
