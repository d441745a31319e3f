// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock/era.c - a mutant of v4.9, for the explorer's
 * self-test
 *
 * Not an era of history: __alloc_pages_may_oom() without oom_lock.  See
 * tests/mutants/README.md.  Its spurious kill in oom is v4.9's own oracle,
 * decided by another race: caught by what decides it (struct era_race).
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-no-oom-lock",
	.name = "no-oom-lock",
	.parent = "v4.9",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "__alloc_pages_may_oom() runs the OOM killer without oom_lock",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_PROC_READER] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
