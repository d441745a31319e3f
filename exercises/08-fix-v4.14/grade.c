// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/08-fix-v4.14/grade.c - the grader of lab 08
 *
 * The point of the lab first: DPOR proves proc-reader clean on the era
 * `lab`.  Only then do the other tests count: every other scenario
 * proven, the reaper still reaps, an exit still frees, the stuck
 * scenario still ends in a second kill, and the cost 4837fe37adff
 * avoided stays avoided: a process that is no OOM victim exits without
 * taking mmap_sem for write.  Proofs run at alloc-retries=2, the
 * smallest world in which a second kill can happen.
 */
#include "../grader/grade.h"

#define SIZE "alloc-retries=2"

static void kills_again(void)
{
	grade_stuck_kills_again("lab");
}

static void no_write_lock(void)
{
	grade_exit_no_write_lock("lab");
}

static const struct grade_test tests[] = {
	{
		.name = "proc-reader",
		.title = "proc-reader: DPOR proves no oracle fires",
		.points = 10,
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "proc-reader",
		.params = SIZE,
	},
	{
		.name = "kthread-reader",
		.title = "kthread-reader: DPOR proves no oracle fires",
		.points = 5,
		.parent = "proc-reader",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "kthread-reader",
		/* the bug needs no second kill: one round, a tenth of the cost */
		.params = "alloc-retries=1",
	},
	{
		.name = "oom",
		.title = "oom: DPOR proves no oracle fires",
		.points = 5,
		.parent = "proc-reader",
		.timeout = 60,
		.check = GRADE_PROVE,
		.scenario = "oom",
		.params = SIZE,
	},
	{
		.name = "stuck",
		.title = "stuck: DPOR proves no oracle fires",
		.points = 5,
		.parent = "proc-reader",
		.check = GRADE_PROVE,
		.scenario = "stuck",
		.params = SIZE,
	},
	{
		.name = "reaper-reaps",
		.title = "the reaper still reaps an OOM victim",
		.points = 5,
		.parent = "proc-reader",
		.check = GRADE_REAPS,
		.scenario = "oom",
		.who = 'R',
	},
	{
		.name = "exit-frees",
		.title = "an OOM victim's exit still frees everything",
		.points = 5,
		.parent = "proc-reader",
		.check = GRADE_FREES,
		.scenario = "oom",
	},
	{
		.name = "kills-again",
		.title = "stuck: the reaper gives up, a second task is killed",
		.points = 5,
		.parent = "proc-reader",
		.run = kills_again,
	},
	{
		.name = "no-write-lock",
		.title = "an exit that is no OOM victim takes no write lock",
		.points = 10,
		.parent = "proc-reader",
		.run = no_write_lock,
	},
	{ NULL }
};

static const struct grade_hint hints[] = {
	{
		/* the /proc reader ran exit_mmap(): the barrier keyed on current */
		.scenario = "proc-reader",
		.oracle = ORACLE_UAF,
		.function = "proc_pid_cmdline_read",
		.text = "the reaper touched what exit_mmap() had freed (a VMA, a page table). Who ran exit_mmap() in this run: the victim, or the /proc reader that dropped the last mm_users? Did that task take the barrier? (book: era_v4_14)",
	},
	{
		/* whoever ran it, the barrier did not keep the reaper out */
		.oracle = ORACLE_UAF,
		.function = "exit_mmap",
		.text = "exit_mmap() freed what the reaper was still using: the reaper tests MMF_OOM_SKIP under mmap_sem for read, so the bit must be set before the down_write()/up_write() cycle, and the cycle must run whenever a reaper may be on this mm. (book: era_v4_14)",
	},
	{
		.oracle = ORACLE_SPURIOUS_KILL,
		.text = "a second task was killed while the first one's memory was on its way back: MMF_OOM_SKIP hides a victim from the OOM killer, so it must not be set before the memory is gone or going. (book: era_v4_9)",
	},
	{
		.oracle = ORACLE_DEADLOCK,
		.text = "a thread never finished: a lock taken and never released, or a wait nobody ends. Every down_write() needs its up_write(). (book: era_v4_14)",
	},
	{
		.oracle = ORACLE_LEAK,
		.text = "memory was never freed: exit_mmap() must still free the page tables and every VMA, whatever the barrier does. (book: primer)",
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
