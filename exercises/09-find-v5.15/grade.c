// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/09-find-v5.15/grade.c - the grader of lab 09
 *
 * Replays the student's schedule on v5.15/mrelease, asks the explorer,
 * while grading, how few preemptions a use-after-free needs there, and
 * reads from the run what the freed object was: a page table, touched in
 * pte_offset_map_lock(), is the crash 337546e83fc7's changelog reports.
 */
#include <string.h>
#include "../grader/grade.h"

static void find(void)
{
	grade_schedule_fires("schedule", "v5.15", "mrelease", NULL,
			     ORACLE_UAF);
}

static void find_minimal(void)
{
	grade_schedule_minimal("schedule", "v5.15", "mrelease", NULL,
			       ORACLE_UAF);
}

static void page_table(void)
{
	struct sim_world *w = grade_replay("schedule", "v5.15", "mrelease",
					   NULL);
	const char *type = grade_hit_type(w, ORACLE_UAF);

	grade_show_run(w);
	if (!type)
		grade_fail("expected: a use-after-free; got: none");
	if (strcmp(type, "ptdesc"))
		grade_fail("expected: process_mrelease() touches a freed page table (ptdesc); got: a freed %s (where does M take a page table's lock? stop it just before)",
			   type);
}

static const struct grade_test tests[] = {
	{
		.name = "find",
		.title = "process_mrelease() touches freed memory",
		.points = 10,
		.run = find,
	},
	{
		.name = "find-minimal",
		.title = "with as few preemptions as can be",
		.points = 5,
		.parent = "find",
		.run = find_minimal,
	},
	{
		.name = "page-table",
		.title = "what it touches is a freed page table",
		.points = 10,
		.parent = "find",
		.run = page_table,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests);
