// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/inverted-skip/era.c - a mutant of v6.18, for the explorer's self-test
 *
 * Not an era of history, but a patch that was: process_mrelease() tests
 * MMF_OOM_SKIP under the read lock without its `!`, as a conversion to the
 * mm->flags bitmap accessors had it in review in September 2025 (Chris
 * Mason caught it).  Nothing unsafe happens: the syscall stays safe and
 * stops reaping, returning 0.  The contract oracle catches it (see
 * tests/mutants/README.md).
 */
#include <reaplab/era.h>

static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_MRELEASE,
		.schedule = "M",
		.fixed_by = "v6.18",
		.what = "process_mrelease() runs first and returns 0 having unmapped nothing",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "mutant-inverted-skip",
	.name = "inverted-skip",
	.parent = "v6.18",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "process_mrelease() reaps only an mm already marked MMF_OOM_SKIP",
	.fixed = "nothing",
	.kept = "the planted bug: process_mrelease() returns 0 and reaps nothing",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT(ORACLE_CONTRACT),
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
