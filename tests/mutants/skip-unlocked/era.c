// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/skip-unlocked/era.c - a mutant of v4.14, for the explorer's self-test
 *
 * Not an era of history: the reaper tests MMF_OOM_SKIP before taking
 * mmap_sem. See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-skip-unlocked",
	.name = "skip-unlocked",
	.parent = "v4.14",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "the reaper tests MMF_OOM_SKIP before taking mmap_sem",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_UAF),
		[SCN_PROC_READER] = EXPECT(ORACLE_UAF),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
