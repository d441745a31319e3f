// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/late-task-ref/era.c - a mutant of v6.1, for the explorer's self-test
 *
 * Not an era of history: queue_oom_reaper() takes its task reference
 * after add_timer(), so the timer's callback may put it first.  See
 * tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-late-task-ref",
	.name = "late-task-ref",
	.parent = "v6.1",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "queue_oom_reaper() takes its task reference after add_timer()",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_WARN),
	},
	.entry = &era_entry,
};
