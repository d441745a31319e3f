// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/render/source.c - what each era's code is, and how two eras differ
 *
 * Simulator-only.
 *
 * DOC: Eras as overlays
 *
 * An era folder holds only the functions that era changed, in files named
 * as in the kernel tree; everything else it inherits from its parent era,
 * and so on down to the common tree (Linux v4.6).  The build links each
 * era as one object in which the nearest definition of every function
 * wins (see the Makefile).
 *
 * This file reads the same thing back from the sources embedded in the
 * binary: an era's effective code is, for every function name, the
 * definition nearest to it on that chain, minus the functions the era
 * declares it removed.  `reaplab diff A B` compares two eras function by
 * function, so it reads like the upstream patch even when the change is
 * spread over several eras' folders.
 *
 * Kernel style makes the parsing simple: a definition starts with its
 * return type at column 0, its body opens with "{" alone on a line and
 * closes with "}" alone on a line; the comment just above belongs to it.
 */
#include <stdlib.h>
#include <string.h>
#include "../engine/engine.h"
#include "source.h"

#define MAX_LINES	4096
#define MAX_FUNCS	512

struct text {
	const char *line[MAX_LINES];
	int len[MAX_LINES];
	int n;
};

static void split(const char *s, struct text *t)
{
	t->n = 0;
	while (*s && t->n < MAX_LINES) {
		const char *nl = strchr(s, '\n');

		t->line[t->n] = s;
		t->len[t->n] = nl ? nl - s : (int)strlen(s);
		t->n++;
		if (!nl)
			break;
		s = nl + 1;
	}
}

static bool is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* "src/eras/v4.9/mm/oom_kill.c" and "src/mm/oom_kill.c" -> "mm/oom_kill.c" */
static const char *model_path(const char *path)
{
	if (!strncmp(path, "src/eras/", 9)) {
		const char *slash = strchr(path + 9, '/');

		return slash ? slash + 1 : path;
	}
	return !strncmp(path, "src/", 4) ? path + 4 : path;
}

static void func_name(const struct text *t, int from, int to, char *name,
		      size_t len)
{
	char sig[512];
	int i, n = 0;
	char *paren, *p;

	for (i = from; i < to && n < (int)sizeof(sig) - 1; i++) {
		int k = t->len[i] < (int)sizeof(sig) - 1 - n ?
			t->len[i] : (int)sizeof(sig) - 1 - n;

		memcpy(sig + n, t->line[i], k);
		n += k;
		if (n < (int)sizeof(sig) - 1)
			sig[n++] = ' ';
	}
	sig[n] = 0;
	paren = strchr(sig, '(');
	if (!paren) {
		snprintf(name, len, "?");
		return;
	}
	if (!strncmp(sig, "SYSCALL_DEFINE", 14)) {
		char *comma = strchr(paren, ',');

		snprintf(name, len, "sys_%.*s",
			 (int)((comma ? comma : paren) - paren - 1), paren + 1);
		return;
	}
	for (p = paren; p > sig && (p[-1] == ' ' || p[-1] == '\t'); p--)
		;
	*p = 0;
	while (p > sig && is_ident(p[-1]))
		p--;
	/* identifiers are short; the cap only guards the buffer */
	n = strlen(p) < len - 1 ? (int)strlen(p) : (int)len - 1;
	memcpy(name, p, n);
	name[n] = 0;
}

static int parse(const struct sim_source *src, struct sim_func *out, int max)
{
	static struct text t;
	int i, n = 0;

	split(src->text, &t);
	for (i = 1; i < t.n && n < max; i++) {
		int k, j, start;

		if (t.len[i] != 1 || t.line[i][0] != '{')
			continue;
		/* the signature: lines at column 0 and their continuations */
		for (k = i - 1; k > 0 && t.len[k] &&
		     (t.line[k][0] == '\t' || t.line[k][0] == ' '); k--)
			;
		if (!t.len[k] || !is_ident(t.line[k][0]))
			continue;
		for (j = i + 1; j < t.n; j++)
			if (t.len[j] == 1 && t.line[j][0] == '}')
				break;
		if (j == t.n)
			continue;
		start = k;
		if (k > 0 && t.len[k - 1] >= 2 &&
		    !strncmp(t.line[k - 1] + t.len[k - 1] - 2, "*/", 2)) {
			for (start = k - 1; start > 0; start--)
				if (!strncmp(t.line[start], "/*", 2))
					break;
		}
		func_name(&t, k, i, out[n].name, sizeof(out[n].name));
		snprintf(out[n].file, sizeof(out[n].file), "%s",
			 model_path(src->path));
		out[n].src = src;
		out[n].start = start;
		out[n].end = j + 1;
		n++;
		i = j;
	}
	return n;
}

static bool in_era(const struct sim_source *s, const char *id)
{
	size_t l = strlen(id);

	return !strncmp(s->path, "src/eras/", 9) &&
	       !strncmp(s->path + 9, id, l) && s->path[9 + l] == '/' &&
	       strcmp(s->path + 9 + l, "/era.c");
}

static bool in_common(const struct sim_source *s)
{
	return strncmp(s->path, "src/eras/", 9) != 0;
}

/**
 * sim_era_functions() - the functions an era's own folder defines.
 * @era: the era.
 * @out: filled.
 * @max: room in @out.
 *
 * Return: how many.
 */
int sim_era_functions(const struct era *era, struct sim_func *out, int max)
{
	const struct sim_source *s;
	int n = 0;

	for (s = sim_sources; s->path; s++)
		if (in_era(s, era->id))
			n += parse(s, out + n, max - n);
	return n;
}

static bool removed(const struct era *era, const char *name)
{
	const char *r = era->removed;
	size_t l = strlen(name);

	while (r && *r) {
		while (*r == ' ')
			r++;
		if (!strncmp(r, name, l) && (r[l] == ' ' || !r[l]))
			return true;
		while (*r && *r != ' ')
			r++;
	}
	return false;
}

static bool have(const struct sim_func *f, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(f[i].name, name))
			return true;
	return false;
}

/**
 * sim_effective_functions() - every function of an era, each from the
 * nearest folder on its chain, minus what the chain removed.
 * @era: the era.
 * @out: filled.
 * @max: room in @out.
 *
 * Return: how many.
 */
int sim_effective_functions(const struct era *era, struct sim_func *out,
			    int max)
{
	static struct sim_func tmp[MAX_FUNCS];
	const struct era *chain[16], *e;
	const struct sim_source *s;
	int depth = 0, n = 0, i, k, m;

	for (e = era; e && depth < 16; e = sim_era_parent(e))
		chain[depth++] = e;
	for (i = 0; i <= depth; i++) {
		for (s = sim_sources; s->path; s++) {
			if (i < depth ? !in_era(s, chain[i]->id) : !in_common(s))
				continue;
			m = parse(s, tmp, MAX_FUNCS);
			for (k = 0; k < m && n < max; k++) {
				int j;
				bool gone = false;

				if (have(out, n, tmp[k].name))
					continue;
				/* removed by an era nearer than this folder */
				for (j = 0; j < i && j < depth; j++)
					gone |= removed(chain[j], tmp[k].name);
				if (!gone)
					out[n++] = tmp[k];
			}
		}
	}
	return n;
}

static void func_lines(const struct sim_func *f, struct text *t)
{
	static struct text all;
	int i;

	split(f->src->text, &all);
	t->n = 0;
	for (i = f->start; i < f->end && i < all.n; i++) {
		t->line[t->n] = all.line[i];
		t->len[t->n] = all.len[i];
		t->n++;
	}
}

void sim_func_print(const struct sim_func *f, FILE *out)
{
	static struct text t;
	int i;

	func_lines(f, &t);
	for (i = 0; i < t.n; i++)
		fprintf(out, "%.*s\n", t.len[i], t.line[i]);
}

static bool same_line(const struct text *a, int i, const struct text *b, int j)
{
	return a->len[i] == b->len[j] &&
	       !memcmp(a->line[i], b->line[j], a->len[i]);
}

/*
 * A unified diff of two functions, three lines of context, hunks headed
 * with the function's name as `diff -p` does.
 */
static void diff_func(const struct sim_func *fa, const struct sim_func *fb,
		      FILE *out)
{
	static struct text a, b;
	static short lcs[513][513];
	char op[1100];
	int ai[1100], bi[1100];
	int i, j, n = 0, k;
	const char *name = fb ? fb->name : fa->name;

	a.n = b.n = 0;
	if (fa)
		func_lines(fa, &a);
	if (fb)
		func_lines(fb, &b);
	if (a.n > 512)
		a.n = 512;
	if (b.n > 512)
		b.n = 512;
	for (i = a.n; i >= 0; i--)
		for (j = b.n; j >= 0; j--)
			lcs[i][j] = (i == a.n || j == b.n) ? 0 :
				    same_line(&a, i, &b, j) ?
				    lcs[i + 1][j + 1] + 1 :
				    (lcs[i + 1][j] > lcs[i][j + 1] ?
				     lcs[i + 1][j] : lcs[i][j + 1]);
	for (i = j = 0; i < a.n || j < b.n;) {
		if (i < a.n && j < b.n && same_line(&a, i, &b, j)) {
			op[n] = ' ';
			ai[n] = i++;
			bi[n++] = j++;
		} else if (i < a.n && (j == b.n || lcs[i + 1][j] >= lcs[i][j + 1])) {
			op[n] = '-';
			ai[n] = i++;
			bi[n++] = j;
		} else {
			op[n] = '+';
			ai[n] = i;
			bi[n++] = j++;
		}
	}
	for (k = 0; k < n;) {
		int s, e, la = 0, lb = 0, m;

		if (op[k] == ' ') {
			k++;
			continue;
		}
		s = k - 3 < 0 ? 0 : k - 3;
		/* extend while changes are within 6 lines of each other */
		for (e = k; e < n; e++) {
			if (op[e] != ' ')
				continue;
			for (m = e; m < n && m < e + 7 && op[m] == ' '; m++)
				;
			if (m == n || m == e + 7)
				break;
		}
		e = e + 3 > n ? n : e + 3;
		for (m = s; m < e; m++) {
			la += op[m] != '+';
			lb += op[m] != '-';
		}
		fprintf(out, "@@ -%d,%d +%d,%d @@ %s\n",
			fa ? fa->start + ai[s] + 1 : 0, la,
			fb ? fb->start + bi[s] + 1 : 0, lb, name);
		for (m = s; m < e; m++) {
			if (op[m] == '+')
				fprintf(out, "+%.*s\n", b.len[bi[m]],
					b.line[bi[m]]);
			else
				fprintf(out, "%c%.*s\n", op[m], a.len[ai[m]],
					a.line[ai[m]]);
		}
		k = e;
	}
}

static bool same_func(const struct sim_func *a, const struct sim_func *b)
{
	static struct text x, y;
	int i;

	func_lines(a, &x);
	func_lines(b, &y);
	if (x.n != y.n)
		return false;
	for (i = 0; i < x.n; i++)
		if (!same_line(&x, i, &y, i))
			return false;
	return true;
}

static const struct sim_func *find(const struct sim_func *f, int n,
				   const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(f[i].name, name))
			return &f[i];
	return NULL;
}

/**
 * sim_era_diff() - what changed from era @a to era @b, as a patch.
 * @a: the older era.
 * @b: the newer era.
 * @out: where to write.
 *
 * Return: the number of functions that differ.
 */
int sim_era_diff(const struct era *a, const struct era *b, FILE *out)
{
	static struct sim_func fa[MAX_FUNCS], fb[MAX_FUNCS];
	const char *files[64];
	int na, nb, i, nfiles = 0, changed = 0, f;

	na = sim_effective_functions(a, fa, MAX_FUNCS);
	nb = sim_effective_functions(b, fb, MAX_FUNCS);
	for (i = 0; i < na + nb; i++) {
		const char *file = i < nb ? fb[i].file : fa[i - nb].file;
		int k;

		for (k = 0; k < nfiles && strcmp(files[k], file); k++)
			;
		if (k == nfiles && nfiles < 64)
			files[nfiles++] = file;
	}
	for (f = 0; f < nfiles; f++) {
		bool header = false;

		for (i = 0; i < na + nb; i++) {
			const struct sim_func *x, *y;
			const char *name;

			if (i < nb) {
				y = &fb[i];
				name = y->name;
				x = find(fa, na, name);
			} else {
				x = &fa[i - nb];
				name = x->name;
				if (find(fb, nb, name))
					continue;
				y = NULL;
			}
			if (strcmp((y ? y : x)->file, files[f]))
				continue;
			if (x && y && same_func(x, y))
				continue;
			if (!header) {
				fprintf(out, "--- %s/%s\n+++ %s/%s\n", a->id,
					files[f], b->id, files[f]);
				header = true;
			}
			diff_func(x, y, out);
			changed++;
		}
	}
	return changed;
}
