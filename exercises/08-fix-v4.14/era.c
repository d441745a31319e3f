// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/08-fix-v4.14/era.c - the era `lab`: v4.14 with your fix
 *
 * Built from your mm/mmap.c and mm/oom_kill.c over v4.14, the way every
 * era is built over its parent (src/eras/README.md): your definitions of
 * exit_mmap() and mark_oom_victim() come first and win.
 * `reaplab diff v4.14 lab` shows your patch; `reaplab diff lab v5.15`
 * what upstream had by v5.15.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "fix-v4.14",
	.parent = "v4.14",
	.version = "your fix of v4.14 (lab 08)",
	.commits = "yours; upstream: 4837fe37adff (v4.15)",
	.authors = "you",
	.story = "v4.14 with exit_mmap() and mark_oom_victim() from your files",
	.fixed = "what you fixed",
	.kept = "what you kept",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
