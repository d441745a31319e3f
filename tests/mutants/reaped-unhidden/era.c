// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/reaped-unhidden/era.c - a mutant of v5.15, for the explorer's self-test
 *
 * Not an era of history: the reaper hides an mm (MMF_OOM_SKIP) only when
 * it gave up on it, as if a reaped victim would always exit and hide
 * itself.  A victim that holds mmap_lock for good is hidden (stuck is
 * clean); one blocked for good without it is reaped and never hidden, and
 * the OOM killer waits for it for ever (wedged).  See tests/mutants/README.md.
 */
#include <reaplab/era.h>

const struct era era_descriptor = {
	.id = "mutant-reaped-unhidden",
	.name = "reaped-unhidden",
	.parent = "v5.15",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "the reaper sets MMF_OOM_SKIP only on an mm it could not reap",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT_CLEAN,
		[SCN_STUCK] = EXPECT_CLEAN,
		[SCN_WEDGED] = EXPECT(ORACLE_OOM_LOCKUP),
	},
	.entry = &era_entry,
};
