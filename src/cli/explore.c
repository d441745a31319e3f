// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/explore.c - reaplab explore: find an era's races mechanically
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../sim/explore.h"
#include "../sim/render.h"
#include "../sim/markdown.h"

static void explore_usage(FILE *f)
{
	fprintf(f,
		"usage: reaplab explore ERA SCENARIO [options]\n"
		"       reaplab explore --all [options]\n\n"
		"Searches the schedules of SCENARIO on ERA for one that makes an oracle\n"
		"fire, and prints the verdict the way herd7 does:\n"
		"  Observation v4.9/oom spurious-kill Sometimes (1 of 672 executions, ...)\n"
		"A counterexample is minimized (fewest preemptions, then fewest steps),\n"
		"its decisive race named, and drawn as a changelog draws races.\n\n"
		"Modes:\n"
		"  --mode icb       iterative preemption bounding, fewest preemptions\n"
		"                   first (the default for one era)\n"
		"  --mode dpor      source-DPOR with sleep sets: one execution per\n"
		"                   Mazurkiewicz trace; \"Never\" is a proof (the default\n"
		"                   for --all)\n"
		"  --mode pct       probabilistic concurrency testing, depth --bound\n"
		"  --mode walk      sticky random walk\n"
		"  --mode sleep     every thread at every step, sleep sets only: DPOR\n"
		"                   without its race analysis, for comparison\n\n"
		"Options:\n"
		"  --all            every era and scenario: a verdict table, checked\n"
		"                   against what each era declares history says\n"
		"  --format md      with --all: the table alone, as Markdown (the book)\n"
		"  --eras E1,E2     with --all: only these eras' rows\n"
		"  --scenarios S1,S2  with --all: only these scenarios' cells (text\n"
		"                   table: the others print as '-')\n"
		"  --bound C        icb: largest preemption bound (default 2); pct: depth\n"
		"  --budget N       stop after N executions\n"
		"  --time T         stop after T seconds\n"
		"  --seed S         pct and walk: the first run's seed\n"
		"  --want ORACLE    look for this oracle only\n"
		"  --all-bugs       do not stop at the first bug\n"
		"  --no-minimize    print the counterexample as found\n"
		"  --full           draw every step, not only those the failure and\n"
		"                   its race depend on, and elide nothing\n"
		"  --elide N        elide private runs longer than N lines (default 10)\n"
		"  --width N        widest column of the diagram (default: fit 160\n"
		"                   columns)\n"
		"  --emit FORMAT    draw it as ascii (default), dot, msc or json; with\n"
		"                   a figure format the words go to stderr, the figure\n"
		"                   alone to stdout\n"
		"  -o KEY=VALUE     scenario size\n\n"
		"Exit status: 0 no oracle fired, 1 an oracle fired (with --all: a verdict\n"
		"differs from its era's expectation), 2 bad input.\n");
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
	const char *emit;
	const char *eras;
	const char *scns;
	const char *pos[2];
	int npos;
};

/* The step's operation as the race report prints it, with its caller. */
static void step_line(const struct sim_world *w, unsigned int step)
{
	static const void *stack[SIM_MAX_THREADS][SIM_MAX_DEPTH];
	int depth[SIM_MAX_THREADS] = { 0 };
	unsigned int n = 0;
	size_t e;

	for (e = 0; e < w->trace.nr; e++) {
		const struct sim_event *ev = &w->trace.ev[e];
		int t = ev->tid, d;
		char text[200], where[96];

		if (ev->probe || t >= SIM_MAX_THREADS)
			continue;
		if (ev->type == SIM_EV_ENTER) {
			if (depth[t] < SIM_MAX_DEPTH)
				stack[t][depth[t]] = ev->fn;
			depth[t]++;
		} else if (ev->type == SIM_EV_EXIT && depth[t] > 0) {
			depth[t]--;
		}
		if (ev->type != SIM_EV_OP || n++ != step)
			continue;
		d = depth[t] < SIM_MAX_DEPTH ? depth[t] : SIM_MAX_DEPTH;
		sim_op_text(ev, text, sizeof(text));
		/* two callers: task_lock() alone does not say who locks */
		snprintf(where, sizeof(where), "%s%s%s",
			 d > 1 ? sim_symbol(stack[t][d - 2]) : "",
			 d > 1 ? "/" : "", d ? sim_symbol(stack[t][d - 1]) : "?");
		fprintf(words, "  step %4u  %c  %-44s in %-34s %s:%d\n", step + 1,
		       w->threads[t].letter, text, where, ev->site->file,
		       ev->site->line);
		return;
	}
}

static void print_cex(struct sim_world *w, struct sim_explore_result *r,
		      const struct explore_args *a)
{
	char numeric[4096], labelled[4096], opts[160];
	struct sim_minimized m = { 0 };
	struct sim_race race;
	unsigned int tried, keep[3], nkeep = 0;
	int preempt, oracle, have_race, fault;

	if (a->minimize && !sim_cex_minimize(w, &r->first, a->o.want, &m))
		oracle = m.oracle;
	else
		oracle = __builtin_ctz(a->o.want ? r->first.fired & a->o.want :
				       r->first.fired);
	/* the cause, not the faulting access; else whatever there is */
	sim_cex_replay(w, &r->first, false);
	fault = (int)w->verdict.hit[oracle].step - 1;
	have_race = fault >= 0 &&
		    !sim_cex_critical_race(w, &r->first, oracle, fault, &race,
					   &tried);
	if (!have_race)
		have_race = !sim_cex_critical_race(w, &r->first, oracle, -1,
						   &race, &tried);
	sim_cex_replay(w, &r->first, true);
	preempt = sim_schedule_from_trace(w, false, numeric, sizeof(numeric));
	sim_schedule_labelled(w, labelled, sizeof(labelled));
	fprintf(words, "\nCounterexample (execution %lu, %d preemption%s, %u steps",
	       r->first.execution, preempt, preempt == 1 ? "" : "s",
	       w->run_steps);
	if (a->minimize)
		fprintf(words, "; minimized from %d preemption%s, %u steps in %lu tries",
		       m.from_preemptions, m.from_preemptions == 1 ? "" : "s",
		       m.from_steps, m.tries);
	fprintf(words, "):\n");
	if (a->minimize && preempt > 0)
		fprintf(words, "  %s\n", m.proven ?
		       "no schedule with fewer preemptions fires it (icb, complete)" :
		       "fewer preemptions not ruled out: icb did not finish within its budget");
	fprintf(words, "  schedule: %s\n  labelled: %s\n", numeric, labelled);
	cli_params_args(w->scn, &w->params, opts, sizeof(opts));
	fprintf(words, "  replay:   %s replay %s %s '%s'%s\n", cli_self,
		w->era->id, w->scn->name, numeric, opts);
	if (have_race) {
		fprintf(words, "\nThe race (the other way round, %s does not fire; %u race%s tried):\n",
		       sim_oracle_name(oracle), tried, tried == 1 ? "" : "s");
		step_line(w, race.j);
		step_line(w, race.k);
		keep[nkeep++] = race.j;
		keep[nkeep++] = race.k;
	} else {
		fprintf(words, "\nNo single race decides it: every one of the %u races, reversed, still fires %s.\n",
		       tried, sim_oracle_name(oracle));
	}
	fputc('\n', words);
	if (a->slice) {
		unsigned int hidden;

		if (w->verdict.hit[oracle].step)
			keep[nkeep++] = w->verdict.hit[oracle].step - 1;
		hidden = sim_cex_slice(w, keep, nkeep);
		fprintf(words, "Only what the failure and its race depend on (%u other steps left out; --full draws them):\n\n",
		       hidden);
	}
	if (a->emit && strcmp(a->emit, "ascii")) {
		sim_render_emit(w, a->emit, stdout);
		return;
	}
	sim_render_changelog(w, stdout);
	fputc('\n', words);
	sim_render_verdict(w, stdout);
}

static void print_observation(const struct sim_world *w,
			      const struct sim_explore_opts *o,
			      const struct sim_explore_result *r)
{
	fprintf(words, "Observation %s/%s %s %s (%lu of %lu executions, mode %s",
	       w->era->id, w->scn->name,
	       cli_verdict_text(r->buggy ? r->first.fired : 0, false),
	       r->buggy ? "Sometimes" : "Never", r->buggy, r->executions,
	       sim_explore_mode_name(o->mode));
	if (o->mode == SIM_EXPLORE_ICB)
		fprintf(words, ", bound %d", r->reached_bound);
	if (o->mode == SIM_EXPLORE_DPOR || o->mode == SIM_EXPLORE_SLEEP)
		fprintf(words, ", %lu sleep-blocked", r->sleep_blocked);
	if (o->mode == SIM_EXPLORE_PCT || o->mode == SIM_EXPLORE_WALK)
		fprintf(words, ", seed %#llx", (unsigned long long)(r->buggy ? r->seed :
							   o->seed));
	fprintf(words, ", %.2f s)\n", r->seconds);
	if (r->buggy && !o->stop_first)
		fprintf(words, "  oracles fired across all executions: %s\n",
		       cli_verdict_text(r->fired, false));
	if (r->interrupted)
		fprintf(words, "  interrupted: the search stopped before it was complete\n");
	else if (r->budget_exhausted)
		fprintf(words, "  budget exhausted: the search stopped before it was complete\n");
	else if (r->bound_exceeded && !r->buggy)
		fprintf(words, "  bound exceeded: executions with more preemptions were not explored\n");
	else if (!r->buggy && r->complete)
		fprintf(words, "  complete: every %s was explored\n",
		       o->mode == SIM_EXPLORE_DPOR ||
		       o->mode == SIM_EXPLORE_SLEEP ? "trace" :
		       "schedule within the bound");
}

static int default_pick(struct sim_world *w, void *data)
{
	(void)data;
	return sim_default_pick(w);
}

/* One era and scenario, searched; the verdict cell for --all. */
struct cell {
	bool done, na, buggy, proven;
	unsigned int fired;
	double seconds;
	unsigned long executions;
};

static int explore_one(const struct era *era, const struct sim_scenario *scn,
		       const struct explore_args *a, bool report,
		       struct cell *c)
{
	static struct sim_world w;
	static struct sim_explore_result r;

	if (cli_build(&w, era, scn, &a->p))
		return -1;
	memset(c, 0, sizeof(*c));
	/* a scenario that cannot exist in the era: every run says so */
	sim_run_coop(&w, (struct sim_policy){ default_pick, NULL });
	if (w.verdict.na) {
		c->na = true;
		c->done = true;
		if (!a->quiet)
			fprintf(words, "Observation %s/%s n/a (%s)\n", era->id,
			       scn->name, "the scenario's syscall does not exist in this era");
		sim_world_free(&w);
		return 0;
	}
	sim_explore(&w, &a->o, &r);
	c->done = !r.interrupted;
	c->buggy = r.buggy;
	c->fired = r.buggy ? r.first.fired : 0;
	c->proven = r.complete;
	c->seconds = r.seconds;
	c->executions = r.executions;
	if (!a->quiet)
		print_observation(&w, &a->o, &r);
	if (report && r.buggy)
		print_cex(&w, &r, a);
	sim_world_free(&w);
	return 0;
}

static bool cell_matches(const struct cell *c, unsigned int expect)
{
	if (expect == EXPECT_NA)
		return c->na;
	if (c->na)
		return false;
	if (expect == EXPECT_CLEAN)
		return !c->buggy;
	return c->buggy && (c->fired & expect);
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
static void md_cell(const struct cell *c, unsigned int expect)
{
	char text[128];

	if (c->na)
		snprintf(text, sizeof(text), "n/a");
	else if (c->buggy)
		snprintf(text, sizeof(text), "%s at execution %lu",
			 cli_verdict_text(c->fired, false), c->executions);
	else
		snprintf(text, sizeof(text), "clean in %s %lu executions",
			 c->proven ? "all" : "the first", c->executions);
	fputs(" | ", stdout);
	if (c->buggy)
		fputs("**", stdout);
	md_text(stdout, text);
	if (c->buggy)
		fputs("**", stdout);
	if (!cell_matches(c, expect)) {
		fputs(" (!) expected ", stdout);
		md_text(stdout, expect_text(expect));
	}
}

/*
 * The verdict table as Markdown, for the book: every cell computed in this
 * run, and a line saying how it compares with what the eras declare.
 */
static void explore_all_md(const struct explore_args *a,
			   struct cell (*cells)[SCN_NR], int nscn,
			   int mismatches, int unproven, double seconds)
{
	int i, s, rows;

	fputs("| era", stdout);
	for (s = 0; s < nscn; s++) {
		fputs(" | ", stdout);
		md_text(stdout, sim_scenarios[s]->name);
	}
	fputs(" |\n", stdout);
	md_rule(stdout, nscn + 1, NULL);
	for (i = 0, rows = 0; i < sim_nr_eras && i < 64; i++) {
		if (!era_wanted(a, i))
			continue;
		rows++;
		fputs("| ", stdout);
		md_text(stdout, sim_eras[i]->id);
		for (s = 0; s < nscn; s++)
			md_cell(&cells[i][s],
				sim_eras[i]->expect[sim_scenarios[s]->id]);
		fputs(" |\n", stdout);
	}
	printf("\nComputed by `reaplab explore --all%s%s --mode %s` in %.1f s: %d of %d verdicts match what each era declares history says",
	       a->eras ? " --eras " : "", a->eras ? a->eras : "",
	       sim_explore_mode_name(a->o.mode), seconds,
	       nscn * rows - mismatches, nscn * rows);
	if (unproven)
		printf("; %d clean verdict%s not proven (the search stopped early)",
		       unproven, unproven == 1 ? " is" : "s are");
	printf(".\n");
}

static int explore_all(struct explore_args *a)
{
	static struct cell cells[64][SCN_NR];
	int ndone = 0;
	double start = sim_now();
	int i, s, nscn = 0, mismatches = 0, unproven = 0, cellsn = 0;

	while (nscn < SCN_NR && sim_scenarios[nscn])
		nscn++;
	if (!a->quiet)
		printf("reaplab explore --all: mode %s, every era and scenario\n\n",
		       sim_explore_mode_name(a->o.mode));
	for (i = 0; i < sim_nr_eras && i < 64; i++)
		for (s = 0; s < nscn && era_wanted(a, i); s++) {
			const struct sim_scenario *scn = sim_scenarios[s];

			a->p = scn->defaults;
			memset(&cells[i][s], 0, sizeof(cells[i][s]));
			if (!listed(a->scns, scn->name))
				continue;	/* not asked for: '-' */
			if (sim_interrupted)
				continue;	/* the table says what was done */
			if (explore_one(sim_eras[i], scn, a, false,
					&cells[i][s]))
				return EXIT_USAGE;
			ndone += cells[i][s].done;
		}
	if (a->md) {
		for (i = 0; i < sim_nr_eras && i < 64; i++)
			for (s = 0; s < nscn && era_wanted(a, i); s++) {
				const struct cell *c = &cells[i][s];
				unsigned int expect =
					sim_eras[i]->expect[sim_scenarios[s]->id];

				if (!cell_matches(c, expect))
					mismatches++;
				else if (!c->na && !c->buggy && !c->proven)
					unproven++;
			}
		explore_all_md(a, cells, nscn, mismatches, unproven,
			       sim_now() - start);
		return mismatches ? EXIT_BUG : EXIT_CLEAN;
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
			const struct cell *c = &cells[i][s];
			unsigned int expect = sim_eras[i]->expect[sim_scenarios[s]->id];
			char text[64];

			if (!c->done) {
				printf(" %-*s", s + 1 < nscn ? 17 : 0, "-");
				continue;
			}
			snprintf(text, sizeof(text), "%s%s%s",
				 cli_verdict_text(c->fired, c->na),
				 !c->na && !c->buggy && !c->proven ? "?" : "",
				 cell_matches(c, expect) ? "" : " (!)");
			printf(" %-*s", s + 1 < nscn ? 17 : 0, text);
			cellsn++;
			if (!cell_matches(c, expect))
				mismatches++;
			else if (!c->na && !c->buggy && !c->proven)
				unproven++;
		}
		printf("\n");
	}
	printf("\n");
	if (unproven)
		printf("?: clean as far as the search went, which was not everything\n");
	for (i = 0; i < sim_nr_eras && i < 64; i++)
		for (s = 0; s < nscn && era_wanted(a, i); s++) {
			unsigned int expect = sim_eras[i]->expect[sim_scenarios[s]->id];

			if (cells[i][s].done &&
			    !cell_matches(&cells[i][s], expect))
				printf("(!) %s/%s: found %s, the era expects %s\n",
				       sim_eras[i]->id, sim_scenarios[s]->name,
				       cli_verdict_text(cells[i][s].fired,
							cells[i][s].na),
				       expect_text(expect));
		}
	if (sim_interrupted)
		printf("interrupted: %d of %d cells searched ('-': not searched)\n",
		       ndone, (sim_nr_eras < 64 ? sim_nr_eras : 64) * nscn);
	printf("%d of %d verdicts match their era's expectation; %d not proven; %.1f s\n",
	       cellsn - mismatches, cellsn, unproven, sim_now() - start);
	return mismatches ? EXIT_BUG : EXIT_CLEAN;
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
		    strcmp(opt, "--scenarios"))
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

			if (o < 0)
				return cli_error("explore: unknown oracle '%s' (use-after-free, spurious-kill, deadlock, leak, lock-imbalance, mmap-unlocked, warn)",
						 v);
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
	a.quiet = true;
	words = stdout;
	return explore_all(&a);
}

int cmd_explore(int argc, char **argv)
{
	static struct explore_args a;
	const struct sim_scenario *scn;
	const struct era *era;
	struct cell c;
	int i;

	for (i = 1; i < argc; i++)
		if (cli_is_help(argv[i])) {
			explore_usage(stdout);
			return EXIT_CLEAN;
		}
	memset(&a, 0, sizeof(a));
	a.o = (struct sim_explore_opts){
		.mode = SIM_EXPLORE_ICB, .bound = 2, .stop_first = true,
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
	return c.buggy ? EXIT_BUG : EXIT_CLEAN;
}
