// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/v6.1/mm/oom_kill.c - v6.1's own
 *	__oom_reap_task_mm(), handed in as the file of lab 12
 *
 * The era's mm/oom_kill.c defines mark_oom_victim(), queue_oom_reaper(),
 * oom_init(), oom_kill_process() and out_of_memory() too, which the lab
 * does not let a student change:
 * declared static first, they stay this file's own, and only
 * __oom_reap_task_mm() is handed in.
 */
#include <linux/types.h>
#include <linux/compiler.h>

struct task_struct;
struct oom_control;

static void mark_oom_victim(struct task_struct *tsk) __maybe_unused;
static void queue_oom_reaper(struct task_struct *tsk) __maybe_unused;
static void oom_init(void) __maybe_unused;
static void oom_kill_process(struct oom_control *oc, struct task_struct *victim)
	__maybe_unused;
static bool out_of_memory(struct oom_control *oc) __maybe_unused;

#include "eras/v6.1/mm/oom_kill.c"
