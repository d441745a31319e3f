/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/render/markdown.h - text for Doxygen's Markdown, as the book reads it
 *
 * Simulator-only.  The command line writes its tables as Markdown for the
 * book (`reaplab list --format md`, `explore --all --format md`, the
 * benchmarks' NAME.md files), and Doxygen reads that Markdown with its
 * own commands inside: a backslash, an at sign, a '#' or a '%' means
 * something to it, '<' opens an HTML tag, '|' ends a table cell and '*'
 * or '_' may start emphasis.  md_text() escapes all of them, so what a
 * run printed is what the reader sees.
 */
#ifndef _SIM_MARKDOWN_H
#define _SIM_MARKDOWN_H

#include <stdio.h>

void md_text(FILE *f, const char *s);
void md_code(FILE *f, const char *s);
void md_link(FILE *f, const char *text, const char *url);
void md_row(FILE *f, int ncols, const char *const *cells);
void md_rule(FILE *f, int ncols, const char *align);

#endif /* _SIM_MARKDOWN_H */
