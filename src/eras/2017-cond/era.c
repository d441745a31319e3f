// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/2017-cond/era.c - Michal Hocko's v1: the write lock only if
 *                            current is an OOM victim
 *
 * Commits: none: v1 of "mm, oom: allow oom reaper to race with exit_mmap",
 *          2017-07-27 (seed 000), not merged; Andrea Arcangeli's variant
 *          (v4.14) was merged instead.
 * Authors: Michal Hocko.
 * Fixed:   as v0, without making every exit pay for the lock.
 * Kept:    the last mmput() may come from a task that is not the victim (a
 *          /proc reader): then exit_mmap() frees page tables under the
 *          reaper (DOC: 2017-cond: who is the victim?).
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = NULL,
		.subject = "[PATCH] mm, oom: allow oom reaper to race with exit_mmap (conditional lock)",
		.author = "Michal Hocko",
		.date = "2017-07-27",
		.version = "not merged",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link =
			"https://lore.kernel.org/all/?q=s%3A%22allow+oom+reaper+to+race+with+exit_mmap%22",
		.what = "the same write lock, taken only if tsk_is_oom_victim(current)",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_PROC_READER,
		.schedule = "A@schedule_timeout_killable P@task_unlock V* A@mutex_unlock R@pte_offset_map_lock P",
		.fixed_by = "2017-uncond",
		.what = "the last mmput() comes from a /proc reader: exit_mmap() skips the lock and frees page tables under the reaper",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "2017-cond",
	.name = "conditional-lock",
	.parent = "2017-uncond",
	.version = "not merged (2017-07-27)",
	.commits = "none (LKML patch v1, seed 000)",
	.upstream = upstream,
	.authors = "Michal Hocko",
	.story = "as v0, but exit_mmap takes the write lock only if tsk_is_oom_victim(current)",
	.fixed = "ordinary exits no longer pay for the lock",
	.kept = "a last mmput() from a /proc reader skips the lock: use-after-free in the reaper",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT(ORACLE_UAF),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.decides = {
		/* the /proc reader, not the victim, drops the last mm_users */
		[SCN_PROC_READER] = {
			"V atomic_dec_and_test(&mm->mm_users) = false in exit_mm/mmput",
			"P atomic_dec_and_test(&mm->mm_users) = true in proc_pid_cmdline_read/mmput",
			2,
		},
	},
	.schedules = schedules,
	.entry = &era_entry,
};
