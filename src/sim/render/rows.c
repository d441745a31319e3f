// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/render/rows.c - the rows and arrows the figures are drawn from
 *
 * Simulator-only.
 *
 * DOC: Rows and links
 *
 * The DOT and mscgen views draw what the changelog diagram draws (see DOC:
 * The changelog diagram in render.c), by the same rules: functions that do
 * no seam operation are left out, one-operation functions share a line
 * with their operation, pass-through chains show their first function,
 * identical lines fold into "x2", idle kernel threads are left out, and
 * long runs of one thread are elided down to their landmarks.  Each line
 * is a struct sim_row.
 *
 * What a picture adds to the text is the arrows between threads, struct
 * sim_link, found from the trace alone:
 *
 *  - enable: in the coop engine every step records which threads could
 *    have run (sim_event.enabled).  When a thread's pending operation was
 *    blocked and then became runnable, the step in between is what let it
 *    run: the up_write() its down_read() waited for, the wake_up() of its
 *    schedule().  That step gets an arrow to the operation, labelled with
 *    the lock;
 *  - hand-off: a sleeping lock released by one thread and next taken by
 *    another, writer on either side (a reader following a reader passed
 *    nothing on), even when the taker never had to wait;
 *  - wake-up: a wake_up() or wake_up_process() that woke someone, to the
 *    next operation of the woken thread;
 *  - free: for a use-after-free, the kfree() of the object, to the touch.
 *
 * Every operation gets at most one incoming arrow (the first reason in
 * that order, the free first of all), and both ends of an arrow and every
 * oracle hit are kept when long runs are elided.
 */
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "../engine/schedule.h"
#include "render.h"

#define STK		(SEAM_STACK_MAX * 2)

int sim_render_fig_elide = 10;
const char *sim_render_title;

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p) {
		perror("reaplab: render");
		exit(2);
	}
	return p;
}

/* Not drawn: the lost-wake-up probe after the run, and hidden events. */
static bool is_event_drawn(const struct sim_event *ev)
{
	return !ev->probe && !ev->hidden && ev->tid < SIM_MAX_THREADS;
}

/**
 * sim_trace_timed() - was @w's last trace recorded on real threads?
 * @w: the world.
 *
 * The coop engine records, with every step, the threads that could have
 * run it, the running one at least; the threads engine records times
 * instead.
 *
 * Return: true for a threads-engine trace.
 */
bool sim_trace_timed(const struct sim_world *w)
{
	size_t i;

	for (i = 0; i < w->trace.nr; i++)
		if (w->trace.ev[i].type == SIM_EV_OP && !w->trace.ev[i].probe)
			return !w->trace.ev[i].enabled;
	return false;
}

/* --- frames ----------------------------------------------------------- */

/* What a function entry (an ENTER event) did before it returned. */
struct frame {
	int ops;		/* operations directly in it */
	int kids;		/* called functions that did operations */
	bool has_ops;		/* any operation, in it or below */
};

static struct frame *frame_scan(const struct sim_world *w)
{
	const struct sim_trace *tr = &w->trace;
	struct frame *fr = xcalloc(tr->nr, sizeof(*fr));
	size_t stack[SIM_MAX_THREADS][STK];
	int depth[SIM_MAX_THREADS] = { 0 };
	size_t i;
	int t, d;

	for (i = 0; i < tr->nr; i++) {
		const struct sim_event *ev = &tr->ev[i];

		if (!is_event_drawn(ev))
			continue;
		t = ev->tid;
		switch (ev->type) {
		case SIM_EV_ENTER:
			if (depth[t] < STK)
				stack[t][depth[t]] = i;
			depth[t]++;
			break;
		case SIM_EV_EXIT:
			if (depth[t] > 0)
				depth[t]--;
			d = depth[t];
			if (d > 0 && d < STK && fr[stack[t][d]].has_ops)
				fr[stack[t][d - 1]].kids++;
			break;
		case SIM_EV_OP:
			if (!depth[t] || depth[t] > STK)
				break;
			fr[stack[t][depth[t] - 1]].ops++;
			for (d = 0; d < depth[t]; d++)
				fr[stack[t][d]].has_ops = true;
			break;
		}
	}
	/* a function a thread never left (it stopped in it) calls its callee */
	for (t = 0; t < SIM_MAX_THREADS; t++)
		for (d = 1; d < depth[t] && d < STK; d++)
			if (fr[stack[t][d]].has_ops)
				fr[stack[t][d - 1]].kids++;
	return fr;
}

/**
 * sim_frames_with_ops() - which function entries did seam operations.
 * @w: the world after a run.
 *
 * Return: an array indexed like @w's trace, true at every SIM_EV_ENTER
 * whose function did an operation itself or in a callee; free() it.
 */
bool *sim_frames_with_ops(const struct sim_world *w)
{
	struct frame *fr = frame_scan(w);
	bool *out = xcalloc(w->trace.nr, sizeof(*out));
	size_t i;

	for (i = 0; i < w->trace.nr; i++)
		out[i] = fr[i].has_ops;
	free(fr);
	return out;
}

/* --- names ------------------------------------------------------------ */

/**
 * sim_thread_label() - "A (allocating task)".
 * @w: the world.
 * @tid: the thread.
 * @buf: output.
 * @len: its size.
 */
void sim_thread_label(const struct sim_world *w, int tid, char *buf,
		      size_t len)
{
	snprintf(buf, len, "%c (%s)", w->threads[tid].letter,
		 w->threads[tid].name);
}

/**
 * sim_figure_title() - the title of a figure of @w's last run.
 * @w: the world.
 * @buf: output; '\n' separates lines.
 * @len: its size.
 *
 * sim_render_title when it is set; otherwise the era, the scenario and
 * the schedule, which for a coop run replays the figure exactly.
 */
void sim_figure_title(const struct sim_world *w, char *buf, size_t len)
{
	char sched[1024];

	if (sim_render_title) {
		snprintf(buf, len, "%s", sim_render_title);
		return;
	}
	if (sim_trace_timed(w)) {
		snprintf(buf, len, "%s/%s on real threads (%u steps)",
			 w->era->id, w->scn_name, w->run_steps);
		return;
	}
	sim_schedule_from_trace(w, false, sched, sizeof(sched));
	snprintf(buf, len, "%s/%s, schedule %s (%u steps)", w->era->id,
		 w->scn_name, sched, w->run_steps);
}

/**
 * sim_verdict_text() - what sim_render_verdict() prints, as a string.
 * @w: the world after a run.
 *
 * Return: a malloc()ed string, one line per oracle, ending in '\n'.
 */
char *sim_verdict_text(const struct sim_world *w)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f) {
		perror("reaplab: render");
		exit(2);
	}
	sim_render_verdict(w, f);
	fclose(f);
	return buf;
}

/*
 * May a line be cut before s[k]?  At a space (the first of a run, and not
 * one of the " = " before a result), or,
 * when @brackets, after an opening bracket or a comma that something other
 * than a closing bracket follows: "atomic_long_read(" / "rss_stat[" /
 * "member]) = 4".  Never inside a name or a number, and never at \001,
 * the space the diagram's notes use that must stay ("#\001use-after-free").
 */
static bool wrap_point(const char *s, size_t k, bool brackets)
{
	if (!k || !s[k])
		return false;
	/* "f(x) = 1" keeps its result: not around the " = " */
	if (s[k] == ' ')
		return s[k - 1] != ' ' && strncmp(s + k, " = ", 3) &&
		       !(k >= 2 && !strncmp(s + k - 2, " =", 2));
	return brackets && strchr("([,", s[k - 1]) && !strchr(")] ", s[k]);
}

/**
 * sim_wrap() - where to cut a line of text to fit @width columns.
 * @s: the text.
 * @width: columns available.
 *
 * At the last place that fits where a cut splits no token: a space (one
 * that leaves the piece shorter than @width), or, when no space fits, just
 * after '(', '[' or ','.  When no such place fits (a token alone is
 * wider than @width), at the first one after it, so that the piece comes
 * out wider than @width instead of cut: the caller widens its column (see
 * sim_render_changelog()) or lets the line run long.
 *
 * Return: the length of the first piece (all of @s when it fits or
 * cannot be cut).
 */
size_t sim_wrap(const char *s, size_t width)
{
	size_t n = strlen(s), k;

	if (n <= width)
		return n;
	/*
	 * A space keeps a call whole: "zone_watermark_ok:" / "atomic_...(x)".
	 * Not at the very edge: a piece that fills its width and goes on
	 * with a name on the next row would look like a cut name.
	 */
	for (k = width ? width - 1 : 0; k > 0; k--)
		if (wrap_point(s, k, false))
			return k;
	for (k = width; k > 0; k--)
		if (wrap_point(s, k, true))
			return k;
	for (k = width + 1; k < n; k++)
		if (wrap_point(s, k, true))
			return k;
	return n;
}

/* The last name of a lock or object: "&mm->mmap_sem" -> "mmap_sem". */
static void short_name(const char *s, char *buf, size_t len)
{
	const char *p, *last = s;

	for (p = s; *p; p++)
		if (p[0] == '-' && p[1] == '>')
			last = p + 2;
		else if (p[0] == '.' && p[1])
			last = p + 1;
	while (*last == '&' || *last == '*' || *last == '(')
		last++;
	snprintf(buf, len, "%s", last);
	/* "(oom_reaper_wait))" and the like lose their closing parentheses */
	for (len = strlen(buf); len && buf[len - 1] == ')'; len--)
		buf[len - 1] = 0;
}

/* What a lock operation acts on, for an arrow's label. */
static void lock_label(const struct sim_event *ev, char *buf, size_t len)
{
	const char *what = ev->site ? ev->site->what : "";

	if (ev->site && !strncmp(ev->site->fn, "mmap_", 5)) {
		snprintf(buf, len, "mmap_lock");
		return;
	}
	if (what[0] == '*' && ev->fn)
		what = ev->fn;
	short_name(what, buf, len);
}

/* --- links ------------------------------------------------------------ */

static bool is_release(int kind)
{
	return kind == SEAM_SPIN_UNLOCK || kind == SEAM_MUTEX_UNLOCK ||
	       kind == SEAM_UP_READ || kind == SEAM_UP_WRITE ||
	       kind == SEAM_DOWNGRADE_WRITE;
}

/* A sleeping lock taken (a trylock only when it succeeded). */
static bool is_sleeping_acquire(const struct sim_event *ev)
{
	switch (ev->kind) {
	case SEAM_MUTEX_LOCK:
	case SEAM_DOWN_READ:
	case SEAM_DOWN_WRITE:
		return true;
	case SEAM_MUTEX_TRYLOCK:
	case SEAM_DOWN_READ_TRYLOCK:
	case SEAM_DOWN_WRITE_TRYLOCK:
		return ev->result;
	default:
		return false;
	}
}

static bool is_sleeping_release(int kind)
{
	return is_release(kind) && kind != SEAM_SPIN_UNLOCK;
}

/* Does the hand-off from @rel to @acq order anything (a writer on a side)? */
static bool excludes(const struct sim_event *rel, const struct sim_event *acq)
{
	return rel->kind != SEAM_UP_READ || acq->kind == SEAM_DOWN_WRITE ||
	       acq->kind == SEAM_DOWN_WRITE_TRYLOCK;
}

/* When an operation took effect: its step, or on real threads its end. */
static u64 when(const struct sim_event *ev, bool timed)
{
	return timed ? ev->ns + ev->dur : ev->step;
}

struct links {
	struct sim_link *v;
	size_t nr, cap;
	const struct sim_world *w;
	long *into;		/* per event: the link into it, or -1 */
};

static void link_add(struct links *l, int kind, size_t from, size_t to,
		     const char *label)
{
	struct sim_link *k;

	if (l->into[to] >= 0 || from == to)
		return;
	if (l->nr == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = realloc(l->v, l->cap * sizeof(*l->v));
		if (!l->v) {
			perror("reaplab: render");
			exit(2);
		}
	}
	k = &l->v[l->nr];
	memset(k, 0, sizeof(*k));
	k->kind = kind;
	k->from = from;
	k->to = to;
	k->from_row = k->to_row = -1;
	snprintf(k->label, sizeof(k->label), "%s", label);
	l->into[to] = l->nr++;
}

/* The next operation of @tid after event @i, or -1. */
static long next_op_of(const struct sim_world *w, size_t i, int tid)
{
	for (i++; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_OP && is_event_drawn(ev) &&
		    ev->tid == tid)
			return i;
	}
	return -1;
}

/* The kfree() of the object a use-after-free touched. */
static void links_free(struct links *l)
{
	const struct sim_world *w = l->w;
	const struct sim_hit *hit = &w->verdict.hit[ORACLE_UAF];
	const struct sim_obj *o;
	size_t i, touch = 0;
	bool found = false;
	char what[64];

	if (!(w->verdict.fired & EXPECT(ORACLE_UAF)) || !hit->step)
		return;
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_OP && is_event_drawn(ev) &&
		    ev->step == hit->step && ev->tid == hit->tid) {
			touch = i;
			found = true;
			break;
		}
	}
	if (!found)
		return;
	o = sim_obj_of(w->trace.ev[touch].obj);
	if (!o)
		return;
	for (i = touch; i-- > 0;) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || ev->kind != SEAM_FREE ||
		    !is_event_drawn(ev) || sim_obj_of(ev->obj) != o)
			continue;
		sim_obj_describe(ev->obj, what, sizeof(what));
		link_add(l, SIM_LINK_FREE, i, touch, what);
		return;
	}
}

/* Coop: the step after which a blocked pending operation could run. */
static void links_enable(struct links *l, const size_t *ops, size_t nops)
{
	const struct sim_world *w = l->w;
	long prev[SIM_MAX_THREADS];
	size_t j, k;
	char label[48];

	for (j = 0; j < SIM_MAX_THREADS; j++)
		prev[j] = -1;
	for (j = 0; j < nops; j++) {
		const struct sim_event *ev = &w->trace.ev[ops[j]];
		int t = ev->tid;

		for (k = j; k-- > 0 && (long)k > prev[t];) {
			const struct sim_event *by = &w->trace.ev[ops[k]];

			if (by->enabled & (1u << t))
				continue;
			if (is_release(by->kind)) {
				lock_label(by, label, sizeof(label));
				link_add(l, SIM_LINK_HANDOFF, ops[k], ops[j],
					 label);
			} else if (by->kind == SEAM_WAKE_UP ||
				   by->kind == SEAM_WAKE_UP_PROCESS) {
				link_add(l, SIM_LINK_WAKE, ops[k], ops[j],
					 by->site->fn);
			} else if (by->kind == SEAM_FREE) {
				sim_obj_describe(by->obj, label, sizeof(label));
				link_add(l, SIM_LINK_ENABLE, ops[k], ops[j],
					 label);
			} else {
				link_add(l, SIM_LINK_ENABLE, ops[k], ops[j],
					 by->site->fn);
			}
			break;
		}
		prev[t] = j;
	}
}

/* Sleeping locks passed from one thread to another, waiting or not. */
static void links_handoff(struct links *l, const size_t *ops, size_t nops,
			  bool timed)
{
	const struct sim_world *w = l->w;
	size_t j, k;
	char label[48];

	for (j = 0; j < nops; j++) {
		const struct sim_event *acq = &w->trace.ev[ops[j]];
		const struct sim_event *rel = NULL;
		size_t from = 0;
		u64 best = 0;
		bool direct = true;

		if (!is_sleeping_acquire(acq) || l->into[ops[j]] >= 0)
			continue;
		/* the last release before it, by time of effect */
		for (k = 0; k < nops; k++) {
			const struct sim_event *ev = &w->trace.ev[ops[k]];

			if (k == j || ev->obj != acq->obj ||
			    !is_sleeping_release(ev->kind) ||
			    when(ev, timed) >= when(acq, timed))
				continue;
			if (!rel || when(ev, timed) >= best) {
				rel = ev;
				from = ops[k];
				best = when(ev, timed);
			}
		}
		if (!rel || rel->tid == acq->tid || !excludes(rel, acq))
			continue;
		/* and nobody took the lock in between */
		for (k = 0; k < nops && direct; k++) {
			const struct sim_event *ev = &w->trace.ev[ops[k]];

			if (k != j && ev->obj == acq->obj &&
			    is_sleeping_acquire(ev) &&
			    when(ev, timed) > best &&
			    when(ev, timed) < when(acq, timed))
				direct = false;
		}
		if (!direct)
			continue;
		lock_label(rel, label, sizeof(label));
		link_add(l, SIM_LINK_HANDOFF, from, ops[j], label);
	}
}

/* A wake-up that woke someone, to the woken thread's next operation. */
static void links_wake(struct links *l, const size_t *ops, size_t nops)
{
	const struct sim_world *w = l->w;
	size_t j, k;
	int t;

	for (j = 0; j < nops; j++) {
		const struct sim_event *ev = &w->trace.ev[ops[j]];

		if (!ev->result)
			continue;
		if (ev->kind == SEAM_WAKE_UP_PROCESS) {
			for (t = 0; t < w->nthreads; t++) {
				long to;

				if (t == ev->tid ||
				    (const void *)w->threads[t].task != ev->obj)
					continue;
				to = next_op_of(w, ops[j], t);
				if (to >= 0)
					link_add(l, SIM_LINK_WAKE, ops[j], to,
						 ev->site->fn);
			}
			continue;
		}
		if (ev->kind != SEAM_WAKE_UP)
			continue;
		/* the woken: on the wait queue, by prepare_to_wait() */
		for (t = 0; t < w->nthreads; t++) {
			bool queued = false;
			long to;

			if (t == ev->tid)
				continue;
			for (k = 0; k < j; k++) {
				const struct sim_event *q;

				q = &w->trace.ev[ops[k]];
				if (q->tid != t || q->obj != ev->obj)
					continue;
				if (q->kind == SEAM_PREPARE_TO_WAIT)
					queued = true;
				else if (q->kind == SEAM_FINISH_WAIT)
					queued = false;
			}
			if (!queued)
				continue;
			to = next_op_of(w, ops[j], t);
			if (to >= 0)
				link_add(l, SIM_LINK_WAKE, ops[j], to,
					 ev->site->fn);
		}
	}
}

static int link_cmp(const void *a, const void *b)
{
	const struct sim_link *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return x->to < y->to ? -1 : x->to > y->to;
}

/**
 * sim_links_find() - the arrows of @w's last run (see DOC: Rows and links).
 * @w: the world after a run.
 * @out: gets a malloc()ed array, in trace order of the arrows' tails.
 *
 * Return: the number of links.
 */
size_t sim_links_find(const struct sim_world *w, struct sim_link **out)
{
	struct links l = { .w = w };
	bool timed = sim_trace_timed(w);
	size_t i, nops = 0;
	size_t *ops = xcalloc(w->trace.nr, sizeof(*ops));

	l.into = xcalloc(w->trace.nr, sizeof(*l.into));
	for (i = 0; i < w->trace.nr; i++) {
		l.into[i] = -1;
		if (w->trace.ev[i].type == SIM_EV_OP &&
		    is_event_drawn(&w->trace.ev[i]))
			ops[nops++] = i;
	}
	links_free(&l);
	if (!timed)
		links_enable(&l, ops, nops);
	links_wake(&l, ops, nops);
	links_handoff(&l, ops, nops, timed);
	if (l.nr)
		qsort(l.v, l.nr, sizeof(*l.v), link_cmp);
	free(ops);
	free(l.into);
	*out = l.v;
	return l.nr;
}

/* --- rows ------------------------------------------------------------- */

struct rows {
	struct sim_row *v;
	size_t nr, cap;
};

static struct sim_row *row_add(struct rows *r, int kind, int tid, int depth,
			       int parent)
{
	struct sim_row *row;

	if (r->nr == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 256;
		r->v = realloc(r->v, r->cap * sizeof(*r->v));
		if (!r->v) {
			perror("reaplab: render");
			exit(2);
		}
	}
	row = &r->v[r->nr++];
	memset(row, 0, sizeof(*row));
	row->kind = kind;
	row->tid = tid;
	row->depth = depth;
	row->parent = parent;
	row->ev = -1;
	return row;
}

/* How a function is drawn (the changelog's rules). */
enum {
	FK_HIDDEN,		/* no operation in it or below */
	FK_DRAWN,
	FK_COLLAPSED,		/* one operation, no callee: one line */
	FK_PASS,		/* only calls one function doing operations */
	FK_PASS_HIDDEN,		/* ... and so does its caller: not drawn */
};

struct tstack {
	int depth;
	u8 kind[STK];
	int row[STK];		/* its row, for drawn frames */
	const void *fn[STK];
};

/* The innermost drawn frame's row and the number of drawn frames. */
static int drawn_parent(const struct tstack *s, int *ndrawn)
{
	int d, n = 0, parent = -1;

	for (d = 0; d < s->depth && d < STK; d++)
		if (s->kind[d] == FK_DRAWN || s->kind[d] == FK_PASS) {
			n++;
			parent = s->row[d];
		}
	*ndrawn = n;
	return parent;
}

static void rows_enter(struct rows *r, struct tstack *s, const struct frame *f,
		       const struct sim_event *ev, int tid, bool body)
{
	bool parent_pass = s->depth > 0 && s->depth <= STK &&
			   (s->kind[s->depth - 1] == FK_PASS ||
			    s->kind[s->depth - 1] == FK_PASS_HIDDEN);
	u8 k = !f->has_ops ? FK_HIDDEN :
	       f->ops == 1 && !f->kids && !body ? FK_COLLAPSED :
	       !f->ops && f->kids == 1 ?
	       (parent_pass ? FK_PASS_HIDDEN : FK_PASS) : FK_DRAWN;
	int n, parent = drawn_parent(s, &n), me = -1;

	if (k == FK_DRAWN || k == FK_PASS) {
		struct sim_row *row = row_add(r, SIM_ROW_FRAME, tid, n, parent);

		snprintf(row->text, sizeof(row->text), "%s",
			 sim_symbol(ev->fn));
		me = r->nr - 1;
	}
	if (s->depth < STK) {
		s->kind[s->depth] = k;
		s->row[s->depth] = me;
		s->fn[s->depth] = ev->fn;
	}
	s->depth++;
}

static void rows_op(struct rows *r, const struct tstack *s,
		    const struct sim_event *ev, size_t i)
{
	int n, parent = drawn_parent(s, &n);
	struct sim_row *row = row_add(r, SIM_ROW_OP, ev->tid, n, parent);
	char text[128];

	row->step_first = row->step_last = ev->step;
	row->ev = i;
	row->landmark = sim_render_is_landmark(ev);
	if (s->depth > 0 && s->depth <= STK &&
	    s->kind[s->depth - 1] == FK_COLLAPSED) {
		if (ev->kind == SEAM_BAD)
			sim_op_text(ev, text, sizeof(text));
		else
			sim_op_brief(ev, text, sizeof(text));
		snprintf(row->text, sizeof(row->text), "%s%s%s",
			 sim_symbol(s->fn[s->depth - 1]), text[0] ? ": " : "",
			 text);
		return;
	}
	sim_op_text(ev, row->text, sizeof(row->text));
}

/* An operation of a kernel thread's idle loop: wait_event(), nothing else. */
static bool is_idle_op(const struct sim_event *ev)
{
	return ev->kind == SEAM_PREPARE_TO_WAIT || ev->kind == SEAM_SCHEDULE ||
	       (ev->kind == SEAM_READ_ONCE && !ev->result);
}

static void pick_threads(const struct sim_world *w, bool *used)
{
	size_t i;
	int o;

	memset(used, 0, SIM_MAX_THREADS * sizeof(*used));
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type != SIM_EV_OP || !is_event_drawn(ev))
			continue;
		if (!(w->threads[ev->tid].flags & SIM_T_DAEMON) ||
		    !is_idle_op(ev))
			used[ev->tid] = true;
	}
	for (o = 0; o < ORACLE_NR; o++)
		if ((w->verdict.fired & (1u << o)) &&
		    w->verdict.hit[o].tid >= 0 &&
		    w->verdict.hit[o].tid < SIM_MAX_THREADS)
			used[w->verdict.hit[o].tid] = true;
}

static void build_rows(const struct sim_world *w, const bool *used,
		       struct rows *r)
{
	const struct sim_trace *tr = &w->trace;
	struct frame *fr = frame_scan(w);
	struct tstack *stk = xcalloc(SIM_MAX_THREADS, sizeof(*stk));
	size_t i;

	for (i = 0; i < tr->nr; i++) {
		const struct sim_event *ev = &tr->ev[i];
		struct tstack *s;
		struct sim_row *row;
		int n, parent;

		if (!is_event_drawn(ev) || !used[ev->tid])
			continue;
		s = &stk[ev->tid];
		switch (ev->type) {
		case SIM_EV_ENTER:
			rows_enter(r, s, &fr[i], ev, ev->tid,
				   sim_render_is_body(w, ev->tid, ev->fn));
			break;
		case SIM_EV_EXIT:
			if (s->depth > 0)
				s->depth--;
			break;
		case SIM_EV_OP:
			rows_op(r, s, ev, i);
			break;
		case SIM_EV_TRACE:
			if (ev->kind != SEAM_TRACE_PR)
				break;
			parent = drawn_parent(s, &n);
			row = row_add(r, SIM_ROW_TEXT, ev->tid, n, parent);
			snprintf(row->text, sizeof(row->text), "%s: %s",
				 ev->site->fn, sim_trace_msg(tr, ev->msg));
			break;
		}
	}
	free(stk);
	free(fr);
}

/* Fold runs of identical operation rows of one thread; fix the parents. */
static void fold(struct rows *r)
{
	int *map = xcalloc(r->nr, sizeof(*map));
	size_t i, n = 0;

	for (i = 0; i < r->nr; i++) {
		struct sim_row *prev = n ? &r->v[n - 1] : NULL;
		struct sim_row *cur = &r->v[i];
		int parent = cur->parent >= 0 ? map[cur->parent] : -1;

		if (prev && prev->kind == SIM_ROW_OP &&
		    cur->kind == SIM_ROW_OP && prev->tid == cur->tid &&
		    prev->depth == cur->depth && prev->parent == parent &&
		    !strcmp(prev->text, cur->text)) {
			prev->repeat = prev->repeat ? prev->repeat + 1 : 2;
			prev->step_last = cur->step_last;
			prev->landmark |= cur->landmark;
			map[i] = n - 1;
			continue;
		}
		map[i] = n;
		r->v[n] = *cur;
		r->v[n].parent = parent;
		n++;
	}
	r->nr = n;
	free(map);
}

/* The row of the operation at @step, through folds. */
static long row_of_step(const struct rows *r, unsigned int step)
{
	size_t i;

	for (i = 0; i < r->nr; i++)
		if (r->v[i].kind == SIM_ROW_OP && r->v[i].step_first <= step &&
		    r->v[i].step_last >= step)
			return i;
	return -1;
}

/*
 * Each oracle's hit on the last row of its thread at or before the step
 * where it fired; an end-of-run hit on its thread's last row, or on none
 * when no thread is to blame (the verdict says it).
 */
static void mark_hits(const struct sim_world *w, struct rows *r)
{
	int o;

	for (o = 0; o < ORACLE_NR; o++) {
		const struct sim_hit *hit = &w->verdict.hit[o];
		long best = -1, last = -1;
		size_t i;

		if (!(w->verdict.fired & (1u << o)))
			continue;
		for (i = 0; i < r->nr; i++) {
			const struct sim_row *row = &r->v[i];

			if (hit->tid >= 0 && row->tid != hit->tid)
				continue;
			last = i;
			if (hit->step && row->kind == SIM_ROW_OP &&
			    row->step_first <= hit->step)
				best = i;
		}
		if (best < 0 && (hit->step || hit->tid >= 0))
			best = last >= 0 ? last : (long)r->nr - 1;
		if (best >= 0) {
			r->v[best].oracles |= 1u << o;
			r->v[best].keep = true;
		}
	}
}

static void gap_row(struct sim_row *gap, int tid, int depth, int parent,
		    unsigned int steps, unsigned int first, unsigned int last)
{
	memset(gap, 0, sizeof(*gap));
	gap->kind = SIM_ROW_GAP;
	gap->tid = tid;
	gap->depth = depth;
	gap->parent = parent;
	gap->ev = -1;
	gap->steps = steps;
	gap->step_first = first;
	gap->step_last = last;
	snprintf(gap->text, sizeof(gap->text), "... %u step%s (%u-%u) ...",
		 steps, steps == 1 ? "" : "s", first, last);
}

/* Which rows of the run [i, j) of one thread survive elision. */
static void elide_run(struct rows *r, size_t i, size_t j, int max, bool *keep)
{
	size_t k, e;
	const size_t edge = 3;

	for (k = i; k < j; k++) {
		const struct sim_row *row = &r->v[k];
		int p;

		if (!(j - i <= (size_t)max || k < i + edge || k >= j - edge ||
		      row->landmark || row->keep || row->oracles))
			continue;
		keep[k] = true;
		/* the calls a kept line is in */
		for (p = row->parent; p >= (long)i; p = r->v[p].parent)
			keep[p] = true;
	}
	/* a gap of fewer than four lines is not worth its own line */
	for (k = i; k < j; k = e) {
		if (keep[k]) {
			e = k + 1;
			continue;
		}
		for (e = k; e < j && !keep[e]; e++)
			;
		if (e - k < 4)
			for (; k < e; k++)
				keep[k] = true;
	}
}

/* The new index of the innermost kept row among @k and its callers. */
static int kept_ancestor(const struct rows *r, const int *newidx, int k)
{
	while (k >= 0 && newidx[k] < 0)
		k = r->v[k].parent;
	return k >= 0 ? newidx[k] : -1;
}

/*
 * Elide the middle of long runs of one thread's rows: a gap row stands for
 * what is left out.  @map gets each old row's new index (or that of the
 * gap that replaced it).
 */
static void elide(struct rows *r, int max, int *map)
{
	bool *keep = xcalloc(r->nr, sizeof(*keep));
	int *newidx = xcalloc(r->nr, sizeof(*newidx));
	struct rows out = { 0 };
	size_t i, j, k;

	for (i = 0; i < r->nr; i = j) {
		for (j = i; j < r->nr && r->v[j].tid == r->v[i].tid; j++)
			;
		elide_run(r, i, j, max, keep);
	}
	for (i = 0; i < r->nr; i = j) {
		unsigned int steps = 0, first = 0, last = 0;
		struct sim_row *row;

		if (keep[i]) {
			row = row_add(&out, 0, 0, 0, 0);
			*row = r->v[i];
			row->parent = kept_ancestor(r, newidx, r->v[i].parent);
			newidx[i] = map[i] = out.nr - 1;
			j = i + 1;
			continue;
		}
		for (j = i; j < r->nr && !keep[j] && r->v[j].tid == r->v[i].tid;
		     j++) {
			newidx[j] = -1;
			if (r->v[j].kind != SIM_ROW_OP)
				continue;
			if (!steps)
				first = r->v[j].step_first;
			last = r->v[j].step_last;
			steps += r->v[j].step_last - r->v[j].step_first + 1;
		}
		/* indented like the next line, in the call of its first line */
		k = j < r->nr && r->v[j].tid == r->v[i].tid ? j : i;
		row = row_add(&out, 0, 0, 0, 0);
		gap_row(row, r->v[i].tid, r->v[k].depth,
			kept_ancestor(r, newidx, r->v[i].parent), steps, first,
			last);
		for (k = i; k < j; k++)
			map[k] = out.nr - 1;
	}
	free(r->v);
	*r = out;
	free(newidx);
	free(keep);
}

/**
 * sim_figure_build() - the rows and links of @w's last run.
 * @w: the world after a run (with frames traced, for nested calls).
 * @elide_max: elide runs of one thread longer than this many rows; 0:
 *	       never.
 * @fig: filled in; sim_figure_free() it.
 */
void sim_figure_build(const struct sim_world *w, int elide_max,
		      struct sim_figure *fig)
{
	struct rows r = { 0 };
	size_t i;
	int *map;

	memset(fig, 0, sizeof(*fig));
	fig->timed = sim_trace_timed(w);
	pick_threads(w, fig->used);
	build_rows(w, fig->used, &r);
	fold(&r);
	fig->nlinks = sim_links_find(w, &fig->link);
	for (i = 0; i < fig->nlinks; i++) {
		struct sim_link *k = &fig->link[i];

		k->from_row = row_of_step(&r, w->trace.ev[k->from].step);
		k->to_row = row_of_step(&r, w->trace.ev[k->to].step);
		if (k->from_row >= 0)
			r.v[k->from_row].keep = true;
		if (k->to_row >= 0)
			r.v[k->to_row].keep = true;
	}
	mark_hits(w, &r);
	if (elide_max > 0 && r.nr) {
		map = xcalloc(r.nr, sizeof(*map));
		elide(&r, elide_max, map);
		for (i = 0; i < fig->nlinks; i++) {
			struct sim_link *k = &fig->link[i];

			if (k->from_row >= 0)
				k->from_row = map[k->from_row];
			if (k->to_row >= 0)
				k->to_row = map[k->to_row];
		}
		free(map);
	}
	fig->row = r.v;
	fig->nrows = r.nr;
}

/**
 * sim_figure_free() - release what sim_figure_build() allocated.
 * @fig: the figure.
 */
void sim_figure_free(struct sim_figure *fig)
{
	free(fig->row);
	free(fig->link);
	memset(fig, 0, sizeof(*fig));
}
