// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/mark-unlocked/era.c - a mutant of 2017-cond, for the explorer's self-test
 *
 * Not an era of history: oom_kill_process() marks the victim after
 * task_unlock(). See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-mark-unlocked",
	.name = "mark-unlocked",
	.parent = "2017-cond",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "oom_kill_process() marks the victim after task_unlock()",
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
