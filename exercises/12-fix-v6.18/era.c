// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/12-fix-v6.18/era.c - the era `lab`: v6.1 with your reaper walk
 *
 * Built from your mm/oom_kill.c over v6.1, the way every era is built
 * over its parent (src/eras/README.md): your __oom_reap_task_mm() comes
 * first and wins, for the OOM reaper and process_mrelease() alike.
 * `reaplab diff v6.1 lab` shows your patch; `reaplab diff lab v6.18`
 * what upstream did.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "fix-v6.1",
	.parent = "v6.1",
	.version = "your reaper on v6.1 (lab 12)",
	.commits = "yours; upstream: 5e1953dc71af (v6.18)",
	.authors = "you",
	.story = "v6.1 with __oom_reap_task_mm() from your mm/oom_kill.c",
	.fixed = "what you fixed",
	.kept = "what you kept",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
