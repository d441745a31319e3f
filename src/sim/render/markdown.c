// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/render/markdown.c - text for Doxygen's Markdown (see markdown.h)
 */
#include <string.h>
#include "markdown.h"

/**
 * md_text() - write @s so that Doxygen shows it as it is.
 * @f: where to.
 * @s: plain text; backquoted spans stay code spans.
 */
void md_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\n') {
			fputc(' ', f);
			continue;
		}
		if (strchr("\\|*_<>@#%&$", *s))
			fputc('\\', f);
		fputc(*s, f);
	}
}

/**
 * md_code() - write @s as a code span.
 * @f: where to.
 * @s: text without a backquote (one would end the span: it becomes ').
 *
 * Inside a table cell a '|' would still end the cell, code span or not.
 */
void md_code(FILE *f, const char *s)
{
	fputc('`', f);
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else
			fputc(*s == '`' || *s == '\n' ? '\'' : *s, f);
	}
	fputc('`', f);
}

/* md_link() - [@text](@url), with @text escaped. */
void md_link(FILE *f, const char *text, const char *url)
{
	fputc('[', f);
	md_text(f, text);
	fprintf(f, "](%s)", url);
}

/**
 * md_row() - one table row of plain-text cells.
 * @f: where to.
 * @ncols: how many cells.
 * @cells: their text, escaped here (NULL: an empty cell).
 */
void md_row(FILE *f, int ncols, const char *const *cells)
{
	int i;

	for (i = 0; i < ncols; i++) {
		fputs("| ", f);
		if (cells[i])
			md_text(f, cells[i]);
		fputc(' ', f);
	}
	fputs("|\n", f);
}

/**
 * md_rule() - the line under a table's head.
 * @f: where to.
 * @ncols: how many columns.
 * @align: one letter per column, 'l' or 'r' (NULL: all left).
 */
void md_rule(FILE *f, int ncols, const char *align)
{
	int i;

	for (i = 0; i < ncols; i++)
		fputs(align && align[i] == 'r' ? "|---:" : "|:---", f);
	fputs("|\n", f);
}
