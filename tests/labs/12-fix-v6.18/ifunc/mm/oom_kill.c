// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/ifunc/mm/oom_kill.c - a hostile submission:
 *	the skeleton's reaper, reached through a resolver that runs at load
 */
#define __oom_reap_task_mm skeleton_reap
#include "exercises/12-fix-v6.18/mm/oom_kill.c"
#undef __oom_reap_task_mm

static bool (*resolve(void))(struct mm_struct *)
{
	return skeleton_reap;
}

bool __oom_reap_task_mm(struct mm_struct *mm)
	__attribute__((ifunc("resolve")));
