// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/explore/traces.c - counting Mazurkiewicz traces by brute force
 *
 * Simulator-only: the check on the explorer's reduction.
 *
 * DOC: Checking the reduction
 *
 * An unsound entry in the dependency table makes DPOR silently skip
 * interleavings.  The check: on worlds small enough, run every
 * interleaving there is (a depth-first search over every enabled thread
 * at every step, no reduction at all), put each execution in a canonical
 * form, and count the distinct forms.  DPOR must complete exactly one
 * execution per form.
 *
 * The canonical form is the Foata normal form: each step's level is one
 * more than the highest level of the earlier steps it depends on (its own
 * thread's included), and the execution is the multiset of (level, step)
 * pairs, hashed.  Two executions get the same form exactly when one can be
 * turned into the other by swapping adjacent independent steps.
 *
 * An execution a fatal oracle stopped (a use-after-free) is cut short:
 * what the other threads happened to run before the faulting step, and
 * had no part in, is not part of the bug.  Its form is that of the
 * faulting step's causal past alone.
 */
#include <stdlib.h>
#include <string.h>
#include "explore.h"
#include "dep.h"

#define FNV_OFFSET	0xcbf29ce484222325ull
#define FNV_PRIME	0x100000001b3ull

static u64 fnv(u64 h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * FNV_PRIME;
	return h;
}

struct fstep {
	unsigned int level;
	u64 hash;
};

static int fstep_cmp(const void *a, const void *b)
{
	const struct fstep *x = a, *y = b;

	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	return x->hash < y->hash ? -1 : x->hash > y->hash;
}

/**
 * sim_trace_canonical() - the Foata normal form of @w's last execution,
 * hashed.
 * @w: the world after a run.
 *
 * Return: the hash; equal hashes mean the same Mazurkiewicz trace.
 */
u64 sim_trace_canonical(const struct sim_world *w)
{
	static struct sim_dep_ev *d;
	static struct fstep *f;
	static bool *need;
	static size_t cap;
	unsigned int n = 0, i, j;
	u64 h = FNV_OFFSET;
	size_t e;

	if (w->trace.nr > cap) {
		cap = 2 * w->trace.nr;
		d = realloc(d, cap * sizeof(*d));
		f = realloc(f, cap * sizeof(*f));
		need = realloc(need, cap * sizeof(*need));
		if (!d || !f || !need) {
			perror("reaplab: traces");
			exit(2);
		}
	}
	for (e = 0; e < w->trace.nr; e++) {
		const struct sim_event *ev = &w->trace.ev[e];
		u64 eh = FNV_OFFSET;

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		sim_dep_of_event(w, ev, &d[n]);
		/*
		 * A step is its thread and its place in the code; the values
		 * it read and wrote follow from the trace, and the tests
		 * check that they do.
		 */
		eh = fnv(eh, &ev->tid, sizeof(ev->tid));
		eh = fnv(eh, &ev->site, sizeof(ev->site));
		eh = fnv(eh, &ev->obj, sizeof(ev->obj));
		f[n].hash = eh;
		f[n].level = 1;
		need[n] = false;
		for (j = 0; j < n; j++) {
			bool dep = d[j].tid == d[n].tid ||
				   sim_dep(&d[j], &d[n], NULL) != DEP_NONE;

			if (dep && f[j].level + 1 > f[n].level)
				f[n].level = f[j].level + 1;
		}
		n++;
	}
	if (w->stop == SIM_STOP_ORACLE && n) {
		/* keep the last step and what it depends on, transitively */
		unsigned int kept = 0;

		need[n - 1] = true;
		for (i = n; i-- > 0;) {
			if (!need[i])
				continue;
			for (j = 0; j < i; j++)
				if (d[j].tid == d[i].tid ||
				    sim_dep(&d[j], &d[i], NULL) != DEP_NONE)
					need[j] = true;
		}
		for (i = 0; i < n; i++)
			if (need[i])
				f[kept++] = f[i];
		n = kept;
	}
	qsort(f, n, sizeof(*f), fstep_cmp);
	for (i = 0; i < n; i++) {
		h = fnv(h, &f[i].level, sizeof(f[i].level));
		h = fnv(h, &f[i].hash, sizeof(f[i].hash));
	}
	/* the verdict is part of the outcome */
	return fnv(h, &w->verdict.fired, sizeof(w->verdict.fired));
}

struct bnode {
	u8 tid;
	u16 enabled;
	u16 tried;
};

struct brute {
	struct bnode *node;
	unsigned int forced, created;
};

static int brute_pick(struct sim_world *w, void *data)
{
	struct brute *b = data;
	unsigned int i = w->step;
	struct bnode *n = &b->node[i];

	if (i >= SIM_MAX_CHOICES)
		return -1;
	b->created = i + 1;
	if (i < b->forced)
		return n->tid;
	n->enabled = sim_enabled_mask(w);
	if (!n->enabled)
		return -1;
	n->tid = __builtin_ctz(n->enabled);
	n->tried = 1u << n->tid;
	return n->tid;
}

static int u64_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/**
 * sim_count_traces() - run every interleaving of @w and count the traces.
 * @w: a small built world.
 * @limit: give up after this many executions.
 * @executions: set to the number of interleavings run.
 * @fired: set to the union of the oracles that fired.
 * @forms: if not NULL, set to the sorted distinct forms (free() them).
 * @visit: if not NULL, called after every execution with @data: the
 *	check that executions of one trace end in one state.
 * @data: for @visit.
 *
 * Return: the number of distinct Mazurkiewicz traces, or -1 if @limit was
 * reached first.
 */
long sim_count_traces(struct sim_world *w, unsigned long limit,
		      unsigned long *executions, unsigned int *fired,
		      u64 **forms_out,
		      void (*visit)(const struct sim_world *w, void *data),
		      void *data)
{
	struct brute b = { 0 };
	u64 *forms = NULL;
	size_t nforms = 0, cap = 0, i, distinct = 0;

	b.node = calloc(SIM_MAX_CHOICES, sizeof(*b.node));
	if (!b.node) {
		perror("reaplab: traces");
		exit(2);
	}
	*executions = 0;
	*fired = 0;
	w->trace_frames = false;
	for (;;) {
		unsigned int k;

		b.created = 0;
		sim_run_coop(w, (struct sim_policy){ brute_pick, &b });
		(*executions)++;
		*fired |= w->verdict.fired;
		if (nforms == cap) {
			cap = cap ? 2 * cap : 1024;
			forms = realloc(forms, cap * sizeof(*forms));
			if (!forms) {
				perror("reaplab: traces");
				exit(2);
			}
		}
		forms[nforms++] = sim_trace_canonical(w);
		if (visit)
			visit(w, data);
		if (*executions >= limit) {
			free(b.node);
			free(forms);
			return -1;
		}
		for (k = b.created; k-- > 0;) {
			struct bnode *n = &b.node[k];
			u16 todo = n->enabled & ~n->tried;

			if (!todo)
				continue;
			n->tid = __builtin_ctz(todo);
			n->tried |= 1u << n->tid;
			b.forced = k + 1;
			break;
		}
		if (k == (unsigned int)-1)
			break;
	}
	qsort(forms, nforms, sizeof(*forms), u64_cmp);
	for (i = 0; i < nforms; i++)
		if (!i || forms[i] != forms[i - 1])
			forms[distinct++] = forms[i];
	free(b.node);
	if (forms_out)
		*forms_out = forms;
	else
		free(forms);
	return distinct;
}
