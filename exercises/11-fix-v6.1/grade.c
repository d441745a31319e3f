// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/11-fix-v6.1/grade.c - the grader of lab 11
 *
 * The point of the lab first: the exit of a process zaps its pages with
 * mmap_lock held for read, never for write, in V's exit alone and in
 * every schedule DPOR explores of mrelease, oom and proc-reader (a
 * red-team pass: an exit that zapped holding no lock once the OOM killer
 * had queued its victim had 50/50 when only V's run alone was looked
 * at); and in those schedules it frees the page tables and VMAs holding
 * it for write (another: v4.14's barrier, an empty write-lock cycle
 * after MMF_OOM_SKIP, then frees under no lock, had 50/50).  Only then
 * do the other tests count: DPOR proves every scenario clean; and once
 * mrelease is proven (as in lab 10), the OOM reaper and
 * process_mrelease() still reap and an exit still frees everything: a
 * teardown that frees with no lock at all reaps and frees too, and
 * earned 30 of 50 before.
 * Proofs run at alloc-retries=2, the smallest world in which a second
 * kill can happen.
 */
#include "../grader/grade.h"

#define SIZE "alloc-retries=2"

static void zap_read(void)
{
	grade_exit_zaps_under_read("lab");
	/*
	 * and in every schedule: V's exit alone cannot show an exit that
	 * zaps otherwise only where an OOM kill or a reaper has been
	 * (MMF_OOM_REAP_QUEUED, MMF_UNSTABLE)
	 */
	grade_zaps_read_every_run("lab", "mrelease", NULL);
	grade_zaps_read_every_run("lab", "oom", SIZE);
	grade_zaps_read_every_run("lab", "proc-reader", SIZE);
}

static const struct grade_test tests[] = {
	{
		.name = "zap-read",
		.title = "exit_mmap() zaps under read lock, frees under write",
		.points = 10,
		.run = zap_read,
	},
	{
		.name = "mrelease",
		.title = "mrelease: DPOR proves no oracle fires",
		.points = 5,
		.parent = "zap-read",
		.check = GRADE_PROVE,
		.scenario = "mrelease",
	},
	{
		.name = "oom",
		.title = "oom: DPOR proves no oracle fires",
		.points = 5,
		.parent = "zap-read",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "oom",
		.params = SIZE,
	},
	{
		.name = "proc-reader",
		.title = "proc-reader: DPOR proves no oracle fires",
		.points = 5,
		.parent = "zap-read",
		.timeout = 90,
		.check = GRADE_PROVE,
		.scenario = "proc-reader",
		.params = SIZE,
	},
	{
		.name = "kthread-reader",
		.title = "kthread-reader: DPOR proves no oracle fires",
		.points = 5,
		.parent = "zap-read",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "kthread-reader",
		/* the bug needs no second kill: one round, a tenth of the cost */
		.params = "alloc-retries=1",
	},
	{
		.name = "stuck",
		.title = "stuck: DPOR proves no oracle fires",
		.points = 5,
		.parent = "zap-read",
		.check = GRADE_PROVE,
		.scenario = "stuck",
		.params = SIZE,
	},
	{
		.name = "reaper-reaps",
		.title = "the OOM reaper still reaps an OOM victim",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_REAPS,
		.scenario = "oom",
		.who = 'R',
	},
	{
		.name = "mrelease-reaps",
		.title = "process_mrelease() still reaps a dying process",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_REAPS,
		.scenario = "mrelease",
		.who = 'M',
	},
	{
		.name = "exit-frees",
		.title = "an OOM victim's exit still frees everything",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_FREES,
		.scenario = "oom",
	},
	{ NULL }
};

static const struct grade_hint hints[] = {
	{
		.oracle = ORACLE_UAF,
		.function = "free_pgtables",
		.text = "a reaper walked page tables that exit_mmap() was freeing: zapping may be shared, freeing may not. What must exit_mmap() hold while it frees, and what does a reaper that comes after find? (book: era_v6_1)",
	},
	{
		.oracle = ORACLE_UAF,
		.text = "a reaper touched memory exit_mmap() had freed: the reaper tests MMF_OOM_SKIP under mmap_lock for read, so the bit must be set before the write lock is taken for the freeing. (book: era_v6_1)",
	},
	{
		.oracle = ORACLE_DEADLOCK,
		.text = "a thread never finished: an rwsem held for read cannot be taken for write by the same task; drop the read lock before taking the write lock, and release each on every path. (book: era_v6_1)",
	},
	{
		.oracle = ORACLE_LOCK_IMBALANCE,
		.text = "a lock released that was not held, or left held: mmap_read_lock() pairs with mmap_read_unlock(), mmap_write_lock() with mmap_write_unlock(). (book: era_v6_1)",
	},
	{
		.oracle = ORACLE_LEAK,
		.text = "memory was never freed: exit_mmap() must still free the page tables and every VMA. (book: primer)",
	},
	{ NULL }
};

/*
 * proc-reader with a kernel thread as the reader: another task that may
 * drop the last reference (DOC at the top of src/sim/scenario.c)
 */
static const struct sim_scenario *const scenarios[] = {
	&sim_kthread_reader_scenario, NULL
};

GRADE_LAB(.tests = tests, .hints = hints, .scenarios = scenarios);
