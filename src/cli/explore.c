// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/explore.c - reaplab explore: find an era's races mechanically
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "cli.h"
#include "../sim/explore/explore.h"
#include "../sim/explore/decide.h"
#include "../sim/render/render.h"
#include "../sim/render/markdown.h"

static void explore_usage(FILE *f)
{
	fprintf(f,
		"usage: reaplab explore ERA SCENARIO [options]\n"
		"       reaplab explore --all [options]\n\n"
		"Searches the schedules of SCENARIO on ERA for one that makes an oracle\n"
		"fire, and prints the verdict the way herd7 does:\n"
		"  Observation ERA/SCENARIO ORACLE Sometimes (N of M executions, mode\n"
		"  MODE, S sleep-blocked, T s)\n"
		"N of the M executions run made ORACLE fire; \"clean Never\" when none\n"
		"did in a search that finished, \"Unknown\" when it did not finish (exit\n"
		"3).  A sleep-blocked execution ended where every step left was already\n"
		"covered by another execution: wasted work, never a wrong answer (DPOR\n"
		"keeps it at 0).\n"
		"A counterexample is minimized (fewest preemptions, then fewest steps),\n"
		"its decisive race named, and drawn as a changelog draws races.\n\n"
		"Modes:\n"
		"  --mode dpor      optimal DPOR (source sets, sleep sets, wakeup\n"
		"                   trees): exactly one execution per Mazurkiewicz\n"
		"                   trace; \"Never\" is a proof (the default)\n"
		"  --mode icb       iterative preemption bounding: the first bug found\n"
		"                   has the fewest preemptions any bug has, at the\n"
		"                   price of every schedule with fewer (millions, for\n"
		"                   a bug that needs two)\n"
		"  --mode pct       probabilistic concurrency testing, depth --bound\n"
		"  --mode walk      sticky random walk\n"
		"  --mode sleep     every thread at every step, sleep sets only: DPOR\n"
		"                   without its race analysis, for comparison\n\n"
		"Options:\n"
		"  --all            every era and scenario: a verdict table, checked\n"
		"                   against what each era declares history says: every\n"
		"                   oracle that fires in some execution (a buggy cell\n"
		"                   is searched to its end, as with --all-bugs), and\n"
		"                   for a bug the race that decides its first\n"
		"                   counterexample and its fewest preemptions\n"
		"  --format md      with --all: the table alone, as Markdown (the book)\n"
		"  --eras E1,E2     with --all: only these eras' rows\n"
		"  --scenarios S1,S2  with --all: only these scenarios' cells (text\n"
		"                   table: the others print as '-')\n"
		"  --md-out FILE    with --all: also write the table as --format md\n"
		"                   prints it, to FILE (one search, both tables)\n"
		"  --jobs N         with --all: search N cells at a time, one process\n"
		"                   each (default: one per CPU); the output is the\n"
		"                   same\n"
		"  --bound C        icb: largest preemption bound (default 2); pct: depth\n"
		"  --budget N       stop after N executions\n"
		"  --time T         stop after T seconds\n"
		"  --seed S         pct and walk: the first run's random seed\n"
		"  --want ORACLE    look for this oracle only\n"
		"  --all-bugs       do not stop at the first bug\n"
		"  --no-minimize    print the counterexample as found (with --all:\n"
		"                   compare the oracles only, not what decides them)\n"
		"  --full           draw every step, not only those the failure and\n"
		"                   its race depend on, and elide nothing\n"
		"  --elide N        elide private runs longer than N lines (default 10)\n"
		"  --width N        make each column at most N wide (20 to 120) where\n"
		"                   no name must be split; deep calls stay wider\n"
		"                   (default: fit 160 columns)\n"
		"  --emit FORMAT    draw it as ascii (default), dot, msc or json; with\n"
		"                   a figure format the words go to stderr, the figure\n"
		"                   alone to stdout\n"
		"  -o KEY=VALUE     scenario size\n\n"
		"\"Never\" is said only of a search that ran every execution to its end:\n"
		"one cut by the step limit, or a search stopped by --budget, --time or\n"
		"Ctrl-C (and pct and walk, which never finish), ends in \"Unknown\", with\n"
		"how many executions were cut.  A spin-wait whose turn reads what the\n"
		"turn before read waits for a write to one of those words (an await);\n"
		"one that no write will end is the livelock oracle.  An allocation\n"
		"that gave up while the OOM killer waits for a victim stuck for good\n"
		"that nobody hid is the oom-lockup oracle.\n\n"
		"Exit status: 0 Never (no oracle fires), 1 an oracle fired (with --all:\n"
		"a verdict, its race or its preemptions differ from its era's\n"
		"expectation), 2 bad input, 3 Unknown\n"
		"(with --all: a cell whose search did not complete, and no other\n"
		"difference).\n");
}

/*
 * Where the words go: stdout, unless a figure format was asked for, which
 * then has stdout to itself (explore ... --emit dot | dot -Tsvg).
 */
static FILE *words;

struct explore_args {
	struct sim_explore_opts o;
	struct sim_params p;
	const char *kv[16];
	int nkv;
	bool all, minimize, slice, mode_given, quiet, md;
	int elide;
	int jobs;		/* --all: worker processes (0: one per CPU) */
	const char *md_out;	/* --all: the Markdown table to this file too */
	const char *emit;
	const char *eras;
	const char *scns;
	const char *pos[2];
	int npos;
};

/* The step's operation as the race report prints it, with its caller. */
static void step_line(const struct sim_world *w, unsigned int step)
{
	char letter, text[SIM_STEP_TEXT], where[96];
	const struct sim_event *ev;

	if (!sim_step_parts(w, step, &letter, text, sizeof(text), where,
			    sizeof(where), &ev))
		return;
	fprintf(words, "  step %4u  %c  %-44s in %-34s %s:%d\n", step + 1,
		letter, text, where, ev->site->file, ev->site->line);
}

/* The letter of the thread that ran step @step (0-based). */
static char step_letter(const struct sim_world *w, unsigned int step)
{
	char letter = '?', text[SIM_STEP_TEXT], where[96];
	const struct sim_event *ev;

	sim_step_parts(w, step, &letter, text, sizeof(text), where,
		       sizeof(where), &ev);
	return letter;
}

/*
 * A deadlock: the steps that took the locks still held at the end, which
 * the stuck threads wait for (0-based, as sim_cex_slice() wants them).
 */
static unsigned int held_steps(const struct sim_world *w, unsigned int *keep,
			       unsigned int max)
{
	unsigned int n = 0, step = 0;
	size_t e;
	int i;

	for (e = 0; e < w->trace.nr && n < max; e++) {
		const struct sim_event *ev = &w->trace.ev[e];
		const struct sim_thread *t;

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		t = &w->threads[ev->tid];
		for (i = 0; i < t->nheld; i++)
			if (t->held[i].lock == ev->obj &&
			    t->held[i].kind == ev->kind)
				keep[n++] = step;
		step++;
	}
	return n;
}

/* A livelock: each spinning thread's loop, to the last step of its turn. */
static unsigned int cycle_steps(const struct sim_world *w, unsigned int *keep,
				unsigned int max)
{
	unsigned int n = 0, first, last;
	int i;

	for (i = 0; i < w->nthreads && n < max; i++)
		if (sim_spin_cycle(w, &w->threads[i], &first, &last))
			keep[n++] = last - 1;
	return n;
}

/*
 * A thread the schedule names that has no column: a kernel thread whose
 * steps only waited for work (sim_render_drawn()).  Said, so that a reader
 * who looks for the schedule's W in the diagram knows why it is not there.
 */
static void undrawn_threads(const struct sim_world *w, FILE *words)
{
	bool used[SIM_MAX_THREADS], ran[SIM_MAX_THREADS] = { false };
	size_t i;
	int t;

	sim_render_drawn(w, used);
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_OP && !ev->probe &&
		    ev->tid < SIM_MAX_THREADS)
			ran[ev->tid] = true;
	}
	for (t = 0; t < w->nthreads; t++)
		if (ran[t] && !used[t])
			fprintf(words, "\n%c (%s) has no column: its steps only waited for work.\n",
				w->threads[t].letter, w->threads[t].name);
}

static void print_cex(struct sim_world *w, struct sim_explore_result *r,
		      const struct explore_args *a)
{
	static struct sim_decided d;
	const struct sim_minimized *m = &d.m;
	char labelled[4096], opts[160], *numeric = d.schedule;
	unsigned int tried, keep[4 + SIM_MAX_HELD + SIM_MAX_THREADS];
	unsigned int nkeep = 0;
	int preempt, oracle, have_race;

	sim_decide(w, &r->first, a->o.want, a->minimize, &d);
	oracle = d.oracle;
	have_race = d.race;
	tried = d.tried;
	preempt = d.preemptions;
	sim_schedule_labelled(w, labelled, sizeof(labelled));
	fprintf(words, "\nCounterexample (execution %lu, %d preemption%s, %u steps",
	       r->first.execution, preempt, preempt == 1 ? "" : "s",
	       w->run_steps);
	if (a->minimize)
		fprintf(words, "; minimized from %d preemption%s, %u steps in %lu tries",
		       m->from_preemptions, m->from_preemptions == 1 ? "" : "s",
		       m->from_steps, m->tries);
	fprintf(words, "):\n");
	if (a->minimize && preempt > 0 && m->proven)
		fprintf(words, "  no schedule with fewer preemptions fires it (icb, complete)\n");
	else if (a->minimize && preempt > 0 && m->icb_cut)
		fprintf(words, "  fewer preemptions not ruled out: %lu of icb's executions were cut short or not fully checked\n",
			m->icb_cut);
	else if (a->minimize && preempt > 0)
		fprintf(words, "  fewer preemptions not ruled out: icb did not finish within its budget\n");
	fprintf(words, "  schedule: %s\n  labelled: %s\n", numeric, labelled);
	cli_params_args(w->scn, &w->params, opts, sizeof(opts));
	/*
	 * a world drawn from a random seed (DOC: Names, pids and order from
	 * a random seed) replays from the same
	 */
	fprintf(words, "  replay:   %s%s%s%s replay %s %s '%s'%s\n",
		getenv("REAPLAB_SEED") ? "REAPLAB_SEED" "=" : "",
		getenv("REAPLAB_SEED") ? getenv("REAPLAB_SEED") : "",
		getenv("REAPLAB_SEED") ? " " : "", cli_self, w->era->id,
		w->scn->name, numeric, opts);
	if (have_race && d.named) {
		/* a step line would name the operation the access followed */
		fprintf(words, "\nThe race, as the %s oracle saw it: steps %u (%c) and %u (%c), which no lock, atomic or wake-up orders; the verdict says what each did.\n",
			sim_oracle_name(oracle), d.j + 1, step_letter(w, d.j),
			d.k + 1, step_letter(w, d.k));
		keep[nkeep++] = d.j;
		keep[nkeep++] = d.k;
	} else if (have_race) {
		fprintf(words, "\nThe race (the other way round, %s does not fire; %u race%s tried):\n",
		       sim_oracle_name(oracle), tried, tried == 1 ? "" : "s");
		step_line(w, d.j);
		step_line(w, d.k);
		keep[nkeep++] = d.j;
		keep[nkeep++] = d.k;
	} else {
		fputc('\n', words);
		sim_render_no_race(words, tried, oracle);
	}
	fputc('\n', words);
	if (a->slice) {
		unsigned int hidden;

		if (w->verdict.hit[oracle].step)
			keep[nkeep++] = w->verdict.hit[oracle].step - 1;
		if (w->verdict.hit[oracle].other)
			keep[nkeep++] = w->verdict.hit[oracle].other - 1;
		if (oracle == ORACLE_DEADLOCK)
			nkeep += held_steps(w, keep + nkeep,
					    ARRAY_SIZE(keep) - nkeep);
		if (oracle == ORACLE_LIVELOCK)
			nkeep += cycle_steps(w, keep + nkeep,
					     ARRAY_SIZE(keep) - nkeep);
		hidden = sim_cex_slice(w, keep, nkeep);
		fprintf(words, "Only what the failure and its race depend on (%u other step%s left out; --full draws them):\n\n",
		       hidden, hidden == 1 ? "" : "s");
	}
	if (a->emit && strcmp(a->emit, "ascii")) {
		sim_render_emit(w, a->emit, stdout);
		return;
	}
	sim_render_changelog(w, stdout);
	undrawn_threads(w, words);
	fputc('\n', words);
	sim_render_verdict(w, stdout);
}

static void print_observation(const struct sim_world *w,
			      const struct sim_explore_opts *o,
			      const struct sim_explore_result *r)
{
	enum sim_conclusion c = sim_explore_conclusion(r);
	char why[256];

	fprintf(words, "Observation %s/%s %s%s%s (%lu of %lu executions, mode %s",
	       w->era->id, w->scn->name,
	       c == SIM_UNKNOWN ? "" :
	       cli_verdict_text(r->buggy ? r->first.fired : 0, false),
	       c == SIM_UNKNOWN ? "" : " ", sim_conclusion_name(c), r->buggy,
	       r->executions, sim_explore_mode_name(o->mode));
	if (o->mode == SIM_EXPLORE_ICB)
		fprintf(words, ", bound %d", r->reached_bound);
	if (o->mode == SIM_EXPLORE_DPOR || o->mode == SIM_EXPLORE_SLEEP)
		fprintf(words, ", %lu sleep-blocked", r->sleep_blocked);
	if (o->mode == SIM_EXPLORE_PCT || o->mode == SIM_EXPLORE_WALK)
		fprintf(words, ", seed %#llx", (unsigned long long)(r->buggy ? r->seed :
							   o->seed));
	if (r->limit_hits + r->diverged)
		fprintf(words, ", %lu cut", r->limit_hits + r->diverged);
	fprintf(words, ", %.2f s)\n", r->seconds);
	if (r->buggy && !o->stop_first)
		fprintf(words, "  oracles fired across all executions: %s\n",
		       cli_verdict_text(r->fired, false));
	if (c == SIM_UNKNOWN) {
		sim_explore_why_unknown(w, r, why, sizeof(why));
		fprintf(words, "  unknown: %s%s\n", why,
			r->limit_hits + r->diverged ?
			": an execution cut short is not explored" : "");
	} else if (r->buggy && (r->limit_hits || r->diverged)) {
		sim_explore_why_unknown(w, r, why, sizeof(why));
		fprintf(words, "  also: %s\n", why);
	} else if (r->bound_exceeded && !r->buggy) {
		fprintf(words, "  bound exceeded: executions with more preemptions were not explored\n");
	} else if (!r->buggy && r->complete) {
		fprintf(words, "  complete: every %s was explored\n",
		       o->mode == SIM_EXPLORE_DPOR ||
		       o->mode == SIM_EXPLORE_SLEEP ? "trace" :
		       "schedule within the bound");
	}
}

/*
 * One era and scenario: searched, and for --all (!@report) what decides a
 * bug found too (sim_cell_search()); with @report the counterexample is
 * printed instead.
 */
static int explore_one(const struct era *era, const struct sim_scenario *scn,
		       const struct explore_args *a, bool report,
		       struct sim_cell *c)
{
	static struct sim_world w;
	static struct sim_explore_result r;

	if (cli_build(&w, era, scn, &a->p))
		return -1;
	/* the minimizer decides the race: --no-minimize compares oracles */
	sim_cell_search(&w, &a->o, &r, !report && a->minimize, c);
	if (c->na) {
		if (!a->quiet)
			fprintf(words, "Observation %s/%s n/a (%s)\n", era->id,
			       scn->name, "the scenario's syscall does not exist in this era");
		sim_world_free(&w);
		return 0;
	}
	if (!a->quiet)
		print_observation(&w, &a->o, &r);
	if (report && r.buggy)
		print_cex(&w, &r, a);
	sim_world_free(&w);
	return 0;
}

/*
 * A verdict with what decides it, for the mismatch line: @fired and @race
 * are what was found, or what the era expects.
 */
static void verdict_line(char *buf, size_t len, unsigned int fired, bool na,
			 const char *first, const char *second,
			 int preemptions)
{
	int n;

	sim_oracles_text(fired, na, buf, len);
	n = strlen(buf);
	if (na || !fired || !first || (size_t)n >= len)
		return;
	if (!second)
		snprintf(buf + n, len - n, ", %s, %d preemption%s", first,
			 preemptions, preemptions == 1 ? "" : "s");
	else
		snprintf(buf + n, len - n,
			 ", decided by %s against %s, %d preemption%s", first,
			 second, preemptions, preemptions == 1 ? "" : "s");
}

static const char *expect_text(unsigned int expect)
{
	return expect == EXPECT_NA ? "n/a" : cli_verdict_text(expect, false);
}

/* Is @id in the comma-separated @list (or is there no list)? */
static bool listed(const char *list, const char *id)
{
	const char *p = list;
	size_t n = strlen(id);

	if (!p)
		return true;
	for (; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, id, n) && (p[n] == ',' || !p[n]))
			return true;
	return false;
}

/* Is era @i among --eras (or is there no --eras)? */
static bool era_wanted(const struct explore_args *a, int i)
{
	return listed(a->eras, sim_eras[i]->id);
}

/* One cell of the Markdown table: the verdict and how far the search went. */
static void md_cell(FILE *f, const struct sim_cell *c, const struct era *era,
		    int scn)
{
	unsigned int expect = era->expect[scn];
	char text[128];

	if (c->na)
		snprintf(text, sizeof(text), "n/a");
	else if (c->buggy)
		snprintf(text, sizeof(text), "%s at execution %lu",
			 cli_verdict_text(c->fired_all, false),
			 c->first_execution);
	else if (c->unknown)
		snprintf(text, sizeof(text), "unknown after %lu executions",
			 c->executions);
	else
		snprintf(text, sizeof(text), "clean in %s %lu executions",
			 c->proven ? "all" : "the first", c->executions);
	fputs(" | ", f);
	if (c->buggy)
		fputs("**", f);
	md_text(f, text);
	if (c->buggy)
		fputs("**", f);
	if (!sim_cell_matches(c, era, scn)) {
		fputs(" (!) expected ", f);
		md_text(f, expect_text(expect));
		if (c->buggy && (c->fired & expect) &&
		    c->fired_all == expect)
			md_text(f, ", decided by another race");
	}
}

/*
 * The verdict table as Markdown, for the book: every cell computed in this
 * run, and a line saying how it compares with what the eras declare.
 */
static void explore_all_md(FILE *f, const struct explore_args *a,
			   struct sim_cell (*cells)[SCN_NR], int nscn,
			   int mismatches, int unproven, double seconds)
{
	int i, s, rows;

	fputs("| era", f);
	for (s = 0; s < nscn; s++) {
		fputs(" | ", f);
		md_text(f, sim_scenarios[s]->name);
	}
	fputs(" |\n", f);
	md_rule(f, nscn + 1, NULL);
	for (i = 0, rows = 0; i < sim_nr_eras && i < 64; i++) {
		if (!era_wanted(a, i))
			continue;
		rows++;
		fputs("| ", f);
		md_text(f, sim_eras[i]->id);
		for (s = 0; s < nscn; s++)
			md_cell(f, &cells[i][s], sim_eras[i],
				sim_scenarios[s]->id);
		fputs(" |\n", f);
	}
	fprintf(f, "\nComputed by `reaplab explore --all%s%s --mode %s` in %.1f s: %d of %d verdicts match what each era declares history says",
	       a->eras ? " --eras " : "", a->eras ? a->eras : "",
	       sim_explore_mode_name(a->o.mode), seconds,
	       nscn * rows - mismatches - unproven, nscn * rows);
	if (unproven)
		fprintf(f, "; %d %s unknown (the search did not complete)",
		       unproven, unproven == 1 ? "is" : "are");
	fprintf(f, ".\n");
}

/*
 * DOC: --all on every core
 *
 * The cells of `explore --all` are independent searches, each of its own
 * world, so they can run side by side: the command forks one worker per
 * CPU (or --jobs N), hands each a cell, and gives it the next cell the
 * moment it reports.  It hands them out column by column, a scenario in
 * every era before the next scenario: what a search costs depends on the
 * scenario far more than on the era, so the costly column (proc-reader)
 * is done early, and the many small cells after it even out the end,
 * where row by row one core would still be searching the last era's
 * costly cell with nothing left for the other.  A worker writes what the
 * cell printed into a buffer of its own and sends it back with the cell's
 * result; the parent prints the buffers in the table's order, each once
 * every cell before it has printed, so stdout is byte for byte what one
 * process would have written (the progress lines on stderr interleave,
 * as they would not).
 * Ctrl-C reaches the workers (the parent passes it on): each ends its
 * cell as a single process would, reports it, and the table says what
 * was done.  A worker that dies without reporting fails the command.
 */

/* What a worker sends back for one cell: this, then @textlen bytes. */
struct cell_report {
	int cell;
	int rc;
	struct sim_cell c;
	size_t textlen;
};

static int explore_one(const struct era *era, const struct sim_scenario *scn,
		       const struct explore_args *a, bool report,
		       struct sim_cell *c);

/* Read exactly @len bytes, or fail at end of file. */
static bool read_all(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= n;
	}
	return true;
}

static bool write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= n;
	}
	return true;
}

/* A worker: cells from @in, until -1; each one's report to @out. */
static __attribute__((noreturn)) void cell_worker(struct explore_args *a,
						  const int (*todo)[2],
						  int in, int out)
{
	int cell;

	while (read_all(in, &cell, sizeof(cell)) && cell >= 0) {
		const struct sim_scenario *scn = sim_scenarios[todo[cell][1]];
		struct cell_report rep = { .cell = cell };
		char *text = NULL;
		size_t len = 0;

		words = open_memstream(&text, &len);
		if (!words)
			_exit(EXIT_USAGE);
		a->p = scn->defaults;
		a->o.expect = sim_eras[todo[cell][0]]->expect[scn->id];
		rep.rc = explore_one(sim_eras[todo[cell][0]], scn, a, false,
				     &rep.c);
		fclose(words);
		rep.textlen = len;
		if (!write_all(out, &rep, sizeof(rep)) ||
		    !write_all(out, text, len))
			_exit(EXIT_USAGE);
		free(text);
	}
	_exit(EXIT_CLEAN);
}

/*
 * Search the @ntodo cells of @todo (era and scenario indices) with @jobs
 * workers (DOC: --all on every core), into @cells.  Return: 0, or -1
 * (with the reason said) if a cell could not be built or a worker died.
 */
static int run_cells(struct explore_args *a, const int (*todo)[2], int ntodo,
		     int jobs, struct sim_cell (*cells)[SCN_NR])
{
	struct worker {
		pid_t pid;
		int cmd, res;
		int cell;
	} wk[64];
	char **text = calloc(ntodo, sizeof(*text));
	size_t *textlen = calloc(ntodo, sizeof(*textlen));
	bool *have = calloc(ntodo, sizeof(*have));
	int next = 0, printed = 0, busy = 0, rc = 0, i, j, n = 0;
	int *order = calloc(ntodo, sizeof(*order));
	bool forwarded = false;

	if (!text || !textlen || !have || !order) {
		perror("reaplab: explore --all");
		exit(EXIT_USAGE);
	}
	/* column by column (DOC: --all on every core); printed row by row */
	for (j = 0; j < SCN_NR; j++)
		for (i = 0; i < ntodo; i++)
			if (todo[i][1] == j)
				order[n++] = i;
	if (jobs > 64)
		jobs = 64;
	if (jobs > ntodo)
		jobs = ntodo;
	fflush(stdout);
	fflush(stderr);
	for (i = 0; i < jobs; i++) {
		int cmd[2], res[2];

		if (pipe(cmd) || pipe(res)) {
			perror("reaplab: explore --all: pipe");
			exit(EXIT_USAGE);
		}
		wk[i].pid = fork();
		if (wk[i].pid < 0) {
			perror("reaplab: explore --all: fork");
			exit(EXIT_USAGE);
		}
		if (!wk[i].pid) {
			int j;

			for (j = 0; j < i; j++) {
				close(wk[j].cmd);
				close(wk[j].res);
			}
			close(cmd[1]);
			close(res[0]);
			cell_worker(a, todo, cmd[0], res[1]);
		}
		close(cmd[0]);
		close(res[1]);
		wk[i].cmd = cmd[1];
		wk[i].res = res[0];
		wk[i].cell = -1;
	}
	for (;;) {
		struct pollfd pfd[64];
		int n = 0;

		for (i = 0; i < jobs; i++) {
			int stop = -1;

			if (wk[i].cell >= 0 || wk[i].cmd < 0)
				continue;
			if (next < ntodo && !sim_interrupted && !rc) {
				wk[i].cell = order[next++];
				busy++;
				write_all(wk[i].cmd, &wk[i].cell, sizeof(int));
			} else {
				write_all(wk[i].cmd, &stop, sizeof(stop));
				close(wk[i].cmd);
				wk[i].cmd = -1;
			}
		}
		if (!busy)
			break;
		if (sim_interrupted && !forwarded) {
			/* a SIGINT sent to this process alone: pass it on */
			for (i = 0; i < jobs; i++)
				kill(wk[i].pid, SIGINT);
			forwarded = true;
		}
		for (i = 0; i < jobs; i++)
			if (wk[i].cell >= 0)
				pfd[n++] = (struct pollfd){ .fd = wk[i].res,
							    .events = POLLIN };
		if (poll(pfd, n, 100) <= 0)
			continue;
		for (i = 0; i < jobs; i++) {
			struct cell_report rep;
			int k, c;

			if (wk[i].cell < 0)
				continue;
			for (k = 0; k < n && pfd[k].fd != wk[i].res; k++)
				;
			if (k == n || !pfd[k].revents)
				continue;
			c = wk[i].cell;
			wk[i].cell = -1;
			busy--;
			if (!read_all(wk[i].res, &rep, sizeof(rep)) ||
			    rep.cell != c || !(text[c] = malloc(rep.textlen + 1)) ||
			    !read_all(wk[i].res, text[c], rep.textlen)) {
				fprintf(stderr,
					"reaplab: explore --all: the worker searching %s/%s died\n",
					sim_eras[todo[c][0]]->id,
					sim_scenarios[todo[c][1]]->name);
				rc = -1;
				continue;
			}
			textlen[c] = rep.textlen;
			cells[todo[c][0]][todo[c][1]] = rep.c;
			have[c] = true;
			if (rep.rc)
				rc = -1;
		}
		/* what the cells printed, in the table's order */
		while (printed < ntodo && have[printed]) {
			fwrite(text[printed], 1, textlen[printed], words);
			fflush(words);
			free(text[printed]);
			text[printed++] = NULL;
		}
	}
	for (i = 0; i < jobs; i++) {
		int status;

		if (wk[i].cmd >= 0)
			close(wk[i].cmd);
		close(wk[i].res);
		while (waitpid(wk[i].pid, &status, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			if (!rc)
				fprintf(stderr,
					"reaplab: explore --all: a worker ended badly (status %#x)\n",
					status);
			rc = -1;
		}
	}
	while (printed < ntodo) {
		if (have[printed])
			fwrite(text[printed], 1, textlen[printed], words);
		free(text[printed++]);
	}
	free(text);
	free(textlen);
	free(have);
	free(order);
	return rc;
}

static int explore_all(struct explore_args *a)
{
	static struct sim_cell cells[64][SCN_NR];
	static int todo[64 * SCN_NR][2];
	int ndone = 0, ntodo = 0, jobs = a->jobs;
	double start = sim_now();
	int i, s, nscn = 0, mismatches = 0, unproven = 0, cellsn = 0;

	while (nscn < SCN_NR && sim_scenarios[nscn])
		nscn++;
	/*
	 * Every oracle of a buggy cell, not only its first
	 * (sim_cell_search()); but one the era does not expect decides the
	 * cell at once, however many executions are left.
	 */
	a->o.stop_first = false;
	a->o.stop_unexpected = true;
	if (!a->quiet)
		printf("reaplab explore --all: mode %s, every era and scenario\n\n",
		       sim_explore_mode_name(a->o.mode));
	memset(cells, 0, sizeof(cells));
	for (i = 0; i < sim_nr_eras && i < 64; i++)
		for (s = 0; s < nscn && era_wanted(a, i); s++)
			if (listed(a->scns, sim_scenarios[s]->name)) {
				todo[ntodo][0] = i;
				todo[ntodo++][1] = s;
			}
	if (jobs <= 0) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);

		jobs = cpus > 0 ? cpus : 1;
	}
	if (jobs > 1 && ntodo > 1) {
		if (run_cells(a, (const int (*)[2])todo, ntodo, jobs, cells))
			return EXIT_USAGE;
	} else {
		for (i = 0; i < ntodo && !sim_interrupted; i++) {
			const struct sim_scenario *scn =
				sim_scenarios[todo[i][1]];

			a->p = scn->defaults;
			a->o.expect = sim_eras[todo[i][0]]->expect[scn->id];
			if (explore_one(sim_eras[todo[i][0]], scn, a, false,
					&cells[todo[i][0]][todo[i][1]]))
				return EXIT_USAGE;
		}
	}
	for (i = 0; i < ntodo; i++)
		ndone += cells[todo[i][0]][todo[i][1]].done;
	if (a->md) {
		for (i = 0; i < sim_nr_eras && i < 64; i++)
			for (s = 0; s < nscn && era_wanted(a, i); s++) {
				const struct sim_cell *c = &cells[i][s];

				if (c->unknown)
					unproven++;
				else if (!sim_cell_matches(c, sim_eras[i],
						sim_scenarios[s]->id))
					mismatches++;
			}
		explore_all_md(stdout, a, cells, nscn, mismatches, unproven,
			       sim_now() - start);
		return mismatches ? EXIT_BUG : unproven ? EXIT_UNKNOWN :
		       EXIT_CLEAN;
	}
	printf("%s%-12s", a->quiet ? "" : "\n", "era");
	for (s = 0; s < nscn; s++)
		printf(" %-*s", s + 1 < nscn ? 17 : 0, sim_scenarios[s]->name);
	printf("\n");
	for (i = 0; i < sim_nr_eras && i < 64; i++) {
		if (!era_wanted(a, i))
			continue;
		printf("%-12s", sim_eras[i]->id);
		for (s = 0; s < nscn; s++) {
			const struct sim_cell *c = &cells[i][s];
			bool ok = sim_cell_matches(c, sim_eras[i],
						   sim_scenarios[s]->id);
			char text[64];

			if (!c->done) {
				printf(" %-*s", s + 1 < nscn ? 17 : 0, "-");
				continue;
			}
			snprintf(text, sizeof(text), "%s%s",
				 c->unknown ? "unknown" :
				 cli_verdict_text(c->fired_all, c->na),
				 ok ? "" : " (!)");
			printf(" %-*s", s + 1 < nscn ? 17 : 0, text);
			cellsn++;
			if (c->unknown)
				unproven++;
			else if (!ok)
				mismatches++;
		}
		printf("\n");
	}
	printf("\n");
	for (i = 0; i < sim_nr_eras && i < 64; i++)
		for (s = 0; s < nscn && era_wanted(a, i); s++) {
			const struct era *era = sim_eras[i];
			int id = sim_scenarios[s]->id;
			const struct era_race *want = &era->decides[id];
			const struct sim_cell *c = &cells[i][s];
			unsigned int expect = era->expect[id];
			char line[320], found[640], expected[640];

			if (!c->done || sim_cell_matches(c, era, id))
				continue;
			if (c->unknown) {
				printf("(!) %s/%s: unknown after %lu executions (%lu cut short%s), the era expects %s\n",
				       sim_eras[i]->id, sim_scenarios[s]->name,
				       c->executions, c->cut,
				       c->proven ? "" : ", the search stopped early",
				       sim_oracles_text(expect == EXPECT_NA ?
							0 : expect,
							expect == EXPECT_NA,
							line, sizeof(line)));
				continue;
			}
			if (!c->buggy || !(c->fired & expect)) {
				printf("(!) %s/%s: %s\n", era->id,
				       sim_scenarios[s]->name,
				       sim_expectation_text(c->fired_all, c->na,
							    expect, line,
							    sizeof(line)));
				continue;
			}
			if (c->fired_all != expect) {
				/* the first bug is the era's; another one too */
				printf("(!) %s/%s: found %s across %s %lu executions (the first counterexample: %s); the era expects %s\n",
				       era->id, sim_scenarios[s]->name,
				       cli_verdict_text(c->fired_all, false),
				       c->proven ? "all" : "the first",
				       c->executions,
				       sim_oracles_text(c->fired, false, found,
							sizeof(found)),
				       sim_oracles_text(expect, false, expected,
							sizeof(expected)));
				continue;
			}
			/* the oracle is right; what decides it is not */
			verdict_line(found, sizeof(found), c->fired, false,
				     c->race ? c->first : ERA_NO_SINGLE_RACE,
				     c->race ? c->second : NULL,
				     c->preemptions);
			verdict_line(expected, sizeof(expected), expect, false,
				     want->first, want->second,
				     want->preemptions);
			printf("(!) %s/%s: found %s; the era expects %s\n",
			       era->id, sim_scenarios[s]->name, found,
			       expected);
		}
	if (sim_interrupted)
		printf("interrupted: %d of %d cells searched ('-': not searched)\n",
		       ndone, (sim_nr_eras < 64 ? sim_nr_eras : 64) * nscn);
	if (a->md_out) {
		FILE *f = fopen(a->md_out, "w");

		if (!f) {
			cli_error("explore: cannot write %s: %s", a->md_out,
				  strerror(errno));
			return EXIT_USAGE;
		}
		explore_all_md(f, a, cells, nscn, mismatches, unproven,
			       sim_now() - start);
		if (fclose(f)) {
			cli_error("explore: cannot write %s: %s", a->md_out,
				  strerror(errno));
			return EXIT_USAGE;
		}
	}
	printf("%d of %d verdicts match their era's expectation; %d not proven; %.1f s\n",
	       cellsn - mismatches - unproven, cellsn, unproven,
	       sim_now() - start);
	return mismatches ? EXIT_BUG : unproven ? EXIT_UNKNOWN : EXIT_CLEAN;
}

static int parse(int argc, char **argv, struct explore_args *a)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *opt = argv[i], *v = argv[i + 1];
		char *end;

		if (!strcmp(opt, "--all")) {
			a->all = true;
			continue;
		}
		if (!strcmp(opt, "--all-bugs")) {
			a->o.stop_first = false;
			continue;
		}
		if (!strcmp(opt, "--no-minimize")) {
			a->minimize = false;
			continue;
		}
		if (!strcmp(opt, "--full")) {
			a->slice = false;
			a->elide = 0;
			continue;
		}
		if (opt[0] != '-') {
			if (a->npos == 2)
				return cli_error("explore: too many arguments (try --help)");
			a->pos[a->npos++] = opt;
			continue;
		}
		if (strcmp(opt, "-o") && strcmp(opt, "--mode") &&
		    strcmp(opt, "--bound") && strcmp(opt, "--budget") &&
		    strcmp(opt, "--time") && strcmp(opt, "--want") &&
		    strcmp(opt, "--seed") && strcmp(opt, "--emit") &&
		    strcmp(opt, "--elide") && strcmp(opt, "--format") &&
		    strcmp(opt, "--eras") && strcmp(opt, "--width") &&
		    strcmp(opt, "--scenarios") && strcmp(opt, "--jobs") &&
		    strcmp(opt, "--md-out"))
			return cli_error("explore: unknown option '%s' (try --help)",
					 opt);
		if (i + 1 >= argc)
			return cli_error("explore: %s needs a value", opt);
		i++;
		if (!strcmp(opt, "-o")) {
			if (a->nkv == 16)
				return cli_error("explore: too many -o options");
			a->kv[a->nkv++] = v;
		} else if (!strcmp(opt, "--mode")) {
			int m = sim_explore_mode_by_name(v);

			if (m < 0)
				return cli_error("explore: unknown mode '%s' (modes: icb, dpor, pct, walk, sleep)",
						 v);
			a->o.mode = m;
			a->mode_given = true;
		} else if (!strcmp(opt, "--seed")) {
			a->o.seed = strtoull(v, &end, 0);
			if (*end || !*v)
				return cli_error("explore: --seed must be a number");
		} else if (!strcmp(opt, "--bound")) {
			a->o.bound = strtol(v, &end, 10);
			if (*end || !*v || a->o.bound < 0 || a->o.bound > 20)
				return cli_error("explore: --bound must be 0 to 20");
		} else if (!strcmp(opt, "--budget")) {
			a->o.budget = strtoul(v, &end, 10);
			if (*end || !*v || !a->o.budget || v[0] == '-')
				return cli_error("explore: --budget must be a positive number");
		} else if (!strcmp(opt, "--time")) {
			a->o.seconds = strtod(v, &end);
			if (*end || !*v || a->o.seconds <= 0)
				return cli_error("explore: --time must be a positive number of seconds");
		} else if (!strcmp(opt, "--want")) {
			int o = sim_oracle_by_name(v);
			char names[256];

			if (o < 0)
				return cli_error("explore: unknown oracle '%s' (%s)",
						 v, sim_oracles_text(~0u >> (32 - ORACLE_NR),
								     false, names,
								     sizeof(names)));
			a->o.want |= 1u << o;
		} else if (!strcmp(opt, "--elide")) {
			a->elide = strtol(v, &end, 10);
			if (*end || !*v || a->elide < 1 || a->elide > 120)
				return cli_error("explore: --elide must be a number from 1 to 120");
		} else if (!strcmp(opt, "--width")) {
			long width = strtol(v, &end, 10);

			if (*end || !*v || width < 20 || width > 120)
				return cli_error("explore: --width must be a number from 20 to 120");
			sim_render_width = width;
		} else if (!strcmp(opt, "--eras")) {
			char *copy = strdup(v), *tok, *save = NULL;

			for (tok = strtok_r(copy, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save))
				if (!sim_era_by_name(tok) ||
				    strcmp(sim_era_by_name(tok)->id, tok)) {
					cli_error("explore: --eras: unknown era id '%s'",
						  tok);
					free(copy);
					return EXIT_USAGE;
				}
			free(copy);
			a->eras = v;
		} else if (!strcmp(opt, "--scenarios")) {
			char *copy = strdup(v), *tok, *save = NULL;
			int s;

			for (tok = strtok_r(copy, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				for (s = 0; s < SCN_NR && sim_scenarios[s] &&
				     strcmp(sim_scenarios[s]->name, tok); s++)
					;
				if (s == SCN_NR || !sim_scenarios[s]) {
					cli_error("explore: --scenarios: unknown scenario '%s'",
						  tok);
					free(copy);
					return EXIT_USAGE;
				}
			}
			free(copy);
			a->scns = v;
		} else if (!strcmp(opt, "--md-out")) {
			a->md_out = v;
		} else if (!strcmp(opt, "--jobs")) {
			a->jobs = strtol(v, &end, 10);
			if (*end || a->jobs < 1 || a->jobs > 64)
				return cli_error("explore: --jobs must be 1 to 64");
		} else if (!strcmp(opt, "--format")) {
			if (strcmp(v, "md") && strcmp(v, "text"))
				return cli_error("explore: unknown table format '%s' (formats: text, md)",
						 v);
			a->md = !strcmp(v, "md");
		} else if (!strcmp(opt, "--emit")) {
			if (!sim_render_format_known(v))
				return cli_error("explore: unknown format '%s' (formats: ascii, dot, msc, json)",
						 v);
			a->emit = v;
		}
	}
	return 0;
}

/**
 * cli_explore_all() - the verdict table, as `reaplab explore --all` prints
 * it, without the lines per cell (for the tour).
 *
 * Return: EXIT_CLEAN if every verdict matches its era's expectation.
 */
int cli_explore_all(void)
{
	static struct explore_args a;

	memset(&a, 0, sizeof(a));
	a.o = (struct sim_explore_opts){
		.mode = SIM_EXPLORE_DPOR, .stop_first = true,
	};
	a.minimize = true;
	a.quiet = true;
	words = stdout;
	return explore_all(&a);
}

int cmd_explore(int argc, char **argv)
{
	static struct explore_args a;
	const struct sim_scenario *scn;
	const struct era *era;
	struct sim_cell c;
	int i;

	for (i = 1; i < argc; i++)
		if (cli_is_help(argv[i])) {
			explore_usage(stdout);
			return EXIT_CLEAN;
		}
	memset(&a, 0, sizeof(a));
	/*
	 * DPOR finds a bug in a few thousand executions at most, and the
	 * minimizer takes it down to the fewest preemptions it can reach and
	 * asks preemption bounding whether fewer are possible: the same
	 * counterexample as --mode icb's in every era, in a second or two,
	 * where icb takes a minute for a bug that needs two preemptions.
	 */
	a.o = (struct sim_explore_opts){
		.mode = SIM_EXPLORE_DPOR, .bound = 2, .stop_first = true,
		.progress = true,
	};
	a.minimize = true;
	a.slice = true;
	a.elide = 10;
	if (parse(argc, argv, &a))
		return EXIT_USAGE;
	if (cli_fuzzing) {
		/* the fuzzers: every argument checked, a short search */
		if (!a.o.budget || a.o.budget > 20)
			a.o.budget = 20;
		a.o.seconds = 0;
		a.o.progress = false;
		a.minimize = false;
		/*
		 * --all: the first era's scenarios only, unless --eras
		 * chose; all of them take seconds under the sanitizers
		 */
		if (a.all && !a.eras)
			a.eras = sim_eras[0]->id;
		/* one process: the fuzzer runs the command line in its own */
		a.jobs = 1;
	}
	sim_render_elide = sim_render_fig_elide = a.elide;
	words = a.emit && strcmp(a.emit, "ascii") ? stderr : stdout;
	if (a.md && !a.all)
		return cli_error("explore: --format md is for the --all table");
	if (a.eras && !a.all)
		return cli_error("explore: --eras is for --all");
	if (a.scns && !a.all)
		return cli_error("explore: --scenarios is for --all");
	if (a.scns && a.md)
		return cli_error("explore: --scenarios is for the text table, not --format md");
	if (a.jobs && !a.all)
		return cli_error("explore: --jobs is for --all");
	if (a.md_out && (!a.all || a.md || a.scns))
		return cli_error("explore: --md-out is for the text table of --all, without --scenarios");
	if (a.all) {
		a.quiet = a.quiet || a.md;
		if (a.npos)
			return cli_error("explore: --all takes no era or scenario");
		if (a.nkv)
			return cli_error("explore: --all runs every scenario at its default size: no -o");
		if (!a.mode_given)
			a.o.mode = SIM_EXPLORE_DPOR;
		return explore_all(&a);
	}
	if (a.npos != 2) {
		return cli_error("usage: reaplab explore ERA SCENARIO [options], or explore --all (try --help)");
	}
	era = cli_era(a.pos[0]);
	scn = era ? cli_scenario(a.pos[1]) : NULL;
	if (!era || !scn)
		return EXIT_USAGE;
	a.p = scn->defaults;
	for (i = 0; i < a.nkv; i++)
		if (cli_param(&a.p, a.kv[i]))
			return EXIT_USAGE;
	if (explore_one(era, scn, &a, true, &c))
		return EXIT_USAGE;
	return c.buggy ? EXIT_BUG : c.unknown ? EXIT_UNKNOWN : EXIT_CLEAN;
}
