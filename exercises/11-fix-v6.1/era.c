// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/11-fix-v6.1/era.c - the era `lab`: v6.1 with your exit_mmap()
 *
 * Built from your mm/mmap.c over v6.1 (the maple tree, the reaper of
 * v6.1), the way every era is built over its parent (src/eras/README.md):
 * your exit_mmap() comes first and wins.  `reaplab diff v6.1 lab` shows
 * how yours differs from upstream's; `reaplab diff v5.17 lab` the whole
 * step, maple tree included.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "fix-v5.17",
	.parent = "v6.1",
	.version = "your exit_mmap() on v6.1 (lab 11)",
	.commits = "yours; upstream: bf3980c85212 (v6.1)",
	.authors = "you",
	.story = "v6.1 with exit_mmap() from your mm/mmap.c",
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
