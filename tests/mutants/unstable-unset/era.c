// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unstable-unset/era.c - a mutant of v5.15, for the
 *                                      explorer's self-test
 *
 * Not an era of history: the reaper unmaps without setting MMF_UNSTABLE.
 * See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-unstable-unset",
	.name = "unstable-unset",
	.parent = "v5.15",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "the OOM reaper unmaps without setting MMF_UNSTABLE",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT(ORACLE_REFAULT),
		[SCN_MRELEASE] = EXPECT(ORACLE_UAF),
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
