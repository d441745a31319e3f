// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutate/mutate.c - the mutants of the model's code, enumerated
 *
 * usage: mutate list FILE...       every mutant of every FILE, one a line
 *        mutate apply FILE N OUT   FILE with its mutant N, written to OUT
 *
 * Simulator-side tooling, run by tests/mutate/mutate.sh (`make mutate`).
 * It reads model code written in kernel style (a function's braces in
 * column 0, one statement a line or continued to its semicolon) with a
 * small C parser: comments, strings and preprocessor lines blanked, then
 * tokens, then statements, blocks and loops of each function.  Nothing is
 * compiled here: a mutant that does not build is the runner's to count.
 *
 * DOC: The mutation operators
 *
 *   del-seam      delete a statement that is a call of a seam primitive:
 *                 a lock or unlock, an atomic or refcount operation, a
 *                 bit operation, READ_ONCE()/WRITE_ONCE(), a wake-up or a
 *                 sleep, a free.
 *   swap          swap two adjacent operations of one block (calls, or
 *                 writes to shared memory), at least one a seam call, the
 *                 second not reading a local the first one writes.
 *   unlock-early  move an unlock above the operation before it (the
 *                 statement or block; log lines stay where they are).
 *   invert-test   negate a test_bit(), test_and_set_bit(),
 *                 atomic_*_and_test(), *_not_zero() or is-victim test.
 *   drop-null     delete WRITE_ONCE(x, NULL), or x = NULL where x is
 *                 shared (a field, a pointed-to word or a global).
 *   walk-bound    a loop over VMAs, PTEs or page-table entries: one bound
 *                 off by one (< and <=, > and >= swapped).
 *   walk-first    the same loops, skipping their first element (a
 *                 reverse walk: its start).
 *   walk-last     a walk along vm_next stopping before its last VMA.
 *   mark-plain    a marked access made a plain one: READ_ONCE(x) read as
 *                 (x), WRITE_ONCE(x, v) stored as ((x) = (v)); what the
 *                 data-race oracle is for (src/sim/world/race.c).
 *
 * Every mutant keeps the line count of its file, so that a line number in
 * a trace is the same in the mutant and in the tree.  Each has an id that
 * survives edits elsewhere in the file: "file:function:operator:text",
 * the text being the statement (or test, or loop header) with its spaces
 * removed, and "#2", "#3" for the same text again in one function.
 *
 * Output of list, tab separated: index in its file (1-based), file, first
 * line, last line, operator, function, id, the text before, the text
 * after.
 */
#define _GNU_SOURCE	/* vasprintf() */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKS	65536
#define MAX_ITEMS	16384
#define MAX_MUTANTS	4096
#define MAX_EDITS	4

struct tok {
	int start, end;		/* offsets in the text */
	int line;
	char kind;		/* 'i' identifier, 'n' number, 'p' punctuator */
};

enum item_kind {
	K_BLOCK,		/* { ... } */
	K_SIMPLE,		/* an expression statement */
	K_DECL,			/* a declaration */
	K_JUMP,			/* return, goto, break, continue */
	K_LABEL,		/* label:, case x:, default: */
	K_IF,
	K_FOR,
	K_WHILE,
	K_DO,
	K_MACRO_LOOP,		/* for_each_vma(vmi, vma) ... */
	K_SWITCH,
	K_EMPTY,		/* ; */
};

struct item {
	enum item_kind kind;
	int t0, t1;		/* tokens [t0, t1) */
	int parent;		/* the block it is in, -1: none */
	bool direct;		/* the body of a control statement */
	int fn;			/* the function it belongs to */
	/* control statements: the header's tokens inside its parentheses */
	int h0, h1;
	int body;		/* the body's item */
	/* for: the clauses, token ranges inside the header */
	int c[3][2];
	/* do: the while token */
	int while_tok;
	/* simple statements */
	int call;		/* the token of the called name, -1: no call */
	int assign;		/* the assignment operator's token, -1: none */
};

struct edit {
	int start, end;		/* the range of the text replaced */
	char *text;		/* what replaces it */
};

struct mutant {
	const char *op;
	int fn;
	int line0, line1;
	int seq;		/* order of discovery: ties of the sort */
	char *key;		/* the id's text, short */
	char *id;
	char *before, *after;
	int nedits;
	struct edit edits[MAX_EDITS];
};

struct function {
	char name[136];
	int body;		/* the body's item */
	int t0;			/* the first token of its signature */
};

static const char *path;
static char *text, *code;
static int len;
static struct tok toks[MAX_TOKS];
static int ntoks;
static struct item items[MAX_ITEMS];
static int nitems;
static struct function fns[1024];
static int nfns;
static struct mutant muts[MAX_MUTANTS];
static int nmuts;

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "mutate: %s: ", path ? path : "");
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	if (vasprintf(&p, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	return p;
}

/* --- reading -------------------------------------------------------------- */

static void read_file(const char *name)
{
	FILE *f = fopen(name, "r");
	long n;

	if (!f)
		die("cannot open");
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc(n + 1);
	code = malloc(n + 1);
	if (!text || !code || fread(text, 1, n, f) != (size_t)n)
		die("cannot read");
	fclose(f);
	text[n] = 0;
	len = (int)n;
}

/*
 * Blank what is not code: comments, string and character literals (their
 * quotes stay), preprocessor lines with their continuations.  Newlines
 * stay, so offsets and lines are those of the text.
 */
static void blank(void)
{
	bool bol = true;
	int i = 0;

	memcpy(code, text, len + 1);
	while (i < len) {
		char c = text[i];

		if (bol && c == '#') {
			while (i < len && text[i] != '\n') {
				if (text[i] == '\\' && text[i + 1] == '\n') {
					code[i] = ' ';
					i += 2;
					continue;
				}
				code[i++] = ' ';
			}
			continue;
		}
		if (c == '\n') {
			bol = true;
			i++;
			continue;
		}
		if (c != ' ' && c != '\t')
			bol = false;
		if (c == '/' && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				code[i++] = ' ';
		} else if (c == '/' && text[i + 1] == '*') {
			code[i++] = ' ';
			code[i++] = ' ';
			while (i < len && !(text[i] == '*' && text[i + 1] == '/')) {
				if (text[i] != '\n')
					code[i] = ' ';
				i++;
			}
			if (i < len) {
				code[i++] = ' ';
				code[i++] = ' ';
			}
		} else if (c == '"' || c == '\'') {
			i++;
			while (i < len && text[i] != c) {
				if (text[i] == '\\')
					code[i++] = ' ';
				if (text[i] != '\n')
					code[i] = ' ';
				i++;
			}
			i++;
		} else {
			i++;
		}
	}
}

static const char *const puncts[] = {
	"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
	"!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	NULL
};

static void tokenize(void)
{
	int i = 0, line = 1;

	while (i < len) {
		char c = code[i];
		struct tok *t;
		int j;

		if (c == '\n') {
			line++;
			i++;
			continue;
		}
		if (isspace((unsigned char)c)) {
			i++;
			continue;
		}
		if (ntoks == MAX_TOKS)
			die("too many tokens");
		t = &toks[ntoks++];
		t->start = i;
		t->line = line;
		if (isalpha((unsigned char)c) || c == '_') {
			t->kind = 'i';
			while (isalnum((unsigned char)code[i]) || code[i] == '_')
				i++;
		} else if (isdigit((unsigned char)c)) {
			t->kind = 'n';
			while (isalnum((unsigned char)code[i]) || code[i] == '.')
				i++;
		} else if (c == '"' || c == '\'') {
			/* a blanked literal: one token up to its closing quote */
			t->kind = 'n';
			i++;
			while (i < len && code[i] != c) {
				if (code[i] == '\n')
					line++;
				i++;
			}
			i++;
		} else {
			t->kind = 'p';
			for (j = 0; puncts[j]; j++)
				if (!strncmp(code + i, puncts[j],
					     strlen(puncts[j])))
					break;
			i += puncts[j] ? (int)strlen(puncts[j]) : 1;
		}
		t->end = i;
	}
}

/* Is token @t the text @s? */
static bool is(int t, const char *s)
{
	size_t n;

	if (t < 0 || t >= ntoks)
		return false;
	n = toks[t].end - toks[t].start;
	return n == strlen(s) && !strncmp(text + toks[t].start, s, n);
}

static bool is_ident(int t)
{
	return t >= 0 && t < ntoks && toks[t].kind == 'i';
}

/* Token @t's text, in a static buffer (one at a time). */
static const char *tok_text(int t)
{
	static char buf[120];
	int n = toks[t].end - toks[t].start;

	if (n > 119)
		n = 119;
	memcpy(buf, text + toks[t].start, n);
	buf[n] = 0;
	return buf;
}

/* The token closing the bracket opened at @t. */
static int match(int t)
{
	const char *open = tok_text(t);
	char o = open[0], c = o == '(' ? ')' : o == '[' ? ']' : '}';
	int depth = 0;

	for (; t < ntoks; t++) {
		const char *s = text + toks[t].start;

		if (toks[t].kind != 'p')
			continue;
		if (s[0] == o && toks[t].end - toks[t].start == 1)
			depth++;
		else if (s[0] == c && toks[t].end - toks[t].start == 1 &&
			 !--depth)
			return t;
	}
	die("unbalanced '%c' at line %d", o, toks[t - 1].line);
	return -1;
}

/* --- statements ----------------------------------------------------------- */

static const char *const type_words[] = {
	"struct", "union", "enum", "const", "static", "volatile", "unsigned",
	"signed", "int", "long", "short", "char", "bool", "float", "double",
	"void", "register", "extern", "typeof", "__typeof__", NULL
};

static const char *const decl_macros[] = {
	"MA_STATE", "VMA_ITERATOR", "LIST_HEAD", NULL
};

static bool in_list(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return true;
	return false;
}

static bool is_decl(int t0)
{
	const char *s = tok_text(t0);

	if (!is_ident(t0))
		return false;
	if (in_list(s, type_words) || in_list(s, decl_macros) ||
	    !strncmp(s, "DEFINE_", 7) || !strncmp(s, "DECLARE_", 8))
		return true;
	/* type name, then a declarator */
	if (is_ident(t0 + 1))
		return true;
	return is(t0 + 1, "*") && is_ident(t0 + 2) &&
	       (is(t0 + 3, "=") || is(t0 + 3, ";") || is(t0 + 3, ",") ||
		is(t0 + 3, "["));
}

static int new_item(enum item_kind kind, int t0, int parent, bool direct,
		    int fn)
{
	struct item *it;

	if (nitems == MAX_ITEMS)
		die("too many statements");
	it = &items[nitems];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->t0 = t0;
	it->parent = parent;
	it->direct = direct;
	it->fn = fn;
	it->body = -1;
	it->call = -1;
	it->assign = -1;
	it->while_tok = -1;
	return nitems++;
}

static const char *const assign_ops[] = {
	"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
	"++", "--", NULL
};

/* Fill in what an expression statement [t0, semicolon) calls or assigns. */
static void classify_simple(struct item *it, int semi)
{
	int t = it->t0, depth = 0, u;

	if (is(t, "(") && is(t + 1, "void") && is(t + 2, ")"))
		t += 3;
	if (is_ident(t) && is(t + 1, "(") && match(t + 1) == semi - 1)
		it->call = t;
	for (u = it->t0; u < semi; u++) {
		if (is(u, "(") || is(u, "[") || is(u, "{"))
			depth++;
		else if (is(u, ")") || is(u, "]") || is(u, "}"))
			depth--;
		else if (!depth && toks[u].kind == 'p' &&
			 in_list(tok_text(u), assign_ops)) {
			it->assign = u;
			break;
		}
	}
}

static int parse_stmt(int t, int parent, bool direct, int fn, int *out);

/* A block from its '{' at @t; returns the token after its '}'. */
static int parse_block(int t, int parent, bool direct, int fn, int *out)
{
	int b = new_item(K_BLOCK, t, parent, direct, fn), end = match(t), u;

	for (u = t + 1; u < end;)
		u = parse_stmt(u, b, false, fn, NULL);
	items[b].t1 = end + 1;
	if (out)
		*out = b;
	return end + 1;
}

/* Parse the header "( ... )" at @t into @it; returns the token after. */
static int header(struct item *it, int t)
{
	int close;

	if (!is(t, "("))
		die("expected '(' at line %d", toks[t].line);
	close = match(t);
	it->h0 = t + 1;
	it->h1 = close;
	return close + 1;
}

static int parse_stmt(int t, int parent, bool direct, int fn, int *out)
{
	const char *s = tok_text(t);
	int i, u, depth;

	if (is(t, "{"))
		return parse_block(t, parent, direct, fn, out);
	if (is(t, ";")) {
		i = new_item(K_EMPTY, t, parent, direct, fn);
		items[i].t1 = t + 1;
		goto done;
	}
	if (!strcmp(s, "if") || !strcmp(s, "for") || !strcmp(s, "while") ||
	    !strcmp(s, "switch")) {
		enum item_kind k = s[0] == 'i' ? K_IF : s[0] == 'f' ? K_FOR :
				   s[0] == 'w' ? K_WHILE : K_SWITCH;
		int body;

		i = new_item(k, t, parent, direct, fn);
		u = header(&items[i], t + 1);
		if (k == K_FOR) {
			int c = 0, start = items[i].h0;

			depth = 0;
			for (u = items[i].h0; u <= items[i].h1; u++) {
				if (is(u, "(") || is(u, "["))
					depth++;
				else if (is(u, ")") || is(u, "]"))
					depth--;
				if ((!depth && is(u, ";")) ||
				    u == items[i].h1) {
					if (c < 3) {
						items[i].c[c][0] = start;
						items[i].c[c][1] = u;
					}
					c++;
					start = u + 1;
				}
			}
			u = items[i].h1 + 1;
		}
		u = parse_stmt(u, i, true, fn, &body);
		items[i].body = body;
		if (k == K_IF && is(u, "else")) {
			int e;

			u = parse_stmt(u + 1, i, true, fn, &e);
		}
		items[i].t1 = u;
		goto done;
	}
	if (!strcmp(s, "do")) {
		int body;

		i = new_item(K_DO, t, parent, direct, fn);
		u = parse_stmt(t + 1, i, true, fn, &body);
		items[i].body = body;
		if (!is(u, "while"))
			die("expected while at line %d", toks[u].line);
		items[i].while_tok = u;
		u = header(&items[i], u + 1);
		if (!is(u, ";"))
			die("expected ';' at line %d", toks[u].line);
		items[i].t1 = u + 1;
		goto done;
	}
	if (!strcmp(s, "case") || !strcmp(s, "default") ||
	    (is_ident(t) && is(t + 1, ":"))) {
		i = new_item(K_LABEL, t, parent, direct, fn);
		for (u = t; !is(u, ":"); u++)
			;
		items[i].t1 = u + 1;
		goto done;
	}
	if (is_ident(t) && strstr(s, "for_each") && is(t + 1, "(") &&
	    !is(match(t + 1) + 1, ";")) {
		int body;

		i = new_item(K_MACRO_LOOP, t, parent, direct, fn);
		u = header(&items[i], t + 1);
		u = parse_stmt(u, i, true, fn, &body);
		items[i].body = body;
		items[i].t1 = u;
		goto done;
	}
	/* a simple statement: up to its ';' outside any bracket */
	depth = 0;
	for (u = t; u < ntoks; u++) {
		if (is(u, "(") || is(u, "[") || is(u, "{"))
			depth++;
		else if (is(u, ")") || is(u, "]") || is(u, "}"))
			depth--;
		else if (!depth && is(u, ";"))
			break;
	}
	if (u == ntoks)
		die("statement without ';' at line %d", toks[t].line);
	if (!strcmp(s, "return") || !strcmp(s, "goto") ||
	    !strcmp(s, "break") || !strcmp(s, "continue"))
		i = new_item(K_JUMP, t, parent, direct, fn);
	else if (is_decl(t))
		i = new_item(K_DECL, t, parent, direct, fn);
	else
		i = new_item(K_SIMPLE, t, parent, direct, fn);
	items[i].t1 = u + 1;
	if (items[i].kind == K_SIMPLE)
		classify_simple(&items[i], u);
done:
	if (out)
		*out = i;
	return items[i].t1;
}

/*
 * The functions: a '{' in column 0 at file scope opens one; its name is
 * the identifier before the first '(' of what precedes it.
 */
static void parse_functions(void)
{
	int t, depth = 0, sig = 0;

	for (t = 0; t < ntoks; t++) {
		bool col0 = toks[t].start == 0 || text[toks[t].start - 1] == '\n';

		if (is(t, "{") && !depth && col0) {
			struct function *f = &fns[nfns];
			int u, end;

			if (nfns == 1024)
				die("too many functions");
			for (u = sig; u < t && !is(u, "("); u++)
				;
			if (u == t || !is_ident(u - 1))
				die("no function name before line %d",
				    toks[t].line);
			if (!strncmp(tok_text(u - 1), "SYSCALL_DEFINE", 14))
				snprintf(f->name, sizeof(f->name), "sys_%s",
					 tok_text(u + 1));
			else
				snprintf(f->name, sizeof(f->name), "%s",
					 tok_text(u - 1));
			f->t0 = sig;
			end = parse_block(t, -1, false, nfns, &f->body);
			nfns++;
			t = end - 1;
			sig = end;
			continue;
		}
		if (is(t, "{") || is(t, "(") || is(t, "["))
			depth++;
		else if (is(t, "}") || is(t, ")") || is(t, "]"))
			depth--;
		else if (!depth && is(t, ";"))
			sig = t + 1;
	}
}

/* --- what a statement is -------------------------------------------------- */

static const char *call_name(const struct item *it)
{
	static char buf[128];

	if (it->kind != K_SIMPLE || it->call < 0)
		return NULL;
	snprintf(buf, sizeof(buf), "%s", tok_text(it->call));
	return buf;
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Log lines and annotations: they neither move nor count as operations. */
static bool is_logging(const struct item *it)
{
	const char *n = call_name(it);

	return n && (starts(n, "pr_") || starts(n, "trace_") ||
		     !strcmp(n, "might_sleep") || !strcmp(n, "cond_resched") ||
		     strstr(n, "WARN_ON") || strstr(n, "assert"));
}

static bool is_unlock_name(const char *n)
{
	return strstr(n, "unlock") || starts(n, "up_");
}

static bool is_lock_name(const char *n)
{
	return (strstr(n, "lock") && !strstr(n, "unlock") &&
		!strstr(n, "_init") && !strstr(n, "assert")) ||
	       starts(n, "down_");
}

static const char *const seam_words[] = {
	"READ_ONCE", "WRITE_ONCE", "cmpxchg", "xchg", "mmget", "mmput",
	"mmput_async", "mmgrab", "mmdrop", "get_task_struct",
	"put_task_struct", "schedule", "tlb_finish_mmu", "tlb_flush_mmu",
	"set_current_state", "__set_current_state", "downgrade_write", NULL
};

static const char *const seam_prefixes[] = {
	"atomic_", "set_bit", "clear_bit", "test_and_", "set_tsk_",
	"clear_tsk_", "wake_", "schedule_timeout", "wait_event", NULL
};

/* Is @n a seam primitive (or a call that is one, like a refcount put)? */
static bool is_seam_name(const char *n)
{
	const char *const *p;

	if (strstr(n, "_init") || strstr(n, "assert") ||
	    strstr(n, "trylock"))
		return false;
	if (in_list(n, seam_words) || is_lock_name(n) || is_unlock_name(n) ||
	    strstr(n, "free"))
		return true;
	for (p = seam_prefixes; *p; p++)
		if (starts(n, *p))
			return true;
	return false;
}

static bool is_seam_call(const struct item *it)
{
	const char *n = call_name(it);

	return n && is_seam_name(n);
}

/* The tests invert-test negates. */
static bool is_test_name(const char *n)
{
	static const char *const tests[] = {
		"test_bit", "test_and_set_bit", "test_and_clear_bit",
		"test_tsk_thread_flag", "test_and_set_tsk_thread_flag",
		"test_and_clear_tsk_thread_flag", "test_thread_flag",
		"atomic_inc_not_zero", "atomic_long_inc_not_zero",
		"mmget_not_zero", "tsk_is_oom_victim", "mm_is_oom_victim",
		NULL
	};
	size_t l = strlen(n);

	return in_list(n, tests) ||
	       (starts(n, "atomic_") && l > 9 &&
		!strcmp(n + l - 9, "_and_test"));
}

/* Is identifier @name declared in function @fn (a parameter or a local)? */
static bool is_local(int fn, const char *name)
{
	int t, end = items[fns[fn].body].t1;

	for (t = fns[fn].t0; t < end; t++) {
		int i;

		if (!is(t, name))
			continue;
		if (t < items[fns[fn].body].t0)
			return true;	/* in the signature */
		for (i = fns[fn].body; i < nitems && items[i].fn == fn; i++)
			if (items[i].kind == K_DECL && t >= items[i].t0 &&
			    t < items[i].t1)
				return true;
	}
	return false;
}

/* The local an assignment statement writes, or NULL. */
static const char *assigned_local(const struct item *it)
{
	static char buf[128];
	int t = it->t0;

	if (it->kind != K_SIMPLE || it->assign < 0)
		return NULL;
	if (is(it->assign, "++") || is(it->assign, "--")) {
		t = it->assign == it->t0 ? it->t0 + 1 : it->t0;
		if (!is_ident(t))
			return NULL;
	} else if (it->assign != it->t0 + 1 || !is_ident(t)) {
		return NULL;
	}
	if (!is_local(it->fn, tok_text(t)))
		return NULL;
	snprintf(buf, sizeof(buf), "%s", tok_text(t));
	return buf;
}

static bool mentions(const struct item *it, const char *name)
{
	int t;

	for (t = it->t0; t < it->t1; t++)
		if (is(t, name))
			return true;
	return false;
}

static bool has_call(const struct item *it)
{
	int t;

	for (t = it->t0; t + 1 < it->t1; t++)
		if (is_ident(t) && is(t + 1, "("))
			return true;
	return false;
}

/*
 * An operation: a call (not a log line), a write to memory others may see,
 * or an assignment of what a call returned.
 */
static bool is_operation(const struct item *it)
{
	if (it->kind != K_SIMPLE || is_logging(it))
		return false;
	if (it->call >= 0 || has_call(it))
		return true;
	return it->assign >= 0 && !assigned_local(it);
}

/* --- the mutants ---------------------------------------------------------- */

/*
 * [@a, @b) of the code (comments and string contents blanked), each run of
 * spaces one space; for an id none, or '~' between two words.
 */
static char *squeeze(int a, int b, bool for_id)
{
	char *s = malloc(b - a + 1), *p = s;
	bool space = false;
	int i;

	if (!s)
		die("out of memory");
	for (i = a; i < b; i++) {
		char c = code[i];

		if (isspace((unsigned char)c)) {
			space = true;
			continue;
		}
		/* two words keep one space between them */
		if (space && p > s && (isalnum((unsigned char)p[-1]) ||
				       p[-1] == '_') &&
		    (isalnum((unsigned char)c) || c == '_'))
			*p++ = for_id ? '~' : ' ';
		else if (space && p > s && !for_id)
			*p++ = ' ';
		space = false;
		*p++ = c;
	}
	*p = 0;
	return s;
}

static char *tokens_text(int t0, int t1, bool for_id)
{
	if (t1 <= t0)
		return xstrdup("");
	return squeeze(toks[t0].start, toks[t1 - 1].end, for_id);
}

static struct mutant *new_mutant(const char *op, int fn, int t0, int t1)
{
	struct mutant *m;

	if (nmuts == MAX_MUTANTS)
		die("too many mutants");
	m = &muts[nmuts++];
	memset(m, 0, sizeof(*m));
	m->op = op;
	m->fn = fn;
	m->seq = nmuts - 1;
	m->line0 = toks[t0].line;
	m->line1 = toks[t1 - 1].line;
	return m;
}

static void add_edit(struct mutant *m, int start, int end, char *repl)
{
	if (m->nedits == MAX_EDITS)
		die("too many edits");
	m->edits[m->nedits++] = (struct edit){ start, end, repl };
}

/* @repl, followed by the newlines of [start, end): the lines stay. */
static char *keep_lines(const char *repl, int start, int end);

/* keep_lines() of a string of our own, which it frees. */
static char *keep_lines_of(char *repl, int start, int end)
{
	char *s = keep_lines(repl, start, end);

	free(repl);
	return s;
}

static char *keep_lines(const char *repl, int start, int end)
{
	int i, n = 0;
	char *s;

	for (i = start; i < end; i++)
		n += text[i] == '\n';
	s = malloc(strlen(repl) + n + 1);
	if (!s)
		die("out of memory");
	strcpy(s, repl);
	memset(s + strlen(repl), '\n', n);
	s[strlen(repl) + n] = 0;
	return s;
}

/* Delete statement @i: an empty statement, or {} as a control's body. */
static void delete_stmt(const char *op, int i)
{
	struct item *it = &items[i];
	int a = toks[it->t0].start, b = toks[it->t1 - 1].end;
	struct mutant *m = new_mutant(op, it->fn, it->t0, it->t1);
	const char *empty = it->direct ? "{}" : ";";

	m->before = squeeze(a, b, false);
	m->after = xstrdup(empty);
	m->key = squeeze(a, b, true);
	add_edit(m, a, b, keep_lines(empty, a, b));
}

/* Is statement @i WRITE_ONCE(x, NULL) or x = NULL on a shared x? */
static bool is_null_store(int i)
{
	struct item *it = &items[i];
	const char *n = call_name(it);
	int t;

	if (it->kind != K_SIMPLE)
		return false;
	if (n && !strcmp(n, "WRITE_ONCE"))
		return is(it->t1 - 3, "NULL") && is(it->t1 - 4, ",");
	if (it->assign < 0 || !is(it->assign, "=") ||
	    !is(it->assign + 1, "NULL") || it->assign + 3 != it->t1)
		return false;
	for (t = it->t0; t < it->assign; t++)
		if (is(t, "->") || is(t, "*") || is(t, "["))
			return true;
	return it->assign == it->t0 + 1 && !is_local(it->fn, tok_text(it->t0));
}

/* The sibling before @i in its block (-1: none), skipping log lines. */
static int prev_sibling(int i, bool skip_logging)
{
	int p = items[i].parent, j;

	if (p < 0 || items[p].kind != K_BLOCK || items[i].direct)
		return -1;
	for (j = i - 1; j > p; j--) {
		if (items[j].parent != p)
			continue;
		if (skip_logging && is_logging(&items[j]))
			continue;
		return j;
	}
	return -1;
}

/* The text of [a, b) with its trailing spaces cut: *ws gets them. */
static char *cut_trailing(int a, int b, char **ws)
{
	int e = b;
	char *s;

	while (e > a && isspace((unsigned char)text[e - 1]))
		e--;
	s = malloc(e - a + 1);
	*ws = malloc(b - e + 1);
	if (!s || !*ws)
		die("out of memory");
	memcpy(s, text + a, e - a);
	s[e - a] = 0;
	memcpy(*ws, text + e, b - e);
	(*ws)[b - e] = 0;
	return s;
}

/*
 * Move statement @u above @j, its earlier sibling: the range from @j to
 * @u becomes @u, the spaces that preceded @u, then the rest.
 */
static void move_above(const char *op, int j, int u, const char *id)
{
	int a = toks[items[j].t0].start, us = toks[items[u].t0].start;
	int ue = toks[items[u].t1 - 1].end;
	struct mutant *m = new_mutant(op, items[u].fn, items[j].t0,
				      items[u].t1);
	char *ws, *mid = cut_trailing(a, us, &ws), *ut = squeeze(us, ue, false);

	m->before = squeeze(a, ue, false);
	{
		char *rest = squeeze(a, us, false);

		m->after = xasprintf("%s %s", ut, rest);
		free(rest);
	}
	m->key = xstrdup(id);
	add_edit(m, a, ue, xasprintf("%.*s%s%s", ue - us, text + us, ws, mid));
	free(ws);
	free(mid);
	free(ut);
}

static void op_statements(int i)
{
	struct item *it = &items[i];
	int j, swapped = -1;
	char n[128];

	if (it->kind != K_SIMPLE)
		return;
	/* call_name()'s buffer is reused: keep this statement's name */
	snprintf(n, sizeof(n), "%s", call_name(it) ? call_name(it) : "");
	if (is_null_store(i)) {
		delete_stmt("drop-null", i);
		return;
	}
	if (*n && is_seam_name(n))
		delete_stmt("del-seam", i);

	/* swap with the previous sibling */
	j = prev_sibling(i, false);
	if (j >= 0 && is_operation(&items[j]) && is_operation(it) &&
	    (is_seam_call(&items[j]) || is_seam_call(it))) {
		const char *a = assigned_local(&items[j]);
		char *aw = a ? xstrdup(a) : NULL;
		const char *b = assigned_local(it);
		bool dep = (aw && mentions(it, aw)) ||
			   (b && mentions(&items[j], b));
		char *tj = tokens_text(items[j].t0, items[j].t1, true);
		char *ti = tokens_text(it->t0, it->t1, true);

		if (!dep && strcmp(tj, ti)) {
			char *id = xasprintf("%s<>%s", tj, ti);

			move_above("swap", j, i, id);
			swapped = j;
			free(id);
		}
		free(aw);
		free(tj);
		free(ti);
	}

	/* an unlock, above the operation before it (unless swap did) */
	if (*n && is_unlock_name(n)) {
		j = prev_sibling(i, true);
		if (j >= 0 && j != swapped && items[j].kind != K_DECL &&
		    items[j].kind != K_LABEL && items[j].kind != K_JUMP &&
		    items[j].kind != K_EMPTY &&
		    !(items[j].kind == K_SIMPLE &&
		      (!is_operation(&items[j]) ||
		       (call_name(&items[j]) &&
			is_lock_name(call_name(&items[j])))))) {
			char *id = tokens_text(it->t0, it->t1, true);

			move_above("unlock-early", j, i, id);
			free(id);
		}
	}
}

/* Negate every test of the function's code (not a statement of its own). */
static void op_tests(int fn)
{
	int body = fns[fn].body, t;

	for (t = items[body].t0; t < items[body].t1; t++) {
		struct mutant *m;
		int close, a, b;
		bool neg;

		if (!is_ident(t) || !is(t + 1, "(") || !is_test_name(tok_text(t)))
			continue;
		close = match(t + 1);
		/* a statement of its own: its value is not tested */
		if (is(close + 1, ";") && (is(t - 1, ";") || is(t - 1, "{") ||
					   is(t - 1, "}") || is(t - 1, ")")))
			continue;
		neg = is(t - 1, "!");
		a = toks[neg ? t - 1 : t].start;
		b = toks[close].end;
		m = new_mutant("invert-test", fn, t, close + 1);
		m->before = squeeze(a, b, false);
		m->key = squeeze(a, b, true);
		if (neg) {
			m->after = squeeze(toks[t].start, b, false);
			add_edit(m, a, toks[t].start, xstrdup(""));
		} else {
			m->after = xasprintf("!%s", m->before);
			add_edit(m, a, a, xstrdup("!"));
		}
	}
}

/* The comma between a call's two arguments, the call's '(' at @open. */
static int top_comma(int open)
{
	int close = match(open), t;

	for (t = open + 1; t < close; t++) {
		if (is(t, "(") || is(t, "[") || is(t, "{"))
			t = match(t);
		else if (is(t, ","))
			return t;
	}
	return -1;
}

/*
 * Make every READ_ONCE() and WRITE_ONCE() of the function's code a plain
 * access: the mark (and its seam operation) gone, the access the same.
 */
static void op_mark_plain(int fn)
{
	int body = fns[fn].body, t;

	for (t = items[body].t0; t < items[body].t1; t++) {
		bool rd = is(t, "READ_ONCE"), wr = is(t, "WRITE_ONCE");
		struct mutant *m;
		char *lhs, *rhs;
		int close, comma, a, b;

		if (!(rd || wr) || !is(t + 1, "("))
			continue;
		close = match(t + 1);
		comma = wr ? top_comma(t + 1) : -1;
		if (wr && comma < 0)
			continue;
		a = toks[t].start;
		b = toks[close].end;
		m = new_mutant("mark-plain", fn, t, close + 1);
		m->before = squeeze(a, b, false);
		m->key = squeeze(a, b, true);
		if (rd) {
			m->after = squeeze(toks[t + 1].start, b, false);
			add_edit(m, a, toks[t + 1].start, xstrdup(""));
			continue;
		}
		lhs = tokens_text(t + 2, comma, false);
		rhs = tokens_text(comma + 1, close, false);
		m->after = xasprintf("((%s) = (%s))", lhs, rhs);
		free(lhs);
		free(rhs);
		add_edit(m, a, toks[t + 1].end, xstrdup("(("));
		add_edit(m, toks[comma].start, toks[comma].end,
			 xstrdup(") = ("));
		add_edit(m, toks[close].start, toks[close].end, xstrdup("))"));
	}
}

/* Does the loop's header (or macro name) walk VMAs or page tables? */
static bool is_walk(const struct item *it)
{
	static const char *const words[] = {
		"vma", "vm_next", "vm_start", "vm_end", "pte", "pmd", "addr",
		"mas", "vmi", "pprev", NULL
	};
	int t;

	if (it->kind == K_MACRO_LOOP &&
	    (strstr(tok_text(it->t0), "vma") || strstr(tok_text(it->t0), "mas")))
		return true;
	for (t = it->h0; t < it->h1; t++)
		if (is_ident(t) && in_list(tok_text(t), words))
			return true;
	return false;
}

static char *loop_id(const struct item *it)
{
	int t1 = it->kind == K_DO ? it->t1 - 1 : it->h1 + 1;
	int t0 = it->kind == K_DO ? it->while_tok : it->t0;

	return tokens_text(t0, t1, true);
}

/* walk-bound: each <, <=, >, >= of the loop's condition, off by one. */
static void op_walk_bound(int i)
{
	struct item *it = &items[i];
	int c0 = it->kind == K_FOR ? it->c[1][0] : it->h0;
	int c1 = it->kind == K_FOR ? it->c[1][1] : it->h1, t;

	for (t = c0; t < c1; t++) {
		static const char *const from[] = { "<", "<=", ">", ">=" };
		static const char *const to[] = { "<=", "<", ">=", ">" };
		struct mutant *m;
		char *head;
		int k;

		for (k = 0; k < 4 && !is(t, from[k]); k++)
			;
		if (k == 4)
			continue;
		m = new_mutant("walk-bound", it->fn, it->t0, c1 + 1);
		m->before = tokens_text(c0, c1, false);
		head = loop_id(it);
		m->key = xasprintf("%s:%s", head, from[k]);
		free(head);
		{
			char *l = tokens_text(c0, t, false);
			char *r = tokens_text(t + 1, c1, false);

			m->after = xasprintf("%s %s %s", l, to[k], r);
			free(l);
			free(r);
		}
		add_edit(m, toks[t].start, toks[t].end, xstrdup(to[k]));
	}
}

/* walk-first: the loop skips its first element. */
static void op_walk_first(int i)
{
	struct item *it = &items[i];
	struct mutant *m;
	char *cond, *step, *init;

	if (it->kind == K_FOR) {
		int a, b;

		if (it->c[1][1] <= it->c[1][0] || it->c[2][1] <= it->c[2][0])
			return;
		cond = tokens_text(it->c[1][0], it->c[1][1], false);
		step = tokens_text(it->c[2][0], it->c[2][1], false);
		init = tokens_text(it->c[0][0], it->c[0][1], false);
		m = new_mutant("walk-first", it->fn, it->t0, it->h1 + 1);
		m->key = loop_id(it);
		m->before = tokens_text(it->t0, it->h1 + 1, false);
		/* one step first, if the walk has a first element at all */
		m->after = xasprintf("for (%s%s(%s) ? (void)(%s) : (void)0; %s; %s)",
				     init, *init ? ", " : "", cond, step, cond,
				     step);
		if (it->c[0][1] > it->c[0][0]) {
			a = toks[it->c[0][0]].start;
			b = toks[it->c[0][1] - 1].end;
		} else {
			a = b = toks[it->h0 - 1].end;
		}
		add_edit(m, a, b, keep_lines_of(xasprintf("%s%s(%s) ? (void)(%s) : (void)0",
							  init, *init ? ", " : "",
							  cond, step), a, b));
		free(cond);
		free(step);
		free(init);
		return;
	}
	if (it->kind == K_DO) {
		int ws = toks[it->while_tok].start, we = toks[it->t1 - 1].end;

		if (items[it->body].kind != K_BLOCK)
			return;
		cond = tokens_text(it->h0, it->h1, false);
		m = new_mutant("walk-first", it->fn, it->t0, it->t1);
		m->key = loop_id(it);
		m->before = xasprintf("do { ... } while (%s);", cond);
		m->after = xasprintf("while (%s) { ... }", cond);
		/* the test, with its step, before the first element */
		add_edit(m, toks[it->t0].start, toks[it->t0].end,
			 xasprintf("while (%s)", cond));
		add_edit(m, ws, we, keep_lines("", ws, we));
		free(cond);
		return;
	}
	if (it->kind == K_MACRO_LOOP && items[it->body].kind == K_BLOCK) {
		const struct item *body = &items[it->body];

		m = new_mutant("walk-first", it->fn, it->t0, it->h1 + 1);
		m->key = loop_id(it);
		m->before = tokens_text(it->t0, it->h1 + 1, false);
		m->after = xasprintf("%s, its first element skipped",
				     m->before);
		add_edit(m, toks[it->t0].start, toks[it->t0].start,
			 xstrdup("{ int __mutant_first = 1; "));
		add_edit(m, toks[body->t0].end, toks[body->t0].end,
			 xstrdup(" if (__mutant_first) { __mutant_first = 0; continue; }"));
		add_edit(m, toks[body->t1 - 1].end, toks[body->t1 - 1].end,
			 xstrdup(" }"));
	}
}

/* walk-last: a walk along vm_next stops before its last VMA. */
static void op_walk_last(int i)
{
	struct item *it = &items[i];
	int c0 = it->kind == K_FOR ? it->c[1][0] : it->h0;
	int c1 = it->kind == K_FOR ? it->c[1][1] : it->h1, t, eq = -1;
	struct mutant *m;
	char *cond, *next, *head;

	if (c1 <= c0)
		return;
	if (it->kind == K_FOR) {
		/* the step is "v = <next>", <next> reading vm_next */
		for (t = it->c[2][0]; t < it->c[2][1]; t++)
			if (is(t, "="))
				eq = t;
		if (eq != it->c[2][0] + 1)
			return;
		for (t = eq + 1; t < it->c[2][1] && !is(t, "vm_next"); t++)
			;
		if (t == it->c[2][1])
			return;
		next = tokens_text(eq + 1, it->c[2][1], false);
	} else if (it->kind == K_WHILE && c1 == c0 + 1 && is_ident(c0) &&
		   strstr(tok_text(c0), "vma")) {
		next = xasprintf("%s->vm_next", tok_text(c0));
	} else {
		return;
	}
	cond = tokens_text(c0, c1, false);
	m = new_mutant("walk-last", it->fn, it->t0, c1 + 1);
	head = loop_id(it);
	m->key = head;
	m->before = xstrdup(cond);
	m->after = xasprintf("%s && %s", cond, next);
	add_edit(m, toks[c0].start, toks[c1 - 1].end,
		 keep_lines_of(xasprintf("(%s) && %s", cond, next),
			    toks[c0].start, toks[c1 - 1].end));
	free(cond);
	free(next);
}

static int cmp_mutant(const void *pa, const void *pb)
{
	const struct mutant *a = pa, *b = pb;

	if (a->line0 != b->line0)
		return a->line0 - b->line0;
	if (strcmp(a->op, b->op))
		return strcmp(a->op, b->op);
	return a->seq - b->seq;
}

static void enumerate(const char *file)
{
	int i, f;

	path = file;
	read_file(file);
	blank();
	tokenize();
	parse_functions();
	for (i = 0; i < nitems; i++) {
		const struct item *it = &items[i];

		op_statements(i);
		if ((it->kind == K_FOR || it->kind == K_WHILE ||
		     it->kind == K_DO || it->kind == K_MACRO_LOOP) &&
		    is_walk(it)) {
			op_walk_bound(i);
			op_walk_first(i);
			op_walk_last(i);
		}
	}
	for (f = 0; f < nfns; f++) {
		op_tests(f);
		op_mark_plain(f);
	}
	/* by line, then operator, then order of discovery */
	qsort(muts, nmuts, sizeof(muts[0]), cmp_mutant);
	/* the full id; the same text twice in a function gets #2, #3 */
	for (i = 0; i < nmuts; i++) {
		int j, n = 1;

		for (j = 0; j < i; j++)
			n += muts[j].fn == muts[i].fn &&
			     !strcmp(muts[j].op, muts[i].op) &&
			     !strcmp(muts[j].key, muts[i].key);
		muts[i].id = xasprintf("%s:%s:%s:%s", file,
				       fns[muts[i].fn].name, muts[i].op,
				       muts[i].key);
		if (n > 1) {
			char *d = xasprintf("%s#%d", muts[i].id, n);

			free(muts[i].id);
			muts[i].id = d;
		}
	}
}

/* One field of the list: tabs and newlines would break the line. */
static void field(const char *s, char sep)
{
	for (; *s; s++)
		putchar(*s == '\t' || *s == '\n' ? ' ' : *s);
	putchar(sep);
}

static void list(void)
{
	int i;

	for (i = 0; i < nmuts; i++) {
		const struct mutant *m = &muts[i];

		printf("%d\t%s\t%d\t%d\t", i + 1, path, m->line0, m->line1);
		field(m->op, '\t');
		field(fns[m->fn].name, '\t');
		field(m->id, '\t');
		field(m->before, '\t');
		field(m->after, '\n');
	}
}

static int cmp_edit(const void *pa, const void *pb)
{
	const struct edit *a = pa, *b = pb;

	return b->start - a->start;
}

/* Write the file with mutant @n (1-based) to @out. */
static void apply(int n, const char *out)
{
	struct mutant *m;
	FILE *f;
	int i, at = 0;

	if (n < 1 || n > nmuts)
		die("no mutant %d (%d in the file)", n, nmuts);
	m = &muts[n - 1];
	qsort(m->edits, m->nedits, sizeof(m->edits[0]), cmp_edit);
	for (i = 1; i < m->nedits; i++)
		if (m->edits[i].end > m->edits[i - 1].start)
			die("mutant %d: edits overlap", n);
	f = fopen(out, "w");
	if (!f)
		die("cannot write %s", out);
	/* the tree's name and lines, for the trace and the seam sites */
	fprintf(f, "#line 1 \"%s\"\n", path);
	for (i = m->nedits - 1; i >= 0; i--) {
		fwrite(text + at, 1, m->edits[i].start - at, f);
		fputs(m->edits[i].text, f);
		at = m->edits[i].end;
	}
	fwrite(text + at, 1, len - at, f);
	if (fclose(f))
		die("cannot write %s", out);
}

static void usage(void)
{
	fprintf(stderr, "usage: mutate list FILE...\n"
		"       mutate apply FILE N OUT\n");
	exit(2);
}

/* Forget one file's parse before the next. */
static void reset(void)
{
	free(text);
	free(code);
	text = code = NULL;
	ntoks = nitems = nfns = nmuts = 0;
}

int main(int argc, char **argv)
{
	int i;

	if (argc >= 3 && !strcmp(argv[1], "list")) {
		for (i = 2; i < argc; i++) {
			enumerate(argv[i]);
			list();
			reset();
		}
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "apply")) {
		char *end;
		long n = strtol(argv[3], &end, 10);

		if (*end || !*argv[3])
			usage();
		enumerate(argv[2]);
		apply((int)n, argv[4]);
		return 0;
	}
	usage();
	return 2;
}
