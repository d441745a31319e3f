// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/early-downgrade-v5.17/era.c - a mutant of v5.17, for the explorer's
 * self-test
 *
 * Not an era of history: munmap() downgrades mmap_lock to read before it
 * detaches the VMAs, so a /proc reader meets them half unlinked; found by
 * a use-after-free: the reader walks the VMA list's WRITE_ONCE() links into the VMA munmap() frees.  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-early-downgrade-v5.17",
	.name = "early-downgrade-v5.17",
	.parent = "v5.17",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "munmap() downgrades mmap_lock before it detaches the VMAs",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_MUNMAP_READER] = EXPECT(ORACLE_UAF),
	},
	.entry = &era_entry,
};
