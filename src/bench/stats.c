// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/bench/stats.c - samples, percentiles, tables, CSV files and figures
 *
 * Simulator-only: what every benchmark and lab shares to turn
 * measurements into the tables of the mailing-list threads they follow.
 *
 * Percentiles interpolate linearly between the two nearest order
 * statistics (R's default, type 7): Kirill Shutemov's 2017 table is R's
 * summary(), so Q1, median and Q3 here mean what they meant there.  The
 * standard deviation is the sample one (n - 1).
 */
#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "bench.h"
#include "../sim/render/markdown.h"

extern char **environ;

/**
 * bench_now_ns() - the monotonic clock, in nanoseconds.
 *
 * Return: nanoseconds since an arbitrary start.
 */
u64 bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/**
 * bench_samples_add() - append one measurement.
 * @s: the samples.
 * @v: the value.
 */
void bench_samples_add(struct bench_samples *s, double v)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->v = realloc(s->v, s->cap * sizeof(*s->v));
		if (!s->v) {
			perror("reaplab: samples");
			exit(2);
		}
	}
	s->v[s->n++] = v;
	s->sorted = false;
}

/* bench_samples_reset() - forget the values, keep the memory. */
void bench_samples_reset(struct bench_samples *s)
{
	s->n = 0;
	s->sorted = false;
}

void bench_samples_free(struct bench_samples *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/**
 * bench_percentile() - the @p-th percentile (R type 7).
 * @s: the samples; sorted in place the first time.
 * @p: 0 (the minimum) to 100 (the maximum).
 *
 * Return: the percentile, or 0 for no samples.
 */
double bench_percentile(struct bench_samples *s, double p)
{
	double h, frac;
	size_t lo;

	if (!s->n)
		return 0;
	if (!s->sorted) {
		qsort(s->v, s->n, sizeof(*s->v), cmp_double);
		s->sorted = true;
	}
	h = (s->n - 1) * p / 100.0;
	lo = (size_t)h;
	if (lo + 1 >= s->n)
		return s->v[s->n - 1];
	frac = h - lo;
	return s->v[lo] + frac * (s->v[lo + 1] - s->v[lo]);
}

double bench_mean(const struct bench_samples *s)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < s->n; i++)
		sum += s->v[i];
	return s->n ? sum / s->n : 0;
}

double bench_stdev(const struct bench_samples *s)
{
	double m = bench_mean(s), sum = 0;
	size_t i;

	if (s->n < 2)
		return 0;
	for (i = 0; i < s->n; i++)
		sum += (s->v[i] - m) * (s->v[i] - m);
	return sqrt(sum / (s->n - 1));
}

/**
 * bench_ratio() - "12.3x", or "inf" when the denominator is 0.
 * @buf: output.
 * @len: its size.
 * @num: numerator.
 * @den: denominator.
 *
 * Return: @buf.
 */
const char *bench_ratio(char *buf, size_t len, double num, double den)
{
	if (den <= 0)
		snprintf(buf, len, "inf");
	else if (num / den >= 100)
		snprintf(buf, len, "%.0fx", num / den);
	else
		snprintf(buf, len, "%.2fx", num / den);
	return buf;
}

/* --- tables ------------------------------------------------------- */

void bench_table_init(struct bench_table *t, const char *const *head,
		      int ncols)
{
	int i;

	memset(t, 0, sizeof(*t));
	t->ncols = ncols < BENCH_MAX_COLS ? ncols : BENCH_MAX_COLS;
	for (i = 0; i < t->ncols; i++)
		t->head[i] = head[i];
}

/* bench_table_row() - a new, empty row; returns its index. */
int bench_table_row(struct bench_table *t)
{
	if (t->nrows == BENCH_MAX_ROWS) {
		/* a table with more rows than room is a bug, not a table */
		fprintf(stderr, "reaplab: bench: a table has more than %d rows\n",
			BENCH_MAX_ROWS);
		exit(2);
	}
	return t->nrows++;
}

void bench_table_set(struct bench_table *t, int row, int col,
		     const char *fmt, ...)
{
	va_list ap;

	if (row < 0 || row >= t->nrows || col < 0 || col >= t->ncols)
		return;
	va_start(ap, fmt);
	vsnprintf(t->cell[row][col], BENCH_CELL, fmt, ap);
	va_end(ap);
}

/*
 * The Markdown copy of what a benchmark prints: DIR/NAME.md, open from
 * bench_report_begin() to bench_report_end() (NULL without an output
 * directory).
 */
static FILE *report;
static int make_dirs(const char *dir);

/**
 * bench_table_print() - the table, columns as wide as their widest cell.
 * @t: the table.
 * @f: where to; on stdout, the table goes to the Markdown report too.
 */
void bench_table_print(const struct bench_table *t, FILE *f)
{
	int width[BENCH_MAX_COLS], r, c;

	for (c = 0; c < t->ncols; c++) {
		width[c] = strlen(t->head[c]);
		for (r = 0; r < t->nrows; r++)
			if ((int)strlen(t->cell[r][c]) > width[c])
				width[c] = strlen(t->cell[r][c]);
	}
	for (c = 0; c < t->ncols; c++)
		fprintf(f, c ? "  %*s" : "%-*s", width[c], t->head[c]);
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		int last = t->ncols - 1;

		/* empty cells at the end of a row print nothing, not spaces */
		while (last > 0 && !t->cell[r][last][0])
			last--;
		for (c = 0; c <= last; c++)
			fprintf(f, c ? "  %*s" : "%-*s", c < last || c ?
				width[c] : 0, t->cell[r][c]);
		fputc('\n', f);
	}
	if (f == stdout)
		bench_report_table(t);
}

/**
 * bench_report_table() - @t as a Markdown table, in the report only.
 * @t: the table; numbers are right-aligned as on the terminal.
 *
 * For a benchmark that draws its table by hand on the terminal (in its
 * thread's shape) and still wants it in the book.
 */
void bench_report_table(const struct bench_table *t)
{
	const char *cells[BENCH_MAX_COLS];
	char align[BENCH_MAX_COLS + 1];
	int r, c;

	if (!report)
		return;
	for (c = 0; c < t->ncols; c++) {
		cells[c] = t->head[c];
		align[c] = c ? 'r' : 'l';
	}
	align[c] = 0;
	fputc('\n', report);
	md_row(report, t->ncols, cells);
	md_rule(report, t->ncols, align);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++)
			cells[c] = t->cell[r][c];
		md_row(report, t->ncols, cells);
	}
	fputc('\n', report);
}

/**
 * bench_report_begin() - open @o->dir/@name.md and write its caption.
 * @o: the output settings; no directory, no report.
 * @name: the file's stem ("exit-lock", "kernel-mrelease").
 * @cmd: the command that reproduces the run, sizes spelled out.
 *
 * The caption says what a reader needs to weigh the numbers: the command,
 * the machine's CPU count, its kernel and the date of the run.
 */
void bench_report_begin(const struct bench_out *o, const char *name,
			const char *cmd)
{
	char path[4096], date[64];
	struct utsname u;
	time_t now = time(NULL);

	bench_report_end();
	if (!o->dir)
		return;
	if (make_dirs(o->dir)) {
		fprintf(stderr, "reaplab: cannot create %s: %s\n", o->dir,
			strerror(errno));
		return;
	}
	snprintf(path, sizeof(path), "%s/%s.md", o->dir, name);
	report = fopen(path, "w");
	if (!report) {
		fprintf(stderr, "reaplab: cannot write %s: %s\n", path,
			strerror(errno));
		return;
	}
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "unknown");
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&now));
	fputs("*Measured by* ", report);
	md_code(report, cmd);
	fprintf(report, " *on %ld CPUs, Linux ", sysconf(_SC_NPROCESSORS_ONLN));
	md_text(report, u.release);
	fputs(" (", report);
	md_text(report, u.machine);
	fprintf(report, "), %s.* \\n\n", date);
}

/* bench_report_end() - close the report, if one is open. */
void bench_report_end(void)
{
	if (report)
		fclose(report);
	report = NULL;
}

/**
 * bench_say() - print a line of a benchmark's output, and put it in the
 * report as a line of its own.
 * @fmt: printf format; the text ends with a newline, as printf's would.
 */
void bench_say(const char *fmt, ...)
{
	char buf[4096], *line;
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fputs(buf, stdout);
	if (!report)
		return;
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	line = buf + strspn(buf, " \n");
	/*
	 * A line that begins like a numbered list item ("1. Modes ...")
	 * would become one, and swallow the table after it: escape its dot.
	 */
	n = strspn(line, "0123456789");
	if (n && line[n] == '.') {
		fprintf(report, "%.*s\\", (int)n, line);
		line += n;
	}
	md_text(report, line);
	/*
	 * Doxygen's \include{doc} runs the paragraphs of an included file
	 * together; its \n command keeps each line of the report a line.
	 */
	fputs(" \\n\n", report);
}

/* --- files ---------------------------------------------------------- */

/* mkdir -p, for the output directory (build/bench). */
static int make_dirs(const char *dir)
{
	char path[4096], *p;

	snprintf(path, sizeof(path), "%s", dir);
	for (p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(path, 0777) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(path, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

/**
 * bench_out_check() - can the results go to @o->dir?  Asked before a run,
 * so that an unwritable --out is said at once, not after the run.
 * @o: where the results go (no directory: nothing to check).
 * @err: the reason, if not.
 * @len: its size.
 *
 * Return: 0, or -1 with @err set.
 */
int bench_out_check(const struct bench_out *o, char *err, size_t len)
{
	char path[4096];
	FILE *f;

	if (!o->dir)
		return 0;
	if (make_dirs(o->dir)) {
		snprintf(err, len, "cannot create %s: %s", o->dir,
			 strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "%s/.reaplab-write-test", o->dir);
	f = fopen(path, "w");
	if (!f || fclose(f)) {
		snprintf(err, len, "cannot write in %s: %s", o->dir,
			 strerror(errno));
		return -1;
	}
	unlink(path);
	return 0;
}

/**
 * bench_csv_open() - create @o->dir/@name.csv and write its header line.
 * @o: the output settings.
 * @name: the file's stem ("reap-order").
 * @header: the column names, comma separated.
 *
 * Return: the file, or NULL when there is no output directory (or it
 * cannot be written: then a message says so).
 */
FILE *bench_csv_open(const struct bench_out *o, const char *name,
		     const char *header)
{
	char path[4096];
	FILE *f;

	if (!o->dir)
		return NULL;
	if (make_dirs(o->dir)) {
		fprintf(stderr, "reaplab: cannot create %s: %s\n", o->dir,
			strerror(errno));
		return NULL;
	}
	snprintf(path, sizeof(path), "%s/%s.csv", o->dir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "reaplab: cannot write %s: %s\n", path,
			strerror(errno));
		return NULL;
	}
	fprintf(f, "%s\n", header);
	return f;
}

/* bench_csv_close() - close a file from bench_csv_open() (NULL is fine). */
void bench_csv_close(const struct bench_out *o, FILE *f, const char *name)
{
	(void)o;
	(void)name;
	if (f)
		fclose(f);
}

/**
 * bench_plot() - write @o->dir/@name.gp and render @name.svg with it.
 * @o: the output settings.
 * @name: the figure's stem; its data is @name-plot.csv next to it.
 * @script: gnuplot commands; the variable `data` names the data file.
 *
 * The script is kept next to the figure, so it can be rerun or edited.
 * Without gnuplot (`make deps` installs it) only the script is written.
 */
void bench_plot(const struct bench_out *o, const char *name,
		const char *script)
{
	char gp[4096], svg[4096];
	char *argv[3] = { "gnuplot", gp, NULL };
	pid_t pid;
	FILE *f;
	int status, rc;

	if (!o->dir)
		return;
	snprintf(gp, sizeof(gp), "%s/%s.gp", o->dir, name);
	snprintf(svg, sizeof(svg), "%s/%s.svg", o->dir, name);
	f = fopen(gp, "w");
	if (!f) {
		fprintf(stderr, "reaplab: cannot write %s: %s\n", gp,
			strerror(errno));
		return;
	}
	fprintf(f, "# SPDX-License-Identifier: GPL-2.0-only\n"
		   "# %s - written by reaplab; `gnuplot %s` renders %s\n"
		   "set terminal svg size 860,480 dynamic enhanced font 'sans,12'\n"
		   "set output '%s'\n"
		   "set datafile separator ','\n"
		   "data = '%s/%s-plot.csv'\n%s",
		gp, gp, svg, svg, o->dir, name, script);
	fclose(f);
	if (!o->plot)
		return;
	rc = posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ);
	if (rc) {
		fprintf(stderr,
			"reaplab: gnuplot not found (`make deps` installs gnuplot-nox); wrote %s\n",
			gp);
		return;
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		fprintf(stderr, "reaplab: gnuplot failed on %s\n", gp);
}

/* bench_progress() - a progress line on stderr, unless quiet. */
void bench_progress(const struct bench_out *o, const char *fmt, ...)
{
	va_list ap;

	if (o->quiet)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
