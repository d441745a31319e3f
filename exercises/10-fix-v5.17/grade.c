// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/10-fix-v5.17/grade.c - the grader of lab 10
 *
 * The point of the lab first: DPOR proves mrelease clean on the era `lab`
 * (v5.15 with the student's exit_mmap()).  Only then do the other tests
 * count: every other scenario proven, the OOM reaper and process_mrelease()
 * still reap, an exit, OOM victim or not, still frees everything.  Proofs
 * run at alloc-retries=2, the smallest world in which a second kill can
 * happen.
 */
#include "../grader/grade.h"

#define SIZE "alloc-retries=2"

static const struct grade_test tests[] = {
	{
		.name = "mrelease",
		.title = "mrelease: DPOR proves no oracle fires",
		.points = 10,
		.check = GRADE_PROVE,
		.scenario = "mrelease",
	},
	{
		.name = "oom",
		.title = "oom: DPOR proves no oracle fires",
		.points = 5,
		.parent = "mrelease",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "oom",
		.params = SIZE,
	},
	{
		.name = "proc-reader",
		.title = "proc-reader: DPOR proves no oracle fires",
		.points = 5,
		.parent = "mrelease",
		.timeout = 90,
		.check = GRADE_PROVE,
		.scenario = "proc-reader",
		.params = SIZE,
	},
	{
		.name = "kthread-reader",
		.title = "kthread-reader: DPOR proves no oracle fires",
		.points = 5,
		.parent = "mrelease",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "kthread-reader",
		/* the bug needs no second kill: one round, a tenth of the cost */
		.params = "alloc-retries=1",
	},
	{
		.name = "stuck",
		.title = "stuck: DPOR proves no oracle fires",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_PROVE,
		.scenario = "stuck",
		.params = SIZE,
	},
	{
		.name = "reaper-reaps",
		.title = "the OOM reaper still reaps an OOM victim",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_REAPS,
		.scenario = "oom",
		.who = 'R',
	},
	{
		.name = "mrelease-reaps",
		.title = "process_mrelease() still reaps a dying process",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_REAPS,
		.scenario = "mrelease",
		.who = 'M',
	},
	{
		.name = "exit-frees",
		.title = "an OOM victim's exit still frees everything",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_FREES,
		.scenario = "oom",
	},
	{
		.name = "kill-frees",
		.title = "a SIGKILLed process's exit still frees everything",
		.points = 5,
		.parent = "mrelease",
		.check = GRADE_FREES,
		.scenario = "mrelease",
	},
	{ NULL }
};

static const struct grade_hint hints[] = {
#define CONCURRENT "process_mrelease() was still walking the victim's VMAs and page tables while exit_mmap() tore them down: the victim died of SIGKILL, not of an OOM kill, so it is no MMF_OOM_VICTIM, and nothing kept the reader out. What excludes every reader, victim or not? (book: era_v5_17)"
	{
		.scenario = "mrelease",
		.oracle = ORACLE_UAF,
		.function = "unmap_vmas",
		.text = CONCURRENT,
	},
	{
		.scenario = "mrelease",
		.oracle = ORACLE_UAF,
		.function = "free_pgtables",
		.text = CONCURRENT,
	},
	{
		.scenario = "mrelease",
		.oracle = ORACLE_UAF,
		.text = "process_mrelease() took mmap_lock for read after exit_mmap() was done, and walked VMAs it had freed: a reader that comes late must find no list at all (f798a1d4f94d). (book: era_v5_17)",
	},
	{
		.oracle = ORACLE_DEADLOCK,
		.text = "a thread never finished: a lock taken and never released (every return path of exit_mmap() must drop what it took), or taken twice. (book: era_v5_17)",
	},
	{
		.oracle = ORACLE_LEAK,
		.text = "memory was never freed: the page tables and every VMA must still be freed, and the list emptied only once they are. (book: primer)",
	},
	{
		.oracle = ORACLE_SPURIOUS_KILL,
		.text = "a second task was killed while the first one's memory was on its way back: MMF_OOM_SKIP hides a victim from the OOM killer, so set it only once its memory is gone or going. (book: era_v4_9)",
	},
	{ NULL }
};

/*
 * proc-reader with a kernel thread as the reader: another task that may
 * drop the last reference (DOC at the top of src/sim/scenario.c)
 */
static const struct sim_scenario *const scenarios[] = {
	&sim_kthread_reader_scenario, NULL
};

GRADE_LAB(.tests = tests, .hints = hints, .scenarios = scenarios);
