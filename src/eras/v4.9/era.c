// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.9/era.c - v4.9, "oom_lock": the reaper serialised against
 *                       the OOM killer
 *
 * Commits: e2fe14564d33 "oom_reaper: close race with exiting task" (v4.7),
 *          ec8d7c14ea14 "mm, oom_reaper: do not mmput synchronously from
 *          the oom reaper context" (v4.7), 26db62f179d1 "oom: keep mm of
 *          the killed task available" (v4.9), 862e3073b3ee "mm, oom: get
 *          rid of signal_struct::oom_victims" (v4.9), 3f70dc38cec2
 *          (MMF_UNSTABLE, v4.9).
 * Authors: Michal Hocko.
 * Fixed:   the v4.6 race: the reaper holds oom_lock while it unmaps, so no
 *          second victim can be chosen meanwhile.
 * Kept:    seed 000's race: mmget_not_zero() fails once the last mmput()
 *          has begun, and the reaper sets MMF_OOM_SKIP although the
 *          victim's memory is not freed yet; the reaper is also serialised
 *          against all OOM handling (oom_lock stayed until v4.19).
 */
#include <reaplab/era.h>

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_OOM,
		.schedule = "A@schedule_timeout_killable V@schedule_timeout_uninterruptible R* A@mutex_unlock R",
		.fixed_by = "v4.14",
		.what = "mmget_not_zero() fails while exit_aio() sleeps; MMF_OOM_SKIP is set and a second task is killed (seed 000)",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v4.9",
	.name = "oom_lock",
	.parent = "v4.6",
	.version = "v4.9",
	.commits = "e2fe14564d33 ec8d7c14ea14 26db62f179d1 862e3073b3ee 3f70dc38cec2",
	.authors = "Michal Hocko",
	.story = "the reaper reaps under oom_lock, pins mm_users after the trylock, and hides the mm with MMF_OOM_SKIP",
	.fixed = "no second victim while the reaper unmaps (it holds oom_lock)",
	.removed = "__oom_reap_task oom_scan_process_thread",
	.kept = "MMF_OOM_SKIP set when mmget_not_zero fails, before exit_mmap frees anything (seed 000)",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_PROC_READER] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
