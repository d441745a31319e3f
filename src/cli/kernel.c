// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/kernel.c - reaplab kernel: labs on the host kernel
 */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "../labs/labs.h"

#define LAB_DEFAULT_OUT	"build/bench"

static void kernel_usage(FILE *f)
{
	int i;

	fprintf(f,
		"usage: reaplab kernel NAME [--mib N] [-n N] [--runs R] [--out DIR] [options]\n\n"
		"Asks the host kernel the questions the model answers: real processes,\n"
		"real system calls, no privileges beyond what they need.  The table also\n"
		"goes to DIR/kernel-NAME.csv (default DIR: " LAB_DEFAULT_OUT "), and what\n"
		"was printed to DIR/kernel-NAME.md, as Markdown for the book.\n\n"
		"Labs:\n");
	for (i = 0; i < nr_labs; i++)
		fprintf(f, "  %-10s %s (after %s)\n", lab_list[i]->name,
			lab_list[i]->summary, lab_list[i]->source);
	fprintf(f,
		"\nOptions:\n"
		"  --mib N        mrelease: MiB the child touches (default %lu)\n"
		"  -n N           fork-exit: forks per run (default %lu)\n"
		"  --runs R       runs: per variant for mrelease (default %lu), rows of\n"
		"                 fork-exit's table (default %lu)\n"
		"  --out DIR      where the CSV files go\n"
		"  --no-out       print the table only\n"
		"  --quiet        no progress lines on stderr\n\n"
		"A lab whose system call the kernel lacks prints \"skipped: ... (ENOSYS)\"\n"
		"and exits 0.  REAPLAB_FAKE_ENOSYS=NAME[,NAME...] (process_mrelease,\n"
		"pidfd_open, pidfd_send_signal, fork, or all) pretends the kernel lacks\n"
		"them, to try the skip paths.  Exit status: 0 done or skipped, 1 a\n"
		"measurement failed, 2 bad input.\n",
		lab_mrelease.mib, lab_fork_exit.samples, lab_mrelease.runs,
		lab_fork_exit.runs);
}

/* A positive number for option @opt, or 0 after a message. */
static unsigned long number(const char *opt, const char *arg)
{
	unsigned long v;
	char *end;

	v = strtoul(arg, &end, 10);
	if (*end || !v) {
		cli_error("kernel: %s must be a positive number", opt);
		return 0;
	}
	return v;
}

/*
 * Run @l; what it prints also goes to DIR/kernel-NAME.md, headed by the
 * command with its sizes spelled out (a skipped lab says so there too).
 */
static int run_lab(const struct lab *l, const struct lab_opts *o)
{
	char cmd[256], name[64];
	size_t n;
	int rc;

	n = snprintf(cmd, sizeof(cmd), "reaplab kernel %s", l->name);
	if (l->mib)
		n += snprintf(cmd + n, sizeof(cmd) - n, " --mib %lu",
			      o->mib ? o->mib : l->mib);
	if (l->samples)
		n += snprintf(cmd + n, sizeof(cmd) - n, " -n %lu",
			      o->samples ? o->samples : l->samples);
	snprintf(cmd + n, sizeof(cmd) - n, " --runs %lu",
		 o->runs ? o->runs : l->runs);
	snprintf(name, sizeof(name), "kernel-%s", l->name);
	bench_report_begin(&o->out, name, cmd);
	rc = l->run(l, o);
	bench_report_end();
	return rc;
}

int cmd_kernel(int argc, char **argv)
{
	struct lab_opts o = { .out = { .dir = LAB_DEFAULT_OUT } };
	const struct lab *l;
	const char *name = NULL;
	char err[512];
	int i;

	for (i = 1; i < argc; i++)
		if (cli_is_help(argv[i])) {
			kernel_usage(stdout);
			return EXIT_CLEAN;
		}
	for (i = 1; i < argc; i++) {
		unsigned long *dst = NULL;

		if (!strcmp(argv[i], "--mib"))
			dst = &o.mib;
		else if (!strcmp(argv[i], "-n"))
			dst = &o.samples;
		else if (!strcmp(argv[i], "--runs"))
			dst = &o.runs;
		if (dst || !strcmp(argv[i], "--out")) {
			if (i + 1 >= argc)
				return cli_error("kernel: %s needs a value",
						 argv[i]);
			if (!dst)
				o.out.dir = argv[i + 1];
			else if (!(*dst = number(argv[i], argv[i + 1])))
				return EXIT_USAGE;
			i++;
		} else if (!strcmp(argv[i], "--no-out")) {
			o.out.dir = NULL;
		} else if (!strcmp(argv[i], "--quiet")) {
			o.out.quiet = true;
		} else if (argv[i][0] == '-') {
			return cli_error("kernel: unknown option '%s' (try --help)",
					 argv[i]);
		} else if (!name) {
			name = argv[i];
		} else {
			return cli_error("kernel: too many arguments (try --help)");
		}
	}
	if (!name) {
		return cli_error("usage: reaplab kernel NAME [options] (try --help)");
	}
	l = lab_by_name(name);
	if (!l) {
		char list[256];
		int n = 0;

		list[0] = 0;
		for (i = 0; i < nr_labs; i++)
			n += snprintf(list + n, n < (int)sizeof(list) ?
				      sizeof(list) - n : 0, " %s",
				      lab_list[i]->name);
		return cli_error("unknown lab '%s' (labs:%s)", name, list);
	}
	if ((o.mib && !l->mib) || (o.samples && !l->samples))
		return cli_error("kernel: %s takes no %s", l->name,
				 o.mib && !l->mib ? "--mib" : "-n");
	if (cli_fuzzing)
		return EXIT_CLEAN;	/* no children forked by a fuzzer */
	if (bench_out_check(&o.out, err, sizeof(err)))
		return cli_error("kernel: --out: %s", err);
	return run_lab(l, &o);
}
