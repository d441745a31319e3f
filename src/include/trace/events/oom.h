/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/trace/events/oom.h - the OOM tracepoints
 *
 * Models:  include/trace/events/oom.h (mark_victim came with v4.12, the
 *          reaping events with 422580c52c (v4.11); the model has them in
 *          every era, so the oracles see every kill the same way).
 */
#ifndef _TRACE_EVENTS_OOM_H
#define _TRACE_EVENTS_OOM_H

#include <asm/seam.h>

#define trace_mark_victim(tsk)						\
	SEAM_TRACE(SEAM_TRACE_MARK_VICTIM, tsk, (tsk)->pid, "mark_victim")
#define trace_wake_reaper(pid)						\
	SEAM_TRACE(SEAM_TRACE_WAKE_REAPER, NULL, pid, "wake_reaper")
#define trace_start_task_reaping(pid)					\
	SEAM_TRACE(SEAM_TRACE_START_REAPING, NULL, pid, "start_task_reaping")
#define trace_finish_task_reaping(pid)					\
	SEAM_TRACE(SEAM_TRACE_FINISH_REAPING, NULL, pid, "finish_task_reaping")
#define trace_skip_task_reaping(pid)					\
	SEAM_TRACE(SEAM_TRACE_SKIP_REAPING, NULL, pid, "skip_task_reaping")

/*
 * Simulator-only, no kernel counterpart: the OOM reaper is about to report
 * @mm reaped (the contract oracle, src/sim/world/oracle.c, checks that no page
 * of a VMA it may reap is still mapped).  Called once per era, where the
 * reap succeeds, still under mmap_lock; not a tracepoint, and no code of
 * the kernel's depends on it.
 */
#define sim_assert_oom_reaped(mm)					\
	SEAM_TRACE(SEAM_TRACE_OOM_REAPED, mm, 0, "reaped: contract")

#endif /* _TRACE_EVENTS_OOM_H */
