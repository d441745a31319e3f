// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/12-fix-v6.18/grade.c - the grader of lab 12
 *
 * The point of the lab first: the reaper, running first, zaps every page
 * of the victim, from the highest PTE table down; and in every schedule
 * DPOR explores of oom and mrelease, the OOM reaper and
 * process_mrelease() walk down (red-team pass: a walk down only for an
 * mm an OOM kill had queued, MMF_OOM_REAP_QUEUED, and up for
 * process_mrelease(), had 40/40).  Only then do the
 * other tests count: DPOR proves every scenario clean, and
 * process_mrelease(), which calls the same function, still reaps.
 * Proofs run at alloc-retries=2, the smallest world in which a second
 * kill can happen.
 */
#include "../grader/grade.h"

#define SIZE "alloc-retries=2"

static void reverse(void)
{
	grade_reaper_walks_down("lab");
	/*
	 * and process_mrelease() too, and in every schedule: one run of
	 * the OOM reaper cannot show a walk keyed on who reaps
	 * (MMF_OOM_REAP_QUEUED: an OOM kill came first) or on a race
	 */
	grade_reapers_walk_down_every_run("lab", "mrelease", "vmas=3");
	/* and on two, where a walk keyed on three VMAs or more walks up */
	grade_reapers_walk_down_every_run("lab", "mrelease", "vmas=2");
	grade_reapers_walk_down_every_run("lab", "oom",
					  "vmas=3,alloc-retries=2");
}

static const struct grade_test tests[] = {
	{
		.name = "reverse",
		.title = "the reaper reaps everything, from the top down",
		.points = 10,
		.run = reverse,
	},
	{
		.name = "oom",
		.title = "oom: DPOR proves no oracle fires",
		.points = 5,
		.parent = "reverse",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "oom",
		.params = SIZE,
	},
	{
		.name = "proc-reader",
		.title = "proc-reader: DPOR proves no oracle fires",
		.points = 5,
		.parent = "reverse",
		.timeout = 90,
		.check = GRADE_PROVE,
		.scenario = "proc-reader",
		.params = SIZE,
	},
	{
		.name = "kthread-reader",
		.title = "kthread-reader: DPOR proves no oracle fires",
		.points = 5,
		.parent = "reverse",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "kthread-reader",
		/* the bug needs no second kill: one round, a tenth of the cost */
		.params = "alloc-retries=1",
	},
	{
		.name = "mrelease",
		.title = "mrelease: DPOR proves no oracle fires",
		.points = 5,
		.parent = "reverse",
		.check = GRADE_PROVE,
		.scenario = "mrelease",
	},
	{
		.name = "stuck",
		.title = "stuck: DPOR proves no oracle fires",
		.points = 5,
		.parent = "reverse",
		.check = GRADE_PROVE,
		.scenario = "stuck",
		.params = SIZE,
	},
	{
		.name = "mrelease-reaps",
		.title = "process_mrelease() still reaps a dying process",
		.points = 5,
		.parent = "reverse",
		.check = GRADE_REAPS,
		.scenario = "mrelease",
		.who = 'M',
	},
	{ NULL }
};

static const struct grade_hint hints[] = {
	{
		.oracle = ORACLE_UAF,
		.text = "the reaper touched memory that was freed: a reverse walk must still take each VMA from the tree under the read lock it holds, and never step past the lowest. (book: era_v6_18)",
	},
	{
		.oracle = ORACLE_DEADLOCK,
		.text = "a thread never finished: does your walk end? mas_for_each_rev() stops at the minimum you give it. (book: era_v6_18)",
	},
	{
		.oracle = ORACLE_LOCK_IMBALANCE,
		.text = "every tlb_gather_mmu() and every PTE lock taken in the walk must be finished and dropped, as in the forward walk. (book: era_v6_18)",
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
