// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/v6.1/mm/oom_kill.c - v6.1's own
 *	__oom_reap_task_mm(), handed in as the file of lab 12
 *
 * The era's mm/oom_kill.c defines mark_oom_victim() too, which the lab
 * does not let a student change: declared static first, it stays this
 * file's own, and only __oom_reap_task_mm() is handed in.
 */
struct task_struct;

static void mark_oom_victim(struct task_struct *tsk) __attribute__((unused));

#include "eras/v6.1/mm/oom_kill.c"
