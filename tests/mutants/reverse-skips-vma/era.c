// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/reverse-skips-vma/era.c - a mutant of v6.18, for the
 * explorer's self-test
 *
 * Not an era of history: the reaper's reverse walk misses the topmost VMA,
 * and process_mrelease() still returns 0, and the OOM reaper, which walks
 * the same way, still reports the mm reaped.  Caught by the contract
 * oracle only.  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-reverse-skips-vma",
	.name = "reverse-skips-vma",
	.parent = "v6.18",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "the reverse walk of __oom_reap_task_mm() passes over the top VMA",
	.fixed = "nothing",
	.kept = "the planted bug: process_mrelease() returns 0 with a VMA still mapped",
	.expect = {
		/*
		 * The OOM reaper walks the same way: the mm it reports
		 * reaped, and hides, still has the top VMA mapped, and a
		 * second kill comes before those pages (spurious-kill).
		 * In stuck and two-victims, the reaped mm is the candidate's.
		 */
		[SCN_OOM] = EXPECT(ORACLE_SPURIOUS_KILL) |
			    EXPECT(ORACLE_CONTRACT),
		[SCN_PROC_READER] = EXPECT(ORACLE_SPURIOUS_KILL) |
				    EXPECT(ORACLE_CONTRACT),
		[SCN_MRELEASE] = EXPECT(ORACLE_CONTRACT),
		[SCN_STUCK] = EXPECT(ORACLE_CONTRACT),
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
		[SCN_TWO_VICTIMS] = EXPECT(ORACLE_CONTRACT),
		[SCN_WEDGED] = EXPECT(ORACLE_CONTRACT),
	},
	.entry = &era_entry,
};
