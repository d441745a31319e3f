/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/render/render.h - drawing traces
 *
 * Simulator-only.  The renderers own every view of a run: the changelog
 * diagram (render.c, rows.c), Graphviz (dot.c), mscgen (msc.c) and Chrome
 * trace JSON (json.c), and the text tools around them (the model's sources
 * for `show` and `diff`: source.c; Markdown: markdown.c).  They draw the
 * engine's trace; what an operation or an object is called comes from the
 * world (sim_op_text() and friends, through sim_world_ops), and they are
 * compiled without the kernel's headers (DOC: The simulator's layers,
 * engine/engine.h).
 */
#ifndef _SIM_RENDER_H
#define _SIM_RENDER_H

#include <stdio.h>
#include "../engine/engine.h"

extern int sim_render_width;
extern int sim_render_elide;

void sim_render_changelog(const struct sim_world *w, FILE *f);
void sim_render_drawn(const struct sim_world *w, bool *used);
void sim_render_verdict(const struct sim_world *w, FILE *f);
void sim_render_no_race(FILE *f, unsigned int tried, int oracle);
bool sim_render_is_landmark(const struct sim_event *ev);
bool sim_render_is_body(const struct sim_world *w, int tid, const void *fn);

/* --- figures: Graphviz, mscgen, Chrome trace JSON (render_*.c) --- */

/*
 * Knobs of the figures, set by the command line before drawing:
 * sim_render_fig_elide is the elision of the DOT and mscgen views (lines
 * of one thread before a run is elided; 0 keeps everything), and
 * sim_render_title, if set, is the figure's title ('\n' breaks lines).
 */
extern int sim_render_fig_elide;
extern const char *sim_render_title;

#define SIM_RENDER_FORMATS	"ascii, dot, msc, json"

int sim_render_emit(const struct sim_world *w, const char *format, FILE *f);
bool sim_render_format_known(const char *format);
void sim_render_dot(const struct sim_world *w, FILE *f);
void sim_render_msc(const struct sim_world *w, FILE *f);
void sim_render_json(const struct sim_world *w, FILE *f);

/*
 * What the DOT and mscgen views are drawn from (render_rows.c): the
 * changelog's lines, as rows, and the arrows between threads.
 */
enum sim_row_kind {
	SIM_ROW_FRAME,		/* a model function was entered */
	SIM_ROW_OP,		/* one operation (or identical ones, folded) */
	SIM_ROW_TEXT,		/* a pr_*() message */
	SIM_ROW_GAP,		/* "... 16 steps (82-97) ...": elided rows */
};

/**
 * struct sim_row - one line of one thread in a figure.
 * @kind: enum sim_row_kind.
 * @tid: the thread.
 * @depth: drawn frames around it.
 * @landmark: a lock, a free, a flag bit, the last reference: kept when
 *	      long runs are elided.
 * @keep: the end of a link or an oracle hit: never elided.
 * @step_first: SIM_ROW_OP: its step; SIM_ROW_GAP: the first step left out.
 * @step_last: the last one (differs for folds and gaps).
 * @repeat: SIM_ROW_OP: how many identical operations it stands for.
 * @steps: SIM_ROW_GAP: how many steps it stands for.
 * @oracles: bits of the oracles whose hit is drawn on this row.
 * @parent: the row of the drawn frame it is in, or -1.
 * @ev: the event (the first one of a fold), or -1.
 * @text: what the row says.
 */
struct sim_row {
	u8 kind;
	u8 tid;
	u8 depth;
	bool landmark;
	bool keep;
	unsigned int step_first, step_last;
	unsigned int repeat;
	unsigned int steps;
	unsigned int oracles;
	int parent;
	int ev;
	char text[192];
};

enum sim_link_kind {
	SIM_LINK_HANDOFF,	/* a lock released, then taken by another */
	SIM_LINK_WAKE,		/* a wake-up of a sleeper */
	SIM_LINK_ENABLE,	/* any other step that let a blocked one run */
	SIM_LINK_FREE,		/* an object freed, then touched: the UAF */
};

/**
 * struct sim_link - an arrow from one thread's operation to another's.
 * @kind: enum sim_link_kind.
 * @from: the event of the releasing (waking, freeing) operation.
 * @to: the event of the operation it let run (or that touched the object).
 * @from_row: rows of both ends in a struct sim_figure (-1 elsewhere).
 * @to_row: see @from_row.
 * @label: the lock or the object, for the arrow.
 */
struct sim_link {
	u8 kind;
	size_t from, to;
	int from_row, to_row;
	char label[48];
};

/**
 * struct sim_figure - rows and links of one execution.
 * @row: the rows, in trace order, of the threads drawn.
 * @nrows: how many.
 * @link: the links.
 * @nlinks: how many.
 * @used: the threads drawn.
 * @timed: a threads-engine trace (real times, no enabled masks).
 */
struct sim_figure {
	struct sim_row *row;
	size_t nrows;
	struct sim_link *link;
	size_t nlinks;
	bool used[SIM_MAX_THREADS];
	bool timed;
};

void sim_figure_build(const struct sim_world *w, int elide_max,
		      struct sim_figure *fig);
void sim_figure_free(struct sim_figure *fig);
size_t sim_links_find(const struct sim_world *w, struct sim_link **out);
bool *sim_frames_with_ops(const struct sim_world *w);
bool sim_trace_timed(const struct sim_world *w);
void sim_figure_title(const struct sim_world *w, char *buf, size_t len);
char *sim_verdict_text(const struct sim_world *w);
size_t sim_wrap(const char *s, size_t width);
void sim_thread_label(const struct sim_world *w, int tid, char *buf,
		      size_t len);

#endif /* _SIM_RENDER_H */
