// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.6/era.c - v4.6, "mmget_not_zero": the first OOM reaper
 *
 * Commits: aac453635549 "mm, oom: introduce oom reaper" (Michal Hocko),
 *          with bc448e897b6d (MAX_OOM_REAP_RETRIES), 36324a990cf5 (clear
 *          TIF_MEMDIE after a reap), 03049269de43 (queue of victims).
 * Version: v4.6 (March 2016 merge window).
 * Fixed:   an OOM victim blocked in the kernel (D state) could stall the
 *          OOM killer forever: nobody else unmapped its memory.
 * Kept:    the victim clears TIF_MEMDIE after its own mmput() while the
 *          reaper, holding mm_users, is still unmapping: the OOM killer
 *          stops waiting and kills a second task (closed by e2fe14564d33
 *          in v4.7, see v4.9).
 *
 * This era is the common tree itself: src/kernel, src/mm, src/fs and
 * src/lib model Linux v4.6.  Its folder holds only this description.
 */
#include <reaplab/era.h>

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_OOM,
		.schedule = "A@schedule_timeout_killable R@task_unlock V* A",
		.fixed_by = "v4.9",
		.what = "the victim clears TIF_MEMDIE while the reaper still unmaps; a second task is killed",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v4.6",
	.name = "mmget_not_zero",
	.parent = NULL,
	.version = "v4.6",
	.commits = "aac453635549 bc448e897b6d 36324a990cf5 03049269de43",
	.authors = "Michal Hocko",
	.story = "the first OOM reaper pins the mm with mmget_not_zero and try-locks mmap_sem",
	.fixed = "an OOM victim stuck in the kernel no longer stalls the OOM killer",
	.kept = "TIF_MEMDIE is cleared while the reaper still unmaps: spurious second kill",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_PROC_READER] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
