// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/early-downgrade-v6.18/era.c - a mutant of v6.18, for the explorer's
 * self-test
 *
 * Not an era of history: munmap() downgrades mmap_lock to read before it
 * detaches the VMAs, so a /proc reader meets them half unlinked; found by
 * the data-race oracle: mtree_erase() moves the maple tree's slots with
 * plain stores; and by the per-VMA lock's assertion, as lockdep finds it
 * upstream: vma_start_write() on a VMA to detach, mmap_lock held for read
 * only.  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-early-downgrade-v6.18",
	.name = "early-downgrade-v6.18",
	.parent = "v6.18",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "munmap() downgrades mmap_lock before it detaches the VMAs",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_MUNMAP_READER] = EXPECT(ORACLE_DATA_RACE) |
				      EXPECT(ORACLE_MMAP_UNLOCKED),
	},
	.entry = &era_entry,
};
