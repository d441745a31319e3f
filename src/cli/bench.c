// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/bench.c - reaplab bench: the mailing lists' measurements
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../bench/bench.h"

#define BENCH_DEFAULT_OUT	"build/bench"

static void bench_usage(FILE *f)
{
	int i;

	fprintf(f,
		"usage: reaplab bench NAME [-n RUNS] [-o KEY=VALUE] [--out DIR] [options]\n"
		"       reaplab bench all [--out DIR] [options]\n\n"
		"Runs a benchmark of the model on real threads and prints its table in the\n"
		"shape of the mailing-list measurement it follows; the variants run\n"
		"interleaved, in one run.\n"
		"The table also goes to DIR/NAME.csv (default DIR: " BENCH_DEFAULT_OUT "),\n"
		"with the raw runs beside it and, for reap-order and munmap, an SVG figure\n"
		"drawn by gnuplot; DIR/NAME.md has what was printed, as Markdown, under\n"
		"the command, CPU count, kernel and date (the book includes it).  `all`\n"
		"runs every benchmark at its defaults.\n\n"
		"Benchmarks:\n");
	for (i = 0; i < nr_benches; i++)
		fprintf(f, "  %-11s %s%s%s%s\n", benches[i]->name,
			benches[i]->summary,
			benches[i]->source ? " (after " : "",
			benches[i]->source ? benches[i]->source : "",
			benches[i]->source ? ")" : "");
	fprintf(f, "\nDefaults (-n counts):\n");
	for (i = 0; i < nr_benches; i++) {
		const struct sim_params *p = &benches[i]->defaults;

		fprintf(f, "  %-11s -n %lu (%s), -o vmas=%lu,pages=%lu,ptrs=%lu\n",
			benches[i]->name, benches[i]->runs,
			benches[i]->runs_what, p->vmas, p->pages,
			p->ptrs_per_pte);
	}
	fprintf(f,
		"\nOptions:\n"
		"  -n RUNS        repetitions (see above)\n"
		"  -o KEY=VALUE   sizes: vmas, pages (per VMA), ptrs (PTEs per table)\n"
		"  --out DIR      where the CSV files and figures go\n"
		"  --no-out       print the table only\n"
		"  --no-plot      write the gnuplot scripts but do not run gnuplot\n"
		"  --quiet        no progress lines on stderr\n\n"
		"Targets are printed as ratios, never asserted; the machine's noise is\n"
		"part of the answer.  Exit status: 0 done, 1 an oracle fired in the model\n"
		"during a run (its numbers would mean nothing), 2 bad input.\n");
}

/*
 * Run @b; what it prints also goes to DIR/NAME.md, headed by the command
 * that repeats the run with every size spelled out.
 */
static int run_one(const struct bench *b, struct bench_opts *o,
		   bool sized)
{
	char cmd[256];
	int rc;

	if (!sized)
		o->params = b->defaults;
	snprintf(cmd, sizeof(cmd),
		 "reaplab bench %s -n %lu -o vmas=%lu,pages=%lu,ptrs=%lu",
		 b->name, o->runs ? o->runs : b->runs, o->params.vmas,
		 o->params.pages, o->params.ptrs_per_pte);
	bench_report_begin(&o->out, b->name, cmd);
	rc = b->run(b, o);
	bench_report_end();
	return rc;
}

int cmd_bench(int argc, char **argv)
{
	struct bench_opts o = {
		.out = { .dir = BENCH_DEFAULT_OUT, .plot = true },
	};
	const char *name = NULL, *sizes[16];
	const struct bench *b = NULL;
	int i, nsizes = 0, rc = 0;
	char *end, err[512];

	for (i = 1; i < argc; i++)
		if (cli_is_help(argv[i])) {
			bench_usage(stdout);
			return EXIT_CLEAN;
		}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") || !strcmp(argv[i], "-o") ||
		    !strcmp(argv[i], "--out")) {
			if (i + 1 >= argc)
				return cli_error("bench: %s needs a value",
						 argv[i]);
			if (!strcmp(argv[i], "-n")) {
				o.runs = strtoul(argv[i + 1], &end, 10);
				if (*end || !o.runs)
					return cli_error("bench: -n must be a positive number");
			} else if (!strcmp(argv[i], "-o")) {
				if (nsizes == 16)
					return cli_error("bench: too many -o");
				sizes[nsizes++] = argv[i + 1];
			} else {
				o.out.dir = argv[i + 1];
			}
			i++;
		} else if (!strcmp(argv[i], "--no-out")) {
			o.out.dir = NULL;
		} else if (!strcmp(argv[i], "--no-plot")) {
			o.out.plot = false;
		} else if (!strcmp(argv[i], "--quiet")) {
			o.out.quiet = true;
		} else if (argv[i][0] == '-') {
			return cli_error("bench: unknown option '%s' (try --help)",
					 argv[i]);
		} else if (!name) {
			name = argv[i];
		} else {
			return cli_error("bench: too many arguments (try --help)");
		}
	}
	if (!name) {
		return cli_error("usage: reaplab bench NAME [options] (try --help)");
	}
	if (!strcmp(name, "all")) {
		if (nsizes || o.runs)
			return cli_error("bench: -n and -o apply to one benchmark, not to all");
		if (cli_fuzzing)
			return EXIT_CLEAN;
		if (bench_out_check(&o.out, err, sizeof(err)))
			return cli_error("bench: --out: %s", err);
		for (i = 0; i < nr_benches && rc != EXIT_USAGE &&
			    !sim_interrupted; i++) {
			int r;

			if (i)
				printf("\n");
			r = run_one(benches[i], &o, false);
			if (r > rc)
				rc = r;
			fflush(stdout);
		}
		if (sim_interrupted)
			printf("bench all: interrupted after %d of %d benchmarks\n",
			       i, nr_benches);
		return rc;
	}
	b = bench_by_name(name);
	if (!b) {
		char list[256];
		int n = 0;

		list[0] = 0;
		for (i = 0; i < nr_benches; i++)
			n += snprintf(list + n, n < (int)sizeof(list) ?
				      sizeof(list) - n : 0, " %s",
				      benches[i]->name);
		return cli_error("unknown benchmark '%s' (benchmarks:%s, all)",
				 name, list);
	}
	o.params = b->defaults;
	for (i = 0; i < nsizes; i++)
		if (cli_param(&o.params, sizes[i]))
			return EXIT_USAGE;
	if (cli_fuzzing)
		return EXIT_CLEAN;	/* the arguments were the point */
	if (bench_out_check(&o.out, err, sizeof(err)))
		return cli_error("bench: --out: %s", err);
	rc = run_one(b, &o, true);
	if (sim_interrupted)
		printf("bench %s: interrupted: the table above holds the runs done so far\n",
		       b->name);
	return rc;
}
