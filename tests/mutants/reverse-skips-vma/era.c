// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/reverse-skips-vma/era.c - a mutant of v6.18, for the
 * explorer's self-test
 *
 * Not an era of history: the reaper's reverse walk misses the topmost VMA,
 * and process_mrelease() still returns 0.  Caught by the contract oracle
 * only.  See tests/mutants/README.md.
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
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT(ORACLE_CONTRACT),
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_CONCURRENT_OOM] = EXPECT_CLEAN,
		[SCN_EXIT_FIRST] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
