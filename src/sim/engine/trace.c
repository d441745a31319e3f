// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/trace.c - the trace of an execution
 *
 * Simulator-only.  An array of events plus a pool of text for the messages
 * some of them carry.  Both grow as needed and are reused from one
 * execution to the next, so a warm explorer allocates nothing.
 */
#include <stdlib.h>
#include <string.h>
#include "engine.h"

void sim_trace_reset(struct sim_trace *t)
{
	t->nr = 0;
	t->text_len = 0;
}

void sim_trace_free(struct sim_trace *t)
{
	free(t->ev);
	free(t->text);
	memset(t, 0, sizeof(*t));
}

/* sim_trace_add()'s slow path: room for more events. */
void sim_trace_grow(struct sim_trace *t)
{
	t->cap = t->cap ? 2 * t->cap : 1024;
	t->ev = realloc(t->ev, t->cap * sizeof(*t->ev));
	if (!t->ev) {
		perror("reaplab: trace");
		exit(2);
	}
}

int sim_trace_vtext(struct sim_trace *t, const char *fmt, va_list ap)
{
	va_list aq;
	int n, off;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return -1;
	if (t->text_len + n + 1 > t->text_cap) {
		t->text_cap = 2 * (t->text_len + n + 1) + 256;
		t->text = realloc(t->text, t->text_cap);
		if (!t->text) {
			perror("reaplab: trace text");
			exit(2);
		}
	}
	off = t->text_len;
	vsnprintf(t->text + off, n + 1, fmt, ap);
	t->text_len += n + 1;
	return off;
}

int sim_trace_text(struct sim_trace *t, const char *fmt, ...)
{
	va_list ap;
	int off;

	va_start(ap, fmt);
	off = sim_trace_vtext(t, fmt, ap);
	va_end(ap);
	return off;
}

const char *sim_trace_msg(const struct sim_trace *t, int msg)
{
	return msg >= 0 ? t->text + msg : "";
}
