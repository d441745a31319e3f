// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/2017-uncond/era.c - Michal Hocko's v0: exit_mmap() always takes
 *                              mmap_sem for write
 *
 * Commits: none: "[PATCH] mm, oom: allow oom reaper to race with
 *          exit_mmap", 2017-07-24 (seed 000), not merged.
 * Authors: Michal Hocko.
 * Fixed:   seed 000's race: the reaper no longer needs mm_users, so it
 *          never gives up on an exiting victim too early; oom_lock leaves
 *          the reaper.
 * Kept:    every exit pays for the lock: Kirill Shutemov measured ~4% on
 *          100,000 /bin/true and ~3% on a fork/exit loop (stdev ~15%).
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = NULL,
		.subject = "[PATCH] mm, oom: allow oom reaper to race with exit_mmap",
		.author = "Michal Hocko",
		.date = "2017-07-24",
		.version = "not merged",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link =
			"https://lore.kernel.org/all/?q=s%3A%22allow+oom+reaper+to+race+with+exit_mmap%22",
		.what = "down_write(mmap_sem) around free_pgtables() and remove_vma() in every exit_mmap()",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{ 0 }
};

const struct era era_descriptor = {
	.id = "2017-uncond",
	.name = "unconditional-lock-v0",
	.parent = "v4.9",
	.version = "not merged (2017-07-24)",
	.commits = "none (LKML patch v0, seed 000)",
	.upstream = upstream,
	.authors = "Michal Hocko",
	.story = "exit_mmap takes mmap_sem for write around free_pgtables and remove_vma, always",
	.fixed = "the reaper needs neither mm_users nor oom_lock: seed 000's race is gone",
	.kept = "every exit pays the lock (~3-4%, Kirill Shutemov's numbers)",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
