// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/18-break-v4.14/grade.c - the grader of lab 18
 *
 * The student plants a bug in v4.14's exit_mmap().  The grader proves
 * v4.14 itself clean in oom, then checks that DPOR catches a
 * use-after-free in the student's era; and that the bug is a race that
 * hides (the default schedule runs clean) in an era that still does its
 * job (the victim's exit frees everything, the reaper reaps).
 */
#include "../grader/grade.h"

#define SIZES	"alloc-retries=2"

static void caught(void)
{
	grade_caught("lab", "oom", SIZES, ORACLE_UAF, "R");
}

static void quiet(void)
{
	grade_quiet("lab", "oom", NULL);
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
		.scenario = "oom",
		/*
		 * and no leak in any schedule at this size: V's exit alone
		 * cannot show one that leaks only where a reaper came to it
		 */
		.params = SIZES,
	},
	{
		.name = "still-reaps",
		.title = "the reaper still reaps an OOM victim",
		.points = 5,
		.parent = "caught",
		.check = GRADE_REAPS,
		.scenario = "oom",
		.who = 'R',
	},
	{ NULL }
};

GRADE_LAB(.tests = tests);
