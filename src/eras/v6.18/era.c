// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.18/era.c - v6.18, the reaper walks the maple tree in reverse
 *
 * Commits: 5e1953dc71af "mm/oom_kill: the OOM reaper traverses the VMA
 *          maple tree in reverse order" and 59d4d36158ba "mm/oom_kill: thaw
 *          the entire OOM victim process" (zhongjinji, v6.18-rc1; reviewed
 *          by Liam Howlett, Lorenzo Stoakes, Suren Baghdasaryan).  The
 *          freezer is not modelled, so only the first shows here.
 * Authors: zhongjinji.
 * Fixed:   PTE-lock contention between exit_mmap() and the reaper: wait
 *          33.1 ms -> 1.0 ms, total 167.1 ms -> 132.6 ms (zhongjinji, 2025, arm64).
 * Kept:    nothing known on this path.
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = "5e1953dc71af",
		.subject = "mm/oom_kill: the OOM reaper traverses the VMA maple tree in reverse order",
		.author = "zhongjinji",
		.date = "2025-09-10",
		.version = "v6.18",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("5e1953dc71af01fae3d6786e073892ef3eebc3d8"),
		.what = "the reaper walks from ULONG_MAX down, away from exit_mmap() (zhongjinji, 2025)",
	},
	{
		.id = "59d4d36158ba",
		.subject = "mm/oom_kill: thaw the entire OOM victim process",
		.author = "zhongjinji",
		.date = "2025-09-10",
		.version = "v6.18",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("59d4d36158ba3cdbce141d8e9261eea154d4c441"),
		.what = "thaw every thread of a frozen victim (the freezer is not modelled)",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v6.18",
	.name = "reverse-reap",
	.parent = "v6.1",
	.version = "v6.18",
	.commits = "5e1953dc71af 59d4d36158ba",
	.upstream = upstream,
	.authors = "zhongjinji",
	.story = "the reaper walks the maple tree from ULONG_MAX down, meeting exit_mmap at most once",
	.fixed = "PTE-lock contention with exit_mmap (33.1 -> 1.0 ms waiting, zhongjinji, 2025)",
	.kept = "nothing known on this path",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
