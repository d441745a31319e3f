// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.14/era.c - v4.14, Andrea Arcangeli's empty down_write/up_write
 *
 * Commits: 212925802454 "mm: oom: let oom_reap_task and exit_mmap run
 *          concurrently" (2017-09-06, merged v4.14).
 * Authors: Andrea Arcangeli (reviewed by Michal Hocko, tested by David
 *          Rientjes).
 * Fixed:   seed 000's race, without a lock held across the teardown: the
 *          reaper tests MMF_OOM_SKIP under mmap_sem for read, exit_mmap()
 *          sets it and does an empty write-lock cycle.
 * Kept:    the cycle runs only if tsk_is_oom_victim(current); a last
 *          mmput() from a /proc reader skips it and frees page tables
 *          under the reaper ("Bad page map in process oom_reaper"), fixed
 *          by 4837fe37adff (v4.15); munlock still ran before the barrier
 *          (CVE-2018-1000200, 27ae357fa82b, v4.17; not modelled).
 */
#include <reaplab/era.h>

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_PROC_READER,
		.schedule = "A@schedule_timeout_killable P@task_unlock V* A@mutex_unlock R@pte_offset_map_lock P",
		.fixed_by = "v5.15",
		.what = "a /proc reader drops the last mm_users: tsk_is_oom_victim(current) is false, the barrier is skipped (4837fe37adff)",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v4.14",
	.name = "empty-write-cycle",
	.parent = "v4.9",
	.version = "v4.14",
	.commits = "212925802454",
	.authors = "Andrea Arcangeli",
	.story = "exit_mmap sets MMF_OOM_SKIP, then down_write/up_write as a barrier; the reaper tests the bit under the read lock",
	.fixed = "seed 000's spurious kill, with no lock held across the teardown",
	.kept = "the barrier keys on current: a /proc reader's last mmput skips it (use-after-free)",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT(ORACLE_UAF),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
