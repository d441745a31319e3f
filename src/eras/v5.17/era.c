// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v5.17/era.c - v5.17, Suren Baghdasaryan's unconditional
 *                        mmap_write_lock in exit_mmap()
 *
 * Commits: 64591e8605d6 "mm: protect free_pgtables with mmap_lock write
 *          lock in exit_mmap", cc6dcfee7250 (documentation of
 *          vm_operations_struct::close), ba535c1caf3e "mm/oom_kill: allow
 *          process_mrelease to run under mmap_lock protection" (v5.17
 *          merge window), and f798a1d4f94d "mm: fix use-after-free bug when
 *          mm->mmap is reused after being freed" (before v5.17-rc6, syzbot).
 * Authors: Suren Baghdasaryan.
 * Fixed:   process_mrelease() against any exit; no reaper can overlap any
 *          part of the teardown.
 * Kept:    every exit takes the write lock: +1.03% at p50 and +1.54% at
 *          p95 on the fork/exit benchmark (Suren Baghdasaryan, 2021),
 *          within noise.
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = "64591e8605d6",
		.subject = "mm: protect free_pgtables with mmap_lock write lock in exit_mmap",
		.author = "Suren Baghdasaryan",
		.date = "2022-01",
		.version = "v5.17",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("64591e8605d6e2fba2ff38e3227645f039b8893f"),
		.what = "mmap_write_lock() over the whole teardown in exit_mmap()",
	},
	{
		.id = "cc6dcfee7250",
		.subject = "mm: document locking restrictions for vm_operations_struct::close",
		.author = "Suren Baghdasaryan",
		.date = "2022-01",
		.version = "v5.17",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("cc6dcfee72509868271d42919a3c1081b6b0dc7e"),
		.what = "->close() now runs under the write lock (documentation)",
	},
	{
		.id = "ba535c1caf3e",
		.subject = "mm/oom_kill: allow process_mrelease to run under mmap_lock protection",
		.author = "Suren Baghdasaryan",
		.date = "2022-01",
		.version = "v5.17",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("ba535c1caf3ee78aa7719e9e4b07a0dc1d153b9e"),
		.what = "process_mrelease() back to mmgrab(), MMF_OOM_SKIP tested again under the read lock",
	},
	{
		.id = "f798a1d4f94d",
		.subject = "mm: fix use-after-free bug when mm->mmap is reused after being freed",
		.author = "Suren Baghdasaryan",
		.date = "2022-02",
		.version = "v5.17",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("f798a1d4f94de9510e060d37b9b47721065a957c"),
		.what = "mm->mmap = NULL before the write lock is dropped (syzbot)",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v5.17",
	.name = "unconditional-write-lock",
	.parent = "v5.15",
	.version = "v5.17",
	.commits = "64591e8605d6 cc6dcfee7250 ba535c1caf3e f798a1d4f94d",
	.upstream = upstream,
	.authors = "Suren Baghdasaryan",
	.story = "exit_mmap holds mmap_write_lock over the whole teardown and leaves mm->mmap NULL",
	.fixed = "process_mrelease against a non-OOM exit; every reaper excluded from the teardown",
	.kept = "every exit pays for the lock (+1.03% p50, Suren's 2021 measurement); exit and reaper no longer overlap",
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
