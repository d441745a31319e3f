// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/19-break-v5.17/grade.c - the grader of lab 19
 *
 * The student plants a bug in v5.17's exit_mmap().  The grader proves
 * v5.17 itself clean in mrelease, then checks that DPOR catches a
 * use-after-free in the student's era; and that the bug is a race that
 * hides (the default schedule runs clean) in an era that still does its
 * job (the exit frees everything, under mmap_lock held for write).
 */
#include "../grader/grade.h"

static void caught(void)
{
	grade_caught("lab", "mrelease", NULL, ORACLE_UAF, "M");
}

static void quiet(void)
{
	grade_quiet("lab", "mrelease", NULL);
}

/*
 * The victim's exit, alone, frees the page tables and VMAs holding
 * mmap_lock for write: v5.17's point.  Taking the lock is not enough: an
 * empty lock and unlock before an unlocked teardown is v5.15's bug with
 * a ritual in front of it; nor is a lock taken only when V is alone (when
 * no reaper has set MMF_UNSTABLE yet), which is v5.15's bug again in the
 * very schedules DPOR looks at.
 */
static void still_locks(void)
{
	struct sim_world *w = grade_run("lab", "mrelease", NULL, "V");
	int t = grade_tid(w, 'V');
	struct grade_zaps z;

	grade_show_run(w);
	if (!grade_took_write_lock(w, 'V', grade_victim_mm(w)))
		grade_fail("expected: the exit frees the page tables and VMAs holding mmap_lock for write, as v5.17 does; got: V never took it for write");
	grade_zaps(w, grade_victim_mm(w), &z);
	if (t < 0 || !z.freed[t])
		grade_fail("expected: the exit frees the page tables and VMAs holding mmap_lock for write, as v5.17 does; got: V freed none");
	if (z.freed_under_write[t] != z.freed[t])
		grade_fail("expected: the exit frees the page tables and VMAs holding mmap_lock for write, as v5.17 does; got: V freed %d of %d without it",
			   z.freed[t] - z.freed_under_write[t], z.freed[t]);
	/* and not only when it exits alone: in the races too */
	grade_frees_locked("lab", "mrelease", 'V');
}

static const struct grade_test tests[] = {
	{
		.name = "caught",
		.title = "DPOR catches a use-after-free in your era",
		.points = 10,
		.timeout = 60,
		.run = caught,
	},
	{
		.name = "quiet",
		.title = "a race: the default schedule runs clean",
		.points = 5,
		.parent = "caught",
		.run = quiet,
	},
	{
		.name = "still-frees",
		.title = "the victim's exit still frees everything",
		.points = 5,
		.parent = "caught",
		.check = GRADE_FREES,
		.scenario = "mrelease",
		/*
		 * and no leak in any schedule, at the scenario's own sizes:
		 * V's exit alone cannot show one that leaks only where M
		 * came to the mm after the exit began
		 */
		.params = "",
	},
	{
		.name = "still-locks",
		.title = "the teardown still holds the write lock",
		.points = 5,
		.parent = "caught",
		.run = still_locks,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests);
