// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/04-find-v4.9/grade.c - the grader of lab 04
 *
 * Replays the student's schedule on v4.9/oom without AIO (aio=0), and
 * asks the explorer, while grading, how few preemptions a spurious kill
 * needs there.
 */
#include "../grader/grade.h"

#define SIZES	"aio=0"

static void find(void)
{
	grade_schedule_fires("schedule", "v4.9", "oom", SIZES,
			     ORACLE_SPURIOUS_KILL);
}

static void find_minimal(void)
{
	grade_schedule_minimal("schedule", "v4.9", "oom", SIZES,
			       ORACLE_SPURIOUS_KILL);
}

static const struct grade_test tests[] = {
	{
		.name = "find",
		.title = "your schedule makes v4.9 kill a second task",
		.points = 10,
		.run = find,
	},
	{
		.name = "find-minimal",
		.title = "with as few preemptions as can be",
		.points = 10,
		.parent = "find",
		.run = find_minimal,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests);
