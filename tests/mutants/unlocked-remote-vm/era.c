// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unlocked-remote-vm/era.c - a mutant of v5.15, for the
 *                                          explorer's self-test
 *
 * Not an era of history: access_remote_vm() looks the VMA up without
 * mmap_lock. See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-unlocked-remote-vm",
	.name = "unlocked-remote-vm",
	.parent = "v5.15",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "a /proc reader calls find_vma() without mmap_lock",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT(ORACLE_MMAP_UNLOCKED),
		[SCN_MRELEASE] = EXPECT(ORACLE_UAF),
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.entry = &era_entry,
};
