// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/late-task-ref-v6.18/era.c - a mutant of v6.18, for the explorer's self-test
 *
 * Not an era of history: queue_oom_reaper() takes its task reference
 * after add_timer(), so the timer's callback may put it first.  See
 * tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-late-task-ref-v6.18",
	.name = "late-task-ref-v6.18",
	.parent = "v6.18",
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
