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
 *          33.1 ms -> 1.0 ms, total 167.1 ms -> 132.6 ms (zhongjinji, arm64).
 * Kept:    nothing known on this path.
 *
 * exit_mmap() in v6.18 is v6.1's with three additions the model leaves
 * out, because none of them changes what the reaper can meet (it takes
 * mmap_lock for read; none of these readers exists in the model):
 *  - mt_clear_in_rcu() before the tree is torn down (3dd443254941, v6.3):
 *    the VMA tree left RCU mode, which lockless lookups under RCU use;
 *  - vma_start_write() on each VMA in free_pgtables() (the per-VMA locks
 *    of v6.4) and vma_mark_detached() on each VMA as it is freed ("mm:
 *    mark vmas detached upon exit", Suren Baghdasaryan, 2025; its mainline
 *    id is not verified here): both fence off page faults that take a
 *    per-VMA lock instead of mmap_lock;
 *  - mm_flags_set(MMF_OOM_SKIP, mm) for set_bit() (the mm->flags bitmap,
 *    v6.18): the same bit, set the same way.
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
		.what = "the reaper walks from ULONG_MAX down, away from exit_mmap()",
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
	{
		.id = "3dd443254941",
		.subject = "mm: enable maple tree RCU mode by default",
		.author = "Liam R. Howlett",
		.date = "2023-04",
		.version = "v6.3",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("3dd4432549415f3c65dd52d5c687629efbf4ece1"),
		.what = "exit_mmap() takes the tree out of RCU mode (mt_clear_in_rcu()) before freeing it: not modelled, no RCU reader walks the model's tree",
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
	.story = "the reaper walks the maple tree's VMAs from ULONG_MAX down, meeting exit_mmap only where their walks cross",
	.fixed = "PTE-lock contention with exit_mmap (33.1 -> 1.0 ms waiting, on arm64)",
	.kept = "nothing known on this path",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
