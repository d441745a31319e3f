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
 * Kept:    the 2017 thread's race: mmget_not_zero() fails once the last mmput()
 *          has begun, and the reaper sets MMF_OOM_SKIP although the
 *          victim's memory is not freed yet; the reaper is also serialised
 *          against all OOM handling (oom_lock stayed until v4.19).
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = "e2fe14564d33",
		.subject = "oom_reaper: close race with exiting task",
		.author = "Michal Hocko",
		.date = "2016-05",
		.version = "v4.7",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("e2fe14564d33"),
		.what = "the whole reap under oom_lock: no second victim while the reaper unmaps",
	},
	{
		.id = "ec8d7c14ea14",
		.subject = "mm, oom_reaper: do not mmput synchronously from the oom reaper context",
		.author = "Michal Hocko",
		.date = "2016-05",
		.version = "v4.7",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("ec8d7c14ea14"),
		.what = "mmput_async(): the reaper never runs exit_mmap() itself",
	},
	{
		.id = "26db62f179d1",
		.subject = "oom: keep mm of the killed task available",
		.author = "Michal Hocko",
		.date = "2016-10",
		.version = "v4.9",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("26db62f179d1"),
		.what = "the victim's mm in signal->oom_mm, pinned by mm_count, where the reaper finds it (mm_users was already taken after the trylock, since v4.8)",
	},
	{
		.id = "862e3073b3ee",
		.subject = "mm, oom: get rid of signal_struct::oom_victims",
		.author = "Michal Hocko",
		.date = "2016-08-25",
		.version = "v4.9",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("862e3073b3ee"),
		.what = "MMF_OOM_REAPED becomes MMF_OOM_SKIP, also set by __mmput()",
	},
	{
		.id = "3f70dc38cec2",
		.subject = "mm: make sure that kthreads will not refault oom reaped memory",
		.author = "Michal Hocko",
		.date = "2016-10",
		.version = "v4.9",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("3f70dc38cec2"),
		.what = "MMF_UNSTABLE: a kthread's fault in a reaped mm (use_mm(), vhost) gets SIGBUS, not zeroes",
	},
	{
		.id = "212925802454",
		.subject = "mm: oom: let oom_reap_task and exit_mmap run concurrently",
		.author = "Andrea Arcangeli",
		.date = "2017-09-06",
		.version = "v4.14",
		.sure = FACT_VERIFIED,
		.role = COMMIT_LATER,
		.link = KERNEL_COMMIT("212925802454672e6cd2949a727f5e2c1377bf06"),
		.what = "ends the 2017 thread's race: MMF_OOM_SKIP under mmap_sem and an empty write-lock cycle",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_OOM,
		.schedule = "A@schedule_timeout_killable V@schedule_timeout_uninterruptible R* A@mutex_unlock R",
		.fixed_by = "v4.14",
		.what = "mmget_not_zero() fails while exit_aio() sleeps; MMF_OOM_SKIP is set and a second task is killed (the 2017 exit_mmap thread)",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v4.9",
	.name = "oom_lock",
	.parent = "v4.6",
	.version = "v4.9",
	.commits = "e2fe14564d33 ec8d7c14ea14 26db62f179d1 862e3073b3ee 3f70dc38cec2",
	.upstream = upstream,
	.authors = "Michal Hocko",
	.story = "the reaper reaps under oom_lock, pins mm_users after the trylock, and hides the mm with MMF_OOM_SKIP",
	.fixed = "no second victim while the reaper unmaps (it holds oom_lock)",
	.removed = "__oom_reap_task oom_scan_process_thread",
	.kept = "MMF_OOM_SKIP set when mmget_not_zero fails, before exit_mmap frees anything (the 2017 exit_mmap thread)",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_PROC_READER] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.decides = {
		/* the 2017 race: the reaper hides the mm, the OOM killer looks */
		[SCN_OOM] = {
			"R set_bit(MMF_OOM_SKIP) in oom_reaper/oom_reap_task",
			"A test_bit(MMF_OOM_SKIP) = 1 in select_bad_process/oom_evaluate_task",
			1,
		},
		[SCN_PROC_READER] = {
			"R set_bit(MMF_OOM_SKIP) in oom_reaper/oom_reap_task",
			"A test_bit(MMF_OOM_SKIP) = 1 in select_bad_process/oom_evaluate_task",
			1,
		},
	},
	.schedules = schedules,
	.entry = &era_entry,
};
