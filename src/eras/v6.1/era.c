// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.1/era.c - v6.1, exit_mmap() zaps under the read lock and
 *                       frees under the write lock
 *
 * Commits: bf3980c85212 "mm: drop oom code from exit_mmap", b3541d912a84
 *          "mm: delete unused MMF_OOM_VICTIM flag" (Suren Baghdasaryan), on
 *          the maple tree series (d4af56c5c7c6 ... 763ecb035029,
 *          e1c2c775d448; Liam Howlett, Matthew Wilcox), all in v6.1.
 * Authors: Suren Baghdasaryan, Michal Hocko; Liam Howlett, Matthew Wilcox.
 * Fixed:   nothing was broken: the write lock is held only where page
 *          tables and VMAs are freed ("the unmapping part can be done with
 *          the non-exclusive mmap_sem").
 * Kept:    exit_mmap() and the reaper now zap the same VMAs concurrently,
 *          both from the lowest address up, and contend on PTE locks
 *          (measured by zhongjinji, 2025).
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = "bf3980c85212",
		.subject = "mm: drop oom code from exit_mmap",
		.author = "Suren Baghdasaryan",
		.date = "2022-09",
		.version = "v6.1",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("bf3980c85212fc71512d27a46f5aab66f46ca284"),
		.what = "zap under mmap_read_lock, MMF_OOM_SKIP always, free under mmap_write_lock",
	},
	{
		.id = "b3541d912a84",
		.subject = "mm: delete unused MMF_OOM_VICTIM flag",
		.author = "Suren Baghdasaryan",
		.date = "2022-09",
		.version = "v6.1",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("b3541d912a84dc40cabb516f2deeac9ae6fa30da"),
		.what = "MMF_OOM_VICTIM goes",
	},
	{
		.id = "763ecb035029",
		.subject = "mm: remove the vma linked list",
		.author = "Liam Howlett",
		.date = "2022-09",
		.version = "v6.1",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("763ecb035029f500d7e6dc99acd1ad299b7726a1"),
		.what = "the VMAs live in the maple tree only",
	},
	{
		.id = "e1c2c775d448",
		.subject = "mm/oom_kill: use vma iterators instead of vma linked list",
		.author = "Liam Howlett",
		.date = "2022-09",
		.version = "v6.1",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("e1c2c775d448be0503a3ac90681d86980919bad0"),
		.what = "the reaper walks the maple tree, lowest address first",
	},
	{
		.id = "e4a38402c36e",
		.subject = "oom_kill.c: futex: delay the OOM reaper to allow time for proper futex cleanup",
		.author = "Nico Pache",
		.date = "2022-04-14",
		.version = "v5.18",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("e4a38402c36e42df28eb1a5394be87e6571fb48a"),
		.what = "queue_oom_reaper() arms a 2 s timer; its callback drops a victim whose mm already has MMF_OOM_SKIP",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v6.1",
	.name = "read-then-write",
	.parent = "v5.17",
	.version = "v6.1",
	.commits = "bf3980c85212 b3541d912a84 763ecb035029 e1c2c775d448",
	.upstream = upstream,
	.authors = "Suren Baghdasaryan, Michal Hocko, Liam Howlett",
	.story = "exit_mmap zaps under mmap_read_lock, sets MMF_OOM_SKIP, frees under mmap_write_lock; maple tree",
	.fixed = "no exclusive lock while zapping",
	.kept = "exit and reaper zap the same VMAs at once, forward: PTE-lock contention (zhongjinji, 2025)",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	/*
	 * a213e5cf71cb "mm/munlock: delete munlock_vma_pages_all(), allow
	 * oomreap" (Hugh Dickins, v5.18): the reaper skips only hugetlb and
	 * VM_PFNMAP VMAs since (mm/oom_kill.c here); v6.18 inherits it.
	 */
	.reaps_mlocked = true,
	.schedules = schedules,
	.entry = &era_entry,
};
