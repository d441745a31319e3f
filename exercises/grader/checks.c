// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/checks.c - the checks lab graders are written with
 *
 * Simulator-only.  See DOC: Graders in grade.h.  Every verdict here is
 * computed from the model while grading: a schedule is replayed, an era
 * is explored, a scenario is run and its trace read.  Nothing a test
 * compares with is stored in the tree.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include <asm/pgtable.h>
#include "grade.h"
#include "../../src/sim/engine/schedule.h"
#include "../../src/sim/render/render.h"
#include "../../src/sim/explore/dep.h"
#include "../../src/cli/cli.h"

/* The step limit of a graded run: scenarios need a few hundred steps. */
#define GRADE_MAX_STEPS		50000
/* DPOR's budget: the largest graded proof takes a few hundred thousand. */
#define GRADE_DPOR_BUDGET	3000000UL
#define GRADE_ICB_BUDGET	3000000UL

static void print_head(const char *path, int lines)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int n = 0;

	if (!f)
		return;
	while (n < lines && fgets(line, sizeof(line), f)) {
		fputs(line, stdout);
		n++;
	}
	fclose(f);
}

const struct era *grade_era(const char *id)
{
	const struct era *e = sim_era_by_name(id);

	if (e)
		return e;
	if (!strcmp(id, "lab") && grade_broken_log) {
		printf("The compiler says (the first lines of %s):\n\n",
		       grade_broken_log);
		print_head(grade_broken_log, 30);
		grade_fail("your code does not compile, so nothing of it can be graded (`make lab LAB=%s` shows every message)",
			   grade_lab_id);
	}
	grade_fail("no era or program '%s' in %s", id, grade_self());
}

int grade_other_size;

/*
 * Another VMA count than @vmas, of 2, 3 and 4, drawn from the random seed:
 * the sizes at which every scenario the labs prove stays cheap.
 */
unsigned long grade_other_vmas(unsigned long vmas)
{
	const char *env = getenv("REAPLAB_SEED");
	unsigned long seed = env ? strtoul(env, NULL, 10) : 0, other[3];
	unsigned long n = 0, v;

	for (v = 2; v <= 4; v++)
		if (v != vmas)
			other[n++] = v;
	return other[seed % n];
}

struct sim_world *grade_world(const struct era *era, const char *scn,
			      const char *params)
{
	static struct sim_world worlds[2];
	static int next;
	struct sim_world *w = &worlds[next++ % 2];
	const struct sim_scenario *s = sim_scenario_by_name(scn);
	struct sim_params p;
	char err[256];

	if (!s)
		grade_fail("the grader asks for scenario '%s', which does not exist",
			   scn);
	p = s->defaults;
	if (params) {
		char *copy = strdup(params), *tok, *save = NULL;

		for (tok = strtok_r(copy, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save))
			if (sim_params_set(&p, tok, err, sizeof(err)))
				grade_fail("bad size in the grader: %s", err);
		free(copy);
	}
	if (grade_other_size)
		p.vmas = grade_other_vmas(p.vmas);
	if (w->built)
		sim_world_free(w);
	if (sim_world_build(w, era, s, &p, err, sizeof(err)))
		grade_fail("%s", err);
	w->max_steps = GRADE_MAX_STEPS;
	return w;
}

static char *read_file(const char *name, char *path, size_t pathlen)
{
	static char buf[64 * 1024];
	size_t n;
	FILE *f;

	snprintf(path, pathlen, "%s/%s", grade_sub(), name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

const char *grade_line(const char *name)
{
	static char line[4096];
	char path[512], *text = read_file(name, path, sizeof(path));
	char *save = NULL, *l;

	if (!text)
		grade_fail("%s is missing: the lab's README says what goes in it",
			   path);
	for (l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *hash;

		/*
		 * A comment starts at a '#' that begins the line or follows a
		 * space: one inside a segment is a label's count
		 * ("A@mutex_unlock#2"), as replay's Labelled: line prints it.
		 */
		for (hash = l; (hash = strchr(hash, '#')); hash++)
			if (hash == l || isspace((unsigned char)hash[-1])) {
				*hash = 0;
				break;
			}
		l = trim(l);
		if (!*l)
			continue;
		if (strlen(l) >= sizeof(line))
			grade_fail("%s: the schedule is longer than %zu characters",
				   path, sizeof(line) - 1);
		memcpy(line, l, strlen(l) + 1);
		return line;
	}
	grade_fail("%s has no schedule yet (one line; a '#' after a space starts a comment)",
		   path);
}

/* --- runs ------------------------------------------------------------ */

static void params_args(const struct sim_world *w, char *buf, size_t len)
{
	cli_params_args(w->scn, &w->params, buf, len);
}

void grade_show_run(struct sim_world *w)
{
	char sched[4096], opts[160];
	int pre;

	sim_render_changelog(w, stdout);
	putchar('\n');
	if (w->verdict.na) {
		/* the era lacks the scenario's call: say so, then judge the rest */
		w->verdict.na = false;
		sim_render_verdict(w, stdout);
		w->verdict.na = true;
		printf("(The scenario's system call does not exist in this era: it returned ENOSYS, and the run above is the rest of the scenario.)\n");
	} else {
		sim_render_verdict(w, stdout);
	}
	pre = sim_schedule_from_trace(w, false, sched, sizeof(sched));
	params_args(w, opts, sizeof(opts));
	printf("Schedule: %s   (%u steps, %d preemption%s)\n", sched,
	       w->run_steps, pre, pre == 1 ? "" : "s");
	printf("Replay it: %s%s replay %s %s '%s'%s\n", grade_seed_prefix(),
	       grade_self(), w->era->id, w->scn->name, sched, opts);
}

/* A run that cannot end is a failure of its own. */
static void check_ended(struct sim_world *w)
{
	if (w->stop != SIM_STOP_LIMIT)
		return;
	w->stop = SIM_STOP_NONE;
	grade_show_run(w);
	grade_fail("a run of %s/%s did not end within %u steps: an endless loop (a livelock) in the code under test?",
		   w->era->id, w->scn->name, w->max_steps);
}

static int prefer_pick(struct sim_world *w, void *data)
{
	unsigned int mask = sim_enabled_mask(w);
	const char *p;

	for (p = data; *p; p++) {
		struct sim_thread *t = sim_thread_by_letter(w, *p);

		if (t && (mask & (1u << t->tid)))
			return t->tid;
	}
	return sim_default_pick(w);
}

struct sim_world *grade_run(const char *era, const char *scn,
			    const char *params, const char *prefer)
{
	struct sim_world *w = grade_world(grade_era(era), scn, params);

	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ prefer_pick, (void *)prefer });
	check_ended(w);
	return w;
}

int grade_tid(const struct sim_world *w, char letter)
{
	int i;

	for (i = 0; i < w->nthreads; i++)
		if (w->threads[i].letter == letter)
			return i;
	return -1;
}

struct mm_struct *grade_victim_mm(const struct sim_world *w)
{
	int i;

	/* the victim's own (its name may be a random one) */
	for (i = 0; i < w->k->nmms; i++)
		if (w->k->victim && w->k->mm_task[i] == w->k->victim)
			return w->k->mms[i];
	return NULL;
}

/* --- what a trace shows -------------------------------------------- */

static bool is_op(const struct sim_event *ev)
{
	return ev->type == SIM_EV_OP && !ev->probe;
}

bool grade_took_write_lock(const struct sim_world *w, char letter,
			   struct mm_struct *mm)
{
	int tid = grade_tid(w, letter);
	size_t i;

	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (!is_op(ev) || ev->tid != tid || ev->obj != &mm->mmap_lock)
			continue;
		if (ev->kind == SEAM_DOWN_WRITE ||
		    (ev->kind == SEAM_DOWN_WRITE_TRYLOCK && ev->result))
			return true;
	}
	return false;
}

int grade_table_of(const struct sim_world *w, struct mm_struct *mm,
		   const void *addr)
{
	size_t size = sizeof(struct ptdesc) + w->params.ptrs_per_pte *
		      sizeof(pte_t);
	int i, n = 0;

	for (i = 0; i < w->k->npt; i++) {
		const char *pt = w->k->pt[i];

		if (w->k->pt_mm[i] != mm)
			continue;
		if ((const char *)addr >= pt && (const char *)addr < pt + size)
			return n;
		n++;
	}
	return -1;
}

/*
 * A free that is part of tearing @mm down: one of its PTE tables, or a
 * VMA.  A VMA's mm cannot be read once it is freed (its memory is
 * poisoned), so any VMA counts; in the labs' scenarios a thread frees
 * only the VMAs of the mm it tears down.
 */
static bool is_teardown_free(const struct sim_world *w, struct mm_struct *mm,
			     const void *obj)
{
	const struct sim_obj *o = sim_obj_of(obj);

	if (o && !strcmp(sim_obj_type(o), "vm_area_struct"))
		return true;
	return grade_table_of(w, mm, obj) >= 0;
}

void grade_zaps(const struct sim_world *w, struct mm_struct *mm,
		struct grade_zaps *z)
{
	int reads[SIM_MAX_THREADS] = { 0 }, writes[SIM_MAX_THREADS] = { 0 };
	size_t i;

	memset(z, 0, sizeof(*z));
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];
		int t = ev->tid, table;

		if (!is_op(ev) || t >= SIM_MAX_THREADS)
			continue;
		if (ev->obj == &mm->mmap_lock) {
			switch (ev->kind) {
			case SEAM_DOWN_READ:
				reads[t]++;
				break;
			case SEAM_DOWN_READ_TRYLOCK:
				reads[t] += !!ev->result;
				break;
			case SEAM_UP_READ:
				reads[t]--;
				break;
			case SEAM_DOWN_WRITE:
				writes[t]++;
				break;
			case SEAM_DOWN_WRITE_TRYLOCK:
				writes[t] += !!ev->result;
				break;
			case SEAM_UP_WRITE:
				writes[t]--;
				break;
			case SEAM_DOWNGRADE_WRITE:
				writes[t]--;
				reads[t]++;
				break;
			}
			continue;
		}
		if (ev->kind == SEAM_FREE) {
			if (!is_teardown_free(w, mm, ev->obj))
				continue;
			z->freed[t]++;
			if (writes[t] > 0)
				z->freed_under_write[t]++;
			continue;
		}
		if (ev->kind != SEAM_ATOMIC_XCHG || !ev->site ||
		    strcmp(ev->site->fn, "ptep_get_and_clear") ||
		    !(ev->result & _PAGE_PRESENT))
			continue;
		table = grade_table_of(w, mm, ev->obj);
		if (table < 0)
			continue;
		z->pages[t]++;
		if (writes[t] > 0)
			z->under_write[t]++;
		else if (reads[t] > 0)
			z->under_read[t]++;
		if (z->ntables[t] < 64 && (!z->ntables[t] ||
		    z->tables[t][z->ntables[t] - 1] != table))
			z->tables[t][z->ntables[t]++] = table;
	}
}

/* --- reading a run ---------------------------------------------------- */

struct sim_world *grade_shipped(const char *era, const char *scn,
				const char *name, const char *on)
{
	static struct sim_schedule parsed;
	static struct sim_replay replay;
	const struct era *e = grade_era(era);
	const struct era_schedule *s;
	struct sim_world *w = grade_world(grade_era(on ? on : era), scn, NULL);
	char err[256];

	for (s = e->schedules; s && s->name; s++)
		if (!strcmp(s->name, name) && s->scenario == w->scn->id)
			break;
	if (!s || !s->name)
		grade_fail("%s ships no schedule '%s' for %s any more: the lab needs updating",
			   era, name, scn);
	if (sim_schedule_parse(w, s->schedule, &parsed, err, sizeof(err)))
		grade_fail("%s's schedule %s: %s", era, name, err);
	sim_replay_init(&replay, &parsed, false);
	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ sim_replay_pick, &replay });
	return w;
}

const struct sim_event *grade_find_step(const struct sim_world *w,
					char letter, int kind, const void *obj,
					const char *fn)
{
	size_t i;

	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (!is_op(ev))
			continue;
		if (letter && w->threads[ev->tid].letter != letter)
			continue;
		if ((kind >= 0 && ev->kind != kind) || (obj && ev->obj != obj))
			continue;
		if (fn && (!ev->site || strcmp(ev->site->fn, fn)))
			continue;
		return ev;
	}
	return NULL;
}

bool grade_commute(const struct sim_world *w, const struct sim_event *a,
		   const struct sim_event *b, const char **why)
{
	struct sim_dep_ev da, db;

	sim_dep_of_event(w, a, &da);
	sim_dep_of_event(w, b, &db);
	return sim_dep(&da, &db, why) == DEP_NONE;
}

char grade_who_called(const struct sim_world *w, const char *fn)
{
	size_t i;

	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_ENTER && !ev->probe && ev->fn &&
		    !strcmp(sim_symbol(ev->fn), fn))
			return w->threads[ev->tid].letter;
	}
	return 0;
}

/* --- schedules ------------------------------------------------------- */

struct sim_world *grade_replay(const char *file, const char *era,
			       const char *scn, const char *params)
{
	static struct sim_schedule parsed;
	static struct sim_replay replay;
	const char *sched = grade_line(file);
	struct sim_world *w = grade_world(grade_era(era), scn, params);
	char err[256];

	printf("Your schedule (%s/%s): %s\n\n", grade_sub(), file, sched);
	if (sim_schedule_parse(w, sched, &parsed, err, sizeof(err)))
		grade_fail("your schedule is not a schedule string: %s", err);
	sim_replay_init(&replay, &parsed, false);
	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ sim_replay_pick, &replay });
	if (w->stop == SIM_STOP_DIVERGED) {
		w->stop = SIM_STOP_NONE;
		grade_show_run(w);
		grade_fail("your schedule cannot be followed: %s", w->stop_msg);
	}
	check_ended(w);
	return w;
}

/*
 * A find lab asks for a run that makes the failure: a use-after-free the
 * oracle saw only as a race, an access before a free that nothing
 * orders (DOC: A free is a write of its object), is the bug, but not yet
 * the touch; the schedule that makes it goes on until the free comes
 * first.
 */
static void touched(const struct sim_world *w, int oracle)
{
	if (oracle == ORACLE_UAF && w->verdict.hit[oracle].other)
		grade_fail("expected: a run that touches freed memory; got: only its race, an access at step %u that nothing orders before the free at step %u: the bug is there, but in your run nothing is touched once freed. Let the free come first.",
			   w->verdict.hit[oracle].step,
			   w->verdict.hit[oracle].other);
}

void grade_schedule_fires(const char *file, const char *era,
			  const char *scn, const char *params, int oracle)
{
	struct sim_world *w = grade_replay(file, era, scn, params);

	grade_show_run(w);
	if (!(w->verdict.fired & EXPECT(oracle)))
		grade_fail("expected: %s fires on %s/%s; got: %s",
			   sim_oracle_name(oracle), era, scn,
			   cli_verdict_text(w->verdict.fired, false));
	touched(w, oracle);
}

void grade_schedule_minimal(const char *file, const char *era,
			    const char *scn, const char *params, int oracle)
{
	static struct sim_explore_result r;
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_ICB, .bound = 12, .stop_first = true,
		.want = EXPECT(oracle), .budget = GRADE_ICB_BUDGET,
	};
	struct sim_world *w = grade_replay(file, era, scn, params);
	char sched[4096];
	int mine;

	if (!(w->verdict.fired & EXPECT(oracle))) {
		grade_show_run(w);
		grade_fail("your schedule does not fire %s: nothing to count",
			   sim_oracle_name(oracle));
	}
	touched(w, oracle);
	mine = sim_schedule_from_trace(w, false, sched, sizeof(sched));
	w = grade_world(grade_era(era), scn, params);
	sim_explore(w, &o, &r);
	if (!r.buggy)
		grade_fail("the explorer found no schedule firing %s within %lu executions: the lab is broken, tell your instructor",
			   sim_oracle_name(oracle), r.executions);
	printf("Your schedule has %d preemption%s; the explorer (ICB, %lu executions) needs %d.\n",
	       mine, mine == 1 ? "" : "s", r.executions, r.first.preemptions);
	if (mine > r.first.preemptions)
		grade_fail("expected: at most %d preemption%s; got: %d (every switch away from a thread that could go on is one: which of yours are not needed?)",
			   r.first.preemptions,
			   r.first.preemptions == 1 ? "" : "s", mine);
}

const char *grade_hit_type(const struct sim_world *w, int oracle)
{
	const struct sim_hit *hit = &w->verdict.hit[oracle];
	const struct sim_obj *o;
	size_t i;

	if (!(w->verdict.fired & EXPECT(oracle)) || !hit->step)
		return NULL;
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || ev->probe || ev->step != hit->step)
			continue;
		o = ev->obj ? sim_obj_of(ev->obj) : NULL;
		return o ? sim_obj_type(o) : NULL;
	}
	return NULL;
}

/* --- proofs ---------------------------------------------------------- */

/* The functions on @tid's stack when trace event @e happened. */
static int stack_at(const struct sim_world *w, size_t e, int tid,
		    const char **fns, int max)
{
	const void *stack[SEAM_STACK_MAX];
	int depth = 0, n = 0, i;
	size_t k;

	for (k = 0; k <= e && k < w->trace.nr; k++) {
		const struct sim_event *ev = &w->trace.ev[k];

		if (ev->tid != tid || ev->probe)
			continue;
		if (ev->type == SIM_EV_ENTER) {
			if (depth < SEAM_STACK_MAX)
				stack[depth] = ev->fn;
			depth++;
		} else if (ev->type == SIM_EV_EXIT && depth > 0) {
			depth--;
		}
	}
	for (i = depth < SEAM_STACK_MAX ? depth : SEAM_STACK_MAX;
	     i > 0 && n < max; i--)
		fns[n++] = sim_symbol(stack[i - 1]);
	return n;
}

/* The trace index of the @step-th operation (1-based), or the last one. */
static size_t event_of_step(const struct sim_world *w, unsigned int step)
{
	size_t i, last = 0;
	unsigned int n = 0;

	for (i = 0; i < w->trace.nr; i++)
		if (is_op(&w->trace.ev[i])) {
			last = i;
			if (++n == step)
				return i;
		}
	return last;
}

static const struct grade_hint *find_hint(struct sim_world *w,
					  struct sim_cex *cex, int oracle,
					  char *where, size_t wlen)
{
	const struct grade_hint *h;
	const char *fns[3 * SEAM_STACK_MAX];
	struct sim_race race;
	unsigned int tried;
	int n = 0, fault;

	sim_cex_replay(w, cex, true);
	snprintf(where, wlen, "at the end of the run");
	if (w->verdict.hit[oracle].step && w->verdict.hit[oracle].tid >= 0) {
		int t = w->verdict.hit[oracle].tid;

		n += stack_at(w, event_of_step(w, w->verdict.hit[oracle].step),
			      t, fns + n, SEAM_STACK_MAX);
		if (n)
			snprintf(where, wlen, "in %s, thread %c", fns[0],
				 w->threads[t].letter);
	}
	/*
	 * A hit that names its race (a free a read raced with, a data race's
	 * earlier access): that race's other end.  Else the race explore
	 * prints: the fault's first, else any.
	 */
	fault = (int)w->verdict.hit[oracle].step - 1;
	if (w->verdict.hit[oracle].other) {
		size_t e = event_of_step(w, w->verdict.hit[oracle].other);

		n += stack_at(w, e, w->trace.ev[e].tid, fns + n,
			      SEAM_STACK_MAX);
	} else if ((fault >= 0 &&
		    !sim_cex_critical_race(w, cex, oracle, fault, &race,
					   &tried)) ||
		   !sim_cex_critical_race(w, cex, oracle, -1, &race, &tried)) {
		const struct sim_event *a, *b;
		size_t ea, eb;

		sim_cex_replay(w, cex, true);
		ea = event_of_step(w, race.j + 1);
		eb = event_of_step(w, race.k + 1);
		a = &w->trace.ev[ea];
		b = &w->trace.ev[eb];
		n += stack_at(w, ea, a->tid, fns + n, SEAM_STACK_MAX);
		n += stack_at(w, eb, b->tid, fns + n, SEAM_STACK_MAX);
	}
	if (getenv("GRADE_DEBUG_HINTS"))
		for (int i = 0; i < n; i++)
			fprintf(stderr, "hint key: %s\n", fns[i]);
	for (h = grade_lab.hints; h && h->text; h++) {
		int i;

		if (h->scenario && strcmp(h->scenario, w->scn->name))
			continue;
		if (h->oracle >= 0 && h->oracle != oracle)
			continue;
		if (!h->function)
			return h;
		for (i = 0; i < n; i++)
			if (fns[i] && !strcmp(fns[i], h->function))
				return h;
	}
	return NULL;
}

/*
 * Where @oracle's first hit was, for the one-line message: the function
 * and its source line.  A line the test process could not look up (a
 * fault's, when its addr2line did not start before the sandbox,
 * sim_source_lines_serve()) is looked up by the runner, from the code
 * address grade_report_pc() hands it.
 */
static void hit_where(const struct sim_hit *hit, char *buf, size_t len)
{
	buf[0] = 0;
	if (!hit->step || !hit->fn)
		return;
	if (hit->file && hit->line > 0)
		snprintf(buf, len, " in %s() at %s:%d", hit->fn, hit->file,
			 hit->line);
	else if (hit->pc)
		grade_report_pc((uintptr_t)hit->pc);
	else
		snprintf(buf, len, " in %s()", hit->fn);
}

static void explain_cex(struct sim_world *w, struct sim_explore_result *r,
			char *at, size_t alen)
{
	const struct grade_hint *hint;
	char opts[160], where[128], *argv[8];
	int argc = 0, i, oracle = __builtin_ctz(r->first.fired);

	hint = find_hint(w, &r->first, oracle, where, sizeof(where));
	if (at)
		hit_where(&w->verdict.hit[oracle], at, alen);
	params_args(w, opts, sizeof(opts));
	argv[argc++] = "explore";
	argv[argc++] = (char *)w->era->id;
	argv[argc++] = (char *)w->scn->name;
	argv[argc++] = "--mode";
	argv[argc++] = "dpor";
	if (opts[0]) {
		argv[argc++] = "-o";
		argv[argc++] = opts + 4;	/* past " -o " */
	}
	argv[argc] = NULL;
	printf("%s fired in %s, %s.\n", sim_oracle_name(oracle), w->scn->name,
	       where);
	if (hint)
		printf("Hint: %s\n", hint->text);
	putchar('\n');
	printf("What DPOR found in your code, minimized (`%s%s",
	       grade_seed_prefix(), grade_self());
	for (i = 0; i < argc; i++)
		printf(" %s", argv[i]);
	printf("` prints it again):\n\n");
	fflush(stdout);
	cmd_explore(argc, argv);
	fflush(stdout);
}

void grade_prove(const char *era, const char *scn, const char *params)
{
	static struct sim_explore_result r;
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_DPOR, .stop_first = true,
		.budget = GRADE_DPOR_BUDGET,
	};
	struct sim_world *w = grade_world(grade_era(era), scn, params);

	/* one run first: a loop shows here, in a few milliseconds */
	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ prefer_pick, "" });
	check_ended(w);
	if (w->verdict.na) {
		const struct grade_test *t = grade_test_running();

		/* the run's own word: taken only where the table expects it */
		if (!t || !t->na)
			grade_fail("expected: a proof of %s; got: its system call returned ENOSYS, as if %s lacked it, which this test does not accept",
				   scn, era);
		printf("%s/%s: the scenario's system call does not exist in this era: nothing to prove\n",
		       era, scn);
		grade_record("na %s", scn);
		return;
	}
	w->trace_frames = false;
	w->trace_text = false;
	sim_explore(w, &o, &r);
	if (r.buggy) {
		char at[256];

		explain_cex(w, &r, at, sizeof(at));
		grade_fail("expected: no oracle fires in any schedule of %s; got: %s (DPOR, execution %lu)%s",
			   scn, cli_verdict_text(r.first.fired, false),
			   r.first.execution, at);
	}
	if (r.limit_hits)
		grade_fail("%lu executions of %s did not end within %u steps: a livelock in the code under test?",
			   r.limit_hits, scn, w->max_steps);
	if (!r.complete)
		grade_fail("not proven: DPOR stopped after %lu executions of %s without finishing",
			   r.executions, scn);
	printf("%s/%s: Never (DPOR, %lu executions, complete)\n", era, scn,
	       r.executions);
	grade_record("proved %s %lu", scn, r.executions);
}

/* --- planted bugs: break-an-invariant labs ------------------------------ */

void grade_caught(const char *era, const char *scn, const char *params,
		  int oracle, const char *by)
{
	static struct sim_explore_result r;
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_DPOR, .stop_first = true,
		.want = EXPECT(oracle), .budget = GRADE_DPOR_BUDGET,
	};
	const struct era *e = grade_era(era), *parent = sim_era_parent(e);
	struct sim_world *w;

	if (!parent)
		grade_fail("%s has no parent era: the lab is broken", era);
	/* the bug must be the student's: the era it overlays is clean */
	w = grade_world(parent, scn, params);
	sim_explore(w, &(struct sim_explore_opts){
			.mode = SIM_EXPLORE_DPOR, .stop_first = true,
			.budget = GRADE_DPOR_BUDGET }, &r);
	if (r.buggy || !r.complete)
		grade_fail("%s itself is not proven clean in %s: the lab is broken, tell your instructor",
			   parent->id, scn);
	printf("%s/%s: Never (DPOR, %lu executions, complete): the era you started from is clean.\n",
	       parent->id, scn, r.executions);
	w = grade_world(e, scn, params);
	sim_explore(w, &o, &r);
	if (!r.buggy)
		grade_fail("expected: DPOR finds %s in %s with your change; got: %s (%lu executions%s)",
			   sim_oracle_name(oracle), scn,
			   r.fired ? cli_verdict_text(r.fired, false) :
			   "no oracle fires", r.executions,
			   r.complete ? ", complete" : "");
	/*
	 * whose it is: a thread that uses memory it freed itself is a bug
	 * of its own, not the race between it and the others the lab asks
	 * for (the barrier broken, the reaper let in)
	 */
	sim_cex_replay(w, &r.first, true);
	{
		const struct sim_hit *hit = &w->verdict.hit[oracle];
		char who = hit->tid >= 0 ? w->threads[hit->tid].letter : '-';

		if (!strchr(by, who)) {
			printf("%s\n\n", hit->msg);
			grade_fail("expected: DPOR finds a %s by %s in %s with your change; got: one by %c, the thread that freed the memory using it itself, not the race the lab asks for",
				   sim_oracle_name(oracle), by, scn, who);
		}
	}
	printf("%s/%s: %s (DPOR, execution %lu): your bug is caught.\n\n",
	       era, scn, sim_oracle_name(oracle), r.first.execution);
	explain_cex(w, &r, NULL, 0);
}

void grade_quiet(const char *era, const char *scn, const char *params)
{
	struct sim_world *w = grade_world(grade_era(era), scn, params);

	w->trace_frames = true;
	w->trace_text = true;
	sim_run_coop(w, (struct sim_policy){ prefer_pick, "" });
	check_ended(w);
	grade_show_run(w);
	if (w->verdict.fired)
		grade_fail("expected: the default schedule, no preemption at all, runs clean; got: %s (a bug every run shows is no race: the checker's job is the one that hides)",
			   cli_verdict_text(w->verdict.fired, false));
}

/* The first execution DPOR explored that a check of every run refused. */
struct every_run {
	grade_run_check *check;
	void *data;
	char why[256];
	struct sim_cex cex;
};

static void every_run_visit(const struct sim_world *w, void *data)
{
	struct every_run *e = data;
	const char *why;

	/*
	 * A run the step limit (or a choice not followed) cut short did not
	 * end: what it did so far is no answer either way, and the search
	 * is not complete, which the caller says.
	 */
	if (e->why[0] || w->stop == SIM_STOP_LIMIT ||
	    w->stop == SIM_STOP_DIVERGED)
		return;
	why = e->check(w, e->data);
	if (!why)
		return;
	snprintf(e->why, sizeof(e->why), "%s", why);
	e->cex.n = sim_trace_choices(w, e->cex.tid);
}

void grade_every_run(const char *era, const char *scn, const char *params,
		     const char *what, grade_run_check *check, void *data)
{
	static struct every_run e;
	static struct sim_explore_result r;
	struct sim_explore_opts o = {
		.mode = SIM_EXPLORE_DPOR, .budget = GRADE_DPOR_BUDGET,
		.visit = every_run_visit, .visit_data = &e,
	};
	struct sim_world *w = grade_world(grade_era(era), scn, params);

	memset(&e, 0, sizeof(e));
	e.check = check;
	e.data = data;
	sim_explore(w, &o, &r);
	if (e.why[0]) {
		w = grade_world(grade_era(era), scn, params);
		sim_cex_replay(w, &e.cex, true);
		grade_show_run(w);
		grade_fail("expected: %s in every schedule of %s; got: in the schedule above (DPOR), %s",
			   what, scn, e.why);
	}
	if (r.limit_hits)
		grade_fail("not proven: %lu executions of %s did not end within %u steps: a livelock in the code under test?",
			   r.limit_hits, scn, w->max_steps);
	if (!r.complete)
		grade_fail("not proven: DPOR stopped after %lu executions of %s without finishing",
			   r.executions, scn);
	printf("%s/%s: %s in every schedule (DPOR, %lu executions, complete)\n",
	       era, scn, what, r.executions);
}

/* Did @who (0: any thread) free the victim's mm only under the write lock? */
static const char *frees_locked(const struct sim_world *w, void *data)
{
	static char why[128];
	char who = *(const char *)data;
	struct grade_zaps z;
	int t, freed = 0, unlocked = 0;

	grade_zaps(w, grade_victim_mm(w), &z);
	for (t = 0; t < w->nthreads && t < SIM_MAX_THREADS; t++) {
		if (who && w->threads[t].letter != who)
			continue;
		freed += z.freed[t];
		unlocked += z.freed[t] - z.freed_under_write[t];
	}
	if (!unlocked)
		return NULL;
	snprintf(why, sizeof(why), "it freed %d of %d without it", unlocked,
		 freed);
	return why;
}

void grade_frees_locked(const char *era, const char *scn, char who)
{
	char what[128];

	snprintf(what, sizeof(what),
		 "%s frees the page tables and VMAs holding mmap_lock for write",
		 who ? (char[]){ who, 0 } : "whoever tears the mm down");
	grade_every_run(era, scn, NULL, what, frees_locked, &who);
}

/* --- answers ---------------------------------------------------------- */

const char *grade_answer(const char *file, const char *key)
{
	static char value[512];
	char path[512], *text = read_file(file, path, sizeof(path));
	char *save = NULL, *l;

	if (!text)
		grade_fail("%s is missing: the lab's README says what goes in it",
			   path);
	for (l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *hash = strchr(l, '#'), *colon;

		if (hash)
			*hash = 0;
		colon = strchr(l, ':');
		if (!colon)
			continue;
		*colon = 0;
		if (strcasecmp(trim(l), key))
			continue;
		snprintf(value, sizeof(value), "%s", trim(colon + 1));
		return value[0] ? value : NULL;
	}
	return NULL;
}

void grade_self_check(FILE *f, const char *key, const char *measured)
{
	const char *mine = grade_answer("answers", key);

	fprintf(f, "  %-12s measured now: %-8s yours: %s%s\n", key, measured,
		mine ? mine : "(none yet)",
		!mine ? "" : strcasecmp(mine, measured) ?
		"  (differs: run it again before you doubt yourself)" :
		"  (agrees)");
}

double grade_csv_value(const char *path, const char *key, int col)
{
	size_t l = strlen(key);
	char line[512];
	FILE *f = fopen(path, "r");
	double x = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line + l;
		int c;

		if (strncmp(line, key, l) || *p != ',')
			continue;
		for (c = 1; c < col && p; c++)
			p = strchr(p + 1, ',');
		if (p)
			x = strtod(p + 1, NULL);
	}
	fclose(f);
	return x;
}

/* Lower case, blanks (and commas: "a, b" is "a b") squeezed to one space. */
static void normalize(const char *in, char *out, size_t len)
{
	size_t n = 0;
	bool blank = false;

	for (; *in && n + 1 < len; in++) {
		if (isspace((unsigned char)*in) || *in == ',') {
			blank = n > 0;
			continue;
		}
		if (blank && n + 2 < len)
			out[n++] = ' ';
		blank = false;
		out[n++] = tolower((unsigned char)*in);
	}
	out[n] = 0;
}

void grade_check_answer(const char *file, const char *key,
			const char *expected, const char *how)
{
	const char *got = grade_answer(file, key);
	char a[512], b[512];

	if (!got)
		grade_fail("no answer to '%s' in %s/%s yet", key, grade_sub(),
			   file);
	normalize(got, a, sizeof(a));
	normalize(expected, b, sizeof(b));
	if (strcmp(a, b))
		grade_fail("your answer to '%s', \"%s\", is not what the model does (the answer is computed now, not shown: %s)",
			   key, got, how);
}

static int word_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The words of @in, lower case, sorted, one space apart; "none" is none. */
static void as_set(const char *in, char *out, size_t len)
{
	char buf[512], *words[64], *save = NULL, *t;
	size_t n = 0, i, o = 0;

	normalize(in, buf, sizeof(buf));
	for (t = strtok_r(buf, " ,", &save); t && n < 64;
	     t = strtok_r(NULL, " ,", &save))
		if (strcmp(t, "none"))
			words[n++] = t;
	qsort(words, n, sizeof(*words), word_cmp);
	out[0] = 0;
	for (i = 0; i < n && o < len; i++)
		if (!i || strcmp(words[i], words[i - 1]))
			o += snprintf(out + o, len - o, "%s%s", o ? " " : "",
				      words[i]);
}

void grade_check_answer_set(const char *file, const char *key,
			    const char *expected, const char *how)
{
	const char *got = grade_answer(file, key);
	char a[512], b[512];

	if (!got)
		grade_fail("no answer to '%s' in %s/%s yet", key, grade_sub(),
			   file);
	as_set(got, a, sizeof(a));
	as_set(expected, b, sizeof(b));
	if (strcmp(a, b))
		grade_fail("your answer to '%s', \"%s\", is not what the model does (the answer is computed now, not shown: %s)",
			   key, got, how);
}
