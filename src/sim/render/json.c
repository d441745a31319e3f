// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/render/json.c - a trace as Chrome trace-event JSON (Perfetto)
 *
 * Simulator-only.
 *
 * DOC: The Chrome trace
 *
 * The JSON object format of the Trace Event Format, which Perfetto
 * (ui.perfetto.dev) and chrome://tracing open: one process, one track per
 * simulated thread ("pid": 1, "tid": the thread's number + 1, named by
 * thread_name metadata), and on each track
 *
 *  - "B"/"E" pairs for the model functions, named as in the kernel;
 *  - an "X" slice for every seam operation, named by the primitive
 *    (down_read_trylock, kfree, ...), with "args" naming the object as
 *    the source writes it, the operation with its result, the step and
 *    the source file;
 *  - "i" instants for tracepoints, pr_*() messages and oracle hits;
 *  - flow arrows ("s"/"f") for the links of DOC: Rows and links: lock
 *    hand-offs, wake-ups, the kfree() a use-after-free meets.
 *
 * Time: a threads-engine run carries real timestamps, nanoseconds from
 * the start of the iteration, and operations last as long as they took,
 * waiting included.  A coop run has no time, only an order, so it gets a
 * virtual clock: step n occupies the microsecond [n - 1, n), its
 * operation the second half of it, and the function entries and exits
 * that ran after step n sit a nanosecond apart at the start of step n+1.
 * The file is then the same for the same run, byte for byte.
 *
 * What the viewers need and the writer guarantees: strictly valid JSON;
 * on each track, timestamps never go back and every "B" has its "E" (the
 * functions a thread was still in when the run stopped are closed at its
 * last timestamp); slices nest.  Coop traces leave out the functions
 * that did no operation (they last no virtual time); real-thread traces
 * keep them.  Events marked hidden (sim_event.hidden) are left out.
 */
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "../engine/schedule.h"
#include "render.h"

#define COOP_STEP_NS	1000
#define COOP_OP_NS	500

static const char *const trace_names[SEAM_TRACE_NR] = {
	[SEAM_TRACE_MARK_VICTIM] = "mark_victim",
	[SEAM_TRACE_WAKE_REAPER] = "wake_reaper",
	[SEAM_TRACE_START_REAPING] = "start_task_reaping",
	[SEAM_TRACE_FINISH_REAPING] = "finish_task_reaping",
	[SEAM_TRACE_SKIP_REAPING] = "skip_task_reaping",
	[SEAM_TRACE_MMAP_ASSERT] = "mmap_assert_locked",
	[SEAM_TRACE_WARN] = "WARN_ON",
	[SEAM_TRACE_PR] = "pr",
	[SEAM_TRACE_MIGHT_SLEEP] = "might_sleep",
	[SEAM_TRACE_ZERO_PAGE] = "zero_page_fault",
	[SEAM_TRACE_OOM_REAPED] = "oom_reaped",
};

static const char *const link_cat[] = {
	[SIM_LINK_HANDOFF] = "handoff",
	[SIM_LINK_WAKE] = "wake",
	[SIM_LINK_ENABLE] = "enable",
	[SIM_LINK_FREE] = "free",
};

/* A JSON string, quotes included. */
static void jstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* Nanoseconds written as microseconds, exactly: "12.345". */
static void jtime(FILE *f, const char *key, u64 ns)
{
	fprintf(f, ",\"%s\":%llu.%03llu", key, (unsigned long long)(ns / 1000),
		(unsigned long long)(ns % 1000));
}

struct out {
	FILE *f;
	bool first;
};

/* Start one event: the separator, then the fields every event has. */
static void ev_begin(struct out *o, const char *ph, const char *name,
		     const char *cat, int tid)
{
	fputs(o->first ? "\n" : ",\n", o->f);
	o->first = false;
	fprintf(o->f, "{\"ph\":\"%s\",\"pid\":1,\"tid\":%d,\"name\":", ph,
		tid + 1);
	jstr(o->f, name);
	if (cat) {
		fputs(",\"cat\":", o->f);
		jstr(o->f, cat);
	}
}

static void thread_meta(struct out *o, const struct sim_world *w)
{
	char label[64];
	int t;

	for (t = 0; t < w->nthreads; t++) {
		sim_thread_label(w, t, label, sizeof(label));
		ev_begin(o, "M", "thread_name", NULL, t);
		fputs(",\"args\":{\"name\":", o->f);
		jstr(o->f, label);
		fputs("}}", o->f);
		ev_begin(o, "M", "thread_sort_index", NULL, t);
		fprintf(o->f, ",\"args\":{\"sort_index\":%d}}", t);
	}
}

/*
 * When each event happened, in ns, made strictly increasing per thread
 * (and never inside the operation before it) so that viewers cannot
 * reorder a track.
 */
static u64 *event_times(const struct sim_world *w, bool timed, u64 *end)
{
	u64 *ts = calloc(w->trace.nr + 1, sizeof(*ts));
	u64 next[SIM_MAX_THREADS] = { 0 };
	unsigned int step = 0, sub = 0;
	size_t i;

	if (!ts) {
		perror("reaplab: render");
		exit(2);
	}
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];
		int t = ev->tid;
		u64 at;

		if (ev->probe || ev->hidden || t >= SIM_MAX_THREADS)
			continue;
		if (ev->type == SIM_EV_ORACLE) {
			/* during the operation it judges; tracks unaffected */
			ts[i] = timed ? ev->ns :
				ev->step ? (u64)ev->step * COOP_STEP_NS - 1 : 0;
			continue;
		}
		if (timed) {
			at = ev->ns;
		} else if (ev->type == SIM_EV_OP) {
			at = (u64)(ev->step - 1) * COOP_STEP_NS + COOP_OP_NS;
			step = ev->step;
			sub = 0;
		} else {
			if (ev->step != step) {
				step = ev->step;
				sub = 0;
			}
			at = (u64)step * COOP_STEP_NS + sub++;
		}
		if (at < next[t])
			at = next[t];
		ts[i] = at;
		next[t] = at + 1;
		if (ev->type == SIM_EV_OP) {
			u64 dur = timed ? ev->dur : COOP_OP_NS;

			if (at + dur > next[t])
				next[t] = at + dur;
		}
	}
	memcpy(end, next, sizeof(next));
	return ts;
}

static u64 op_dur(const struct sim_event *ev, bool timed)
{
	return timed ? ev->dur : COOP_OP_NS;
}

static void op_event(struct out *o, const struct sim_event *ev, u64 ts,
		     bool timed)
{
	char what[192], text[256];

	sim_what(ev, what, sizeof(what));
	sim_op_text(ev, text, sizeof(text));
	ev_begin(o, "X", ev->site ? ev->site->fn : sim_op_name(ev->kind),
		 "op", ev->tid);
	jtime(o->f, "ts", ts);
	jtime(o->f, "dur", op_dur(ev, timed));
	fprintf(o->f, ",\"args\":{\"step\":%u,\"object\":", ev->step);
	jstr(o->f, what);
	fputs(",\"op\":", o->f);
	jstr(o->f, text);
	/* the file, not the line: a figure should not change with an edit */
	if (ev->site) {
		fputs(",\"file\":", o->f);
		jstr(o->f, ev->site->file);
	}
	fputs("}}", o->f);
}

static void trace_event(struct out *o, const struct sim_world *w,
			const struct sim_event *ev, u64 ts)
{
	const char *name = ev->kind < SEAM_TRACE_NR && trace_names[ev->kind] ?
			   trace_names[ev->kind] : "trace";

	if (ev->kind == SEAM_TRACE_PR)
		name = ev->site->fn;
	ev_begin(o, "i", name, "trace", ev->tid);
	jtime(o->f, "ts", ts);
	fputs(",\"s\":\"t\"", o->f);
	if (ev->msg >= 0) {
		fputs(",\"args\":{\"message\":", o->f);
		jstr(o->f, sim_trace_msg(&w->trace, ev->msg));
		fputc('}', o->f);
	}
	fputc('}', o->f);
}

static void oracle_event(struct out *o, int oracle, int tid, const char *msg,
			 u64 ts)
{
	ev_begin(o, "i", sim_oracle_name(oracle), "oracle",
		 tid >= 0 && tid < SIM_MAX_THREADS ? tid : 0);
	jtime(o->f, "ts", ts);
	fprintf(o->f, ",\"s\":\"%s\",\"args\":{\"message\":",
		tid >= 0 && tid < SIM_MAX_THREADS ? "t" : "g");
	jstr(o->f, msg);
	fputs("}}", o->f);
}

/* The flow arrows: one "s" at the tail's slice, one "f" at the head's. */
static void flows(struct out *o, const struct sim_world *w, const u64 *ts)
{
	struct sim_link *link;
	size_t i, n = sim_links_find(w, &link);

	for (i = 0; i < n; i++) {
		const struct sim_event *from = &w->trace.ev[link[i].from];
		const struct sim_event *to = &w->trace.ev[link[i].to];

		ev_begin(o, "s", link[i].label, link_cat[link[i].kind],
			 from->tid);
		jtime(o->f, "ts", ts[link[i].from]);
		fprintf(o->f, ",\"id\":%zu}", i + 1);
		ev_begin(o, "f", link[i].label, link_cat[link[i].kind],
			 to->tid);
		jtime(o->f, "ts", ts[link[i].to]);
		fprintf(o->f, ",\"id\":%zu,\"bp\":\"e\"}", i + 1);
	}
	free(link);
}

struct open_frames {
	int depth;
	const char *name[SEAM_STACK_MAX * 2];
	bool shown[SEAM_STACK_MAX * 2];
};

static void frames(struct out *o, const struct sim_world *w, const u64 *ts,
		   u64 *end, bool timed)
{
	bool *with_ops = timed ? NULL : sim_frames_with_ops(w);
	struct open_frames *open = calloc(SIM_MAX_THREADS, sizeof(*open));
	size_t i;
	int t;

	if (!open) {
		perror("reaplab: render");
		exit(2);
	}
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];
		struct open_frames *s;

		if (ev->hidden)
			continue;
		if (ev->type == SIM_EV_ORACLE) {
			bool none = ev->tid >= SIM_MAX_THREADS;

			/* after the run (the probe, the end): at the end */
			oracle_event(o, ev->kind, none ? -1 : ev->tid,
				     sim_trace_msg(&w->trace, ev->msg),
				     ev->probe || none ?
				     end[none ? 0 : ev->tid] : ts[i]);
			continue;
		}
		if (ev->probe || ev->tid >= SIM_MAX_THREADS)
			continue;
		s = &open[ev->tid];
		switch (ev->type) {
		case SIM_EV_ENTER:
			if (s->depth < SEAM_STACK_MAX * 2) {
				s->name[s->depth] = sim_symbol(ev->fn);
				s->shown[s->depth] = !with_ops || with_ops[i];
				if (s->shown[s->depth]) {
					ev_begin(o, "B", s->name[s->depth],
						 "function", ev->tid);
					jtime(o->f, "ts", ts[i]);
					fputc('}', o->f);
				}
			}
			s->depth++;
			break;
		case SIM_EV_EXIT:
			if (!s->depth)
				break;
			s->depth--;
			if (s->depth < SEAM_STACK_MAX * 2 &&
			    s->shown[s->depth]) {
				ev_begin(o, "E", s->name[s->depth], "function",
					 ev->tid);
				jtime(o->f, "ts", ts[i]);
				fputc('}', o->f);
			}
			break;
		case SIM_EV_OP:
			op_event(o, ev, ts[i], timed);
			break;
		case SIM_EV_TRACE:
			trace_event(o, w, ev, ts[i]);
			break;
		}
	}
	/* the functions a thread was still in when the run stopped */
	for (t = 0; t < SIM_MAX_THREADS; t++) {
		struct open_frames *s = &open[t];

		while (s->depth > 0) {
			s->depth--;
			if (s->depth >= SEAM_STACK_MAX * 2 ||
			    !s->shown[s->depth])
				continue;
			ev_begin(o, "E", s->name[s->depth], "function", t);
			jtime(o->f, "ts", end[t]++);
			fputc('}', o->f);
		}
	}
	free(open);
	free(with_ops);
}

static void other_data(FILE *f, const struct sim_world *w, bool timed)
{
	char sched[1024];
	int o, n = 0;

	fputs("\"otherData\":{\"era\":", f);
	jstr(f, w->era->id);
	fputs(",\"scenario\":", f);
	jstr(f, w->scn_name);
	fprintf(f, ",\"engine\":\"%s\"", timed ? "threads" : "coop");
	if (!timed) {
		sim_schedule_from_trace(w, false, sched, sizeof(sched));
		fputs(",\"schedule\":", f);
		jstr(f, sched);
	}
	fprintf(f, ",\"steps\":%u,\"verdict\":\"", w->run_steps);
	if (w->verdict.na)
		fputs("n/a", f);
	else if (!w->verdict.fired)
		fputs("clean", f);
	for (o = 0; o < ORACLE_NR; o++)
		if (w->verdict.fired & (1u << o))
			fprintf(f, "%s%s", n++ ? "," : "", sim_oracle_name(o));
	fputs("\"}", f);
}

/**
 * sim_render_json() - @w's last run as Chrome trace-event JSON (see DOC:
 * The Chrome trace).
 * @w: the world after a coop run or a traced threads iteration.
 * @f: where to write.
 */
void sim_render_json(const struct sim_world *w, FILE *f)
{
	struct out o = { .f = f, .first = true };
	bool timed = sim_trace_timed(w);
	u64 end[SIM_MAX_THREADS], last = 0;
	u64 *ts = event_times(w, timed, end);
	char title[1024];
	int t, k;

	sim_figure_title(w, title, sizeof(title));
	fputs("{\"traceEvents\":[", f);
	ev_begin(&o, "M", "process_name", NULL, 0);
	fputs(",\"args\":{\"name\":", f);
	jstr(f, title);
	fputs("}}", f);
	thread_meta(&o, w);
	frames(&o, w, ts, end, timed);
	flows(&o, w, ts);
	/* a threads run records no oracle event: the verdict's, at the end */
	for (t = 0; t < SIM_MAX_THREADS; t++)
		if (end[t] > last)
			last = end[t];
	if (timed)
		for (k = 0; k < ORACLE_NR; k++)
			if (w->verdict.fired & (1u << k))
				oracle_event(&o, k, w->verdict.hit[k].tid,
					     w->verdict.hit[k].msg, last);
	fputs("\n],\n\"displayTimeUnit\":\"ns\",\n", f);
	other_data(f, w, timed);
	fputs("\n}\n", f);
	free(ts);
}
