// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.14/era.c - v4.14, Andrea Arcangeli's empty down_write/up_write
 *
 * Commits: 212925802454 "mm: oom: let oom_reap_task and exit_mmap run
 *          concurrently" (2017-09-06, merged v4.14).
 * Authors: Andrea Arcangeli (reviewed by Michal Hocko, tested by David
 *          Rientjes).
 * Fixed:   the 2017 thread's race, without a lock held across the teardown: the
 *          reaper tests MMF_OOM_SKIP under mmap_sem for read, exit_mmap()
 *          sets it and does an empty write-lock cycle.
 * Kept:    the cycle runs only if tsk_is_oom_victim(current); a last
 *          mmput() from a /proc reader skips it and frees page tables
 *          under the reaper ("Bad page map in process oom_reaper"), fixed
 *          by 4837fe37adff (v4.15); munlock still ran before the barrier
 *          (CVE-2018-1000200, 27ae357fa82b, v4.17; not modelled).
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = "212925802454",
		.subject = "mm: oom: let oom_reap_task and exit_mmap run concurrently",
		.author = "Andrea Arcangeli",
		.date = "2017-09-06",
		.version = "v4.14",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("212925802454672e6cd2949a727f5e2c1377bf06"),
		.what = "exit_mmap() sets MMF_OOM_SKIP, then down_write/up_write if current is the victim; the reaper tests the bit under the read lock",
	},
	{
		.id = "4837fe37adff",
		.subject = "mm, oom_reaper: fix memory corruption",
		.author = "Michal Hocko",
		.date = "2017-12-14",
		.version = "v4.15",
		.sure = FACT_VERIFIED,
		.role = COMMIT_LATER,
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
		.role = COMMIT_LATER,
		.link = KERNEL_COMMIT("27ae357fa82be5ab73b2ef8d39dcb8ca2563483a"),
		.what = "CVE-2018-1000200: exit_mmap() reaps its own OOM victim before munlock (not modelled)",
	},
	{
		.id = "cd04ae1e2dc8",
		.subject = "mm, oom: do not rely on TIF_MEMDIE for memory reserves access",
		.author = "Michal Hocko",
		.date = "2017-08",
		.version = "v4.14",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("cd04ae1e2dc8"),
		.what = "oom_kill_process() keeps SIGKILL before mark_oom_victim() (so since v4.4), now \"before granting access to memory reserves\"",
	},
	{
		.id = "6b31d5955cb2",
		.subject = "mm, oom: fix potential data corruption when oom_reaper races with writer",
		.author = "Michal Hocko",
		.date = "2017-08",
		.version = "v4.13",
		.sure = FACT_VERIFIED,
		.role = COMMIT_BENEATH,
		.link = KERNEL_COMMIT("6b31d5955cb2"),
		.what = "check_stable_address_space(): every fault that would install a new page in an mm the reaper has started on fails with SIGBUS, so reaped memory is never read back as zeroes",
	},
	{ 0 }
};

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
	.commits = "212925802454 (on 6b31d5955cb2)",
	.upstream = upstream,
	.authors = "Andrea Arcangeli",
	.story = "exit_mmap sets MMF_OOM_SKIP, then down_write/up_write as a barrier; the reaper tests the bit under the read lock",
	.fixed = "the 2017 thread's spurious kill, with no lock held across the teardown",
	.kept = "the barrier keys on current: a /proc reader's last mmput skips it (use-after-free)",
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
