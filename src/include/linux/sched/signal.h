/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/sched/signal.h - struct signal_struct and SIGKILL
 *
 * Models:  include/linux/sched/signal.h, include/linux/signal.h
 * CUSTOM:  only SIGKILL exists.  SIGNAL_GROUP_EXIT is a bit number of
 *          @flags (the kernel uses a mask under siglock).
 */
#ifndef _LINUX_SCHED_SIGNAL_H
#define _LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>

#define SIGKILL		9

/* Bits of signal_struct::flags. */
enum {
	SIGNAL_GROUP_EXIT = 2,	/* a group exit (a fatal signal) is under way */
};

//! [signal_struct]
/**
 * struct signal_struct - state shared by the threads of a process.
 */
struct signal_struct {
	/** @flags: SIGNAL_* bits. */
	unsigned long flags;
	/** @oom_score_adj: -1000 (OOM_SCORE_ADJ_MIN) hides the task. */
	short oom_score_adj;
	/**
	 * @oom_mm: the mm of an OOM victim, pinned by mm_count (since
	 * 26db62f179d1, v4.9); NULL for a process never chosen.
	 */
	struct mm_struct *oom_mm;
};
//! [signal_struct]

static inline bool fatal_signal_pending(struct task_struct *p)
{
	return test_bit(SIGKILL, &p->pending.signal);
}

static inline bool signal_pending(struct task_struct *p)
{
	return fatal_signal_pending(p);
}

static inline bool signal_group_exit(struct signal_struct *sig)
{
	return test_bit(SIGNAL_GROUP_EXIT, &sig->flags);
}

int do_send_sig_info(int sig, void *info, struct task_struct *p, int type);

#endif /* _LINUX_SCHED_SIGNAL_H */
