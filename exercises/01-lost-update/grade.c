// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/01-lost-update/grade.c - the grader of lab 01
 *
 * Part 1 replays the student's schedule on the program lost-update and
 * asks the explorer, while grading, how few preemptions a lost update
 * needs.  Part 2 proves the program `lab` (lost-update with the student's
 * increment()) with DPOR: in no schedule does the final assertion fail,
 * a thread stay blocked, or a lock stay held.
 */
#include "../grader/grade.h"

static void find(void)
{
	grade_schedule_fires("schedule", "lost-update", "program", NULL,
			     ORACLE_WARN);
}

static void find_minimal(void)
{
	grade_schedule_minimal("schedule", "lost-update", "program", NULL,
			       ORACLE_WARN);
}

static const struct grade_test tests[] = {
	{
		.name = "find",
		.title = "part 1: your schedule loses an update",
		.points = 5,
		.timeout = 10,
		.run = find,
	},
	{
		.name = "find-minimal",
		.title = "part 1: with as few preemptions as can be",
		.points = 5,
		.parent = "find",
		.timeout = 10,
		.run = find_minimal,
	},
	{
		.name = "fix",
		.title = "part 2: DPOR proves no update is ever lost",
		.points = 10,
		.timeout = 10,
		.check = GRADE_PROVE,
		.scenario = "program",
	},
	{ NULL }
};

static const struct grade_hint hints[] = {
	{
		.oracle = ORACLE_WARN,
		.text = "the counter ended below 2: between one thread's READ_ONCE() and its WRITE_ONCE(), the other thread still gets in. Which lock would keep it out, and around what? (book: tools)",
	},
	{
		.oracle = ORACLE_DEADLOCK,
		.text = "a thread never finishes: it waits for a lock nobody will release. Does every spin_lock() have its spin_unlock() on every path? (book: tools)",
	},
	{
		.oracle = ORACLE_LOCK_IMBALANCE,
		.text = "a thread ends holding a lock, or releases one it does not hold: pair every spin_lock() with one spin_unlock(). (book: tools)",
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .hints = hints);
