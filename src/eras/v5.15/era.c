// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v5.15/era.c - v5.15, process_mrelease() races exit_mmap()
 *
 * Commits: 884a7e5964e0 "mm: introduce process_mrelease system call" and
 *          dce491039628 "mm: wire up syscall process_mrelease" (Suren
 *          Baghdasaryan, v5.15 merge window).  The tree underneath also
 *          carries what v4.15..v5.14 changed on this path: 4837fe37adff
 *          (MMF_OOM_VICTIM, v4.15), 27ae357fa82b (exit_mmap() reaps its own
 *          OOM victim, v4.17), af5679fbc669 (oom_lock leaves the reaper,
 *          v4.19), da1c55f1b272 (mmap_lock names, v5.8), 5b78ed24e8ec
 *          (mmap_assert_locked() in find_vma(), v5.15).
 * Authors: Suren Baghdasaryan; Michal Hocko, David Rientjes, Andrea
 *          Arcangeli, Michel Lespinasse, Luigi Rizzo for the rest.
 * Fixed:   v4.14's /proc-reader race (the barrier keys on the mm now).
 * Kept:    process_mrelease() reaps a process killed by SIGKILL, which
 *          exit_mmap() does not exclude (only OOM victims are): crash in
 *          free_pgtables' way.  Patched before v5.15 final by 337546e83fc7
 *          (pin mm_users, "considerable negative impact on process_mrelease
 *          performance"); this era models the merge-window code.
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = "884a7e5964e0",
		.subject = "mm: introduce process_mrelease system call",
		.author = "Suren Baghdasaryan",
		.date = "2021-09",
		.version = "v5.15",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("884a7e5964e06ed93c7771c0d7cf19c09a8946f1"),
		.what = "process_mrelease(pidfd): reap a dying process from userspace, pinned by mm_count only",
	},
	{
		.id = "dce491039628",
		.subject = "mm: wire up syscall process_mrelease",
		.author = "Suren Baghdasaryan",
		.date = "2021-09",
		.version = "v5.15",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("dce49103962840dd61423d7627748d6c558d58c5"),
		.what = "the syscall numbers",
	},
	{
		.id = "4837fe37adff",
		.subject = "mm, oom_reaper: fix memory corruption",
		.author = "Michal Hocko",
		.date = "2017-12-14",
		.version = "v4.15",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("4837fe37adff1d159904f0c013471b1ecbcb455e"),
		.what = "MMF_OOM_VICTIM: the barrier keys on the mm, not on current",
	},
	{
		.id = "27ae357fa82b",
		.subject = "mm, oom: fix concurrent munlock and oom reaper unmap, v3",
		.author = "David Rientjes",
		.date = "2018-05",
		.version = "v4.17",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("27ae357fa82be5ab73b2ef8d39dcb8ca2563483a"),
		.what = "exit_mmap() reaps its own OOM victim, sets MMF_OOM_SKIP, then the empty write-lock cycle",
	},
	{
		.id = "af5679fbc669",
		.subject = "mm, oom: remove oom_lock from oom_reaper",
		.author = "Michal Hocko",
		.date = "2018-07",
		.version = "v4.19",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("af5679fbc669f31f7ebd0d473bca76c24c07de30"),
		.what = "oom_lock leaves the reaper and exit_mmap()",
	},
	{
		.id = "da1c55f1b272",
		.subject = "mmap locking API: rename mmap_sem to mmap_lock",
		.author = "Michel Lespinasse",
		.date = "2020-06",
		.version = "v5.8",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("da1c55f1b272"),
		.what = "mmap_sem becomes mmap_lock, with mmap_read_lock() and friends",
	},
	{
		.id = "5b78ed24e8ec",
		.subject = "mm/pagemap: add mmap_assert_locked() annotations to find_vma*()",
		.author = "Luigi Rizzo",
		.date = "2021-07-31",
		.version = "v5.15",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("5b78ed24e8ec48602c1d6f5a188e58d000c81e2b"),
		.what = "find_vma() asserts mmap_lock is held (Luigi Rizzo, 2021)",
	},
	{
		.id = "337546e83fc7",
		.subject = "mm/oom_kill.c: prevent a race between process_mrelease and exit_mmap",
		.author = "Suren Baghdasaryan",
		.date = "2021-10",
		.version = "v5.15",
		.sure = FACT_VERIFIED,
		.role = COMMIT_LATER,
		.link = KERNEL_COMMIT("337546e83fc7e50917f44846beee936abb9c9f1f"),
		.what = "process_mrelease() pins mm_users instead (slower; not modelled)",
	},
	{
		.id = "9bcdeb51bd7d",
		.subject = "oom, oom_reaper: do not enqueue same task twice",
		.author = "Tetsuo Handa",
		.date = "2019-01-27",
		.version = "v5.0",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("9bcdeb51bd7d2ae9fe65ea4d60643d2aeef5bfe3"),
		.what = "MMF_OOM_REAP_QUEUED: an mm is queued for the reaper once; the old test let a task at the tail be queued again",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_MRELEASE,
		.schedule = "M@pte_offset_map_lock V",
		.fixed_by = "v5.17",
		.what = "process_mrelease() walks page tables that exit_mmap() of a non-OOM death is freeing",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v5.15",
	.name = "process_mrelease",
	.parent = "v4.14",
	.version = "v5.15-rc1",
	.commits = "884a7e5964e0 dce491039628 (on 4837fe37adff 27ae357fa82b af5679fbc669)",
	.upstream = upstream,
	.authors = "Suren Baghdasaryan",
	.story = "process_mrelease lets userspace reap a dying process; exit_mmap excludes reapers only for OOM victims",
	.fixed = "the /proc-reader race of v4.14 (MMF_OOM_VICTIM marks the mm)",
	.kept = "process_mrelease on a SIGKILLed process races free_pgtables (use-after-free), in v5.15-rc1 only: 337546e83fc7 closed it before v5.15",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT(ORACLE_UAF),
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.decides = {
		/* process_mrelease() and exit_mmap() meet on a PTE table */
		[SCN_MRELEASE] = {
			"M spin_lock(&pt->ptl) in zap_pte_range/pte_offset_map_lock",
			"V spin_lock(&pt->ptl) in zap_pte_range/pte_offset_map_lock",
			1,
		},
	},
	.schedules = schedules,
	.entry = &era_entry,
};
