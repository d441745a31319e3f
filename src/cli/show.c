// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/show.c - reaplab list, show and diff
 */
#include <string.h>
#include "cli.h"
#include <stdlib.h>
#include "../sim/render/source.h"
#include <reaplab/program.h>
#include "../sim/render/markdown.h"

static const char *expect_text(unsigned int e)
{
	if (e == EXPECT_NA)
		return "n/a";
	return cli_verdict_text(e, false);
}

static const char *const fact_text[] = {
	[FACT_VERIFIED] = "",
	[FACT_INFERRED] = "inferred",
	[FACT_UNVERIFIED] = "unverified",
};

static const char *const role_text[] = {
	[COMMIT_ERA] = "this era",
	[COMMIT_BENEATH] = "beneath it",
	[COMMIT_LATER] = "later fix",
};

/* "v4.17", or "v4.19 (inferred)" when the history is less than sure. */
static const char *release_text(const struct era_commit *c, char *buf,
				size_t len)
{
	if (c->sure == FACT_VERIFIED)
		snprintf(buf, len, "%s", c->version);
	else
		snprintf(buf, len, "%s (%s)", c->version, fact_text[c->sure]);
	return buf;
}

/* The first date of the era's own commits: "2016", for the timeline. */
static const char *era_year(const struct era *e, char *buf, size_t len)
{
	const struct era_commit *c;
	const char *first = NULL;

	for (c = e->upstream; c && c->subject; c++)
		if (c->role == COMMIT_ERA && (!first || strcmp(c->date, first) < 0))
			first = c->date;
	snprintf(buf, len, "%.4s", first ? first : "?");
	return buf;
}

static bool same_commit(const struct era_commit *a,
			const struct era_commit *b);

/*
 * count_cited() - the commits and patches the eras cite, each once.
 * @unsure: count only those whose release is marked (not FACT_VERIFIED).
 *
 * The legends about inferred and unverified releases print this, so that
 * they say what the descriptors hold rather than what they once held.
 */
static int count_cited(bool unsure)
{
	int i, n = 0;

	for (i = 0; i < sim_nr_eras; i++) {
		const struct era_commit *c;

		for (c = sim_eras[i]->upstream; c && c->subject; c++) {
			const struct era_commit *d = NULL;
			int j;

			/* counted already, under an earlier era or row? */
			for (j = 0; j <= i && !d; j++) {
				const struct era_commit *e;

				for (e = sim_eras[j]->upstream; e && e->subject &&
				     e != c; e++)
					if (same_commit(e, c)) {
						d = e;
						break;
					}
			}
			if (!d && (!unsure || c->sure != FACT_VERIFIED))
				n++;
		}
	}
	return n;
}

struct list_args {
	const char *format;
	bool commits, timeline;
	const struct era *eras[64];
	int neras;
};

static void list_usage(FILE *f)
{
	fprintf(f,
		"usage: reaplab list [--format text|md|dot]\n"
		"       reaplab list --commits [ERA...] [--format text|md]\n"
		"       reaplab list --timeline [--format text|md]\n\n"
		"The eras, oldest first: id, card name, version, commits, story.\n\n"
		"  --commits    every commit each era cites (or only ERA's): id, subject,\n"
		"               author, date, release, link, and what it is to the era\n"
		"               (this era's change, beneath it, a later fix)\n"
		"  --timeline   every commit the model cites, once, oldest first (by\n"
		"               month: some dates have no day; within a month, by\n"
		"               release, then as the eras cite them), with the eras\n"
		"               that cite it\n"
		"  --format F   text (default), md (Markdown tables for the book), or dot\n"
		"               (the eras as a Graphviz timeline; plain list only)\n\n"
		"A release is marked inferred when it was read from strong indirect\n"
		"evidence (a merge window's push list, a maintainer's \"in vX\"),\n"
		"unverified when from weak evidence; the others were checked against\n"
		"the commit and the kernel's trees.  Marked: %d of the %d commits and\n"
		"patches the eras cite.\n", count_cited(true),
		count_cited(false));
}

/*
 * @text after @lead, in lines of at most 79 columns, each indented by
 * @indent spaces; a word longer than a line gets one of its own.
 */
static void print_wrapped(int indent, const char *lead, const char *text)
{
	int col = printf("%*s%s", indent, "", lead);
	const char *p = text;

	while (*p) {
		int len = (int)strcspn(p, " ");

		if (col > indent + (int)strlen(lead) && col + 1 + len > 79)
			col = printf("\n%*s", indent, "") - 1;
		else if (col > indent + (int)strlen(lead))
			col += printf(" ");
		col += printf("%.*s", len, p);
		p += len;
		while (*p == ' ')
			p++;
	}
	putchar('\n');
}

static void list_eras_text(void)
{
	int i;

	printf("%-12s %-24s %s\n", "era", "name", "version");
	for (i = 0; i < sim_nr_eras; i++) {
		const struct era *e = sim_eras[i];

		printf("%-12s %-24s %s\n", e->id, e->name, e->version);
		print_wrapped(13, "commits: ", e->commits);
		print_wrapped(13, "", e->story);
	}
}

static void list_eras_md(void)
{
	static const char *const head[] = {
		"era", "card name", "version", "commits", "what it did",
	};
	int i;

	md_row(stdout, 5, head);
	md_rule(stdout, 5, NULL);
	for (i = 0; i < sim_nr_eras; i++) {
		const struct era *e = sim_eras[i];
		const char *cells[] = {
			e->id, e->name, e->version, e->commits, e->story,
		};

		md_row(stdout, 5, cells);
	}
}

/*
 * The eras as a Graphviz timeline: one box per era, top to bottom in the
 * order of `reaplab list`, an arrow from each era to the eras built on it,
 * patches never merged drawn dashed.  Drawn at its natural size (no size=,
 * which scaled it to 0.73 and its text under 10 px): top to bottom it is
 * about 670 px wide, where left to right it was 2000.
 */
static void list_eras_dot(void)
{
	char year[8];
	int i;

	printf("digraph eras {\n"
	       "\trankdir=TB;\n"
	       "\tnodesep=0.25;\n"
	       "\tranksep=0.3;\n"
	       "\tnode [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, fillcolor=\"#e8eef7\", color=\"#4a6fa5\"];\n"
	       "\tedge [color=\"#4a6fa5\", arrowsize=0.7];\n");
	for (i = 0; i < sim_nr_eras; i++) {
		const struct era *e = sim_eras[i];
		bool merged = strncmp(e->version, "not merged", 10);

		printf("\t\"%s\" [label=\"%s\\n%s\\n%s, %s\"%s];\n", e->id,
		       e->id, e->name, era_year(e, year, sizeof(year)),
		       merged ? e->version : "not merged",
		       merged ? "" :
		       ", style=\"rounded,dashed,filled\", fillcolor=\"#f4f4f4\", color=\"#888888\"");
	}
	for (i = 0; i < sim_nr_eras; i++)
		if (sim_eras[i]->parent)
			printf("\t\"%s\" -> \"%s\";\n", sim_eras[i]->parent,
			       sim_eras[i]->id);
	printf("}\n");
}

static void commit_text(const struct era_commit *c, const char *eras)
{
	char rel[64];

	printf("  %-12s  %-10s  %-18s  %-18s  %s\n", c->id ? c->id : "(patch)",
	       c->date, release_text(c, rel, sizeof(rel)), c->author,
	       eras);
	printf("  %-12s  %s\n", "", c->subject);
	printf("  %-12s  %s\n", "", c->link);
}

/* The text head of a commit list: commit_text()'s columns. */
static void commit_text_head(const char *last)
{
	printf("  %-12s  %-10s  %-18s  %-18s  %s\n", "commit", "date",
	       "release", "author", last);
}

static void commit_md(const struct era_commit *c, const char *era,
		      const char *last)
{
	char rel[64];

	fputs("| ", stdout);
	if (era) {
		md_text(stdout, era);
		fputs(" | ", stdout);
	}
	md_link(stdout, c->id ? c->id : "patch", c->link);
	fputs(" | ", stdout);
	md_text(stdout, c->subject);
	fputs(" | ", stdout);
	md_text(stdout, c->author);
	fputs(" | ", stdout);
	md_text(stdout, c->date);
	fputs(" | ", stdout);
	md_text(stdout, release_text(c, rel, sizeof(rel)));
	fputs(" | ", stdout);
	md_text(stdout, last);
	fputs(" |\n", stdout);
}

static void list_commits(const struct list_args *a)
{
	bool md = !strcmp(a->format, "md");
	bool era_col = a->neras != 1;
	int i;

	if (md) {
		if (era_col)
			fputs("| era ", stdout);
		fputs("| commit | subject | author | date | release | what it is to the era |\n",
		      stdout);
		md_rule(stdout, era_col ? 7 : 6, NULL);
	}
	for (i = 0; i < a->neras; i++) {
		const struct era *e = a->eras[i];
		const struct era_commit *c;

		if (!md) {
			printf("%s%s \"%s\" (%s)\n", i ? "\n" : "", e->id,
			       e->name, e->version);
			commit_text_head("to the era");
		}
		for (c = e->upstream; c && c->subject; c++) {
			char last[256];

			snprintf(last, sizeof(last), "%s: %s",
				 role_text[c->role], c->what);
			if (md)
				commit_md(c, era_col ? e->id : NULL, last);
			else
				commit_text(c, role_text[c->role]);
		}
	}
}

/* Two rows for one commit (or one patch: same subject and date)? */
static bool same_commit(const struct era_commit *a, const struct era_commit *b)
{
	if (a->id || b->id)
		return a->id && b->id && !strcmp(a->id, b->id);
	return !strcmp(a->subject, b->subject) && !strcmp(a->date, b->date);
}

/*
 * A commit the timeline lists, and where it was first cited (the eras are
 * in historical order; the commits each cites need not be: by_date()).
 */
struct cited {
	const struct era_commit *c;
	int first;
};

/* A release, for ordering: "v4.13" before "v4.14"; a patch last. */
static unsigned int release_key(const struct era_commit *c)
{
	unsigned int major, minor;

	if (sscanf(c->version, "v%u.%u", &major, &minor) == 2)
		return major * 1000 + minor;
	return ~0u;
}

/*
 * Oldest first, by month: some dates have a day and others only a month
 * (the patches of one posted series, say), and "2016-03-22" sorts after
 * "2016-03" as text although the reaper it dates came first.  Within a
 * month, by release (a fix that went into v4.13 before a change merged
 * for v4.14), then in the order the eras cite them.
 */
static int by_date(const void *pa, const void *pb)
{
	const struct cited *a = pa, *b = pb;
	unsigned int ra = release_key(a->c), rb = release_key(b->c);
	int d = strncmp(a->c->date, b->c->date, 7);

	if (d)
		return d;
	if (ra != rb)
		return ra < rb ? -1 : 1;
	return a->first - b->first;
}

static void list_timeline(const struct list_args *a)
{
	static struct cited all[512];
	bool md = !strcmp(a->format, "md");
	int i, j, n = 0;

	for (i = 0; i < sim_nr_eras; i++) {
		const struct era_commit *c;

		for (c = sim_eras[i]->upstream; c && c->subject; c++) {
			for (j = 0; j < n; j++)
				if (same_commit(all[j].c, c))
					break;
			if (j < n)
				continue;
			if (n == 512) {
				fprintf(stderr, "reaplab: list: more than 512 commits: the timeline has room for 512\n");
				exit(2);
			}
			all[n].c = c;
			all[n].first = n;
			n++;
		}
	}
	qsort(all, n, sizeof(all[0]), by_date);
	if (md) {
		fputs("| date | commit | subject | author | release | eras that cite it |\n",
		      stdout);
		md_rule(stdout, 6, NULL);
	} else {
		commit_text_head("eras that cite it");
	}
	for (j = 0; j < n; j++) {
		const struct era_commit *c = all[j].c;
		char eras[256] = "", rel[64];
		size_t len = 0;

		for (i = 0; i < sim_nr_eras; i++) {
			const struct era_commit *d;

			for (d = sim_eras[i]->upstream; d && d->subject; d++)
				if (same_commit(c, d) && len < sizeof(eras))
					len += snprintf(eras + len,
							sizeof(eras) - len,
							"%s%s%s", len ? ", " : "",
							sim_eras[i]->id,
							d->role == COMMIT_ERA ? "" :
							d->role == COMMIT_BENEATH ?
							" (beneath)" : " (later fix)");
		}
		if (!md) {
			commit_text(c, eras);
			continue;
		}
		fputs("| ", stdout);
		md_text(stdout, c->date);
		fputs(" | ", stdout);
		md_link(stdout, c->id ? c->id : "patch", c->link);
		fputs(" | ", stdout);
		md_text(stdout, c->subject);
		fputs(" | ", stdout);
		md_text(stdout, c->author);
		fputs(" | ", stdout);
		md_text(stdout, release_text(c, rel, sizeof(rel)));
		fputs(" | ", stdout);
		md_text(stdout, eras);
		fputs(" |\n", stdout);
	}
	if (!md)
		return;
	printf("\n%d commits and patches.", n);
	/* the legend only when some release in the table carries a mark */
	for (j = 0; j < n; j++)
		if (all[j].c->sure != FACT_VERIFIED)
			break;
	if (j < n)
		printf("  A release marked inferred was read from strong indirect\n"
		       "evidence, one marked unverified from weak evidence.");
	printf("\n");
}

int cmd_list(int argc, char **argv)
{
	struct list_args a = { .format = "text" };
	int i;

	for (i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			list_usage(stdout);
			return EXIT_CLEAN;
		}
	}
	for (i = 1; i < argc; i++) {
		const char *opt = argv[i];

		if (!strcmp(opt, "--commits")) {
			a.commits = true;
		} else if (!strcmp(opt, "--timeline")) {
			a.timeline = true;
		} else if (!strcmp(opt, "--format")) {
			if (i + 1 >= argc)
				return cli_error("list: --format needs a value");
			a.format = argv[++i];
			if (strcmp(a.format, "text") && strcmp(a.format, "md") &&
			    strcmp(a.format, "dot"))
				return cli_error("list: unknown format '%s' (formats: text, md, dot)",
						 a.format);
		} else if (opt[0] == '-') {
			return cli_error("list: unknown option '%s' (try --help)",
					 opt);
		} else {
			const struct era *e;

			if (!a.commits)
				return cli_error("list: takes no arguments but options; eras only after --commits (try --help)");
			e = cli_era(opt);
			if (!e)
				return EXIT_USAGE;
			if (a.neras < 64)
				a.eras[a.neras++] = e;
		}
	}
	if (a.commits && a.timeline)
		return cli_error("list: --commits or --timeline, not both");
	if ((a.commits || a.timeline) && !strcmp(a.format, "dot"))
		return cli_error("list: --format dot draws the eras, not their commits");
	if (a.timeline) {
		list_timeline(&a);
		return EXIT_CLEAN;
	}
	if (a.commits) {
		if (!a.neras)
			for (i = 0; i < sim_nr_eras && i < 64; i++)
				a.eras[a.neras++] = sim_eras[i];
		list_commits(&a);
		return EXIT_CLEAN;
	}
	if (!strcmp(a.format, "md"))
		list_eras_md();
	else if (!strcmp(a.format, "dot"))
		list_eras_dot();
	else
		list_eras_text();
	return EXIT_CLEAN;
}

static void show_field(const char *what, const char *v)
{
	char label[16];

	/* a lab's era or a program may leave some out */
	if (!v)
		return;
	snprintf(label, sizeof(label), "%s:", what);
	printf("  %-10s%s\n", label, v);
}

int cmd_show(int argc, char **argv)
{
	static struct sim_func funcs[256];
	const struct era_schedule *s;
	const struct era *era;
	int i, n;

	if (argc != 2 || cli_is_help(argv[1])) {
		if (argc != 2 && !(argc > 1 && cli_is_help(argv[1])))
			return cli_error("usage: reaplab show ERA (try --help)");
		printf("usage: reaplab show ERA\n\n"
		       "Where ERA comes from, what it fixed and kept, the functions its\n"
		       "folder changes, the verdicts history gives it, and the schedules it\n"
		       "ships.  ERA is an id (v4.14) or a card name (empty-write-cycle).\n");
		return EXIT_CLEAN;
	}
	era = cli_era(argv[1]);
	if (!era)
		return EXIT_USAGE;
	printf("%s  \"%s\"\n", era->id, era->name ? era->name : era->id);
	show_field("version", era->version);
	show_field("commits", era->commits);
	show_field("authors", era->authors);
	printf("  parent:   %s\n", era->parent ? era->parent : era->program ?
	       "none: a program of its own" :
	       "none: this era is the common tree (src/kernel, src/mm, ...)");
	show_field("story", era->story);
	show_field("fixed", era->fixed);
	show_field("kept", era->kept);
	n = sim_era_functions(era, funcs, 256);
	printf("\nFunctions in src/eras/%s/ (%d):\n", era->id, n);
	for (i = 0; i < n; i++)
		printf("  %-28s %s\n", funcs[i].name, funcs[i].file);
	if (era->removed)
		printf("Removed from %s: %s\n", era->parent, era->removed);
	if (era->program) {
		printf("\nA program: run it with scenario `program`, e.g. `%s explore %s program`.\nThreads:\n",
		       cli_self, era->id);
		for (i = 0; i < PROGRAM_MAX_THREADS &&
			    era->program->threads[i].fn; i++)
			printf("  %c  %s\n", era->program->threads[i].letter,
			       era->program->threads[i].name);
		return EXIT_CLEAN;
	}
	printf("\nVerdicts history gives it (declared, checked by `reaplab explore --all`):\n");
	for (i = 0; i < SCN_NR; i++)
		printf("  %-15s %s\n", sim_scenarios[i]->name,
		       expect_text(era->expect[i]));
	printf("\nSchedules:\n");
	for (s = era->schedules; s && s->name; s++) {
		printf("  %s/%s: %s\n", sim_scenarios[s->scenario]->name,
		       s->name, s->schedule);
		printf("    %s\n    replay: reaplab replay %s %s %s\n",
		       s->what, era->id, sim_scenarios[s->scenario]->name,
		       s->name);
		if (s->fixed_by)
			printf("    %s\n", cli_fixed_by(era, s));
	}
	if (!era->schedules || !era->schedules->name)
		printf("  none: no known race to replay in this era\n");
	return EXIT_CLEAN;
}

int cmd_diff(int argc, char **argv)
{
	const struct era *a, *b;
	int n;

	if (argc != 3 || cli_is_help(argv[1])) {
		if (!(argc == 2 && cli_is_help(argv[1])))
			return cli_error("usage: reaplab diff ERA1 ERA2 (try --help)");
		printf("usage: reaplab diff ERA1 ERA2\n\n"
		       "What changed in the model from ERA1 to ERA2, function by function,\n"
		       "as a unified diff: it should read like the upstream patch.\n");
		return EXIT_CLEAN;
	}
	a = cli_era(argv[1]);
	b = a ? cli_era(argv[2]) : NULL;
	if (!a || !b)
		return EXIT_USAGE;
	n = sim_era_diff(a, b, stdout);
	if (!n)
		printf("%s and %s run the same code\n", a->id, b->id);
	return EXIT_CLEAN;
}
