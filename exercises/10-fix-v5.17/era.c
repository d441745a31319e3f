// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/10-fix-v5.17/era.c - the era `lab`: v5.15 with your exit_mmap()
 *
 * Built from your mm/mmap.c over v5.15, the way every era is built over
 * its parent (src/eras/README.md): your exit_mmap() comes first and wins.
 * `reaplab diff v5.15 lab` shows your patch; `reaplab diff lab v5.17`
 * what upstream did.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "fix-v5.15",
	.parent = "v5.15",
	.version = "your fix of v5.15 (lab 10)",
	.commits = "yours; upstream: 64591e8605d6 f798a1d4f94d (v5.17)",
	.authors = "you",
	.story = "v5.15 with exit_mmap() from your mm/mmap.c",
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
