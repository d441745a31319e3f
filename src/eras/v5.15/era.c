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
	.authors = "Suren Baghdasaryan",
	.story = "process_mrelease lets userspace reap a dying process; exit_mmap excludes reapers only for OOM victims",
	.fixed = "the /proc-reader race of v4.14 (MMF_OOM_VICTIM marks the mm)",
	.kept = "process_mrelease on a SIGKILLed process races free_pgtables (use-after-free)",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT(ORACLE_UAF),
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
