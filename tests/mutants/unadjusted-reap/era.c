// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unadjusted-reap/era.c - a mutant of v4.6, for the
 * explorer's self-test
 *
 * Not an era of history: v4.6's reaper clears TIF_MEMDIE after a
 * successful reap but never sets OOM_SCORE_ADJ_MIN (36324a990cf5 set
 * both).  A victim that keeps mlocked pages (wedged's) is then chosen
 * again and again.  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-unadjusted-reap",
	.name = "unadjusted-reap",
	.parent = "v4.6",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "the v4.6 reaper does not set OOM_SCORE_ADJ_MIN after a reap",
	.fixed = "nothing",
	.kept = "the planted bug: a reaped victim with mlocked pages is chosen again",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_PROC_READER] = EXPECT(ORACLE_SPURIOUS_KILL),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT(ORACLE_OOM_LOCKUP),
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
		[SCN_TWO_VICTIMS] = EXPECT(ORACLE_OOM_LOCKUP),
		/* chosen again (spurious-kill), and at the end unhidden */
		[SCN_WEDGED] = EXPECT(ORACLE_SPURIOUS_KILL) |
			       EXPECT(ORACLE_OOM_LOCKUP),
	},
	.entry = &era_entry,
};
