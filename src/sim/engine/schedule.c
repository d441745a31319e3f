// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/schedule.c - schedule strings: parse, replay, write
 *
 * Simulator-only.
 *
 * DOC: Schedule strings
 *
 * A schedule is a list of segments, each a thread letter and how far that
 * thread runs:
 *
 *     A21            A runs 21 steps
 *     V*             V runs until it blocks or finishes
 *     V@label        V runs through its next operation named label
 *     V@label#3      ... through the third one in this segment
 *     V              the same as V*
 *
 * A label is the primitive as the model wrote it, optionally with its
 * object: mmap_write_unlock, test_bit:MMF_OOM_SKIP, atomic_inc_not_zero,
 * or the name of the model function the operation is in (exit_aio).
 *
 * After the last segment the default policy finishes the run (DOC: Steps
 * and schedules), so a schedule lists segments only up to its last
 * preemption: "A21 V39 R3 V1" is a whole execution.  "-" alone is the
 * default policy from the first step.
 *
 * Replay is strict: a segment whose thread cannot run at its turn is a
 * divergence, reported at the exact step ("step 61: R not runnable
 * (blocked on down_write(&mm->mmap_lock), held by V)") and the run stops.
 * Lenient replay (for the minimiser) skips such a segment instead.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "schedule.h"

/* A token in a message: its first 40 characters (a schedule may be long). */
#define TOKEN(len, tok)	(int)((len) > 40 ? 40 : (len)), (tok), \
			(len) > 40 ? "..." : ""

static void letters(const struct sim_world *w, char *buf, size_t len)
{
	int i, n = 0;

	for (i = 0; i < w->nthreads && n + 3 < (int)len; i++)
		n += snprintf(buf + n, len - n, "%s%c", i ? " " : "",
			      w->threads[i].letter);
}

/**
 * sim_schedule_parse() - read a schedule string for world @w.
 * @w: the world (its threads give the letters).
 * @s: the string.
 * @out: the schedule.
 * @err: where to say what is wrong.
 * @errlen: its size.
 *
 * Return: 0, or -1 with a one-line message in @err.
 */
int sim_schedule_parse(const struct sim_world *w, const char *s,
		       struct sim_schedule *out, char *err, size_t errlen)
{
	const char *p = s;
	char names[64];

	memset(out, 0, sizeof(*out));
	letters(w, names, sizeof(names));
	while (isspace((unsigned char)*p))
		p++;
	if (!strcmp(p, "-"))
		return 0;
	while (*p) {
		const char *tok = p;
		struct sim_seg *seg;
		size_t toklen;
		int i, tid = -1;

		while (*p && !isspace((unsigned char)*p))
			p++;
		toklen = p - tok;
		while (isspace((unsigned char)*p))
			p++;
		if (out->nsegs == SIM_MAX_SEGS) {
			snprintf(err, errlen,
				 "schedule too long: more than %d segments",
				 SIM_MAX_SEGS);
			return -1;
		}
		for (i = 0; i < w->nthreads; i++)
			if (w->threads[i].letter == tok[0])
				tid = i;
		if (tid < 0) {
			snprintf(err, errlen,
				 "malformed schedule: '%.*s%s' names no thread of scenario %s (threads: %s)",
				 TOKEN(toklen, tok), w->scn_name, names);
			return -1;
		}
		seg = &out->seg[out->nsegs++];
		seg->tid = tid;
		if (toklen == 1 || (toklen == 2 && tok[1] == '*')) {
			seg->kind = SIM_SEG_STAR;
		} else if (isdigit((unsigned char)tok[1])) {
			char *end;
			unsigned long n = strtoul(tok + 1, &end, 10);

			if (end != tok + toklen || !n || n > 10000000) {
				snprintf(err, errlen,
					 "malformed schedule: '%.*s%s': a count must be a positive number",
					 TOKEN(toklen, tok));
				return -1;
			}
			seg->kind = SIM_SEG_COUNT;
			seg->count = n;
		} else if (tok[1] == '@' && toklen > 2) {
			const char *hash = memchr(tok + 2, '#', toklen - 2);
			size_t lablen = (hash ? hash : tok + toklen) - (tok + 2);

			if (!lablen || lablen >= sizeof(seg->label)) {
				snprintf(err, errlen,
					 "malformed schedule: '%.*s%s': bad label",
					 TOKEN(toklen, tok));
				return -1;
			}
			memcpy(seg->label, tok + 2, lablen);
			seg->label[lablen] = 0;
			seg->kind = SIM_SEG_LABEL;
			seg->count = 1;
			if (hash) {
				char *end;
				unsigned long n = strtoul(hash + 1, &end, 10);

				if (end != tok + toklen || !n) {
					snprintf(err, errlen,
						 "malformed schedule: '%.*s%s': '#' must be followed by a positive number",
						 TOKEN(toklen, tok));
					return -1;
				}
				seg->count = n;
			}
		} else {
			snprintf(err, errlen,
				 "malformed schedule: '%.*s%s': after the thread letter comes a count, '*' or '@label'",
				 TOKEN(toklen, tok));
			return -1;
		}
	}
	return 0;
}

/* Does @t's pending operation match @label (fn, fn:what, or a function)? */
static bool label_matches(struct sim_thread *t, const char *label)
{
	const struct seam_site *site = t->op.site;
	const char *colon = strchr(label, ':');
	int i;

	if (!site)
		return false;
	if (colon) {
		const char *what = site->what;

		if (strlen(site->fn) != (size_t)(colon - label) ||
		    strncmp(site->fn, label, colon - label))
			return false;
		while (*what == '&' || *what == '*')
			what++;
		return !strcmp(what, colon + 1) ||
		       !strcmp(site->what, colon + 1);
	}
	if (!strcmp(site->fn, label))
		return true;
	for (i = sim_calls_kept(t) - 1; i >= 0; i--)
		if (!strcmp(sim_symbol(t->calls.frames[i]), label))
			return true;
	return false;
}

static int diverge(struct sim_world *w, struct sim_replay *r, int tid,
		   const char *fmt)
{
	char why[200];

	sim_describe_blocked(w, tid, why, sizeof(why));
	w->stop = SIM_STOP_DIVERGED;
	snprintf(w->stop_msg, sizeof(w->stop_msg), fmt, w->step + 1,
		 w->threads[tid].letter, why, r->seg + 1);
	return -1;
}

/*
 * The thread of label segment @seg can go no further and never reached
 * its label: say which label, and that no step of the thread matched it
 * (a misspelt function, or a path this run did not take).
 */
static int diverge_label(struct sim_world *w, struct sim_replay *r,
			 const struct sim_seg *seg)
{
	char letter = w->threads[seg->tid].letter;
	char why[200];

	sim_describe_blocked(w, seg->tid, why, sizeof(why));
	w->stop = SIM_STOP_DIVERGED;
	if (!r->hits)
		/* a thread that ran to its end never met the label at all */
		snprintf(w->stop_msg, sizeof(w->stop_msg),
			 "step %u: %c stopped (%s) before reaching %c@%s%s, segment %d of the schedule",
			 w->step + 1, letter, why, letter, seg->label,
			 strcmp(why, "finished") ? "" :
			 ": no step of it matched the label (a misspelt name, or a path this run did not take)",
			 r->seg + 1);
	else
		snprintf(w->stop_msg, sizeof(w->stop_msg),
			 "step %u: %c stopped (%s) after reaching %c@%s %u time%s, not the %u its label asks for, segment %d of the schedule",
			 w->step + 1, letter, why, letter, seg->label, r->hits,
			 r->hits == 1 ? "" : "s", seg->count, r->seg + 1);
	return -1;
}

/**
 * sim_replay_pick() - the policy that follows a schedule.
 * @w: the world.
 * @data: a struct sim_replay.
 *
 * Return: the thread to run, or -1.
 */
int sim_replay_pick(struct sim_world *w, void *data)
{
	struct sim_replay *r = data;

	while (r->seg < r->sched.nsegs) {
		struct sim_seg *seg = &r->sched.seg[r->seg];
		struct sim_thread *t = &w->threads[seg->tid];
		bool can = sim_enabled(w, seg->tid);

		switch (seg->kind) {
		case SIM_SEG_COUNT:
			if (r->used == seg->count)
				break;
			if (!can) {
				if (r->lenient)
					break;
				return diverge(w, r, seg->tid,
					       "step %u: %c not runnable (%s), segment %d of the schedule");
			}
			r->used++;
			return seg->tid;
		case SIM_SEG_STAR:
			if (!can) {
				if (r->used || r->lenient)
					break;
				return diverge(w, r, seg->tid,
					       "step %u: %c not runnable (%s), segment %d of the schedule");
			}
			r->used++;
			return seg->tid;
		case SIM_SEG_LABEL:
			if (r->hits == seg->count)
				break;
			if (!can) {
				if (r->lenient)
					break;
				return diverge_label(w, r, seg);
			}
			if (label_matches(t, seg->label))
				r->hits++;
			r->used++;
			return seg->tid;
		}
		r->seg++;
		r->used = 0;
		r->hits = 0;
	}
	return sim_default_pick(w);
}

void sim_replay_init(struct sim_replay *r, const struct sim_schedule *s,
		     bool lenient)
{
	memset(r, 0, sizeof(*r));
	r->sched = *s;
	r->lenient = lenient;
}

/* What the default policy would have chosen at op event @ev. */
static int default_choice(const struct sim_world *w, const struct sim_event *ev,
			  const struct sim_event *prev)
{
	int last = prev ? prev->tid : -1;
	bool yield = prev && sim_op_is_yield(prev->kind);
	int i;

	if (last >= 0 && !yield && (ev->enabled & (1u << last)))
		return last;
	for (i = 1; i <= w->nthreads; i++) {
		int t = last < 0 ? i - 1 : (last + i) % w->nthreads;

		if (ev->enabled & (1u << t))
			return t;
	}
	return -1;
}

/**
 * sim_schedule_from_trace() - the numeric schedule of an execution.
 * @w: the world, after the run.
 * @full: every step, or only up to the last step the default policy would
 *	  have taken differently.
 * @buf: output ("-" for a run the default policy makes by itself).
 * @len: its size.
 *
 * Return: the number of preemptions in it.
 */
int sim_schedule_from_trace(const struct sim_world *w, bool full, char *buf,
			    size_t len)
{
	const struct sim_event *prev = NULL, *ev;
	size_t i, last_dev = 0, nsteps = 0;
	int preemptions = 0, run_tid = -1;
	unsigned int run = 0;
	size_t n = 0, step = 0;

	for (i = 0; i < w->trace.nr; i++) {
		ev = &w->trace.ev[i];
		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		nsteps++;
		if (default_choice(w, ev, prev) != ev->tid)
			last_dev = nsteps;
		if (prev && prev->tid != ev->tid &&
		    (ev->enabled & (1u << prev->tid)) &&
		    !sim_op_is_yield(prev->kind))
			preemptions++;
		prev = ev;
	}
	if (full)
		last_dev = nsteps;
	buf[0] = 0;
	for (i = 0; i < w->trace.nr && step < last_dev; i++) {
		ev = &w->trace.ev[i];
		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		step++;
		if ((int)ev->tid != run_tid && run) {
			n += snprintf(buf + n, n < len ? len - n : 0, "%s%c%u",
				      n ? " " : "", w->threads[run_tid].letter,
				      run);
			run = 0;
		}
		run_tid = ev->tid;
		run++;
	}
	if (run)
		n += snprintf(buf + n, n < len ? len - n : 0, "%s%c%u",
			      n ? " " : "", w->threads[run_tid].letter, run);
	if (!n)
		snprintf(buf, len, "-");
	return preemptions;
}

/* A label naming @ev's operation; the object is added for bit ops. */
static void ev_label(const struct sim_event *ev, char *buf, size_t len)
{
	const char *what = ev->site->what;

	while (*what == '&' || *what == '*')
		what++;
	if (ev->kind >= SEAM_TEST_BIT && ev->kind <= SEAM_TEST_AND_CLEAR_BIT)
		snprintf(buf, len, "%s:%s", ev->site->fn, what);
	else
		snprintf(buf, len, "%s", ev->site->fn);
}

/**
 * sim_schedule_labelled() - the labelled form of the trimmed schedule.
 * @w: the world, after the run.
 * @buf: output.
 * @len: its size.
 *
 * Each segment ends with "*" when its thread could not go on, or with the
 * label of its last operation otherwise.
 */
void sim_schedule_labelled(const struct sim_world *w, char *buf, size_t len)
{
	char numeric[4096];
	const struct sim_event *ops[SIM_MAX_SEGS * 4];
	size_t i, nops = 0, n = 0, limit = 0, count = 0;
	const char *p;

	sim_schedule_from_trace(w, false, numeric, sizeof(numeric));
	if (!strcmp(numeric, "-")) {
		snprintf(buf, len, "-");
		return;
	}
	for (p = numeric; *p; p++)
		if (isdigit((unsigned char)*p) &&
		    (p == numeric || !isdigit((unsigned char)p[-1])))
			limit += strtoul(p, NULL, 10);
	buf[0] = 0;
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];
		const struct sim_event *next = NULL;
		size_t j;

		if (ev->type != SIM_EV_OP || ev->probe || count >= limit)
			continue;
		count++;
		if (nops < (sizeof(ops) / sizeof(ops[0])))
			ops[nops++] = ev;
		for (j = i + 1; j < w->trace.nr; j++)
			if (w->trace.ev[j].type == SIM_EV_OP &&
			    !w->trace.ev[j].probe) {
				next = &w->trace.ev[j];
				break;
			}
		if (next && next->tid == ev->tid && count < limit)
			continue;
		/* end of a segment */
		if (!next || !(next->enabled & (1u << ev->tid))) {
			n += snprintf(buf + n, n < len ? len - n : 0, "%s%c*",
				      n ? " " : "", w->threads[ev->tid].letter);
		} else {
			char label[96], other[96];
			size_t k, hits = 0;

			ev_label(ev, label, sizeof(label));
			for (k = 0; k < nops; k++) {
				ev_label(ops[k], other, sizeof(other));
				hits += !strcmp(label, other);
			}
			if (hits > 1)
				n += snprintf(buf + n, n < len ? len - n : 0,
					      "%s%c@%s#%zu", n ? " " : "",
					      w->threads[ev->tid].letter, label,
					      hits);
			else
				n += snprintf(buf + n, n < len ? len - n : 0,
					      "%s%c@%s", n ? " " : "",
					      w->threads[ev->tid].letter, label);
		}
		nops = 0;
	}
}
