// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/reaper-skips-first/era.c - a mutant of v4.14, for the
 * explorer's self-test
 *
 * Not an era of history: the OOM reaper's walk starts at the second VMA
 * and reports the mm reaped.  Caught by the contract oracle only (the
 * reaper's promise, DOC: The contract oracle).  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-reaper-skips-first",
	.name = "reaper-skips-first",
	.parent = "v4.14",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "the OOM reaper's VMA walk passes over the first VMA",
	.fixed = "nothing",
	.kept = "the planted bug: the reaper reports a reap with a VMA still mapped",
	.expect = {
		/*
		 * The mm it reports reaped, and hides, still has its first
		 * VMA mapped: a second kill comes before those pages
		 * (spurious-kill).  In stuck and two-victims, the reaped mm
		 * is the candidate's.
		 */
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL) |
			    EXPECT(ORACLE_CONTRACT),
		[SCN_PROC_READER] = EXPECT(ORACLE_UAF) |
				    EXPECT(ORACLE_SPURIOUS_KILL) |
				    EXPECT(ORACLE_CONTRACT),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT(ORACLE_CONTRACT),
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
		[SCN_TWO_VICTIMS] = EXPECT(ORACLE_CONTRACT),
		[SCN_WEDGED] = EXPECT(ORACLE_CONTRACT),
	},
	.entry = &era_entry,
};
