// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/16-measure-exit-lock/grade.c - the grader of lab 16
 *
 * No point depends on a clock.  The graded questions ask what the
 * benchmark's exit does, which is the same on every machine: the grader
 * runs the very world `reaplab bench exit-lock` times (bench_exit_scenario,
 * a process with SIGKILL pending exiting alone), on the coop engine, in
 * each of the benchmark's eras, and reads which mmap_lock operations the
 * exit made.  The timing questions are self-checked only: `grade --answer`
 * runs the benchmark again and compares.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/mm_types.h>
#include "../grader/grade.h"
#include "../../src/bench/bench.h"
#include "../../src/cli/cli.h"

static const char *const eras[] = { "v4.9", "2017-cond", "v5.17", "v6.1" };
#define NR_ERAS	4
#define HOW "replay the exit: reaplab trace ERA mrelease 'M V' --format json"

struct exit_locks {
	int reads, writes, ops;
};

static int default_pick(struct sim_world *w, void *data)
{
	(void)data;
	return sim_default_pick(w);
}

/* The exit the benchmark times, once, on the coop engine. */
static void bench_exit(const char *era, struct exit_locks *l)
{
	static struct sim_world w;
	struct sim_params p = {
		.vmas = 2, .pages = 2, .ptrs_per_pte = 2, .retries = 2,
		.alloc_retries = 3,
	};
	struct mm_struct *mm;
	char err[256];
	size_t i;

	if (w.built)
		sim_world_free(&w);
	if (sim_world_build(&w, grade_era(era), &bench_exit_scenario, &p, err,
			    sizeof(err)))
		grade_fail("%s", err);
	w.trace_frames = false;
	sim_run_coop(&w, (struct sim_policy){ default_pick, NULL });
	mm = w.k->mms[0];
	memset(l, 0, sizeof(*l));
	for (i = 0; i < w.trace.nr; i++) {
		const struct sim_event *ev = &w.trace.ev[i];

		/* the exit's own operations: not the lost wake-up probe's */
		if (ev->type != SIM_EV_OP || ev->probe ||
		    ev->obj != &mm->mmap_lock)
			continue;
		l->ops++;
		if (ev->kind == SEAM_DOWN_READ ||
		    (ev->kind == SEAM_DOWN_READ_TRYLOCK && ev->result))
			l->reads++;
		if (ev->kind == SEAM_DOWN_WRITE ||
		    (ev->kind == SEAM_DOWN_WRITE_TRYLOCK && ev->result))
			l->writes++;
	}
}

/* The ids of the eras for which @pick says yes, space separated. */
static const char *eras_where(bool (*pick)(const char *era))
{
	static char buf[128];
	size_t n = 0;
	int i;

	buf[0] = 0;
	for (i = 0; i < NR_ERAS; i++)
		if (pick(eras[i]))
			n += snprintf(buf + n, sizeof(buf) - n, "%s%s",
				      n ? " " : "", eras[i]);
	return n ? buf : "none";
}

static bool takes_write(const char *era)
{
	struct exit_locks l;

	bench_exit(era, &l);
	return l.writes > 0;
}

static bool takes_read(const char *era)
{
	struct exit_locks l;

	bench_exit(era, &l);
	return l.reads > 0;
}

/* An OOM victim's exit: oom, the victim running as soon as it can. */
static bool victim_takes_write(const char *era)
{
	struct sim_world *w = grade_run(era, "oom", NULL, "V");

	return grade_took_write_lock(w, 'V', grade_victim_mm(w));
}

static bool victims_only(const char *era)
{
	return victim_takes_write(era) && !takes_write(era);
}

static void write_lock(void)
{
	grade_check_answer_set("answers", "write-lock", eras_where(takes_write),
			       HOW);
}

static void read_lock(void)
{
	grade_check_answer_set("answers", "read-lock", eras_where(takes_read),
			       HOW);
}

static void lock_ops(void)
{
	struct exit_locks l;
	char v[16];

	bench_exit("v6.1", &l);
	snprintf(v, sizeof(v), "%d", l.ops);
	grade_check_answer("answers", "lock-ops", v, HOW);
}

static void victims(void)
{
	grade_check_answer_set("answers", "victims-only",
			       eras_where(victims_only),
			       "replay an OOM victim's exit too: reaplab trace ERA oom 'A@schedule_timeout_killable V' --format json");
}

/*
 * The timing questions: run the benchmark again, here, and compare.  No
 * point ever depends on this: the machine's noise is part of the answer.
 */
static void answer(FILE *f)
{
	char *argv[] = { "bench", "exit-lock", "-n", "20", "--out",
			 "build/labs/16-measure-exit-lock", "--no-plot",
			 "--quiet", NULL };
	const char *csv = "build/labs/16-measure-exit-lock/exit-lock.csv";
	double p50[NR_ERAS];
	int i, slowest = 0;

	fprintf(f, "Lab 16's ungraded questions: measured again now (reaplab bench exit-lock -n 20)\n\n");
	fflush(f);
	if (cmd_bench(8, argv)) {
		fprintf(f, "the benchmark failed: no self-check\n");
		return;
	}
	for (i = 0; i < NR_ERAS; i++) {
		p50[i] = grade_csv_value(csv, eras[i], 1);
		if (p50[i] > p50[slowest])
			slowest = i;
	}
	if (p50[0] <= 0) {
		fprintf(f, "no p50 in %s: no self-check\n", csv);
		return;
	}
	fprintf(f, "\n");
	grade_self_check(f, "slowest", eras[slowest]);
	grade_self_check(f, "within-2pct",
		   p50[2] <= p50[0] * 1.02 && p50[2] >= p50[0] * 0.98 ?
		   "yes" : "no");
}

static const struct grade_test tests[] = {
	{
		.name = "write-lock",
		.title = "1. the eras whose exit takes mmap_lock for write",
		.points = 5,
		.run = write_lock,
	},
	{
		.name = "read-lock",
		.title = "2. the eras whose exit takes it for read",
		.points = 5,
		.run = read_lock,
	},
	{
		.name = "lock-ops",
		.title = "3. mmap_lock operations in one v6.1 exit",
		.points = 5,
		.run = lock_ops,
	},
	{
		.name = "victims-only",
		.title = "4. the era that locks for OOM victims only",
		.points = 5,
		.run = victims,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer);
