// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/13-measure-munmap/grade.c - the grader of lab 13
 *
 * No point depends on a clock.  `reaplab bench munmap` times munmap() of
 * a large mapping on real threads, with the write lock held throughout
 * (vm_munmap()) and with downgrade_write (munmap(2), dd2283f2605e), while
 * `ps` reads the owner's /proc/<pid>/cmdline.  The graded questions ask
 * what every run of the same code does, counted in steps on the coop
 * engine: this lab gives the benchmark's world as two scenarios of its
 * own, `vm-munmap` and `munmap` (U unmaps its mapping, P reads U's
 * cmdline once), which every command of the lab's binary runs.  The
 * timing questions are self-checked only: `grade --answer` runs the
 * benchmark again and compares.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include "../grader/grade.h"
#include "../../src/bench/bench.h"
#include "../../src/cli/cli.h"

#define ERA	"v5.17"		/* the benchmark's era: munmap as in v4.20 */
#define HOW	"count them: reaplab replay v5.17 %s - --full"

/* What U unmaps: the whole mapping, as the benchmark does. */
static struct munmap_ctx {
	struct task_struct *owner;
	unsigned long start;
	size_t len;
} ctx;

static int unmap_downgrade(void *arg)
{
	(void)arg;
	sim->era->entry->sys_munmap(ctx.start, ctx.len);
	return 0;
}

static int unmap_write(void *arg)
{
	(void)arg;
	sim->era->entry->vm_munmap(ctx.start, ctx.len);
	return 0;
}

static int ps_reads(void *arg)
{
	(void)arg;
	sim->era->entry->proc_pid_cmdline_read(ctx.owner);
	return 0;
}

static int build(struct sim_world *w, int (*unmap)(void *))
{
	const struct sim_params *p = &w->params;
	unsigned long span = (p->pages + p->ptrs_per_pte - 1) /
			     p->ptrs_per_pte * p->ptrs_per_pte * 4096UL;
	struct task_struct *ps;

	if (bench_fits(p))
		return -1;
	bench_boot(w, p->vmas * p->pages, false);
	ctx.owner = bench_process(w, "munmap_test", p->vmas, p->pages);
	ps = bench_process(w, "ps", 0, 0);
	if (!ctx.owner || !ps)
		return -1;
	/* from the first VMA's start to the last one's end (world.c) */
	ctx.start = ctx.owner->mm->mmap->vm_start;
	ctx.len = (p->vmas - 1) * span + p->pages * 4096UL;
	return bench_thread(w, 'U', "munmap of the mapping", unmap, NULL,
			    ctx.owner) ||
	       bench_thread(w, 'P', "ps reading /proc/pid/cmdline", ps_reads,
			    NULL, ps);
}

static int build_downgrade(struct sim_world *w)
{
	return build(w, unmap_downgrade);
}

static int build_write(struct sim_world *w)
{
	return build(w, unmap_write);
}

#define MUNMAP_DEFAULTS							\
	{ .vmas = 1, .pages = 8, .ptrs_per_pte = 8, .retries = 2,	\
	  .alloc_retries = 3, .aio = 0, .jiffy_ns = 1000 }

static const struct sim_scenario scn_downgrade = {
	.name = "munmap",
	.id = SCN_NR,
	.summary = "lab 13: U calls munmap(2) on its mapping (downgrade_write), P reads U's cmdline once",
	.defaults = MUNMAP_DEFAULTS,
	.build = build_downgrade,
};

static const struct sim_scenario scn_write = {
	.name = "vm-munmap",
	.id = SCN_NR,
	.summary = "lab 13: U calls vm_munmap() on its mapping (the write lock throughout), P reads U's cmdline once",
	.defaults = MUNMAP_DEFAULTS,
	.build = build_write,
};

static const struct sim_scenario *const scenarios[] = {
	&scn_downgrade, &scn_write, NULL
};

/* @w's owner mm: the first one the world recorded. */
static struct mm_struct *owner_mm(const struct sim_world *w)
{
	return w->k->mms[0];
}

/*
 * The steps thread @letter makes while it holds @mm's mmap_lock for
 * write: from the step that takes it to the one that releases it (or
 * downgrades it), both included.
 */
static int write_steps(const struct sim_world *w, char letter,
		       struct mm_struct *mm)
{
	int tid = grade_tid(w, letter), n = 0;
	bool held = false;
	size_t i;

	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || ev->probe || ev->tid != tid)
			continue;
		if (ev->obj == &mm->mmap_lock &&
		    (ev->kind == SEAM_DOWN_WRITE ||
		     (ev->kind == SEAM_DOWN_WRITE_TRYLOCK && ev->result)))
			held = true;
		if (held)
			n++;
		if (ev->obj == &mm->mmap_lock &&
		    (ev->kind == SEAM_UP_WRITE ||
		     ev->kind == SEAM_DOWNGRADE_WRITE))
			held = false;
	}
	return n;
}

static void hold(const char *scn, const char *key)
{
	struct sim_world *w = grade_run(ERA, scn, NULL, "U");
	char v[16], how[96];

	if (w->verdict.fired)
		grade_fail("an oracle fired in %s: the lab needs updating",
			   scn);
	snprintf(v, sizeof(v), "%d", write_steps(w, 'U', owner_mm(w)));
	snprintf(how, sizeof(how), HOW, scn);
	grade_check_answer("answers", key, v, how);
}

static void hold_write(void)
{
	hold("vm-munmap", "hold-vm-munmap");
}

static void hold_downgrade(void)
{
	hold("munmap", "hold-munmap");
}

static void zap_lock(void)
{
	struct sim_world *w = grade_run(ERA, "munmap", NULL, "U");
	int u = grade_tid(w, 'U');
	struct grade_zaps z;
	const char *mode;

	grade_zaps(w, owner_mm(w), &z);
	if (!z.pages[u])
		grade_fail("U zaps no page in munmap: the lab needs updating");
	mode = z.under_write[u] == z.pages[u] ? "write" :
	       z.under_read[u] == z.pages[u] ? "read" :
	       !z.under_write[u] && !z.under_read[u] ? "none" : "both";
	grade_check_answer("answers", "zap-lock", mode,
			   "look: reaplab replay v5.17 munmap - --full");
}

/*
 * P asks for the read lock as soon as U holds the write lock, and gets
 * it as soon as it can: U runs until it has taken mmap_lock for write,
 * then P runs whenever it is able to.
 */
struct ps_first {
	struct mm_struct *mm;
	bool u_holds;
};

static int ps_first_pick(struct sim_world *w, void *data)
{
	struct ps_first *pf = data;
	struct sim_thread *u = sim_thread_by_letter(w, 'U');
	struct sim_thread *p = sim_thread_by_letter(w, 'P');
	unsigned int mask = sim_enabled_mask(w);

	if (!pf->u_holds) {
		if (mask & (1u << u->tid)) {
			if (u->has_op && u->op.obj == &pf->mm->mmap_lock &&
			    u->op.kind == SEAM_DOWN_WRITE)
				pf->u_holds = true;
			return u->tid;
		}
	} else if (mask & (1u << p->tid)) {
		return p->tid;
	}
	return sim_default_pick(w);
}

/*
 * U's steps while P waits for the read lock: between P's step before its
 * down_read() and the down_read() itself.  The policy lets P run whenever
 * it can, so every step of U's in between is one P was blocked through.
 */
static int ps_waits(const char *scn)
{
	struct sim_world *w = grade_world(grade_era(ERA), scn, NULL);
	struct ps_first pf = { .mm = owner_mm(w) };
	int p = grade_tid(w, 'P'), u = grade_tid(w, 'U'), n = 0;
	size_t i, last_p = 0, down = 0;

	w->trace_frames = true;
	sim_run_coop(w, (struct sim_policy){ ps_first_pick, &pf });
	if (w->verdict.fired || w->stop != SIM_STOP_NONE)
		grade_fail("the run of %s with P let in first did not end cleanly: the lab needs updating",
			   scn);
	for (i = 0; i < w->trace.nr && !down; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || ev->probe || ev->tid != p)
			continue;
		if (ev->obj == &pf.mm->mmap_lock && ev->kind == SEAM_DOWN_READ)
			down = i;
		else
			last_p = i;
	}
	if (!down)
		grade_fail("P never takes the read lock in %s: the lab needs updating",
			   scn);
	for (i = last_p + 1; i < down; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_OP && !ev->probe && ev->tid == u)
			n++;
	}
	return n;
}

static void waits(const char *scn, const char *key)
{
	char v[16];

	snprintf(v, sizeof(v), "%d", ps_waits(scn));
	grade_check_answer("answers", key, v,
			   "replay it: reaplab replay v5.17 SCENARIO 'U@down_write_killable P U@...' --full, P let in as soon as it can");
}

static void waits_write(void)
{
	waits("vm-munmap", "wait-vm-munmap");
}

static void waits_downgrade(void)
{
	waits("munmap", "wait-munmap");
}

/*
 * The timing questions: run the benchmark again, here, and compare.  No
 * point ever depends on this: the machine's noise is part of the answer.
 */
static void answer(FILE *f)
{
	char *argv[] = { "bench", "munmap", "-n", "20", "--out",
			 "build/labs/13-measure-munmap", "--no-plot",
			 "--quiet", NULL };
	const char *csv = "build/labs/13-measure-munmap/munmap.csv";
	double hw, hd, tw, td;

	fprintf(f, "Lab 13's ungraded questions: measured again now (reaplab bench munmap -n 20)\n\n");
	fflush(f);
	if (cmd_bench(8, argv)) {
		fprintf(f, "the benchmark failed: no self-check\n");
		return;
	}
	hw = grade_csv_value(csv, "write", 1);
	hd = grade_csv_value(csv, "downgrade", 1);
	tw = grade_csv_value(csv, "write", 2);
	td = grade_csv_value(csv, "downgrade", 2);
	if (hw <= 0 || hd <= 0 || tw <= 0 || td <= 0) {
		fprintf(f, "no figures in %s: no self-check\n", csv);
		return;
	}
	fprintf(f, "\n");
	grade_self_check(f, "cut-1000x", hw / hd >= 1000 ? "yes" : "no");
	grade_self_check(f, "same-total", td <= tw * 1.1 && td >= tw * 0.9 ?
		   "yes" : "no");
}

static const struct grade_test tests[] = {
	{
		.name = "hold-vm-munmap",
		.title = "1. vm_munmap(): steps holding the write lock",
		.points = 5,
		.run = hold_write,
	},
	{
		.name = "hold-munmap",
		.title = "2. munmap(2): steps holding the write lock",
		.points = 5,
		.run = hold_downgrade,
	},
	{
		.name = "zap-lock",
		.title = "3. munmap(2): how it holds mmap_lock while it zaps",
		.points = 5,
		.run = zap_lock,
	},
	{
		.name = "wait-vm-munmap",
		.title = "4. vm_munmap(): U's steps while ps waits",
		.points = 5,
		.run = waits_write,
	},
	{
		.name = "wait-munmap",
		.title = "5. munmap(2): U's steps while ps waits",
		.points = 5,
		.run = waits_downgrade,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer, .scenarios = scenarios);
