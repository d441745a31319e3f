/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/oom.h - the OOM killer's interface
 *
 * Models:  include/linux/oom.h
 */
#ifndef _LINUX_OOM_H
#define _LINUX_OOM_H

#include <linux/sched/signal.h>
#include <linux/mm_types.h>
#include <linux/bitops.h>

/* oom_score_adj of a task the OOM killer must never choose. */
#define OOM_SCORE_ADJ_MIN	(-1000)
#define OOM_SCORE_ADJ_MAX	1000

/* What oom_scan_process_thread() says about a task (v4.6 to v4.7). */
enum oom_scan_t {
	OOM_SCAN_OK,		/* scan thread and find its badness */
	OOM_SCAN_CONTINUE,	/* do not consider it */
	OOM_SCAN_ABORT,		/* a victim is still exiting: wait for it */
	OOM_SCAN_SELECT,	/* always select this task */
};

/**
 * struct oom_control - one invocation of the OOM killer.
 * @gfp_mask: the failing allocation's flags.
 * @order: the failing allocation's order.
 * @totalpages: memory the victim is measured against.
 * @chosen: the task selected by select_bad_process(), or -1UL to wait.
 * @chosen_points: its badness.
 */
struct oom_control {
	gfp_t gfp_mask;
	int order;
	unsigned long totalpages;
	struct task_struct *chosen;
	long chosen_points;
};

extern struct mutex oom_lock;
extern int max_oom_reap_retries;

/*
 * MAX_OOM_REAP_RETRIES - how often the reaper retries mmap_read_trylock().
 * 10 in the kernel (bc448e897b6d, v4.6); a boot parameter in the model so
 * the explorer can use 2.
 */
#define MAX_OOM_REAP_RETRIES	max_oom_reap_retries

//! [oom-victim]
/*
 * tsk_is_oom_victim() - was @tsk's process chosen by the OOM killer?  It
 * is known by its signal->oom_mm (since 26db62f179d1, v4.9).
 */
static inline bool tsk_is_oom_victim(struct task_struct *tsk)
{
	return READ_ONCE(tsk->signal->oom_mm) != NULL;
}

/*
 * mm_is_oom_victim() - was @mm chosen?  Since 4837fe37adff (v4.15) the mm
 * itself remembers it, whoever drops its last mm_users.
 */
static inline bool mm_is_oom_victim(struct mm_struct *mm)
{
	return test_bit(MMF_OOM_VICTIM, &mm->flags);
}
//! [oom-victim]

bool out_of_memory(struct oom_control *oc);
void mark_oom_victim(struct task_struct *tsk);
void exit_oom_victim(struct task_struct *tsk);
struct task_struct *find_lock_task_mm(struct task_struct *p);
long oom_badness(struct task_struct *p, unsigned long totalpages);
void oom_init(void);

#endif /* _LINUX_OOM_H */
