// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock-2017-cond/era.c - a mutant of 2017-cond, for the explorer's self-test
 *
 * Not an era of history: __alloc_pages_may_oom() without oom_lock, as in
 * tests/mutants/no-oom-lock/ (on v4.9), here on 2017-cond.  See
 * tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-no-oom-lock-2017-cond",
	.name = "no-oom-lock-2017-cond",
	.parent = "2017-cond",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "__alloc_pages_may_oom() runs the OOM killer without oom_lock",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT(ORACLE_UAF),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
