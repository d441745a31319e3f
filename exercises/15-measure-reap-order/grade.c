// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/15-measure-reap-order/grade.c - the grader of lab 15
 *
 * No point depends on a clock.  `reaplab bench reap-order` times
 * exit_mmap() and process_mrelease() zapping one mm on two real threads,
 * v6.1 (both walk up) against v6.18 (the reaper walks down).  The graded
 * questions ask what the two zappers do when they take turns one page
 * table at a time, which is the same on every machine: the grader
 * replays that schedule of the benchmark's scenario, mrelease, with four
 * VMAs (one PTE table each), in both eras, and reads which table each
 * zapper visited in each turn and what it found there.  The timing
 * questions are self-checked only: `grade --answer` runs the benchmark
 * again and compares.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/mm_types.h>
#include "../grader/grade.h"
#include "../../src/sim/engine/schedule.h"
#include "../../src/cli/cli.h"

#define SIZES	"vmas=4"
#define TURNS	4		/* tables, one turn each per zapper */
#define HOW	"replay the turns (README.md): reaplab replay ERA mrelease 'M@pte_unmap_unlock V@pte_unmap_unlock ...' -o " SIZES " --full"

struct visit {
	char who;
	int table;
	int pages;
};

/*
 * Replay the turns on @era: M then V, each through its next
 * pte_unmap_unlock(), TURNS times; the visits of the victim's tables, in
 * order, into @v.  Returns how many.
 */
static int turns(const char *era, struct visit *v, int max)
{
	static struct sim_schedule parsed;
	static struct sim_replay replay;
	struct sim_world *w = grade_world(grade_era(era), "mrelease", SIZES);
	struct mm_struct *mm = grade_victim_mm(w);
	char sched[512], err[256];
	size_t i, n = 0;
	int k, nv = 0;

	for (k = 0; k < TURNS; k++)
		n += snprintf(sched + n, sizeof(sched) - n,
			      "%sM@pte_unmap_unlock V@pte_unmap_unlock",
			      k ? " " : "");
	if (sim_schedule_parse(w, sched, &parsed, err, sizeof(err)))
		grade_fail("the turns: %s: the lab needs updating", err);
	sim_replay_init(&replay, &parsed, false);
	w->trace_frames = true;
	sim_run_coop(w, (struct sim_policy){ sim_replay_pick, &replay });
	if (w->stop == SIM_STOP_DIVERGED || w->verdict.fired)
		grade_fail("the turns cannot be run cleanly on %s (%s): the lab needs updating",
			   era, w->stop_msg);
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];
		int t;

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		t = grade_table_of(w, mm, ev->obj);
		if (t < 0)
			continue;
		if (ev->kind == SEAM_SPIN_LOCK && nv < max) {
			v[nv].who = w->threads[ev->tid].letter;
			v[nv].table = t;
			v[nv++].pages = 0;
		} else if (ev->kind == SEAM_ATOMIC_XCHG && ev->site &&
			   !strcmp(ev->site->fn, "ptep_get_and_clear") &&
			   (ev->result & 1) && nv) {
			v[nv - 1].pages++;
		}
	}
	return nv;
}

static void exit_pages(const char *era, const char *key)
{
	struct visit v[2 * TURNS + 4];
	int n = turns(era, v, 2 * TURNS + 4), i, pages = 0;
	char buf[16];

	for (i = 0; i < n; i++)
		if (v[i].who == 'V')
			pages += v[i].pages;
	snprintf(buf, sizeof(buf), "%d", pages);
	grade_check_answer("answers", key, buf, HOW);
}

/* Turns in which a zapper takes the table the other has just left. */
static void meets(const char *era, const char *key)
{
	struct visit v[2 * TURNS + 4];
	int n = turns(era, v, 2 * TURNS + 4), i, m = 0;
	char buf[16];

	for (i = 1; i < n; i++)
		if (v[i].who != v[i - 1].who && v[i].table == v[i - 1].table)
			m++;
	snprintf(buf, sizeof(buf), "%d", m);
	grade_check_answer("answers", key, buf, HOW);
}

static void exit_pages_forward(void)
{
	exit_pages("v6.1", "exit-pages-v6.1");
}

static void exit_pages_reverse(void)
{
	exit_pages("v6.18", "exit-pages-v6.18");
}

static void meets_forward(void)
{
	meets("v6.1", "meets-v6.1");
}

static void meets_reverse(void)
{
	meets("v6.18", "meets-v6.18");
}

/*
 * The timing questions: run the benchmark again, here, and compare.  No
 * point ever depends on this: the machine's noise is part of the answer.
 */
static void answer(FILE *f)
{
	char *argv[] = { "bench", "reap-order", "-n", "40", "--out",
			 "build/labs/15-measure-reap-order", "--no-plot",
			 "--quiet", NULL };
	const char *csv = "build/labs/15-measure-reap-order/reap-order.csv";
	double wr = 0, wf = 0, tr = 0, tf = 0;

	fprintf(f, "Lab 15's ungraded questions: measured again now (reaplab bench reap-order -n 40)\n\n");
	fflush(f);
	if (cmd_bench(8, argv)) {
		fprintf(f, "the benchmark failed: no self-check\n");
		return;
	}
	wr = grade_csv_value(csv, "pte lock wait,total", 1);
	wf = grade_csv_value(csv, "pte lock wait,total", 2);
	tr = grade_csv_value(csv, "running time,total", 1);
	tf = grade_csv_value(csv, "running time,total", 2);
	if (wr < 0 || wf < 0 || tr < 0 || tf <= 0) {
		fprintf(f, "no figures in %s: no self-check\n", csv);
		return;
	}
	fprintf(f, "\n");
	grade_self_check(f, "wait-10x", wf >= 10 * wr ? "yes" : "no");
	grade_self_check(f, "faster", tr < tf ? "yes" : "no");
}

static const struct grade_test tests[] = {
	{
		.name = "exit-pages-v6.1",
		.title = "1. v6.1: pages the exit unmaps itself",
		.points = 5,
		.run = exit_pages_forward,
	},
	{
		.name = "exit-pages-v6.18",
		.title = "2. v6.18: pages the exit unmaps itself",
		.points = 5,
		.run = exit_pages_reverse,
	},
	{
		.name = "meets-v6.1",
		.title = "3. v6.1: turns on the table the other just left",
		.points = 5,
		.run = meets_forward,
	},
	{
		.name = "meets-v6.18",
		.title = "4. v6.18: turns on the table the other just left",
		.points = 5,
		.run = meets_reverse,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer);
