// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/14-measure-asserts/grade.c - the grader of lab 14
 *
 * No point depends on a clock.  `reaplab bench find-vma` times find_vma()
 * without debug checks, with them, and with them plus the
 * mmap_assert_locked() of 5b78ed24e8ec (Luigi Rizzo, 2021).  The graded
 * questions
 * ask what the assertion does, which is the same on every machine: this
 * lab gives the benchmark's lookup as scenarios of its own (F looks up a
 * VMA of its process, with mmap_lock held or without it; or while another
 * task holds it), and the grader runs them on the coop engine in every
 * era and reads the oracles and the steps.  The timing questions are
 * self-checked only: `grade --answer` runs the benchmark again and
 * compares.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include <linux/compiler.h>
#include "../grader/grade.h"
#include "../../src/bench/bench.h"
#include "../../src/cli/cli.h"
#include "../../src/sim/engine/schedule.h"

#define HOW	"run it: reaplab replay ERA lookup-unlocked -"

static struct lookup_ctx {
	struct task_struct *owner;
} ctx;

static unsigned long first_vma(void)
{
	return ctx.owner->mm->mmap->vm_start;
}

/* F: the benchmark's lookup, once: the read lock, find_vma(), unlock. */
static int lookup_locked(void *arg)
{
	const struct era_entry *e = sim->era->entry;

	(void)arg;
	e->mmap_read_lock(ctx.owner->mm);
	e->find_vma(ctx.owner->mm, first_vma());
	e->mmap_read_unlock(ctx.owner->mm);
	return 0;
}

/* F: the same lookup, the lock forgotten. */
static int lookup_unlocked(void *arg)
{
	(void)arg;
	sim->era->entry->find_vma(ctx.owner->mm, first_vma());
	return 0;
}

/*
 * F, beside G: it reads the mm's VMA count first (a step, so that G can
 * be holding the lock when F's lookup runs), then looks up, unlocked.
 */
static int count_then_lookup(void *arg)
{
	struct mm_struct *mm = ctx.owner->mm;

	(void)arg;
	if (READ_ONCE(mm->map_count))
		sim->era->entry->find_vma(mm, first_vma());
	return 0;
}

/* G: another task takes the same mm's mmap_lock for read, and drops it. */
static int other_reader(void *arg)
{
	const struct era_entry *e = sim->era->entry;

	(void)arg;
	e->mmap_read_lock(ctx.owner->mm);
	e->mmap_read_unlock(ctx.owner->mm);
	return 0;
}

static int build(struct sim_world *w, int (*fn)(void *), bool other)
{
	const struct sim_params *p = &w->params;
	struct task_struct *ps = NULL;

	if (bench_fits(p))
		return -1;
	bench_boot(w, p->vmas * p->pages, false);
	ctx.owner = bench_process(w, "lookups", p->vmas, p->pages);
	if (other)
		ps = bench_process(w, "ps", 0, 0);
	if (!ctx.owner || (other && !ps))
		return -1;
	if (other && bench_thread(w, 'G', "another task",
				  other_reader, NULL, ps))
		return -1;
	return bench_thread(w, 'F', "find_vma lookup", fn, NULL, ctx.owner);
}

static int build_locked(struct sim_world *w)
{
	return build(w, lookup_locked, false);
}

static int build_unlocked(struct sim_world *w)
{
	return build(w, lookup_unlocked, false);
}

static int build_other(struct sim_world *w)
{
	return build(w, count_then_lookup, true);
}

#define LOOKUP_DEFAULTS							\
	{ .vmas = 4, .pages = 2, .ptrs_per_pte = 2, .retries = 2,	\
	  .alloc_retries = 3, .aio = 0, .jiffy_ns = 1000 }

static const struct sim_scenario scn_locked = {
	.name = "lookup",
	.id = SCN_NR,
	.summary = "lab 14: F takes mmap_read_lock, looks up a VMA of its process with find_vma(), unlocks",
	.defaults = LOOKUP_DEFAULTS,
	.build = build_locked,
};

static const struct sim_scenario scn_unlocked = {
	.name = "lookup-unlocked",
	.id = SCN_NR,
	.summary = "lab 14: F looks up a VMA of its process with find_vma(), without mmap_lock",
	.defaults = LOOKUP_DEFAULTS,
	.build = build_unlocked,
};

static const struct sim_scenario scn_other = {
	.name = "lookup-other",
	.id = SCN_NR,
	.summary = "lab 14: G (another task) takes F's mmap_lock for read and drops it; F reads map_count, then looks up a VMA without the lock",
	.defaults = LOOKUP_DEFAULTS,
	.build = build_other,
};

static const struct sim_scenario *const scenarios[] = {
	&scn_locked, &scn_unlocked, &scn_other, NULL
};

static void catch_eras(void)
{
	char buf[256];
	size_t n = 0;
	int i;

	buf[0] = 0;
	for (i = 0; i < sim_nr_eras; i++) {
		struct sim_world *w = grade_run(sim_eras[i]->id,
						"lookup-unlocked", NULL, "");

		if (w->verdict.fired)
			n += snprintf(buf + n, sizeof(buf) - n, "%s%s",
				      n ? " " : "", sim_eras[i]->id);
	}
	grade_check_answer_set("answers", "catch-eras", n ? buf : "none",
			       HOW);
}

static void oracle(void)
{
	struct sim_world *w = grade_run("v5.15", "lookup-unlocked", NULL, "");

	if (!w->verdict.fired)
		grade_fail("no oracle fires on v5.15's unlocked lookup: the lab needs updating");
	grade_check_answer("answers", "oracle",
			   sim_oracle_name(__builtin_ctz(w->verdict.fired)),
			   "run it: reaplab replay v5.15 lookup-unlocked -");
}

static void other_holds(void)
{
	static struct sim_schedule parsed;
	static struct sim_replay replay;
	struct sim_world *w = grade_world(grade_era("v5.15"), "lookup-other",
					  NULL);
	char err[256];

	if (sim_schedule_parse(w, "G1 F G", &parsed, err, sizeof(err)))
		grade_fail("%s: the lab needs updating", err);
	sim_replay_init(&replay, &parsed, false);
	sim_run_coop(w, (struct sim_policy){ sim_replay_pick, &replay });
	if (w->stop == SIM_STOP_DIVERGED)
		grade_fail("'G1 F G' cannot be followed on lookup-other: the lab needs updating");
	grade_check_answer("answers", "other-holds",
			   w->verdict.fired ? "yes" : "no",
			   "run it: reaplab replay v5.15 lookup-other 'G1 F G'");
}

/* F's steps in one locked lookup on @era. */
static int lookup_steps(const char *era)
{
	struct sim_world *w = grade_run(era, "lookup", NULL, "");
	int f = grade_tid(w, 'F'), n = 0;
	size_t i;

	if (w->verdict.fired)
		grade_fail("an oracle fired on %s's locked lookup: the lab needs updating",
			   era);
	for (i = 0; i < w->trace.nr; i++)
		if (w->trace.ev[i].type == SIM_EV_OP &&
		    !w->trace.ev[i].probe && w->trace.ev[i].tid == f)
			n++;
	return n;
}

static void assert_steps(void)
{
	char v[16];

	snprintf(v, sizeof(v), "%d",
		 lookup_steps("v5.15") - lookup_steps("v4.14"));
	grade_check_answer("answers", "assert-steps", v,
			   "count them: reaplab replay ERA lookup - --full, on v4.14 and on v5.15");
}

/*
 * The timing questions: run the benchmark again, here, and compare.  No
 * point ever depends on this: the machine's noise is part of the answer.
 */
static void answer(FILE *f)
{
	char *argv[] = { "bench", "find-vma", "-n", "10", "--out",
			 "build/labs/14-measure-asserts", "--no-plot",
			 "--quiet", NULL };
	const char *csv = "build/labs/14-measure-asserts/find-vma.csv";
	double plain, debug, assert;

	fprintf(f, "Lab 14's ungraded questions: measured again now (reaplab bench find-vma -n 10)\n\n");
	fflush(f);
	if (cmd_bench(8, argv)) {
		fprintf(f, "the benchmark failed: no self-check\n");
		return;
	}
	plain = grade_csv_value(csv, "no-debug", 3);
	debug = grade_csv_value(csv, "debug", 3);
	assert = grade_csv_value(csv, "debug+assert", 3);
	if (plain <= 0 || debug <= 0 || assert <= 0) {
		fprintf(f, "no p50 in %s: no self-check\n", csv);
		return;
	}
	fprintf(f, "\n");
	grade_self_check(f, "debug-2x", debug >= 2 * plain ? "yes" : "no");
	grade_self_check(f, "assert-5pct", assert <= debug * 1.05 &&
		   assert >= debug * 0.95 ? "yes" : "no");
}

static const struct grade_test tests[] = {
	{
		.name = "catch-eras",
		.title = "1. the eras that catch a lookup without the lock",
		.points = 10,
		.run = catch_eras,
	},
	{
		.name = "oracle",
		.title = "2. the oracle that reports it",
		.points = 5,
		.run = oracle,
	},
	{
		.name = "other-holds",
		.title = "3. reported while another task holds the lock",
		.points = 5,
		.run = other_holds,
	},
	{
		.name = "assert-steps",
		.title = "4. the steps mmap_assert_locked() adds",
		.points = 5,
		.run = assert_steps,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer, .scenarios = scenarios);
