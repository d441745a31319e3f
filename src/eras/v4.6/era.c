// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.6/era.c - v4.6, "mmget_not_zero": the first OOM reaper
 *
 * Commits: aac453635549 "mm, oom: introduce oom reaper" (Michal Hocko),
 *          with bc448e897b6d (MAX_OOM_REAP_RETRIES), 36324a990cf5 (clear
 *          TIF_MEMDIE after a reap), 03049269de43 (queue of victims).
 * Version: v4.6 (March 2016 merge window).
 * Fixed:   an OOM victim blocked in the kernel (D state) could stall the
 *          OOM killer forever: nobody else unmapped its memory.  Only if
 *          the reaper gets mmap_sem, though: a reap that fails leaves
 *          TIF_MEMDIE set, and the OOM killer still waits for ever (the
 *          stuck scenario's oom-lockup; v4.7 clears it after any attempt).
 * Kept:    the victim clears TIF_MEMDIE after its own mmput() while the
 *          reaper, holding mm_users, is still unmapping: the OOM killer
 *          stops waiting and kills a second task (closed by e2fe14564d33
 *          in v4.7, see v4.9).
 *
 * This era is the common tree itself: src/kernel, src/mm, src/fs and
 * src/lib model Linux v4.6.  Its folder holds only this description.
 */
#include <reaplab/era.h>

/* Where the era comes from, for `reaplab list --commits` and the book. */
static const struct era_commit upstream[] = {
	{
		.id = "aac453635549",
		.subject = "mm, oom: introduce oom reaper",
		.author = "Michal Hocko",
		.date = "2016-03-22",
		.version = "v4.6",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("aac453635549699c13a84ea1456d5b0e574ef855"),
		.what = "the oom_reaper kthread: pin mm_count, atomic_inc_not_zero(&mm->mm_users), down_read_trylock(), unmap what is private",
	},
	{
		.id = "bc448e897b6d",
		.subject = "mm, oom_reaper: report success/failure",
		.author = "Michal Hocko",
		.date = "2016-03",
		.version = "v4.6",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("bc448e897b6d"),
		.what = "MAX_OOM_REAP_RETRIES (10) attempts, then \"unable to reap\"",
	},
	{
		.id = "36324a990cf5",
		.subject = "oom: clear TIF_MEMDIE after oom_reaper managed to unmap the address space",
		.author = "Michal Hocko",
		.date = "2016-03",
		.version = "v4.6",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("36324a990cf5"),
		.what = "after a reap the reaper clears the victim's TIF_MEMDIE itself",
	},
	{
		.id = "03049269de43",
		.subject = "mm, oom_reaper: implement OOM victims queuing",
		.author = "Michal Hocko",
		.date = "2016-03",
		.version = "v4.6",
		.sure = FACT_VERIFIED,
		.role = COMMIT_ERA,
		.link = KERNEL_COMMIT("03049269de43"),
		.what = "a list of victims under oom_reaper_lock; the reaper works on tasks",
	},
	{
		.id = "e2fe14564d33",
		.subject = "oom_reaper: close race with exiting task",
		.author = "Michal Hocko",
		.date = "2016-05",
		.version = "v4.7",
		.sure = FACT_VERIFIED,
		.role = COMMIT_LATER,
		.link = KERNEL_COMMIT("e2fe14564d33"),
		.what = "the whole reap under oom_lock: no second victim while the reaper unmaps",
	},
	{ 0 }
};

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_OOM,
		.schedule = "A@schedule_timeout_killable R@task_unlock V* A",
		.fixed_by = "v4.9",
		.what = "the victim clears TIF_MEMDIE while the reaper still unmaps; a second task is killed",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "v4.6",
	.name = "mmget_not_zero",
	.parent = NULL,
	.version = "v4.6",
	.commits = "aac453635549 bc448e897b6d 36324a990cf5 03049269de43",
	.upstream = upstream,
	.authors = "Michal Hocko",
	.story = "the first OOM reaper pins the mm's users (atomic_inc_not_zero, named mmget_not_zero from v4.7) and try-locks mmap_sem",
	.fixed = "an OOM victim stuck in the kernel no longer stalls the OOM killer, if the reaper can take its mmap_sem",
	.kept = "TIF_MEMDIE is cleared while the reaper still unmaps: spurious second kill",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_PROC_READER] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_MRELEASE] = EXPECT_NA,
		/*
		 * A reap that fails (the victim holds mmap_sem for write)
		 * leaves TIF_MEMDIE set: the OOM killer waits for ever
		 * (v4.6.2's oom_reap_task() only reports "unable to
		 * reap"; 36324a990cf5's changelog: the cap holds "granted
		 * the oom reaper is able to take mmap_sem").  v4.7's
		 * oom_reap_task() clears TIF_MEMDIE whatever the outcome.
		 */
		[SCN_STUCK] = EXPECT(ORACLE_OOM_LOCKUP),
		/* the same stuck victim: the same lockup */
		[SCN_TWO_VICTIMS] = EXPECT(ORACLE_OOM_LOCKUP),
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
		/*
		 * A victim that cannot exit but holds no mmap_sem: the reap
		 * succeeds, and then __oom_reap_task() clears TIF_MEMDIE and
		 * sets OOM_SCORE_ADJ_MIN (36324a990cf5 "oom: clear TIF_MEMDIE
		 * after oom_reaper managed to unmap the address space"): the
		 * OOM killer moves on to the next task.
		 */
		[SCN_WEDGED] = EXPECT_CLEAN,
	},
	.decides = {
		/* the reaper pins mm_users before the victim's exit_mm() */
		[SCN_OOM] = {
			"R spin_lock(&p->alloc_lock) in find_lock_task_mm/task_lock",
			"V spin_lock(&p->alloc_lock) in exit_mm/task_lock", 1,
		},
		[SCN_PROC_READER] = {
			"V spin_lock(&p->alloc_lock) in exit_mm/task_lock",
			"P spin_lock(&p->alloc_lock) in get_task_mm/task_lock", 1,
		},
		/*
		 * the victim takes mmap_sem before the reaper tries it (the
		 * scenario's own thread body: no model function, "?")
		 */
		[SCN_STUCK] = {
			"V mmap_write_lock(get_current()->mm) in ?",
			"R down_read_trylock(&mm->mmap_sem) = 0 in oom_reap_task/__oom_reap_task",
			0,
		},
		[SCN_TWO_VICTIMS] = {
			"V mmap_write_lock(get_current()->mm) in ?",
			"R down_read_trylock(&mm->mmap_sem) = 0 in oom_reap_task/__oom_reap_task",
			0,
		},
	},
	.schedules = schedules,
	.entry = &era_entry,
};
