// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/kernel.c - what a fixed era must keep doing
 *
 * Simulator-only.  See DOC: Graders in grade.h.
 *
 * DOC: A fix must be a fix
 *
 * No oracle firing is not enough: an era whose reaper never reaps, or
 * whose exit never frees, is "safe" too.  So a fix lab also runs the
 * scenarios under a policy that makes one thread go first, and reads the
 * trace of the run:
 *
 *   reaper reaps    oom, the reaper first: it unmaps every page of the
 *                   victim before the victim's exit does (and
 *                   process_mrelease(), in mrelease, with M first)
 *   exit frees      oom and mrelease, the victim first: when every thread
 *                   is done the victim's pages, page tables, VMAs and mm
 *                   are all freed, and no oracle fired; with sizes (a
 *                   break lab's, whose proofs do not look for a leak),
 *                   also no leak in any schedule DPOR explores
 *   stuck           the victim holds mmap_lock for ever, the reaper first:
 *                   the reaper gives up, hides the mm, and the OOM killer
 *                   kills a second task, as it should
 *   no write lock   mrelease, M first: the exit of a process killed by
 *                   SIGKILL, no OOM victim, never takes mmap_lock for
 *                   write (v4.14's point: an ordinary exit pays nothing)
 *   zap read        the victim's exit_mmap() zaps its pages holding
 *                   mmap_lock for read, never for write (v6.1's point);
 *                   and in every schedule DPOR explores, whoever zaps
 *                   does so under the read lock, and whoever frees the
 *                   page tables and VMAs under the write lock (an exit
 *                   may not do otherwise only where a reaper has been)
 *   reverse         the reaper zaps the victim's page tables from the
 *                   highest address down (v6.18's point)
 *
 * Each test prints the run it judged, as a changelog diagram with the
 * command that replays it.
 */
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include "grade.h"
#include "../../src/cli/cli.h"

static int victim_pages(const struct sim_world *w)
{
	return w->params.vmas * w->params.pages;
}

static int tid_or_fail(const struct sim_world *w, char letter)
{
	int t = grade_tid(w, letter);

	if (t < 0)
		grade_fail("scenario %s has no thread %c", w->scn->name, letter);
	return t;
}

void grade_reaper_reaps(const char *era, const char *scn, char who)
{
	struct sim_world *w = grade_run(era, scn, NULL, (char[]){ who, 0 });
	struct mm_struct *mm = grade_victim_mm(w);
	int t = tid_or_fail(w, who), want = victim_pages(w);
	struct grade_zaps z;

	grade_zaps(w, mm, &z);
	grade_show_run(w);
	if (w->verdict.fired)
		grade_fail("expected: a clean run with %c first; got: %s", who,
			   cli_verdict_text(w->verdict.fired, false));
	if (z.pages[t] != want)
		grade_fail("expected: %c (%s), running first, unmaps all %d pages of the victim; got: %d",
			   who, w->threads[t].name, want, z.pages[t]);
	grade_record("reaped %s %c %d", scn, who, z.pages[t]);
}

void grade_exit_frees(const char *era, const char *scn, const char *params)
{
	struct sim_world *w = grade_run(era, scn, NULL, "V");
	struct mm_struct *mm = grade_victim_mm(w);

	grade_show_run(w);
	if (w->verdict.fired)
		grade_fail("expected: the victim, running first, exits and frees everything; got: %s",
			   cli_verdict_text(w->verdict.fired, false));
	if (sim_mm_rss(mm) || !(sim_addr_freed(mm) ||
				__atomic_load_n(&mm->mm_users.counter,
						__ATOMIC_SEQ_CST) == 0))
		grade_fail("expected: the victim's address space torn down; got: %ld pages still mapped",
			   sim_mm_rss(mm));
	if (params)
		grade_exit_frees_every_run(era, scn, params);
	grade_record("freed %s", scn);
}

void grade_stuck_kills_again(const char *era)
{
	struct sim_world *w = grade_run(era, "stuck", NULL, "R");

	grade_show_run(w);
	if (w->verdict.fired)
		grade_fail("expected: a clean run; got: %s",
			   cli_verdict_text(w->verdict.fired, false));
	if (w->k->nkills < 2 || w->k->kills[1].task != w->k->candidate)
		grade_fail("expected: the reaper gives up on the stuck victim and the OOM killer kills the candidate next; got: %d kill%s",
			   w->k->nkills, w->k->nkills == 1 ? "" : "s");
}

void grade_exit_no_write_lock(const char *era)
{
	struct sim_world *w = grade_run(era, "mrelease", NULL, "MV");
	struct mm_struct *mm = grade_victim_mm(w);

	grade_show_run(w);
	if (w->verdict.fired)
		grade_fail("expected: a clean run; got: %s",
			   cli_verdict_text(w->verdict.fired, false));
	if (__atomic_load_n(&mm->mm_users.counter, __ATOMIC_SEQ_CST) &&
	    !sim_addr_freed(mm))
		grade_fail("expected: V, killed by SIGKILL, exits; got: its mm still has users");
	if (grade_took_write_lock(w, 'V', mm))
		grade_fail("expected: the exit of a process that is no OOM victim takes no mmap_lock for write; got: V took it");
}

void grade_exit_zaps_under_read(const char *era)
{
	struct sim_world *w = grade_run(era, "mrelease", NULL, "V");
	struct mm_struct *mm = grade_victim_mm(w);
	int t = tid_or_fail(w, 'V');
	struct grade_zaps z;

	grade_zaps(w, mm, &z);
	grade_show_run(w);
	if (w->verdict.fired)
		grade_fail("expected: a clean run; got: %s",
			   cli_verdict_text(w->verdict.fired, false));
	if (!z.pages[t])
		grade_fail("expected: the exit unmaps the victim's pages itself; got: V unmapped none");
	if (z.under_write[t])
		grade_fail("expected: exit_mmap() zaps with mmap_lock held for read, not write; got: %d of %d pages zapped under the write lock",
			   z.under_write[t], z.pages[t]);
	if (z.under_read[t] != z.pages[t])
		grade_fail("expected: exit_mmap() zaps with mmap_lock held for read; got: %d of %d pages zapped without it",
			   z.pages[t] - z.under_read[t], z.pages[t]);
}

/*
 * Did every thread zap the victim's pages under mmap_lock for read only,
 * and free its page tables and VMAs under it for write?
 */
static const char *zaps_read(const struct sim_world *w, void *data)
{
	static char why[128];
	struct grade_zaps z;
	int t;

	(void)data;
	grade_zaps(w, grade_victim_mm(w), &z);
	for (t = 0; t < w->nthreads && t < SIM_MAX_THREADS; t++) {
		char c = w->threads[t].letter;

		if (z.under_write[t]) {
			snprintf(why, sizeof(why),
				 "%c zapped %d of %d pages under the write lock",
				 c, z.under_write[t], z.pages[t]);
			return why;
		}
		if (z.under_read[t] != z.pages[t]) {
			snprintf(why, sizeof(why),
				 "%c zapped %d of %d pages holding no mmap_lock",
				 c, z.pages[t] - z.under_read[t], z.pages[t]);
			return why;
		}
		if (z.freed_under_write[t] != z.freed[t]) {
			snprintf(why, sizeof(why),
				 "%c freed %d of %d page tables and VMAs without the write lock",
				 c, z.freed[t] - z.freed_under_write[t],
				 z.freed[t]);
			return why;
		}
	}
	return NULL;
}

void grade_zaps_read_every_run(const char *era, const char *scn,
			       const char *params)
{
	grade_every_run(era, scn, params,
			"the victim's pages zapped under mmap_lock for read, its page tables and VMAs freed under it for write",
			zaps_read, NULL);
}

void grade_reaper_walks_down(const char *era)
{
	/*
	 * Three VMAs: with two, a walk up that only puts the lowest off to
	 * the end zaps 1, then 0, which reads as a walk down
	 */
	struct sim_world *w = grade_run(era, "oom", "vmas=3", "R");
	struct mm_struct *mm = grade_victim_mm(w);
	int t = tid_or_fail(w, 'R'), want = victim_pages(w), i;
	struct grade_zaps z;

	grade_zaps(w, mm, &z);
	grade_show_run(w);
	printf("The reaper zapped in the victim's PTE tables, in this order (0 = lowest address):");
	for (i = 0; i < z.ntables[t]; i++)
		printf(" %d", z.tables[t][i]);
	printf("\n");
	if (w->verdict.fired)
		grade_fail("expected: a clean run; got: %s",
			   cli_verdict_text(w->verdict.fired, false));
	if (z.pages[t] != want)
		grade_fail("expected: the reaper, running first, unmaps all %d pages of the victim; got: %d",
			   want, z.pages[t]);
	for (i = 1; i < z.ntables[t]; i++)
		if (z.tables[t][i] >= z.tables[t][i - 1])
			grade_fail("expected: the reaper walks from the highest address down; got: table %d after table %d",
				   z.tables[t][i], z.tables[t][i - 1]);
}

/* Did the reapers (R, M) zap the victim's PTE tables from the top down? */
static const char *walks_down(const struct sim_world *w, void *data)
{
	static char why[128];
	struct grade_zaps z;
	int t, i;

	(void)data;
	grade_zaps(w, grade_victim_mm(w), &z);
	for (t = 0; t < w->nthreads && t < SIM_MAX_THREADS; t++) {
		if (!strchr("RM", w->threads[t].letter))
			continue;
		for (i = 1; i < z.ntables[t]; i++)
			if (z.tables[t][i] >= z.tables[t][i - 1]) {
				snprintf(why, sizeof(why),
					 "%c zapped in table %d after table %d",
					 w->threads[t].letter, z.tables[t][i],
					 z.tables[t][i - 1]);
				return why;
			}
	}
	return NULL;
}

void grade_reapers_walk_down_every_run(const char *era, const char *scn,
				       const char *params)
{
	grade_every_run(era, scn, params,
			"the reapers walk from the highest address down",
			walks_down, NULL);
}

/* Did every execution free what its exits own: no leak? */
static const char *no_leak(const struct sim_world *w, void *data)
{
	(void)data;
	if (w->verdict.fired & EXPECT(ORACLE_LEAK))
		return "memory was never freed (leak)";
	return NULL;
}

void grade_exit_frees_every_run(const char *era, const char *scn,
				const char *params)
{
	grade_every_run(era, scn, params, "every exit frees what it owns",
			no_leak, NULL);
}
