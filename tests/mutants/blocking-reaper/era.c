// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/blocking-reaper/era.c - a mutant of v4.14, for the explorer's self-test
 *
 * Not an era of history: the reaper sleeps in down_read() instead of
 * trying. See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-blocking-reaper",
	.name = "blocking-reaper",
	.parent = "v4.14",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "the reaper sleeps in down_read() instead of trying",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT(ORACLE_UAF),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT(ORACLE_DEADLOCK),
	},
	.entry = &era_entry,
};
