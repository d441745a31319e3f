// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/render/dot.c - a trace as a Graphviz sequence diagram
 *
 * Simulator-only.
 *
 * DOC: The DOT sequence diagram
 *
 * One lifeline per thread, left to right in thread order, time running
 * down.  The changelog's lines (DOC: Rows and links) are grouped into
 * bursts, the lines one thread runs before another takes over; each burst
 * is one box on its thread's lifeline, a table with the step number in
 * the gutter and the nested calls indented, and a burst that starts deep
 * inside calls drawn earlier says which ("in exit_mmap > unmap_vmas").
 * Bursts take one rank each, so the vertical order is the order of the
 * run; the other lifelines pass through an invisible point in that rank.
 *
 * The arrows between lifelines are the links, from the exact line of
 * their tail to the exact line of their head:
 *
 *     blue, solid      a lock handed off (labelled with the lock)
 *     green, dashed    a wake-up
 *     grey, dotted     any other step that let a blocked one run
 *     red, bold        the kfree() of the object a use-after-free touches
 *
 * The line where an oracle fired is red with a "# name" note; the
 * verdict is a note at the bottom.  Everything is written in the order of
 * the trace and names objects, never addresses, so the same run gives the
 * same file byte for byte.
 *
 * Layout as Graphviz sees it: each rank is a subgraph with rank=same whose
 * nodes are chained left to right by invisible edges (that fixes the
 * column order), and each lifeline is a chain of heavy edges through its
 * column (that keeps it straight).  The links do not constrain the ranks.
 */
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "render.h"

#define DOT_WRAP	60	/* columns of text in a burst */

static const char *const link_style[] = {
	[SIM_LINK_HANDOFF] = "color=\"#1f5fbf\", fontcolor=\"#1f5fbf\"",
	[SIM_LINK_WAKE] =
		"color=\"#2e8b57\", fontcolor=\"#2e8b57\", style=dashed",
	[SIM_LINK_ENABLE] =
		"color=\"#707070\", fontcolor=\"#707070\", style=dotted",
	[SIM_LINK_FREE] =
		"color=\"#c00000\", fontcolor=\"#c00000\", penwidth=2",
};

/* Text in an HTML-like label. */
static void html(FILE *f, const char *s, size_t n)
{
	for (; n && *s; s++, n--)
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
}

/* Text in a double-quoted string; '\n' breaks, left-justified or not. */
static void quoted(FILE *f, const char *s, const char *nl)
{
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if (*s == '\n')
			fputs(nl, f);
		else
			fputc(*s, f);
}

static void indent(FILE *f, int n)
{
	while (n-- > 0)
		fputs("&#160;&#160;", f);
}

struct burst {
	size_t first, last;	/* rows [first, last) */
	int col;
};

/* The calls around a burst's first row, drawn before it (three at most). */
static void context(FILE *f, const struct sim_figure *fig, size_t first)
{
	const char *name[3];
	int n = 0, p;
	bool more = false;

	for (p = fig->row[first].parent; p >= 0; p = fig->row[p].parent) {
		if (n == 3) {
			more = true;
			break;
		}
		name[n++] = fig->row[p].text;
	}
	if (!n)
		return;
	fputs("<TR><TD></TD><TD ALIGN=\"LEFT\"><FONT COLOR=\"#808080\"><I>in ",
	      f);
	if (more)
		fputs("... &gt; ", f);
	while (n--) {
		html(f, name[n], strlen(name[n]));
		if (n)
			fputs(" &gt; ", f);
	}
	fputs("</I></FONT></TD></TR>\n", f);
}

/* The text of one row, wrapped, with its notes. */
static void row_text(FILE *f, const struct sim_figure *fig,
		     const struct sim_row *row, int base)
{
	char text[256];
	const char *p;
	int o, depth = row->depth - base;
	int width = DOT_WRAP - 2 * (depth > 10 ? 10 : depth);
	bool first = true;

	snprintf(text, sizeof(text), "%s", row->text);
	if (row->repeat) {
		size_t n = strlen(text);

		snprintf(text + n, sizeof(text) - n, " x%u", row->repeat);
	}
	if (row->kind == SIM_ROW_FRAME)
		fputs("<B>", f);
	else if (row->kind == SIM_ROW_GAP)
		fputs("<FONT COLOR=\"#808080\"><I>", f);
	else if (row->kind == SIM_ROW_TEXT)
		fputs("<FONT COLOR=\"#5a5a5a\">", f);
	for (p = text; *p;) {
		size_t take = sim_wrap(p, width);

		if (!first)
			fputs("<BR ALIGN=\"LEFT\"/>", f);
		indent(f, first ? depth : depth + 2);
		html(f, p, take);
		p += take;
		while (*p == ' ')
			p++;
		first = false;
	}
	if (row->kind == SIM_ROW_FRAME)
		fputs("</B>", f);
	else if (row->kind == SIM_ROW_GAP)
		fputs("</I></FONT>", f);
	else if (row->kind == SIM_ROW_TEXT)
		fputs("</FONT>", f);
	for (o = 0; o < ORACLE_NR; o++)
		if (row->oracles & (1u << o))
			fprintf(f, "<FONT COLOR=\"#c00000\"><B>&#160;&#160;# %s</B></FONT>",
				sim_oracle_name(o));
	(void)fig;
}

/* Is @row the tail of a use-after-free's kfree() arrow? */
static bool is_free_tail(const struct sim_figure *fig, size_t row)
{
	size_t i;

	for (i = 0; i < fig->nlinks; i++)
		if (fig->link[i].kind == SIM_LINK_FREE &&
		    fig->link[i].from_row == (int)row)
			return true;
	return false;
}

static void burst_node(FILE *f, const struct sim_figure *fig,
		       const struct burst *b, size_t k)
{
	int base = fig->row[b->first].depth;
	size_t i;

	for (i = b->first; i < b->last; i++)
		if (fig->row[i].depth < base)
			base = fig->row[i].depth;
	fprintf(f, "\tb%zu [label=<<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\" COLOR=\"#a0a0a0\" BGCOLOR=\"#ffffff\">\n",
		k);
	context(f, fig, b->first);
	for (i = b->first; i < b->last; i++) {
		const struct sim_row *row = &fig->row[i];
		const char *bg = "";

		if (row->oracles)
			bg = " BGCOLOR=\"#ffd0d0\"";
		else if (is_free_tail(fig, i))
			bg = " BGCOLOR=\"#ffe4c4\"";

		/* (an empty <FONT></FONT> is a syntax error to Graphviz) */
		fprintf(f, "<TR><TD ALIGN=\"RIGHT\" PORT=\"g%zu\"%s>", i, bg);
		if (row->kind == SIM_ROW_OP &&
		    row->step_last != row->step_first)
			fprintf(f, "<FONT COLOR=\"#808080\">%u-%u</FONT>",
				row->step_first, row->step_last);
		else if (row->kind == SIM_ROW_OP)
			fprintf(f, "<FONT COLOR=\"#808080\">%u</FONT>",
				row->step_first);
		fprintf(f, "</TD><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" PORT=\"r%zu\"%s>",
			i, bg);
		row_text(f, fig, row, base);
		fputs("</TD></TR>\n", f);
	}
	fputs("</TABLE>>];\n", f);
}

static bool frames_only(const struct sim_figure *fig, const struct burst *b)
{
	size_t i;

	for (i = b->first; i < b->last; i++)
		if (fig->row[i].kind != SIM_ROW_FRAME)
			return false;
	return true;
}

static struct burst *bursts_of(const struct sim_figure *fig, const int *col,
			       size_t *nb, size_t **burst_of_row)
{
	struct burst *b = calloc(fig->nrows + 1, sizeof(*b));
	size_t *of = calloc(fig->nrows + 1, sizeof(*of));
	size_t i, n = 0;

	if (!b || !of) {
		perror("reaplab: render");
		exit(2);
	}
	for (i = 0; i < fig->nrows; i++) {
		if (!n || fig->row[i].tid != fig->row[b[n - 1].first].tid) {
			/*
			 * Functions entered before anything ran make a burst
			 * of their own: the thread's next burst names them.
			 */
			if (n && frames_only(fig, &b[n - 1]))
				n--;
			b[n].first = i;
			b[n].col = col[fig->row[i].tid];
			n++;
		}
		b[n - 1].last = i + 1;
		of[i] = n - 1;
	}
	if (n && frames_only(fig, &b[n - 1]))
		n--;
	*nb = n;
	*burst_of_row = of;
	return b;
}

static void links(FILE *f, const struct sim_figure *fig, const struct burst *b,
		  const size_t *burst_of_row)
{
	size_t i;

	for (i = 0; i < fig->nlinks; i++) {
		const struct sim_link *k = &fig->link[i];
		const struct burst *from, *to;
		bool right;

		if (k->from_row < 0 || k->to_row < 0)
			continue;
		from = &b[burst_of_row[k->from_row]];
		to = &b[burst_of_row[k->to_row]];
		if (from == to)
			continue;
		/* the left end at the step gutter, the right at the text */
		right = from->col < to->col;
		fprintf(f, "\tb%zu:%c%d:%s -> b%zu:%c%d:%s [%s, label=\"",
			burst_of_row[k->from_row], right ? 'r' : 'g',
			k->from_row, right ? "e" : "w",
			burst_of_row[k->to_row], right ? 'g' : 'r', k->to_row,
			right ? "w" : "e", link_style[k->kind]);
		quoted(f, k->label, " ");
		fputs("\"];\n", f);
	}
}

static void heads(FILE *f, const struct sim_world *w, const int *col,
		  int ncols)
{
	char label[64];
	int t, c;

	for (t = 0; t < w->nthreads; t++) {
		if (col[t] < 0)
			continue;
		sim_thread_label(w, t, label, sizeof(label));
		fprintf(f, "\th%d [shape=box, style=\"rounded,filled\", fillcolor=\"#e8e8e8\", fontname=\"Helvetica\", fontsize=12, margin=\"0.2,0.06\", label=\"",
			col[t]);
		quoted(f, label, " ");
		fputs("\"];\n", f);
	}
	fputs("\t{ rank=same;", f);
	for (c = 0; c < ncols; c++)
		fprintf(f, " h%d;", c);
	for (c = 1; c < ncols; c++)
		fprintf(f, " h%d -> h%d [style=invis];", c - 1, c);
	fputs(" }\n", f);
}

/* The node of column @c in rank @k: the burst, or a point. */
static void cell(char *buf, size_t len, const struct burst *b, size_t k, int c)
{
	if (b[k].col == c)
		snprintf(buf, len, "b%zu", k);
	else
		snprintf(buf, len, "p%zu_%d", k, c);
}

static void ranks(FILE *f, const struct burst *b, size_t nb, int ncols)
{
	char name[48], prev[48];
	size_t k;
	int c;

	for (k = 0; k < nb; k++) {
		for (c = 0; c < ncols; c++)
			if (b[k].col != c)
				fprintf(f, "\tp%zu_%d [shape=point, width=0.01, height=0.01, color=\"#b0b0b0\", label=\"\"];\n",
					k, c);
		fputs("\t{ rank=same;", f);
		for (c = 0; c < ncols; c++) {
			cell(name, sizeof(name), b, k, c);
			fprintf(f, " %s;", name);
			if (c)
				fprintf(f, " %s -> %s [style=invis];", prev, name);
			snprintf(prev, sizeof(prev), "%s", name);
		}
		fputs(" }\n", f);
	}
	for (c = 0; c < ncols; c++)
		fprintf(f, "\tf%d [shape=point, width=0.05, height=0.05, color=\"#b0b0b0\", label=\"\"];\n",
			c);
	fputs("\t{ rank=same;", f);
	for (c = 0; c < ncols; c++)
		fprintf(f, " f%d;", c);
	for (c = 1; c < ncols; c++)
		fprintf(f, " f%d -> f%d [style=invis];", c - 1, c);
	fputs(" }\n", f);
	/* the lifelines */
	for (c = 0; c < ncols; c++) {
		fprintf(f, "\th%d", c);
		for (k = 0; k < nb; k++) {
			cell(name, sizeof(name), b, k, c);
			fprintf(f, " -> %s", name);
		}
		fprintf(f, " -> f%d [weight=100, arrowhead=none, color=\"#b0b0b0\", style=dashed];\n",
			c);
	}
}

static void verdict(FILE *f, const struct sim_world *w, const int *col)
{
	char *text = sim_verdict_text(w);
	const char *p, *line;
	int c = 0, o;

	for (o = 0; o < ORACLE_NR; o++)
		if ((w->verdict.fired & (1u << o)) &&
		    w->verdict.hit[o].tid >= 0 &&
		    w->verdict.hit[o].tid < SIM_MAX_THREADS &&
		    col[w->verdict.hit[o].tid] >= 0) {
			c = col[w->verdict.hit[o].tid];
			break;
		}
	fprintf(f, "\tverdict [shape=note, style=filled, fillcolor=\"%s\", fontname=\"Helvetica\", fontsize=11, margin=\"0.25,0.1\", label=\"",
		w->verdict.fired ? "#ffe0e0" : "#e0f0e0");
	/* wrapped at 90 columns, continuation lines indented */
	for (line = text; *line;) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		char buf[512];
		bool first = true;

		snprintf(buf, sizeof(buf), "%.*s", (int)n, line);
		for (p = buf; *p;) {
			size_t take = sim_wrap(p, first ? 90 : 86);
			char piece[512];

			snprintf(piece, sizeof(piece), "%s%.*s",
				 first ? "" : "    ", (int)take, p);
			quoted(f, piece, "");
			fputs("\\l", f);
			p += take;
			while (*p == ' ')
				p++;
			first = false;
		}
		line += n;
		if (*line == '\n')
			line++;
	}
	fprintf(f, "\"];\n\tf%d -> verdict [style=invis, constraint=true];\n",
		c);
	free(text);
}

/**
 * sim_render_dot() - @w's last run as a DOT sequence diagram (see DOC: The
 * DOT sequence diagram).
 * @w: the world after a run, traced with frames.
 * @f: where to write.
 */
void sim_render_dot(const struct sim_world *w, FILE *f)
{
	struct sim_figure fig;
	struct burst *b;
	size_t nb, k, *burst_of_row;
	int col[SIM_MAX_THREADS], ncols = 0, t;
	char title[1024];

	sim_figure_build(w, sim_render_fig_elide, &fig);
	for (t = 0; t < SIM_MAX_THREADS; t++)
		col[t] = t < w->nthreads && fig.used[t] ? ncols++ : -1;
	b = bursts_of(&fig, col, &nb, &burst_of_row);
	sim_figure_title(w, title, sizeof(title));

	fputs("// Generated by reaplab (src/sim/render/dot.c) from a run of the model.\n// ",
	      f);
	quoted(f, title, " ");
	fputs("\ndigraph reaplab {\n", f);
	fputs("\tgraph [fontname=\"Helvetica\", fontsize=14, labelloc=t, nodesep=0.4, ranksep=0.15, label=\"",
	      f);
	quoted(f, title, "\\n");
	fputs("\"];\n", f);
	fputs("\tnode [shape=plaintext, margin=0, fontname=\"Courier\", fontsize=10];\n",
	      f);
	fputs("\tedge [fontname=\"Helvetica\", fontsize=9, constraint=false];\n",
	      f);
	heads(f, w, col, ncols);
	for (k = 0; k < nb; k++)
		burst_node(f, &fig, &b[k], k);
	fputs("\tedge [constraint=true];\n", f);
	ranks(f, b, nb, ncols);
	fputs("\tedge [constraint=false];\n", f);
	links(f, &fig, b, burst_of_row);
	verdict(f, w, col);
	fputs("}\n", f);
	free(burst_of_row);
	free(b);
	sim_figure_free(&fig);
}
