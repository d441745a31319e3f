// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/19-break-v5.17/era.c - the era `lab`: v5.17 with your bug
 *
 * Built from your mm/mmap.c over v5.17, the way every era is built over
 * its parent (src/eras/README.md): your exit_mmap() comes first and wins.
 * `reaplab diff v5.17 lab` shows the bug you planted.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "break-v5.17",
	.parent = "v5.17",
	.version = "v5.17 with your planted bug (lab 19)",
	.commits = "yours",
	.authors = "you",
	.story = "v5.17 with exit_mmap() from your file: a stale pointer left",
	.fixed = "nothing",
	.kept = "the bug you planted",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT(ORACLE_UAF),
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
