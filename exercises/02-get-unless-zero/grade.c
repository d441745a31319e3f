// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/02-get-unless-zero/grade.c - the grader of lab 02
 *
 * Part 1 replays the student's schedule on the program late-get and asks
 * the explorer, while grading, how few preemptions a use-after-free
 * needs.  Part 2 proves the program `lab` (late-get with the student's
 * buffer_get()) with DPOR, then checks that the fix is a fix: a reader
 * that runs before the owner exits still reads the buffer, and the
 * buffer is still freed, whoever drops the last reference.
 */
#include <string.h>
#include "../grader/grade.h"
#include "../../src/sim/explore/explore.h"

static void find(void)
{
	grade_schedule_fires("schedule", "late-get", "program", NULL,
			     ORACLE_UAF);
}

static void find_minimal(void)
{
	grade_schedule_minimal("schedule", "late-get", "program", NULL,
			       ORACLE_UAF);
}

/* Did thread @letter read a kmalloc'ed object (the buffer) in @w's run? */
static bool read_buffer(struct sim_world *w, char letter)
{
	int tid = grade_tid(w, letter);
	size_t i;

	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];
		const struct sim_obj *o;

		if (ev->type != SIM_EV_OP || ev->tid != tid ||
		    ev->kind != SEAM_READ_ONCE)
			continue;
		o = sim_obj_of(ev->obj);
		if (o && !strcmp(sim_obj_type(o), "kmalloc"))
			return true;
	}
	return false;
}

/* DPOR's visit: count the executions that end with the buffer alive. */
struct leaks {
	unsigned long runs, leaked;
	struct sim_cex first;
};

static void count_leak(const struct sim_world *w, void *data)
{
	struct leaks *l = data;

	/* cut short (the step limit): it did not end, so it leaked nothing */
	if (w->stop == SIM_STOP_LIMIT || w->stop == SIM_STOP_DIVERGED)
		return;
	l->runs++;
	if (sim_arena_live("kmalloc") && !l->leaked++)
		l->first.n = sim_trace_choices(w, l->first.tid);
}

/*
 * A fix must be a fix: a buffer_get() that always says "gone" is safe and
 * useless, and one that loses a reference leaks the buffer.  So: the
 * reader, run first, pins and reads the buffer; and in every schedule
 * (DPOR again, looking at how each execution ends) the buffer is freed.
 */
static void still_works(void)
{
	static struct sim_explore_result r;
	static struct leaks l;
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_DPOR, .budget = 100000,
		.visit = count_leak, .visit_data = &l,
	};
	struct sim_world *w = grade_run("lab", "program", NULL, "P");

	grade_show_run(w);
	if (w->verdict.fired)
		grade_fail("expected: a clean run with P first; got: an oracle fired");
	if (!read_buffer(w, 'P'))
		grade_fail("expected: a reader that runs while the owner still holds its reference reads the buffer; got: P never read it (does your buffer_get() ever return true?)");
	w = grade_world(grade_era("lab"), "program", NULL);
	sim_explore(w, &o, &r);
	if (l.leaked) {
		w->trace_frames = true;
		w->trace_text = true;
		sim_cex_replay(w, &l.first, true);
		printf("\nA schedule after which the buffer is still allocated:\n\n");
		grade_show_run(w);
		grade_fail("expected: the buffer freed in every schedule; got: %lu of %lu executions (DPOR) end with it allocated: a reference taken and never dropped, or dropped without the last put freeing it",
			   l.leaked, l.runs);
	}
	if (!r.complete)
		grade_fail("not proven: DPOR stopped after %lu executions without finishing (%lu cut short by the step limit)",
			   r.executions, r.limit_hits);
	printf("\nEvery schedule frees the buffer (DPOR, %lu executions).\n",
	       l.runs);
}

static const struct grade_test tests[] = {
	{
		.name = "find",
		.title = "part 1: your schedule reads a freed buffer",
		.points = 5,
		.timeout = 10,
		.run = find,
	},
	{
		.name = "find-minimal",
		.title = "part 1: with as few preemptions as can be",
		.points = 5,
		.parent = "find",
		.timeout = 10,
		.run = find_minimal,
	},
	{
		.name = "fix",
		.title = "part 2: DPOR proves no buffer is read after free",
		.points = 10,
		.timeout = 10,
		.check = GRADE_PROVE,
		.scenario = "program",
	},
	{
		.name = "still-works",
		.title = "part 2: the reader still reads, the buffer is freed",
		.points = 5,
		.parent = "fix",
		.timeout = 10,
		.run = still_works,
	},
	{ NULL }
};

static const struct grade_hint hints[] = {
	{
		.oracle = ORACLE_UAF,
		.function = "buffer_get",
		.text = "P took its reference on a count that had reached zero: between your test of the count and the increment, V dropped the last reference and freed the buffer. The test and the increment must be one step: which atomic primitive increments only what is not zero? (book: tools)",
	},
	{
		.oracle = ORACLE_UAF,
		.text = "P read the buffer after V freed it: the reference P holds did not keep it alive. Did P really take one before the count reached zero? (book: tools)",
	},
	{
		.oracle = ORACLE_DEADLOCK,
		.text = "a thread never finishes: it waits for something nobody will do. A reference count needs no lock here. (book: tools)",
	},
	{
		.oracle = ORACLE_LOCK_IMBALANCE,
		.text = "a thread ends holding a lock, or releases one it does not hold: pair every lock with one unlock. (book: tools)",
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .hints = hints);
