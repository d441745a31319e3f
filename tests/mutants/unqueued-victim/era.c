// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unqueued-victim/era.c - a mutant of v5.15, for the explorer's self-test
 *
 * Not an era of history: wake_oom_reaper() marks the mm queued
 * (MMF_OOM_REAP_QUEUED) and never puts the task on the reaper's list.  A
 * victim that exits hides itself; one stuck for good is never hidden, and
 * the OOM killer waits for it for ever.  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-unqueued-victim",
	.name = "unqueued-victim",
	.parent = "v5.15",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "wake_oom_reaper() marks the mm queued and queues nothing",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT(ORACLE_OOM_LOCKUP),
	},
	.entry = &era_entry,
};
