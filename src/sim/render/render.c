// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/render/render.c - a trace drawn the way kernel changelogs draw races
 *
 * Simulator-only.
 *
 * DOC: The changelog diagram
 *
 * One column per thread, time running down, nested calls indented by two
 * spaces, a step number in the gutter of every operation:
 *
 *      step  V (victim)                    R (oom_reaper)
 *            exit_mm
 *        41    mmput
 *                                          __oom_reap_task_mm
 *        42                                  mmget_not_zero = 0
 *
 * Rules that keep it readable:
 *
 *  - a function that performs no seam operation is not drawn;
 *  - a function that performs exactly one, and calls nothing that does, is
 *    drawn on one line with that operation:
 *    "mmget_not_zero: atomic_inc_not_zero(mm_users) = 0"; not a thread's
 *    own body, whose name says nothing of the operation ("ab" would hide
 *    the mutex_lock(&a) it is made of);
 *  - a function that only passes through to one callee is drawn, but the
 *    pass-through functions it calls are not (unmap_page_range, not also
 *    zap_pmd_range);
 *  - a kernel thread that did nothing but sleep in its idle loop is left
 *    out;
 *  - repeated identical lines are folded: "ptep_get_and_clear(pte) = present
 *    x2";
 *  - an oracle is a "# name" note on the line where it fired, and its full
 *    message follows the diagram;
 *  - a line wider than its column wraps, indented, onto the next row, at a
 *    space or just after '(', '[' or ',' (sim_wrap()): a name, a number or
 *    a note is never cut; a column is as wide as its widest such token
 *    needs, and never narrower than its header;
 *  - the columns share 152 characters (a line of 160 with the step
 *    gutter): each is as wide as its longest line when they all fit, else
 *    the characters go where they save the most wrapped rows; a width
 *    asked for (--width) caps every column instead;
 *  - with elision on (sim_render_elide = N), a run of more than N lines of
 *    one thread keeps its first and last few lines, its landmarks (sleeping
 *    locks taken or released, objects freed, flag bits, the last reference
 *    dropped, notes) with the calls they are in, and says how many steps
 *    it left out.
 */
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "render.h"

int sim_render_width;
int sim_render_elide;
/* what the columns share, gaps included, when no width was asked for */
#define COL_BUDGET	152

struct line {
	int tid;
	int indent;
	bool landmark;
	bool pending;		/* an operation that never ran: the run ended */
	unsigned int step_first, step_last;
	unsigned int repeat;
	char text[200];
	char note[64];
};

struct lines {
	struct line *v;
	size_t nr, cap;
};

static struct line *line_add(struct lines *l)
{
	if (l->nr == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v) {
			perror("reaplab: render");
			exit(2);
		}
	}
	memset(&l->v[l->nr], 0, sizeof(l->v[0]));
	return &l->v[l->nr++];
}

/* Per ENTER event: does the frame do seam operations, and how? */
struct frame_info {
	int ops;		/* operations directly in this frame */
	int kids;		/* called frames that do operations */
	bool has_ops;		/* any operation, here or below */
	int only_op;		/* the event index of the single operation */
};

static struct frame_info *frame_scan(const struct sim_world *w)
{
	const struct sim_trace *tr = &w->trace;
	struct frame_info *fi = calloc(tr->nr + 1, sizeof(*fi));
	int stack[SIM_MAX_THREADS][SEAM_STACK_MAX * 2];
	int depth[SIM_MAX_THREADS] = { 0 };
	size_t i;
	int d;

	if (!fi) {
		perror("reaplab: render");
		exit(2);
	}
	for (i = 0; i < tr->nr; i++) {
		const struct sim_event *ev = &tr->ev[i];
		int t = ev->tid;

		if (t >= SIM_MAX_THREADS || ev->probe ||
		    (ev->type == SIM_EV_OP && ev->hidden))
			continue;
		switch (ev->type) {
		case SIM_EV_ENTER:
			if (depth[t] < SEAM_STACK_MAX * 2)
				stack[t][depth[t]] = i;
			depth[t]++;
			break;
		case SIM_EV_EXIT:
			if (depth[t] > 0)
				depth[t]--;
			if (depth[t] > 0 && depth[t] < SEAM_STACK_MAX * 2 &&
			    fi[stack[t][depth[t]]].has_ops)
				fi[stack[t][depth[t] - 1]].kids++;
			break;
		case SIM_EV_OP:
			if (!depth[t] || depth[t] > SEAM_STACK_MAX * 2)
				break;
			fi[stack[t][depth[t] - 1]].ops++;
			fi[stack[t][depth[t] - 1]].only_op = i;
			for (d = 0; d < depth[t]; d++)
				fi[stack[t][d]].has_ops = true;
			break;
		}
	}
	/* frames never left (a thread stopped inside them) count as callers */
	for (i = 0; i < SIM_MAX_THREADS; i++)
		for (d = 1; d < depth[i] && d < SEAM_STACK_MAX * 2; d++)
			if (fi[stack[i][d]].has_ops)
				fi[stack[i][d - 1]].kids++;
	return fi;
}

/**
 * sim_render_is_landmark() - an operation worth keeping when long runs are
 * elided (every view elides the same way).
 * @ev: an operation.
 */
bool sim_render_is_landmark(const struct sim_event *ev)
{
	const char *fn = ev->site ? ev->site->fn : "";

	switch (ev->kind) {
	case SEAM_FREE:
	case SEAM_MUTEX_LOCK:
	case SEAM_MUTEX_TRYLOCK:
	case SEAM_MUTEX_UNLOCK:
	case SEAM_DOWN_READ:
	case SEAM_DOWN_READ_TRYLOCK:
	case SEAM_UP_READ:
	case SEAM_DOWN_WRITE:
	case SEAM_DOWN_WRITE_TRYLOCK:
	case SEAM_UP_WRITE:
	case SEAM_DOWNGRADE_WRITE:
	case SEAM_SET_BIT:
	case SEAM_TEST_AND_SET_BIT:
	case SEAM_TEST_AND_CLEAR_BIT:
	case SEAM_ATOMIC_INC_NOT_ZERO:
		return true;
	case SEAM_TEST_BIT:
		return ev->result && ev->site &&
		       !strncmp(ev->site->what, "MMF_", 4);
	case SEAM_ATOMIC_ADD:
		return strstr(fn, "_and_test") && !ev->result;
	default:
		return false;
	}
}

/**
 * sim_render_is_body() - is @fn thread @tid's own body (a program's
 * thread function), rather than a function it calls?
 * @w: the world.
 * @tid: the thread.
 * @fn: a function entered (SIM_EV_ENTER's fn).
 */
bool sim_render_is_body(const struct sim_world *w, int tid, const void *fn)
{
	return tid >= 0 && tid < w->nthreads &&
	       fn == (const void *)w->threads[tid].fn;
}

/*
 * A livelock: the turn of the loop that repeats, drawn as a cycle.  Its
 * first line points back ("<-+"), and the last line, which never ran,
 * says what the loop waits for forever.
 */
static void cycle_lines(const struct sim_world *w, struct lines *out,
			const int *drawn, int t)
{
	const struct sim_thread *th = &w->threads[t];
	unsigned int first, last;
	char what[150];	/* fits ln->text with its prefix */
	struct line *ln;
	size_t i;

	if (!sim_spin_cycle(w, th, &first, &last))
		return;
	sim_await_text(w, &th->op, what, sizeof(what));
	for (i = 0; i < out->nr; i++) {
		ln = &out->v[i];
		if (ln->tid == t && ln->step_first == first &&
		    strlen(ln->text) + 5 < sizeof(ln->text)) {
			strcat(ln->text, "  <-+");
			ln->landmark = true;
		}
	}
	ln = line_add(out);
	ln->tid = t;
	ln->indent = drawn[t];
	ln->pending = true;
	ln->landmark = true;
	snprintf(ln->text, sizeof(ln->text),
		 "+-- back to step %u, forever: waits for %s", first, what);
}

/*
 * A run that ended with threads stuck (a deadlock): what each one waits
 * for is drawn last in its column, without a step number, since it never
 * ran.  In an ABBA deadlock that is the second acquisition of each side.
 */
static void pending_lines(const struct sim_world *w, struct lines *out,
			  const int *drawn)
{
	int t;

	if (w->stop != SIM_STOP_NONE || sim_trace_timed(w) ||
	    !(w->verdict.fired & (EXPECT(ORACLE_DEADLOCK) |
				  EXPECT(ORACLE_LIVELOCK))))
		return;
	for (t = 0; t < w->nthreads; t++) {
		const struct sim_thread *th = &w->threads[t];
		char what[128], who[32];
		struct line *ln;

		if (!sim_thread_stuck(w, th))
			continue;
		if (th->op.kind == SEAM_AWAIT) {
			cycle_lines(w, out, drawn, t);
			continue;
		}
		sim_pending_text(&th->op, what, sizeof(what));
		sim_blocker_text(w, t, who, sizeof(who));
		ln = line_add(out);
		ln->tid = t;
		ln->indent = drawn[t];
		ln->pending = true;
		ln->landmark = true;
		snprintf(ln->text, sizeof(ln->text), "%s: never returns%s%s",
			 what, who[0] ? ", " : "", who);
	}
}

static void build_lines(const struct sim_world *w, struct lines *out)
{
	const struct sim_trace *tr = &w->trace;
	struct frame_info *fi = frame_scan(w);
	/* per thread: the frames being drawn; 1 = drawn, 2 = collapsed, 0 = hidden */
	u8 kind[SIM_MAX_THREADS][SEAM_STACK_MAX * 2];
	const void *fn[SIM_MAX_THREADS][SEAM_STACK_MAX * 2];
	int depth[SIM_MAX_THREADS] = { 0 }, drawn[SIM_MAX_THREADS] = { 0 };
	size_t i;

	for (i = 0; i < tr->nr; i++) {
		const struct sim_event *ev = &tr->ev[i];
		int t = ev->tid;
		struct line *ln;
		char text[200];

		if ((ev->probe && ev->type != SIM_EV_ORACLE) ||
		    (ev->type == SIM_EV_OP && ev->hidden))
			continue;
		if (t >= SIM_MAX_THREADS)
			t = -1;
		switch (ev->type) {
		case SIM_EV_ENTER: {
			bool pass = !fi[i].ops && fi[i].kids == 1;
			bool parent_pass = depth[t] > 0 &&
					   depth[t] <= SEAM_STACK_MAX * 2 &&
					   kind[t][depth[t] - 1] >= 3;
			u8 k = !fi[i].has_ops ? 0 :
			       (fi[i].ops == 1 && !fi[i].kids &&
				!sim_render_is_body(w, t, ev->fn)) ? 2 :
			       pass ? (parent_pass ? 4 : 3) : 1;

			if (depth[t] < SEAM_STACK_MAX * 2) {
				kind[t][depth[t]] = k;
				fn[t][depth[t]] = ev->fn;
			}
			depth[t]++;
			if (k != 1 && k != 3)
				break;
			ln = line_add(out);
			ln->tid = t;
			ln->indent = drawn[t]++;
			snprintf(ln->text, sizeof(ln->text), "%s",
				 sim_symbol(ev->fn));
			break;
		}
		case SIM_EV_EXIT:
			if (depth[t] > 0)
				depth[t]--;
			if (depth[t] < SEAM_STACK_MAX * 2 &&
			    (kind[t][depth[t]] == 1 || kind[t][depth[t]] == 3) &&
			    drawn[t] > 0)
				drawn[t]--;
			break;
		case SIM_EV_OP:
			sim_op_text(ev, text, sizeof(text));
			ln = line_add(out);
			ln->tid = t;
			ln->indent = drawn[t];
			ln->step_first = ln->step_last = ev->step;
			if (depth[t] > 0 && depth[t] <= SEAM_STACK_MAX * 2 &&
			    kind[t][depth[t] - 1] == 2) {
				char brief[160];

				/* a bad access says what it did */
				if (ev->kind == SEAM_BAD)
					sim_op_text(ev, brief, sizeof(brief));
				else
					sim_op_brief(ev, brief, sizeof(brief));
				snprintf(ln->text, sizeof(ln->text), "%s%s%s",
					 sim_symbol(fn[t][depth[t] - 1]),
					 brief[0] ? ": " : "", brief);
			} else
				snprintf(ln->text, sizeof(ln->text), "%s", text);
			ln->landmark = sim_render_is_landmark(ev);
			break;
		case SIM_EV_TRACE:
			if (ev->kind != SEAM_TRACE_PR || t < 0)
				break;
			ln = line_add(out);
			ln->tid = t;
			ln->indent = drawn[t];
			snprintf(ln->text, sizeof(ln->text), "%s: %s",
				 ev->site->fn, sim_trace_msg(tr, ev->msg));
			break;
		default:
			break;
		}
	}
	free(fi);
	pending_lines(w, out, drawn);
}

/* Fold runs of identical lines of one thread. */
static void fold(struct lines *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->nr; i++) {
		struct line *prev = n ? &l->v[n - 1] : NULL;
		struct line *cur = &l->v[i];

		if (prev && prev->tid == cur->tid &&
		    prev->indent == cur->indent && prev->step_first &&
		    cur->step_first && !strcmp(prev->text, cur->text)) {
			prev->repeat = prev->repeat ? prev->repeat + 1 : 2;
			prev->step_last = cur->step_last;
			continue;
		}
		l->v[n++] = *cur;
	}
	l->nr = n;
}

/*
 * Elide the middle of long runs of one thread's lines (see the DOC).  A
 * line standing for the elided part is added, with the range of steps.
 */
static void elide(struct lines *l, int max)
{
	size_t i = 0, n = 0;
	bool *keep = calloc(l->nr + 1, sizeof(*keep));

	if (!keep)
		return;
	while (i < l->nr) {
		size_t j = i, k, edge = 3;
		unsigned int first = 0, last = 0, steps = 0;

		while (j < l->nr && l->v[j].tid == l->v[i].tid)
			j++;
		for (k = i; k < j; k++) {
			keep[k] = j - i <= (size_t)max || k < i + edge ||
				  k >= j - edge || l->v[k].note[0] ||
				  l->v[k].landmark;
			/* keep the calls a kept line is in */
			if (keep[k] && !l->v[k].step_first)
				continue;
			if (keep[k]) {
				size_t m = k;
				int ind = l->v[k].indent;

				while (m-- > i && ind > 0) {
					if (l->v[m].step_first ||
					    l->v[m].indent >= ind)
						continue;
					keep[m] = true;
					ind = l->v[m].indent;
				}
			}
		}
		/* a gap of fewer than four lines is not worth its own line */
		for (k = i; k < j;) {
			size_t e = k;

			if (keep[k]) {
				k++;
				continue;
			}
			while (e < j && !keep[e])
				e++;
			if (e - k < 4)
				while (k < e)
					keep[k++] = true;
			k = e;
		}
		for (k = i; k < j; k++) {
			if (keep[k]) {
				if (steps) {
					struct line *gap = &l->v[n++];

					memset(gap, 0, sizeof(*gap));
					gap->tid = l->v[i].tid;
					gap->indent = l->v[k].indent;
					snprintf(gap->text, sizeof(gap->text),
						 "... %u step%s (%u-%u) ...",
						 steps, steps == 1 ? "" : "s",
						 first, last);
					steps = 0;
				}
				l->v[n++] = l->v[k];
				continue;
			}
			if (l->v[k].step_first) {
				if (!steps)
					first = l->v[k].step_first;
				last = l->v[k].step_last;
				steps += l->v[k].step_last - l->v[k].step_first + 1;
			}
		}
		if (steps) {
			struct line *gap = &l->v[n++];

			memset(gap, 0, sizeof(*gap));
			gap->tid = l->v[i].tid;
			snprintf(gap->text, sizeof(gap->text),
				 "... %u step%s (%u-%u) ...", steps,
				 steps == 1 ? "" : "s", first, last);
		}
		i = j;
	}
	l->nr = n;
	free(keep);
}

/* Put each oracle's "# name" on the line of the step where it fired. */
static void attach_notes(const struct sim_world *w, struct lines *l)
{
	int o;

	for (o = 0; o < ORACLE_NR; o++) {
		const struct sim_hit *hit = &w->verdict.hit[o];
		struct line *best = NULL;
		size_t i;

		if (!(w->verdict.fired & (1u << o)))
			continue;
		for (i = 0; i < l->nr; i++) {
			struct line *ln = &l->v[i];

			/* a thread stuck for good: on what it waits for */
			if (ln->pending && ln->tid == hit->tid &&
			    (o == ORACLE_DEADLOCK || o == ORACLE_LIVELOCK)) {
				best = ln;
				break;
			}
			if (!ln->step_first || ln->step_first > hit->step)
				continue;
			if (hit->tid >= 0 && ln->tid != hit->tid)
				continue;
			best = ln;
		}
		if (!best && l->nr)
			best = &l->v[l->nr - 1];
		/* \001 is a space the line wrapper must not break at */
		if (best && !best->note[0])
			snprintf(best->note, sizeof(best->note), "#\001%s",
				 sim_oracle_name(o));
	}
}

/* An operation of a kernel thread's idle loop: wait_event() and nothing else. */
static bool is_idle_op(const struct sim_event *ev)
{
	return ev->kind == SEAM_PREPARE_TO_WAIT || ev->kind == SEAM_SCHEDULE ||
	       (ev->kind == SEAM_READ_ONCE && !ev->result);
}

static void print_row(FILE *f, const char *gutter, const char **cells,
		      const int *width, int ncols)
{
	int c, last = ncols - 1;

	while (last > 0 && !cells[last][0])
		last--;
	fprintf(f, "%6s  ", gutter);
	for (c = 0; c <= last; c++) {
		const char *p;
		int n = 0;

		for (p = cells[c]; *p; p++, n++)
			fputc(*p == '\001' ? ' ' : *p, f);
		if (c != last)
			fprintf(f, "%*s", width[c] - n + 2, "");
	}
	fputc('\n', f);
}

/*
 * Continuation rows go 4 further in than the line they continue, always
 * (a next line goes at most 2 further in): a reader, or a check, tells
 * them apart by that alone.
 */
static int cont_indent(const struct line *ln)
{
	return 2 * ln->indent + 4;
}

/*
 * Cut @ln's text into the rows of a column @width wide; @row (may be NULL)
 * is called with each piece.  Return: by how much the widest piece is wider
 * than its room, 0 when the column is wide enough for every token.
 */
static int wrap_line(const struct line *ln, int width,
		     void (*row)(void *arg, int indent, const char *p, int n),
		     void *arg)
{
	const char *p = ln->text;
	int pad = 2 * ln->indent, excess = 0;

	do {
		int avail = width - pad > 0 ? width - pad : 0;
		int take = sim_wrap(p, avail);

		if (take - avail > excess)
			excess = take - avail;
		if (row)
			row(arg, pad, p, take);
		p += take;
		while (*p == ' ')
			p++;
		pad = cont_indent(ln);
	} while (*p);
	return excess;
}

/*
 * The narrowest width from @from up at which no line of column @c has a
 * token cut: widen by what the widest piece lacks until nothing does.
 */
static int fit_column(const struct lines *l, const int *col, int c, int from)
{
	int width = from, more;
	size_t i;

	do {
		more = 0;
		for (i = 0; i < l->nr; i++) {
			const struct line *ln = &l->v[i];
			int e;

			if (ln->tid < 0 || col[ln->tid] != c)
				continue;
			e = wrap_line(ln, width, NULL, NULL);
			if (e > more)
				more = e;
		}
		width += more;
	} while (more);
	return width;
}

struct row_out {
	FILE *f;
	const char *gutter;
	const int *width;
	int ncols, cc;
};

static void emit_row(void *arg, int indent, const char *p, int n)
{
	struct row_out *o = arg;
	const char *cells[SIM_MAX_THREADS];
	char chunk[sizeof(((struct line *)0)->text) + 128];
	int c;

	for (c = 0; c < o->ncols; c++)
		cells[c] = "";
	snprintf(chunk, sizeof(chunk), "%*s%.*s", indent, "", n, p);
	cells[o->cc] = chunk;
	print_row(o->f, o->gutter, cells, o->width, o->ncols);
	o->gutter = "";
}

static void count_row(void *arg, int indent, const char *p, int n)
{
	(void)indent;
	(void)p;
	(void)n;
	++*(int *)arg;
}

/* How many rows column @c takes at @width. */
static int column_rows(const struct lines *l, const int *col, int c,
		       int width)
{
	int rows = 0;
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].tid >= 0 && col[l->v[i].tid] == c)
			wrap_line(&l->v[i], width, count_row, &rows);
	return rows;
}

/*
 * The width of each column: its longest line when the columns all fit in
 * COL_BUDGET (or under --width); else, from the narrowest width that cuts
 * no token (fit_column(), never below the header), the budget goes where
 * a column of width saves the most wrapped rows.
 */
static void layout(const struct lines *l, const int *col, int ncols,
		   char head[][64], int *width)
{
	int natural[SIM_MAX_THREADS], least[SIM_MAX_THREADS];
	int c, total;
	size_t i;

	for (c = 0; c < ncols; c++) {
		natural[c] = strlen(head[c]);
		least[c] = fit_column(l, col, c, natural[c]);
	}
	for (i = 0; i < l->nr; i++) {
		const struct line *ln = &l->v[i];
		int len;

		if (ln->tid < 0 || col[ln->tid] < 0)
			continue;
		len = 2 * ln->indent + strlen(ln->text);
		if (len > natural[col[ln->tid]])
			natural[col[ln->tid]] = len;
	}
	for (c = 0; c < ncols; c++) {
		width[c] = natural[c];
		if (sim_render_width && width[c] > sim_render_width)
			width[c] = sim_render_width;
	}
	for (total = 2 * (ncols - 1), c = 0; c < ncols; c++)
		total += width[c];
	if (!sim_render_width && total > COL_BUDGET) {
		/*
		 * From the narrowest widths, give the budget out where it saves
		 * the most rows per column of width.
		 */
		for (total = 2 * (ncols - 1), c = 0; c < ncols; c++) {
			width[c] = least[c];
			total += width[c];
		}
		for (;;) {
			int best = -1, best_k = 1, best_drop = 0;

			for (c = 0; c < ncols; c++) {
				int now = column_rows(l, col, c, width[c]), k;

				for (k = 1; width[c] + k <= natural[c] &&
				     total + k <= COL_BUDGET; k++) {
					int drop = now - column_rows(l, col, c,
								     width[c] + k);

					if (drop <= 0)
						continue;
					if (drop * best_k > best_drop * k) {
						best = c;
						best_k = k;
						best_drop = drop;
					}
					break;
				}
			}
			if (best < 0)
				break;
			width[best] += best_k;
			total += best_k;
		}
	}
	for (c = 0; c < ncols; c++)
		width[c] = fit_column(l, col, c, width[c] > least[c] ?
				      width[c] : least[c]);
}

/**
 * sim_render_drawn() - which threads of @w's last execution get a column:
 * every thread but a kernel thread that only idled (wait_event() and
 * nothing else), and any thread an oracle named.
 * @w: the world.
 * @used: SIM_MAX_THREADS of them, filled.
 */
void sim_render_drawn(const struct sim_world *w, bool *used)
{
	size_t i;

	memset(used, 0, SIM_MAX_THREADS * sizeof(*used));
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_ORACLE && ev->tid < SIM_MAX_THREADS)
			used[ev->tid] = true;
		if (ev->type != SIM_EV_OP || ev->probe ||
		    ev->tid >= SIM_MAX_THREADS)
			continue;
		if (!(w->threads[ev->tid].flags & SIM_T_DAEMON) ||
		    !is_idle_op(ev))
			used[ev->tid] = true;
	}
}

/**
 * sim_render_changelog() - draw @w's last execution (see DOC: The
 * changelog diagram).
 * @w: the world; its trace must have been recorded with frames.
 * @f: where to write.
 */
void sim_render_changelog(const struct sim_world *w, FILE *f)
{
	struct lines l = { 0 };
	int col[SIM_MAX_THREADS], ncols = 0, width[SIM_MAX_THREADS];
	const char *cells[SIM_MAX_THREADS];
	char head[SIM_MAX_THREADS][64];
	char *rule[SIM_MAX_THREADS];
	bool used[SIM_MAX_THREADS];
	size_t i;
	int c, t;

	build_lines(w, &l);
	fold(&l);
	attach_notes(w, &l);
	if (sim_render_elide > 0)
		elide(&l, sim_render_elide);
	sim_render_drawn(w, used);
	for (t = 0; t < w->nthreads; t++) {
		col[t] = -1;
		if (!used[t])
			continue;
		snprintf(head[ncols], sizeof(head[ncols]), "%c (%s)",
			 w->threads[t].letter, w->threads[t].name);
		col[t] = ncols++;
	}
	for (i = 0; i < l.nr; i++) {
		struct line *ln = &l.v[i];

		if (ln->tid < 0 || col[ln->tid] < 0)
			continue;
		if (ln->repeat) {
			size_t n = strlen(ln->text);

			snprintf(ln->text + n, sizeof(ln->text) - n, " x%u",
				 ln->repeat);
		}
		if (ln->note[0]) {
			size_t n = strlen(ln->text);

			snprintf(ln->text + n, sizeof(ln->text) - n, "  %s",
				 ln->note);
		}
	}
	layout(&l, col, ncols, head, width);

	for (c = 0; c < ncols; c++)
		cells[c] = head[c];
	print_row(f, "step", cells, width, ncols);
	for (c = 0; c < ncols; c++) {
		rule[c] = malloc(width[c] + 1);
		if (!rule[c]) {
			perror("reaplab: render");
			exit(2);
		}
		memset(rule[c], '-', width[c]);
		rule[c][width[c]] = 0;
		cells[c] = rule[c];
	}
	print_row(f, "", cells, width, ncols);
	for (c = 0; c < ncols; c++)
		free(rule[c]);

	for (i = 0; i < l.nr; i++) {
		struct line *ln = &l.v[i];
		char gutter[32] = "";
		struct row_out o = { f, gutter, width, ncols, 0 };

		if (ln->tid < 0 || col[ln->tid] < 0)
			continue;
		o.cc = col[ln->tid];
		if (ln->step_first && ln->step_last != ln->step_first)
			snprintf(gutter, sizeof(gutter), "%u-%u", ln->step_first,
				 ln->step_last);
		else if (ln->step_first)
			snprintf(gutter, sizeof(gutter), "%u", ln->step_first);
		wrap_line(ln, width[o.cc], emit_row, &o);
	}
	free(l.v);
}

/**
 * sim_render_no_race() - the sentence for a counterexample that no single
 * race decides.
 * @f: where to write.
 * @tried: races reversed, each still firing the oracle (maybe none).
 * @oracle: the oracle.
 */
void sim_render_no_race(FILE *f, unsigned int tried, int oracle)
{
	const char *name = sim_oracle_name(oracle);

	if (!tried)
		fprintf(f, "No race decides it: no two of its steps conflict, so their order does not matter; %s follows from how far each thread got.\n",
			name);
	else if (tried == 1)
		fprintf(f, "No single race decides it: its one race, reversed, still fires %s.\n",
			name);
	else
		fprintf(f, "No single race decides it: every one of its %u races, reversed, still fires %s.\n",
			tried, name);
}

/**
 * sim_render_verdict() - the oracles that fired, one paragraph each.
 * @w: the world after a run.
 * @f: where to write.
 */
void sim_render_verdict(const struct sim_world *w, FILE *f)
{
	int o;

	if (w->stop == SIM_STOP_DIVERGED || w->stop == SIM_STOP_LIMIT) {
		fprintf(f, "Run cut short: %s\n", w->stop_msg);
		return;
	}
	if (w->verdict.na) {
		fprintf(f, "Verdict: n/a (the scenario cannot exist in %s)\n",
			w->era->id);
		return;
	}
	if (!w->verdict.fired) {
		fprintf(f, "Verdict: clean (no oracle fired)\n");
		return;
	}
	fprintf(f, "Verdict:");
	for (o = 0; o < ORACLE_NR; o++)
		if (w->verdict.fired & (1u << o))
			fprintf(f, " %s", sim_oracle_name(o));
	fputc('\n', f);
	for (o = 0; o < ORACLE_NR; o++) {
		const struct sim_hit *hit = &w->verdict.hit[o];

		if (!(w->verdict.fired & (1u << o)))
			continue;
		fprintf(f, "  %s", sim_oracle_name(o));
		if (hit->step)
			fprintf(f, " (step %u)", hit->step);
		fprintf(f, ": %s\n", hit->msg);
	}
}
