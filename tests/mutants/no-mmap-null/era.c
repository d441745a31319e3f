// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-mmap-null/era.c - a mutant of v5.17, for the explorer's self-test
 *
 * Not an era of history: exit_mmap() leaves mm->mmap pointing at the freed
 * VMAs. See tests/mutants/README.md.
 */
#include <reaplab/era.h>

/*
 * The run syzbot's report describes (f798a1d4f94d): process_mrelease()
 * has pinned the mm and decided to reap, the victim's whole exit_mmap()
 * runs, and only then does it take the read lock.
 */
static const struct era_schedule schedules[] = {
	{
		.name = "changelog",
		.scenario = SCN_MRELEASE,
		.schedule = "M@task_unlock V",
		.fixed_by = "v5.17",
		.what = "process_mrelease() takes the read lock after exit_mmap() and walks the freed VMA list",
	},
	{ 0 }
};

const struct era era_descriptor = {
	.id = "mutant-no-mmap-null",
	.name = "no-mmap-null",
	.parent = "v5.17",
	.version = "none",
	.commits = "none: a planted bug",
	.authors = "the reaplab self-test",
	.story = "exit_mmap() leaves mm->mmap pointing at the freed VMAs",
	.fixed = "nothing",
	.kept = "the planted bug",
	.expect = {
		[SCN_OOM] = EXPECT_CLEAN,
		[SCN_PROC_READER] = EXPECT_CLEAN,
		[SCN_MRELEASE] = EXPECT(ORACLE_UAF),
		[SCN_STUCK] = EXPECT_CLEAN,
	},
	.schedules = schedules,
	.entry = &era_entry,
};
