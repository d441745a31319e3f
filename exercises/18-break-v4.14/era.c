// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/18-break-v4.14/era.c - the era `lab`: v4.14 with your bug
 *
 * Built from your mm/mmap.c over v4.14, the way every era is built over
 * its parent (src/eras/README.md): your exit_mmap() comes first and wins.
 * `reaplab diff v4.14 lab` shows the bug you planted.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "break-v4.14",
	.parent = "v4.14",
	.version = "v4.14 with your planted bug (lab 18)",
	.commits = "yours",
	.authors = "you",
	.story = "v4.14 with exit_mmap() from your file: the barrier broken",
	.fixed = "nothing",
	.kept = "the bug you planted",
	.expect = {
		[SCN_OOM] = EXPECT(ORACLE_UAF),
		[SCN_PROC_READER] = EXPECT(ORACLE_UAF),
		[SCN_MRELEASE] = EXPECT_NA,
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
