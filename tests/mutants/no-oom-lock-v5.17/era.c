// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock-v5.17/era.c - a mutant of v5.17, for the explorer's self-test
 *
 * Not an era of history: __alloc_pages_may_oom() without oom_lock, as in
 * tests/mutants/no-oom-lock/ (on v4.9), here on v5.17.  See
 * tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-no-oom-lock-v5.17",
	.name = "no-oom-lock-v5.17",
	.parent = "v5.17",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "__alloc_pages_may_oom() runs the OOM killer without oom_lock",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
