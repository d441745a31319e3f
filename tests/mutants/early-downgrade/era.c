// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/early-downgrade/era.c - a mutant of v6.1, for the explorer's
 * self-test
 *
 * Not an era of history: munmap() downgrades mmap_lock to read before it
 * detaches the VMAs, so a /proc reader meets them half unlinked; found by
 * the data-race oracle: mtree_erase() moves the maple tree's slots with plain stores.  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-early-downgrade",
	.name = "early-downgrade",
	.parent = "v6.1",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "munmap() downgrades mmap_lock before it detaches the VMAs",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_MUNMAP_READER] = EXPECT(ORACLE_DATA_RACE),
	},
	.entry = &era_entry,
};
