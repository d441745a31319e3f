// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_render.c - the figures: DOT, mscgen, Chrome trace JSON
 *
 * Golden files pin every format on one small run; the tools that read the
 * figures judge the rest: dot must render every era's race figure and the
 * hand-drawn ones without a warning, Doxygen's built-in mscgen must accept
 * every chart, and the JSON must be strictly valid with balanced slices on
 * every track, for a coop run and for a run on real threads.  The arrows
 * are checked against what the changelogs say happens.
 */
#include <fcntl.h>
#include <glob.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <asm/pgtable.h>
#include "testlib.h"
#include "../src/sim/render/render.h"
#include "../src/sim/world/threads.h"

extern char **environ;

static struct sim_world w;

#define OUT_MAX		(512 * 1024)

/* --- helpers ----------------------------------------------------------- */

static char *slurp_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n + 1);
	ck_assert(buf);
	ck_assert_int_eq(fread(buf, 1, n, f), n);
	buf[n] = 0;
	fclose(f);
	if (len)
		*len = n;
	return buf;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f, "cannot write %s", path);
	fputs(text, f);
	fclose(f);
}

/* What @format draws of @w's last run. */
static char *emit(const struct sim_world *world, const char *format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_int_eq(sim_render_emit(world, format, f), 0);
	fclose(f);
	return buf;
}

/*
 * Run a tool (from PATH) in @dir; returns its exit status, with what it
 * wrote on stdout and stderr together in @out.
 */
static int tool(const char *dir, char *out, size_t outlen, char *const argv[])
{
	char name[] = "/tmp/reaplab-tool-XXXXXX";
	int fd = mkstemp(name), status, old = open(".", O_RDONLY);
	posix_spawn_file_actions_t fa;
	ssize_t n;
	pid_t pid;

	ck_assert(fd >= 0 && old >= 0);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd, 1);
	posix_spawn_file_actions_adddup2(&fa, fd, 2);
	ck_assert_int_eq(chdir(dir), 0);
	ck_assert_msg(!posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ),
		      "cannot run %s: run make deps", argv[0]);
	ck_assert_int_eq(fchdir(old), 0);
	waitpid(pid, &status, 0);
	posix_spawn_file_actions_destroy(&fa);
	lseek(fd, 0, SEEK_SET);
	n = read(fd, out, outlen - 1);
	out[n > 0 ? n : 0] = 0;
	close(fd);
	close(old);
	unlink(name);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static char *temp_dir(void)
{
	static char dir[64];

	snprintf(dir, sizeof(dir), "/tmp/reaplab-render-XXXXXX");
	ck_assert(mkdtemp(dir));
	return dir;
}

static void remove_dir(const char *dir)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* dot -Tsvg on @path: must succeed and say nothing. */
static void assert_dot_clean(const char *path)
{
	static char out[65536];
	char *argv[] = { "dot", "-Tsvg", "-o", "/dev/null", (char *)path,
			 NULL };
	int rc = tool(".", out, sizeof(out), argv);

	ck_assert_msg(rc == 0 && !out[0], "dot -Tsvg %s: exit %d: %s", path,
		      rc, out);
}

/* A replay of @sched on a built world; false if it cannot be followed. */
static bool replay(const char *sched)
{
	t_replay(&w, sched);
	return w.stop != SIM_STOP_DIVERGED;
}

/* --- a strict JSON reader (RFC 8259), enough to judge a trace ---------- */

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	int type;
	double num;
	char *str;		/* J_STR */
	struct jv *kid;		/* J_ARR, J_OBJ: n values */
	char **key;		/* J_OBJ: n keys */
	size_t n;
};

struct jp {
	const char *p;
	const char *err;
};

static void j_ws(struct jp *j)
{
	while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')
		j->p++;
}

static bool j_fail(struct jp *j, const char *why)
{
	if (!j->err)
		j->err = why;
	return false;
}

static bool j_value(struct jp *j, struct jv *v, int depth);

static bool j_string(struct jp *j, char **out)
{
	size_t cap = 16, n = 0;
	char *s = malloc(cap);

	if (*j->p++ != '"') {
		free(s);
		return j_fail(j, "string expected");
	}
	for (;;) {
		unsigned char c = *j->p++;

		if (n + 8 > cap)
			s = realloc(s, cap *= 2);
		if (c == '"')
			break;
		if (c < 0x20) {
			free(s);
			return j_fail(j, "raw control character in a string");
		}
		if (c != '\\') {
			s[n++] = c;
			continue;
		}
		c = *j->p++;
		if (strchr("\"\\/", c) && c)
			s[n++] = c;
		else if (c && strchr("bfnrt", c))
			s[n++] = c == 'n' ? '\n' : ' ';
		else if (c == 'u') {
			int k;

			for (k = 0; k < 4; k++)
				if (!j->p[k] ||
				    !strchr("0123456789abcdefABCDEF", j->p[k])) {
					free(s);
					return j_fail(j, "bad \\u escape");
				}
			j->p += 4;
			s[n++] = '?';
		} else {
			free(s);
			return j_fail(j, "bad escape");
		}
	}
	s[n] = 0;
	*out = s;
	return true;
}

static bool j_number(struct jp *j, struct jv *v)
{
	const char *start = j->p;
	char *end;

	if (*j->p == '-')
		j->p++;
	if (*j->p == '0')
		j->p++;
	else if (*j->p >= '1' && *j->p <= '9')
		while (*j->p >= '0' && *j->p <= '9')
			j->p++;
	else
		return j_fail(j, "bad number");
	if (*j->p == '.') {
		j->p++;
		if (!(*j->p >= '0' && *j->p <= '9'))
			return j_fail(j, "bad fraction");
		while (*j->p >= '0' && *j->p <= '9')
			j->p++;
	}
	if (*j->p == 'e' || *j->p == 'E') {
		j->p++;
		if (*j->p == '+' || *j->p == '-')
			j->p++;
		if (!(*j->p >= '0' && *j->p <= '9'))
			return j_fail(j, "bad exponent");
		while (*j->p >= '0' && *j->p <= '9')
			j->p++;
	}
	v->type = J_NUM;
	v->num = strtod(start, &end);
	return end == j->p || j_fail(j, "bad number");
}

static bool j_items(struct jp *j, struct jv *v, bool object, int depth)
{
	char close = object ? '}' : ']';
	size_t cap = 0;

	v->type = object ? J_OBJ : J_ARR;
	j->p++;
	j_ws(j);
	if (*j->p == close) {
		j->p++;
		return true;
	}
	for (;;) {
		if (v->n == cap) {
			cap = cap ? 2 * cap : 8;
			v->kid = realloc(v->kid, cap * sizeof(*v->kid));
			v->key = realloc(v->key, cap * sizeof(*v->key));
		}
		memset(&v->kid[v->n], 0, sizeof(v->kid[0]));
		v->key[v->n] = NULL;
		if (object) {
			j_ws(j);
			if (!j_string(j, &v->key[v->n]))
				return false;
			j_ws(j);
			if (*j->p++ != ':') {
				free(v->key[v->n]);
				return j_fail(j, "':' expected");
			}
		}
		if (!j_value(j, &v->kid[v->n++], depth + 1))
			return false;
		j_ws(j);
		if (*j->p == ',') {
			j->p++;
			j_ws(j);
			/* no trailing comma */
			if (*j->p == close)
				return j_fail(j, "trailing comma");
			continue;
		}
		if (*j->p++ != close)
			return j_fail(j, "',' or the closing bracket expected");
		return true;
	}
}

static bool j_value(struct jp *j, struct jv *v, int depth)
{
	if (depth > 64)
		return j_fail(j, "nested too deep");
	j_ws(j);
	switch (*j->p) {
	case '{':
		return j_items(j, v, true, depth);
	case '[':
		return j_items(j, v, false, depth);
	case '"':
		v->type = J_STR;
		return j_string(j, &v->str);
	case 't':
	case 'f':
	case 'n':
		if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
			v->type = j->p[0] == 'n' ? J_NULL : J_BOOL;
			j->p += 4;
			return true;
		}
		if (!strncmp(j->p, "false", 5)) {
			v->type = J_BOOL;
			j->p += 5;
			return true;
		}
		return j_fail(j, "bad literal");
	default:
		return j_number(j, v);
	}
}

static void j_free_kids(struct jv *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		j_free_kids(&v->kid[i]);
		if (v->key)
			free(v->key[i]);
	}
	free(v->str);
	free(v->kid);
	free(v->key);
}

static void json_free(struct jv *v)
{
	if (v)
		j_free_kids(v);
	free(v);
}

/* Parse all of @text; NULL with @err set if it is not strict JSON. */
static struct jv *json_parse(const char *text, const char **err)
{
	struct jp j = { .p = text };
	struct jv *v = calloc(1, sizeof(*v));

	if (j_value(&j, v, 0)) {
		j_ws(&j);
		if (!*j.p)
			return v;
		j_fail(&j, "text after the value");
	}
	json_free(v);
	*err = j.err;
	return NULL;
}

static const struct jv *j_get(const struct jv *obj, const char *key)
{
	size_t i;

	if (!obj || obj->type != J_OBJ)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->key[i], key))
			return &obj->kid[i];
	return NULL;
}

/* Microseconds, as the trace writes them, to nanoseconds. */
static long long ns(double us)
{
	return (long long)(us * 1000 + (us < 0 ? -0.5 : 0.5));
}

/*
 * What the viewers need (DOC: The Chrome trace): a traceEvents array of
 * events with ph, pid 1, a tid and a name; per track, B/E balanced and
 * matching, times never going back, and nothing inside the operation
 * slice before it; a thread_name for every track; every flow start with
 * its end.  Returns NULL, or what is wrong.
 */
static const char *trace_problem_of(const struct jv *top, int *nslices);

static const char *trace_problem(const char *text, int *nslices)
{
	const char *err = NULL, *why;
	struct jv *top = json_parse(text, &err);

	if (!top)
		return err;
	why = trace_problem_of(top, nslices);
	json_free(top);
	return why;
}

static const char *trace_problem_of(const struct jv *top, int *nslices)
{
	static char why[256];
	const struct jv *evs, *e;
	const char *stack[16][256];
	int depth[16] = { 0 }, flows = 0;
	long long last[16] = { 0 }, x_end[16] = { 0 }, at;
	bool named[16] = { false }, used[16] = { false };
	size_t i;
	int t;

	evs = j_get(top, "traceEvents");
	if (!evs || evs->type != J_ARR || !evs->n)
		return "no traceEvents array";
	*nslices = 0;
	for (i = 0; i < evs->n; i++) {
		const struct jv *ph, *pid, *tid, *name, *ts, *dur;
		char p;

		e = &evs->kid[i];
		ph = j_get(e, "ph");
		pid = j_get(e, "pid");
		tid = j_get(e, "tid");
		name = j_get(e, "name");
		ts = j_get(e, "ts");
		if (!ph || ph->type != J_STR || !pid || pid->type != J_NUM ||
		    pid->num != 1 || !tid || tid->type != J_NUM ||
		    tid->num < 0 || tid->num >= 16 || !name ||
		    name->type != J_STR) {
			snprintf(why, sizeof(why),
				 "event %zu lacks ph, pid, tid or name", i);
			return why;
		}
		t = tid->num;
		p = ph->str[0];
		if (p == 'M') {
			if (!strcmp(name->str, "thread_name"))
				named[t] = true;
			continue;
		}
		if (!ts || ts->type != J_NUM) {
			snprintf(why, sizeof(why), "event %zu has no ts", i);
			return why;
		}
		if (p == 's' || p == 'f') {
			flows += p == 's' ? 1 : -1;
			continue;
		}
		if (p == 'i')
			continue;
		used[t] = true;
		/* in whole nanoseconds: "1.5" + "0.25" must equal "1.75" */
		at = ns(ts->num);
		if (at < last[t] || at < x_end[t]) {
			snprintf(why, sizeof(why),
				 "event %zu (%s) goes back in time on track %d", i,
				 name->str, t);
			return why;
		}
		last[t] = at;
		if (p == 'X') {
			dur = j_get(e, "dur");
			if (!dur || dur->type != J_NUM || dur->num < 0)
				return "an X event without a dur";
			x_end[t] = at + ns(dur->num);
			++*nslices;
		} else if (p == 'B') {
			if (depth[t] == 256)
				return "nested too deep";
			stack[t][depth[t]++] = name->str;
			++*nslices;
		} else if (p == 'E') {
			if (!depth[t] ||
			    strcmp(stack[t][--depth[t]], name->str)) {
				snprintf(why, sizeof(why),
					 "event %zu: E %s does not close the last B on track %d",
					 i, name->str, t);
				return why;
			}
		} else {
			snprintf(why, sizeof(why), "event %zu: unknown ph %s",
				 i, ph->str);
			return why;
		}
	}
	for (t = 0; t < 16; t++) {
		if (depth[t]) {
			snprintf(why, sizeof(why),
				 "track %d: %d B without E", t, depth[t]);
			return why;
		}
		if (used[t] && !named[t])
			return "a track without thread_name";
	}
	return flows ? "a flow start without its end" : NULL;
}

/* --- golden files ------------------------------------------------------ */

static const struct {
	const char *format, *file;
} golden[] = {
	{ "ascii", "tests/golden/v5.15-mrelease.txt" },
	{ "dot", "tests/golden/v5.15-mrelease.dot" },
	{ "msc", "tests/golden/v5.15-mrelease.msc" },
	{ "json", "tests/golden/v5.15-mrelease.json" },
};

/*
 * v5.15's process_mrelease() race, with one VMA of one page: every
 * format byte for byte.  The files were made by tests/golden/update.sh
 * (which runs the same command) and read through; if a change to a
 * renderer or to the model changes them, run it again and review the
 * diff.
 */
START_TEST(test_golden)
{
	static char out[OUT_MAX], err[4096];
	char *want;
	size_t n, line = 1;
	int rc;

	rc = t_run(out, sizeof(out), err, sizeof(err), "trace", "v5.15",
		   "mrelease", "changelog", "-o", "vmas=1,pages=1", "--format",
		   golden[_i].format, NULL);
	ck_assert_msg(rc == 1, "exit %d: %s", rc, err);
	want = slurp_file(golden[_i].file, NULL);
	ck_assert_msg(want, "%s is missing", golden[_i].file);
	for (n = 0; want[n] && want[n] == out[n]; n++)
		line += want[n] == '\n';
	ck_assert_msg(!want[n] && !out[n],
		      "%s differs from the renderer's output at line %zu (run tests/golden/update.sh and review the diff)",
		      golden[_i].file, line);
	free(want);
}
END_TEST

/* --- the arrows -------------------------------------------------------- */

static const struct sim_link *find_link(const struct sim_link *l, size_t n,
					int kind, int from_kind, char from,
					int to_kind, char to)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct sim_event *a = &w.trace.ev[l[i].from];
		const struct sim_event *b = &w.trace.ev[l[i].to];

		if (l[i].kind == kind && a->kind == from_kind &&
		    b->kind == to_kind && w.threads[a->tid].letter == from &&
		    w.threads[b->tid].letter == to)
			return &l[i];
	}
	return NULL;
}

/*
 * The 2017 race (v4.9): A's mutex_unlock(oom_lock) lets R's mutex_lock run,
 * and A's second kill wakes R from schedule(); each arrow starts before
 * it ends.
 */
START_TEST(test_links_handoff_and_wake)
{
	const struct sim_link *k;
	struct sim_link *l;
	size_t n, i;

	t_build(&w, "v4.9", "oom");
	ck_assert(replay(sim_era_by_name("v4.9")->schedules[0].schedule));
	n = sim_links_find(&w, &l);
	k = find_link(l, n, SIM_LINK_HANDOFF, SEAM_MUTEX_UNLOCK, 'A',
		      SEAM_MUTEX_LOCK, 'R');
	ck_assert_msg(k, "no oom_lock hand-off from A to R");
	ck_assert_str_eq(k->label, "oom_lock");
	k = find_link(l, n, SIM_LINK_WAKE, SEAM_WAKE_UP, 'A', SEAM_SCHEDULE,
		      'R');
	ck_assert_msg(k, "no wake-up from A's wake_up() to R's schedule()");
	ck_assert_uint_gt(w.trace.ev[k->from].result, 0);
	for (i = 0; i < n; i++) {
		ck_assert_uint_lt(w.trace.ev[l[i].from].step,
				  w.trace.ev[l[i].to].step);
		ck_assert_uint_ne(w.trace.ev[l[i].from].tid,
				  w.trace.ev[l[i].to].tid);
	}
	free(l);
	sim_world_free(&w);
}
END_TEST

/* v4.14's UAF: the arrow from P's kfree() of the page table to R's touch. */
START_TEST(test_links_free_to_use)
{
	const struct sim_link *k;
	struct sim_link *l;
	size_t n;

	t_build(&w, "v4.14", "proc-reader");
	ck_assert(replay(sim_era_by_name("v4.14")->schedules[0].schedule));
	ck_assert(w.verdict.fired & EXPECT(ORACLE_UAF));
	n = sim_links_find(&w, &l);
	k = find_link(l, n, SIM_LINK_FREE, SEAM_FREE, 'P', SEAM_SPIN_LOCK, 'R');
	ck_assert_msg(k, "no arrow from P's kfree() to R's spin_lock()");
	ck_assert_uint_eq(w.trace.ev[k->to].step,
			  w.verdict.hit[ORACLE_UAF].step);
	ck_assert_str_eq(k->label, "ptdesc#0");
	free(l);
	sim_world_free(&w);
}
END_TEST

/*
 * A layout covers its struct when every member is stated: between two
 * members (and after the last) there is only the padding alignment needs.
 * A union's members share one offset.  Return: NULL, or what is missing.
 */
static const char *layout_gap(const struct sim_layout *l, char *buf,
			      size_t len)
{
	size_t i, end = 0;

	for (i = 0; i < l->nfields; i++) {
		const struct sim_field *f = &l->fields[i];

		if (i && f->off == l->fields[i - 1].off)
			continue;
		if (f->off < end || f->off - end >= f->align) {
			snprintf(buf, len, "%s: %zu bytes before .%s unnamed",
				 l->type, f->off - end, f->name);
			return buf;
		}
		end = f->off + f->size;
		if (f->size > l->size)	/* a flexible array: to the end */
			return NULL;
	}
	if (end > l->size || l->size - end >= l->align) {
		snprintf(buf, len, "%s: %zu bytes after the last field unnamed",
			 l->type, l->size - end);
		return buf;
	}
	return NULL;
}

/*
 * Objects are named by field, so that wasm32 and x86-64 write the same
 * diagram: every layout src/sim/world/fields.c states covers its struct (a
 * member added to a header and not to the table fails here), and one
 * with a member left out is caught.
 */
START_TEST(test_field_layouts_cover_their_structs)
{
	const struct sim_layout *l, *vma = NULL;
	struct sim_field fields[16];
	struct sim_layout bad;
	char buf[128], why[128];
	size_t i, j;

	for (i = 0; (l = sim_layout_at(i)); i++) {
		ck_assert_msg(!layout_gap(l, why, sizeof(why)), "%s", why);
		if (!strcmp(l->type, "vm_area_struct"))
			vma = l;
	}
	ck_assert_uint_ge(i, 10);
	ck_assert(vma && vma->nfields <= 16);
	for (i = 0; i < vma->nfields; i++) {
		bad = *vma;
		bad.fields = fields;
		bad.nfields = 0;
		for (j = 0; j < vma->nfields; j++)
			if (j != i)
				fields[bad.nfields++] = vma->fields[j];
		ck_assert_msg(layout_gap(&bad, why, sizeof(why)),
			      "vm_area_struct without .%s passes",
			      vma->fields[i].name);
	}

	sim_field_name("vm_area_struct",
		       offsetof(struct vm_area_struct, vm_next),
		       buf, sizeof(buf));
	ck_assert_str_eq(buf, ".vm_next");
	sim_field_name("task_struct", offsetof(struct task_struct, tasks) +
		       sizeof(void *), buf, sizeof(buf));
	ck_assert_str_eq(buf, ".tasks.prev");
	sim_field_name("ptdesc", offsetof(struct ptdesc, pte) +
		       3 * sizeof(pte_t), buf, sizeof(buf));
	ck_assert_str_eq(buf, ".pte[3]");
	sim_field_name("mm_struct", offsetof(struct mm_struct, rss_stat) +
		       (NR_MM_COUNTERS - 1) * sizeof(atomic_long_t), buf,
		       sizeof(buf));
	snprintf(why, sizeof(why), ".rss_stat[%d]", NR_MM_COUNTERS - 1);
	ck_assert_str_eq(buf, why);
	sim_field_name("pgd", 2 * sizeof(pmd_t), buf, sizeof(buf));
	ck_assert_str_eq(buf, "[2]");
	/* no layout: the offset, honestly */
	sim_field_name("kmalloc", 8, buf, sizeof(buf));
	ck_assert_str_eq(buf, "+8");
	/* inside a member with no layout of its own */
	sim_field_name("signal_cache", offsetof(struct signal_struct, oom_mm) +
		       1, buf, sizeof(buf));
	ck_assert_str_eq(buf, ".oom_mm+1");
}
END_TEST

/*
 * v4.14's proc-reader use-after-free, as the explorer minimized it: R
 * reads vma->vm_next of the VMA exit_mmap() freed, and the oracle names
 * that field (the player, in wasm32, names it the same way).  The
 * schedule is the explorer's own, read from its replay line, so a change
 * to the model's step counts moves it with the model.
 */
START_TEST(test_uaf_names_the_field)
{
	static char out[1 << 16], err[1 << 12];
	char sched[128], *p;
	int rc = t_run(out, sizeof(out), err, sizeof(err), "explore", "v4.14",
		       "proc-reader", "--mode", "dpor", NULL);

	ck_assert_msg(rc == 1, "explore v4.14 proc-reader: exit %d: %s", rc,
		      err);
	p = strstr(out, "reaplab replay v4.14 proc-reader '");
	ck_assert_msg(p, "no replay line in: %s", out);
	p = strchr(p, '\'') + 1;
	ck_assert(strchr(p, '\'') && strchr(p, '\'') - p < (long)sizeof(sched));
	snprintf(sched, sizeof(sched), "%.*s", (int)(strchr(p, '\'') - p), p);
	t_build(&w, "v4.14", "proc-reader");
	ck_assert_msg(replay(sched), "%s", sched);
	ck_assert(w.verdict.fired & EXPECT(ORACLE_UAF));
	ck_assert_msg(strstr(w.verdict.hit[ORACLE_UAF].msg,
			     "touches vm_area_struct#1.vm_next, freed"),
		      "%s", w.verdict.hit[ORACLE_UAF].msg);
	sim_world_free(&w);
}
END_TEST

/* src/sim/world/player.c, the player's module interface (no header: the page) */
const char *player_load(const char *era_id, const char *scn_name);

/*
 * The player's state panel shows the VMAs where the era keeps them: the
 * list, mm->mmap, before v6.1, the maple tree, mm->mm_mt, from v6.1 on
 * (763ecb035029), each VMA by its name.
 */
START_TEST(test_player_panel_vmas_where_the_era_keeps_them)
{
	static const struct {
		const char *era, *want, *not;
	} cases[] = {
		{ "v4.9", "VMA list, mm->mmap:", "maple" },
		{ "2017-cond", "VMA list, mm->mmap:", "maple" },
		{ "v5.17", "VMA list, mm->mmap:", "maple" },
		{ "v6.1", "maple tree, mm->mm_mt:", "mm->mmap:" },
		{ "v6.18", "maple tree, mm->mm_mt:", "mm->mmap:" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *v = player_load(cases[i].era, "oom");
		const char *state;

		ck_assert_msg(v && (state = strstr(v, "\"state\":\"")),
			      "%s: no view", cases[i].era);
		ck_assert_msg(strstr(state, cases[i].want) &&
			      !strstr(state, cases[i].not),
			      "%s: %.600s", cases[i].era, state);
		ck_assert_msg(strstr(state, "vm_area_struct#0 [0x"),
			      "%s: %.600s", cases[i].era, state);
	}
}
END_TEST

/*
 * Elision keeps what the picture is about: both ends of every arrow and
 * the oracle's row survive, and the rows left out are said to be.
 */
START_TEST(test_elision_keeps_arrows_and_hit)
{
	struct sim_figure full, fig;
	size_t i, gaps = 0, hits = 0;

	t_build(&w, "v4.14", "proc-reader");
	ck_assert(replay(sim_era_by_name("v4.14")->schedules[0].schedule));
	sim_figure_build(&w, 0, &full);
	sim_figure_build(&w, 4, &fig);
	ck_assert_uint_lt(3 * fig.nrows, 2 * full.nrows);
	ck_assert_uint_eq(fig.nlinks, full.nlinks);
	for (i = 0; i < fig.nlinks; i++) {
		ck_assert_int_ge(fig.link[i].from_row, 0);
		ck_assert_int_ge(fig.link[i].to_row, 0);
		ck_assert_int_eq(fig.row[fig.link[i].to_row].kind, SIM_ROW_OP);
		ck_assert_uint_eq(fig.row[fig.link[i].to_row].step_first,
				  w.trace.ev[fig.link[i].to].step);
	}
	for (i = 0; i < fig.nrows; i++) {
		gaps += fig.row[i].kind == SIM_ROW_GAP;
		hits += !!(fig.row[i].oracles & EXPECT(ORACLE_UAF));
	}
	ck_assert_uint_gt(gaps, 0);
	ck_assert_uint_eq(hits, 1);
	sim_figure_free(&fig);
	sim_figure_free(&full);
	sim_world_free(&w);
}
END_TEST

/* --- the tools --------------------------------------------------------- */

/*
 * Every era's race figure, as `make figures` draws it (each shipped
 * schedule, and the same on the era that fixed it), the figure of a run
 * on real threads, and the hand-drawn figures: dot renders each without
 * a word.
 */
START_TEST(test_dot_renders_every_figure_cleanly)
{
	char *dir = temp_dir(), path[256];
	glob_t hand;
	int i, n = 0;
	size_t k;

	for (i = 0; i < sim_nr_eras; i++) {
		const struct era_schedule *s;

		for (s = sim_eras[i]->schedules; s && s->name; s++) {
			const char *on[2] = { sim_eras[i]->id, s->fixed_by };
			int j;

			for (j = 0; j < 2 && on[j]; j++) {
				char *dot;

				t_build(&w, on[j],
					sim_scenarios[s->scenario]->name);
				if (replay(s->schedule)) {
					dot = emit(&w, "dot");
					snprintf(path, sizeof(path),
						 "%s/%d.dot", dir, n++);
					write_file(path, dot);
					free(dot);
					assert_dot_clean(path);
				}
				sim_world_free(&w);
			}
		}
	}
	ck_assert_int_ge(n, 5);
	t_build(&w, "v6.1", "oom");
	w.trace_threads = w.trace_frames = w.trace_text = true;
	sim_threads_iteration(&w, 5.0, NULL);
	sim_threads_shutdown();
	{
		char *dot = emit(&w, "dot");

		snprintf(path, sizeof(path), "%s/threads.dot", dir);
		write_file(path, dot);
		free(dot);
		assert_dot_clean(path);
	}
	sim_world_free(&w);
	ck_assert_int_eq(glob("figures/*.dot", 0, NULL, &hand), 0);
	ck_assert_uint_ge(hand.gl_pathc, 3);
	for (k = 0; k < hand.gl_pathc; k++)
		assert_dot_clean(hand.gl_pathv[k]);
	globfree(&hand);
	remove_dir(dir);
}
END_TEST

/*
 * The mscgen charts, fed to Doxygen 1.9's built-in mscgen through
 * \mscfile with warnings as errors: the golden chart and every era's.
 */
START_TEST(test_doxygen_accepts_every_chart)
{
	static char out[65536];
	char *dir = temp_dir(), path[256], *msc;
	char *argv[] = { "doxygen", "Doxyfile", NULL };
	FILE *page;
	int i, n = 0, rc;

	snprintf(path, sizeof(path), "%s/page.md", dir);
	page = fopen(path, "w");
	ck_assert(page);
	fprintf(page, "# Charts {#mainpage}\n\n");
	for (i = 0; i < sim_nr_eras; i++) {
		const struct era_schedule *s;

		for (s = sim_eras[i]->schedules; s && s->name; s++) {
			t_build(&w, sim_eras[i]->id,
				sim_scenarios[s->scenario]->name);
			ck_assert(replay(s->schedule));
			msc = emit(&w, "msc");
			snprintf(path, sizeof(path), "%s/c%d.msc", dir, n);
			write_file(path, msc);
			free(msc);
			fprintf(page, "\\mscfile c%d.msc \"chart %d\"\n\n", n,
				n);
			n++;
			sim_world_free(&w);
		}
	}
	msc = slurp_file("tests/golden/v5.15-mrelease.msc", NULL);
	ck_assert(msc);
	snprintf(path, sizeof(path), "%s/golden.msc", dir);
	write_file(path, msc);
	free(msc);
	fprintf(page, "\\mscfile golden.msc \"golden\"\n");
	fclose(page);
	snprintf(path, sizeof(path), "%s/Doxyfile", dir);
	write_file(path,
		   "PROJECT_NAME = charts\nINPUT = page.md\nOUTPUT_DIRECTORY = out\n"
		   "MSCFILE_DIRS = .\nGENERATE_LATEX = NO\nHAVE_DOT = NO\n"
		   "QUIET = YES\nWARN_AS_ERROR = FAIL_ON_WARNINGS\n");
	rc = tool(dir, out, sizeof(out), argv);
	ck_assert_msg(rc == 0 && !out[0], "doxygen: exit %d: %s", rc, out);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/out/html/msc_c%d.png", dir, i);
		ck_assert_msg(!access(path, R_OK), "doxygen drew no %s", path);
	}
	remove_dir(dir);
}
END_TEST

/* --- JSON -------------------------------------------------------------- */

/* The checker itself tells good from bad. */
START_TEST(test_json_checker_rejects)
{
	static const char *const bad[] = {
		"{\"traceEvents\":[{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":0},]}",
		"{\"traceEvents\":[{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":0}]}",
		"{\"traceEvents\":[{\"ph\":\"M\",\"pid\":1,\"tid\":1,\"name\":\"thread_name\"},"
		"{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":1},"
		"{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":0.5}]}",
		"{\"traceEvents\":[{\"ph\":\"M\",\"pid\":1,\"tid\":1,\"name\":\"thread_name\"},"
		"{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":1},"
		"{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"name\":\"g\",\"ts\":2}]}",
		"{\"traceEvents\":[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":01,\"dur\":1}]}",
		"{\"traceEvents\":[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"name\":\"f\tg\",\"ts\":1,\"dur\":1}]}",
		"{\"traceEvents\":[]} x",
	};
	static const char good[] =
		"{\"traceEvents\":[{\"ph\":\"M\",\"pid\":1,\"tid\":1,\"name\":\"thread_name\",\"args\":{\"name\":\"A\"}},"
		"{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":1.5},"
		"{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"name\":\"op\",\"ts\":2,\"dur\":0.5e0},"
		"{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"name\":\"f\",\"ts\":3}],\"x\":[true,false,null,\"\\u00e9\\n\"]}";
	size_t i;
	int n;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(trace_problem(bad[i], &n), "accepted: %s",
			      bad[i]);
	ck_assert_msg(!trace_problem(good, &n), "%s", trace_problem(good, &n));
	ck_assert_int_eq(n, 2);
}
END_TEST

START_TEST(test_json_coop_is_valid_and_balanced)
{
	const char *why;
	char *json;
	int n;

	t_build(&w, "v4.14", "proc-reader");
	ck_assert(replay(sim_era_by_name("v4.14")->schedules[0].schedule));
	json = emit(&w, "json");
	why = trace_problem(json, &n);
	ck_assert_msg(!why, "%s", why);
	/* every step is a slice; so is every function that did one */
	ck_assert_int_gt(n, (int)w.run_steps);
	ck_assert(strstr(json, "\"cat\":\"free\""));
	ck_assert(strstr(json, "\"name\":\"use-after-free\""));
	free(json);
	sim_world_free(&w);
}
END_TEST

START_TEST(test_json_threads_is_valid_and_balanced)
{
	const char *why;
	char *json;
	int n;

	t_build(&w, "v6.1", "oom");
	w.trace_threads = w.trace_frames = w.trace_text = true;
	sim_threads_iteration(&w, 5.0, NULL);
	sim_threads_shutdown();
	ck_assert(sim_trace_timed(&w));
	json = emit(&w, "json");
	why = trace_problem(json, &n);
	ck_assert_msg(!why, "%s", why);
	ck_assert_int_gt(n, (int)w.run_steps);
	ck_assert(strstr(json, "\"engine\":\"threads\""));
	free(json);
	sim_world_free(&w);
}
END_TEST

/* --- the command line -------------------------------------------------- */

START_TEST(test_emit_unknown_format)
{
	t_build(&w, "v5.15", "mrelease");
	ck_assert(replay("-"));
	ck_assert_int_eq(sim_render_emit(&w, "svg", stdout), -1);
	ck_assert(!sim_render_format_known("svg"));
	ck_assert(sim_render_format_known("msc"));
	sim_world_free(&w);
}
END_TEST

static const struct {
	const char *args[8];
	int rc;
	const char *err;
} bad_cli[] = {
	{ { "trace", "v4.9", "oom", "changelog", "--format", "svg" }, 2,
	  "unknown format 'svg'" },
	{ { "trace", "v4.9", "oom", "changelog", "--engine", "threads" }, 2,
	  "follow no schedule" },
	{ { "trace", "v4.9", "oom", "--engine", "fibers" }, 2,
	  "unknown engine 'fibers'" },
	{ { "trace", "v4.9", "oom", "changelog", "--elide", "x" }, 2,
	  "--elide must be" },
	{ { "trace", "v4.9", "oom", "A1 V1 A500" }, 2, "diverged" },
	{ { "trace", "v4.9", "oom", "changelog", "--format" }, 2,
	  "needs a value" },
	{ { "trace", "--figures", "/tmp", "v4.9" }, 2, "takes no ERA" },
	{ { "replay", "v4.9", "oom", "changelog", "--emit", "svg" }, 2,
	  "unknown format 'svg'" },
};

/* Bad input: exit 2, one line on stderr saying what, nothing on stdout. */
START_TEST(test_cli_bad_input)
{
	static char out[OUT_MAX], err[4096];
	const char *const *a = bad_cli[_i].args;
	int rc = t_run(out, sizeof(out), err, sizeof(err), a[0], a[1], a[2],
		       a[3], a[4], a[5], a[6], a[7], NULL);

	ck_assert_int_eq(rc, bad_cli[_i].rc);
	ck_assert_msg(strstr(err, bad_cli[_i].err), "stderr: %s", err);
	ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1,
		      "not one line: %s", err);
	ck_assert_str_eq(out, "");
}
END_TEST

/* A JSON trace after its second line, which holds the title. */
static const char *after_title(const char *json)
{
	const char *p = strchr(json, '\n');

	ck_assert(p);
	p = strchr(p + 1, '\n');
	ck_assert(p);
	return p;
}

START_TEST(test_cli_trace_help_and_outputs)
{
	static char out[OUT_MAX], out2[OUT_MAX], err[4096];
	char *dir = temp_dir(), path[256], *file;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "trace",
			       "--help", NULL), 0);
	ck_assert(strstr(out, "usage: reaplab trace"));
	ck_assert(strstr(out, "--engine"));
	/* replay --emit writes what trace writes (but for the title) */
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "replay",
			       "v4.9", "oom", "changelog", "--emit", "json",
			       NULL), 1);
	ck_assert_int_eq(t_run(out2, sizeof(out2), err, sizeof(err), "trace",
			       "v4.9", "oom", "changelog", "--format", "json",
			       NULL), 1);
	ck_assert(strstr(out, "\"traceEvents\""));
	ck_assert_str_eq(after_title(out), after_title(out2));
	/* --output FILE holds what stdout would */
	snprintf(path, sizeof(path), "%s/race.dot", dir);
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "trace",
			       "v4.9", "oom", "changelog", "--format", "dot",
			       NULL), 1);
	ck_assert_int_eq(t_run(out2, sizeof(out2), err, sizeof(err), "trace",
			       "v4.9", "oom", "changelog", "--format", "dot",
			       "--output", path, NULL), 1);
	ck_assert_str_eq(out2, "");
	file = slurp_file(path, NULL);
	ck_assert(file);
	ck_assert_str_eq(file, out);
	free(file);
	/* a clean run on real threads exits 0 */
	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "trace",
			       "v6.1", "oom", "--engine", "threads", "--format",
			       "msc", NULL), 0);
	ck_assert(strstr(out, "msc {"));
	remove_dir(dir);
}
END_TEST

/* --figures writes one .dot and one .msc per figure its index lists. */
START_TEST(test_cli_figures)
{
	static char out[OUT_MAX], err[4096];
	char *dir = temp_dir(), path[256], *index, *p;
	glob_t g;
	int figures = 0;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "trace",
			       "--figures", dir, NULL), 0);
	snprintf(path, sizeof(path), "%s/README.md", dir);
	index = slurp_file(path, NULL);
	ck_assert(index);
	for (p = index; (p = strstr(p, "\n| `")); p++)
		figures++;
	ck_assert_int_ge(figures, 5);
	ck_assert(strstr(index, "| `v4.9-oom-changelog` | v4.9 | oom | "
			 "changelog | spurious-kill |"));
	snprintf(path, sizeof(path), "%s/*.dot", dir);
	ck_assert_int_eq(glob(path, 0, NULL, &g), 0);
	ck_assert_int_eq(g.gl_pathc, figures);
	globfree(&g);
	snprintf(path, sizeof(path), "%s/*.msc", dir);
	ck_assert_int_eq(glob(path, 0, NULL, &g), 0);
	ck_assert_int_eq(g.gl_pathc, figures);
	globfree(&g);
	free(index);
	remove_dir(dir);
}
END_TEST

/*
 * The committed figures/generated/ is what the model draws today: a change
 * to the model or a renderer that moves a figure must come with `make
 * figures` (and a look at the diff), or the book shows a stale run.
 */
START_TEST(test_committed_figures_are_current)
{
	static char out[OUT_MAX], err[4096];
	char *dir = temp_dir(), path[512];
	glob_t g;
	size_t i;

	ck_assert_int_eq(t_run(out, sizeof(out), err, sizeof(err), "trace",
			       "--figures", dir, NULL), 0);
	snprintf(path, sizeof(path), "%s/*", dir);
	ck_assert_int_eq(glob(path, 0, NULL, &g), 0);
	for (i = 0; i < g.gl_pathc; i++) {
		const char *name = strrchr(g.gl_pathv[i], '/') + 1;
		char *fresh, *committed;

		snprintf(path, sizeof(path), "figures/generated/%s", name);
		fresh = slurp_file(g.gl_pathv[i], NULL);
		committed = slurp_file(path, NULL);
		/* the index names the directory it was written to */
		if (!strcmp(name, "README.md")) {
			static const char gen[] = "figures/generated";
			char *at = strstr(fresh, dir);
			size_t n = strlen(dir), k = sizeof(gen) - 1;

			ck_assert(at && n >= k);
			memmove(at + k, at + n, strlen(at + n) + 1);
			memcpy(at, gen, k);
		}
		ck_assert_msg(committed, "%s is not committed: run make figures",
			      path);
		ck_assert_msg(!strcmp(fresh, committed),
			      "%s is stale: run make figures and review the diff",
			      path);
		free(fresh);
		free(committed);
	}
	ck_assert_uint_ge(g.gl_pathc, 11);
	globfree(&g);
	remove_dir(dir);
}
END_TEST

/* --- changelog diagrams: no token cut, no header touching the next ------ */

#define DIAG_COLS	SIM_MAX_THREADS

struct diagram {
	char **line;
	int nlines;
	int ncols, start[DIAG_COLS], width[DIAG_COLS];
	int head;		/* index of the "  step" line */
};

/* Split @text into lines and find the columns from the rule under "step". */
static void diagram_parse(char *text, struct diagram *d)
{
	char *p, *rule;
	int i, k;

	memset(d, 0, sizeof(*d));
	d->line = calloc(strlen(text) + 2, sizeof(char *));
	ck_assert(d->line);
	for (p = text; *p;) {
		char *nl = strchr(p, '\n');

		d->line[d->nlines++] = p;
		if (!nl)
			break;
		*nl = 0;
		p = nl + 1;
	}
	for (i = 0; i < d->nlines; i++)
		if (!strncmp(d->line[i], "  step  ", 8))
			break;
	ck_assert_msg(i + 1 < d->nlines, "no diagram head");
	d->head = i;
	rule = d->line[i + 1];
	for (k = 0; rule[k];) {
		if (rule[k] != '-') {
			k++;
			continue;
		}
		ck_assert(d->ncols < DIAG_COLS);
		d->start[d->ncols] = k;
		while (rule[k] == '-')
			k++;
		d->width[d->ncols] = k - d->start[d->ncols];
		d->ncols++;
	}
	ck_assert_int_ge(d->ncols, 1);
}

/* Row @r's cell in column @c, trailing spaces dropped, into @buf. */
static const char *diagram_cell(const struct diagram *d, int r, int c,
				char *buf, size_t len)
{
	const char *l = d->line[r];
	int n = strlen(l), from = d->start[c], to;
	int end = c + 1 < d->ncols ? d->start[c + 1] : n;

	to = end < n ? end : n;
	if (from >= n) {
		buf[0] = 0;
		return buf;
	}
	while (to > from && l[to - 1] == ' ')
		to--;
	snprintf(buf, len, "%.*s", to - from, l + from);
	return buf;
}

static bool diag_ident(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_';
}

/*
 * Check @wrapped against @flat, the same run drawn with columns too wide
 * to wrap: every header clear of the next column, and each line of @flat
 * found in @wrapped as its rows, cut only at a space or just after '(',
 * '[' or ','.  Return: NULL when it holds, else what is wrong (static).
 */
static const char *diagram_defect(char *wrapped, char *flat)
{
	static char why[1024];
	struct diagram dw, df;
	char a[512], b[512];
	int c, rf, rw;

	diagram_parse(wrapped, &dw);
	diagram_parse(flat, &df);
	why[0] = 0;
	if (dw.ncols != df.ncols) {
		snprintf(why, sizeof(why), "%d columns, flat %d", dw.ncols,
			 df.ncols);
		goto out;
	}
	for (c = 0; c + 1 < dw.ncols; c++) {
		const char *h = dw.line[dw.head];
		int k, n = strlen(h);

		for (k = dw.start[c] + dw.width[c]; k < dw.start[c + 1]; k++)
			if (k < n && h[k] != ' ') {
				snprintf(why, sizeof(why),
					 "header of column %d runs into the next: %s",
					 c, h);
				goto out;
			}
	}
	rw = dw.head + 2;
	for (rf = df.head + 2; rf < df.nlines && df.line[rf][0]; rf++) {
		const char *text, *got;
		int col = -1, pos, len;

		for (c = 0; c < df.ncols; c++)
			if (diagram_cell(&df, rf, c, a, sizeof(a))[0])
				col = c;
		ck_assert_msg(col >= 0, "an empty row in the flat diagram");
		diagram_cell(&df, rf, col, a, sizeof(a));
		for (text = a; *text == ' '; text++)
			;
		len = strlen(text);
		ck_assert_msg(rw < dw.nlines, "the wrapped diagram ends early");
		got = diagram_cell(&dw, rw++, col, b, sizeof(b));
		while (*got == ' ')
			got++;
		pos = strlen(got);
		if (strncmp(text, got, pos)) {
			snprintf(why, sizeof(why), "row %d is \"%s\", not the start of \"%s\"",
				 rw, got, text);
			goto out;
		}
		while (pos < len) {
			if (text[pos] != ' ' && !strchr("([,", text[pos - 1]) &&
			    diag_ident(text[pos - 1]) | diag_ident(text[pos])) {
				snprintf(why, sizeof(why),
					 "\"%s\" cut after \"%.*s\"", text, pos,
					 text);
				goto out;
			}
			while (text[pos] == ' ')
				pos++;
			ck_assert_msg(rw < dw.nlines, "the wrapped diagram ends early");
			got = diagram_cell(&dw, rw++, col, b, sizeof(b));
			while (*got == ' ')
				got++;
			if (!*got || strncmp(text + pos, got, strlen(got))) {
				snprintf(why, sizeof(why),
					 "\"%s\" goes on as \"%s\" in row %d",
					 text, got, rw);
				goto out;
			}
			pos += strlen(got);
		}
	}
out:
	free(dw.line);
	free(df.line);
	return why[0] ? why : NULL;
}

/* @w's diagram with the book's elision, at @width (0: the default). */
static char *changelog_at(int width, int elide)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	sim_render_width = width;
	sim_render_elide = elide;
	sim_render_changelog(&w, f);
	fclose(f);
	sim_render_width = 0;
	sim_render_elide = 0;
	return buf;
}

/* Every way the tools draw @w's run: as a terminal and the book do. */
static void assert_diagram_readable(const char *what)
{
	static const int widths[] = { 0, 30, 40, 48 };
	int e, i;

	for (e = 0; e <= 3; e += 3) {
		char *flat = changelog_at(1 << 20, e);

		for (i = 0; i < (int)(sizeof(widths) / sizeof(widths[0])); i++) {
			char *wrapped = changelog_at(widths[i], e);
			char *copy = strdup(flat);
			const char *bad = diagram_defect(wrapped, copy);

			ck_assert_msg(!bad, "%s, width %d, elide %d: %s",
				      what, widths[i], e, bad);
			free(wrapped);
			free(copy);
		}
		free(flat);
	}
}

/* The checker finds a token cut and a header run into the next column. */
START_TEST(test_diagram_checker_finds_defects)
{
	static const char flat[] =
		"  step  A (allocating task)                   R (oom_reaper)\n"
		"        ------------------------------------  --------------\n"
		"     1  atomic_long_read(free_pages) = 1\n"
		"                                              oom_reaper\n";
	static const char good[] =
		"  step  A (allocating task)  R (oom_reaper)\n"
		"        -------------------  --------------\n"
		"     1  atomic_long_read(\n"
		"            free_pages) = 1\n"
		"                             oom_reaper\n";
	static const char cut[] =
		"  step  A (allocating task)  R (oom_reaper)\n"
		"        -------------------  --------------\n"
		"     1  atomic_long_read(fre\n"
		"            e_pages) = 1\n"
		"                             oom_reaper\n";
	static const char head[] =
		"  step  A (allocating task)R (oom_reaper)\n"
		"        -----------------  --------------\n"
		"     1  atomic_long_read(\n"
		"            free_pages) = 1\n"
		"                           oom_reaper\n";
	char f[sizeof(flat)], t[sizeof(cut) + sizeof(good)];
	const char *bad;

	memcpy(f, flat, sizeof(flat));
	memcpy(t, good, sizeof(good));
	bad = diagram_defect(t, f);
	ck_assert_msg(!bad, "%s", bad);
	memcpy(f, flat, sizeof(flat));
	memcpy(t, cut, sizeof(cut));
	bad = diagram_defect(t, f);
	ck_assert_msg(bad && strstr(bad, "cut after \"atomic_long_read(fre\""),
		      "%s", bad ? bad : "no defect found");
	memcpy(f, flat, sizeof(flat));
	memcpy(t, head, sizeof(head));
	bad = diagram_defect(t, f);
	ck_assert_msg(bad && strstr(bad, "header of column 0"), "%s",
		      bad ? bad : "no defect found");
}
END_TEST

/*
 * Every era's shipped schedules (on the era and on the one that fixed
 * them), and the counterexample `explore --mode dpor` minimizes in each
 * scenario they run in, drawn at the default width and at the narrow
 * ones the book once asked for: no token is cut across rows and no header
 * touches the next.
 */
START_TEST(test_changelog_never_cuts_a_token)
{
	static char out[OUT_MAX], err[4096];
	int i, n = 0, cex = 0;

	for (i = 0; i < sim_nr_eras; i++) {
		const struct era_schedule *s;
		bool done[SCN_NR] = { false };

		for (s = sim_eras[i]->schedules; s && s->name; s++) {
			const char *on[2] = { sim_eras[i]->id, s->fixed_by };
			const char *scn = sim_scenarios[s->scenario]->name;
			char what[256], *p, *sched;
			int j, rc;

			for (j = 0; j < 2 && on[j]; j++) {
				t_build(&w, on[j], scn);
				if (replay(s->schedule)) {
					snprintf(what, sizeof(what),
						 "%s %s %s", on[j], scn,
						 s->name);
					assert_diagram_readable(what);
					n++;
				}
				sim_world_free(&w);
			}
			if ((unsigned int)s->scenario >= SCN_NR ||
			    done[s->scenario])
				continue;
			done[s->scenario] = true;
			rc = t_run(out, sizeof(out), err, sizeof(err),
				   "explore", sim_eras[i]->id, scn, "--mode",
				   "dpor", NULL);
			if (rc != 1)
				continue;
			p = strstr(out, "\n  schedule: ");
			ck_assert_msg(p, "%s %s: no schedule in:\n%s",
				      sim_eras[i]->id, scn, out);
			p += strlen("\n  schedule: ");
			sched = strndup(p, strcspn(p, "\n"));
			t_build(&w, sim_eras[i]->id, scn);
			ck_assert(replay(sched));
			snprintf(what, sizeof(what), "%s %s '%s'",
				 sim_eras[i]->id, scn, sched);
			assert_diagram_readable(what);
			sim_world_free(&w);
			free(sched);
			cex++;
		}
	}
	ck_assert_int_ge(n, 5);
	ck_assert_int_ge(cex, 4);
}
END_TEST

/* The descriptor of the line server's (@mode: O_WRONLY, its input). */
static int line_server_fd(int mode)
{
	int fd;

	for (fd = 3; fd < 1024; fd++)
		if (sim_source_lines_fd(fd) &&
		    (fcntl(fd, F_GETFL) & O_ACCMODE) == mode)
			return fd;
	return -1;
}

/*
 * A report names its source lines through one addr2line, which a grading
 * starts once and every test process inherits (DOC: One line server for
 * a grading, src/sim/engine/symbols.c): the answer to a question is its
 * own, even after a test was killed between its question and the answer
 * (a stale question and answer in the pipe), or between the echo of its
 * address and the line (a stale line alone).  Functions of three files,
 * so that an answer taken for another's names the wrong file; a stale
 * pair taken whole, or one line too many skipped, would hang the test.
 */
START_TEST(test_line_server_answers_each_its_own)
{
	const void *pcs[3] = {
		(const void *)sim_symbol, (const void *)sim_trace_text,
		(const void *)sim_oracle_name,
	};
	static const char *const files[3] = {
		"src/sim/engine/symbols.c", "src/sim/engine/trace.c",
		"src/sim/engine/verdict.c",
	};
	const char *file;
	char c;
	int in, from, line, i;

	ck_assert_int_eq(sim_source_lines_pid(), 0);
	ck_assert_int_eq(sim_source_lines_serve(), 0);
	ck_assert_int_gt(sim_source_lines_pid(), 0);
	in = line_server_fd(O_WRONLY);
	from = line_server_fd(O_RDONLY);
	ck_assert(in >= 0 && from >= 0);
	for (i = 0; i < 3; i++) {
		if (i == 1)	/* a question whose answer nobody read */
			ck_assert_int_eq(write(in, "0x10\n", 5), 5);
		if (i == 2) {	/* and one whose echo was read */
			ck_assert_int_eq(write(in, "0x20\n", 5), 5);
			do
				ck_assert_int_eq(read(from, &c, 1), 1);
			while (c != '\n');
		}
		ck_assert_msg(sim_source_line(pcs[i], &file, &line),
			      "no line for %s", files[i]);
		ck_assert_str_eq(file, files[i]);
		ck_assert_int_gt(line, 0);
	}
	/* called again, it starts no other */
	i = sim_source_lines_pid();
	ck_assert_int_eq(sim_source_lines_serve(), 0);
	ck_assert_int_eq(sim_source_lines_pid(), i);
}
END_TEST

Suite *render_suite(void)
{
	Suite *s = suite_create("render");
	TCase *tc = tcase_create("Figures");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_golden, 0,
			    sizeof(golden) / sizeof(golden[0]));
	tcase_add_test(tc, test_links_handoff_and_wake);
	tcase_add_test(tc, test_links_free_to_use);
	tcase_add_test(tc, test_field_layouts_cover_their_structs);
	tcase_add_test(tc, test_uaf_names_the_field);
	tcase_add_test(tc, test_player_panel_vmas_where_the_era_keeps_them);
	tcase_add_test(tc, test_elision_keeps_arrows_and_hit);
	tcase_add_test(tc, test_dot_renders_every_figure_cleanly);
	tcase_add_test(tc, test_doxygen_accepts_every_chart);
	tcase_add_test(tc, test_json_checker_rejects);
	tcase_add_test(tc, test_json_coop_is_valid_and_balanced);
	tcase_add_test(tc, test_json_threads_is_valid_and_balanced);
	tcase_add_test(tc, test_emit_unknown_format);
	tcase_add_loop_test(tc, test_cli_bad_input, 0,
			    sizeof(bad_cli) / sizeof(bad_cli[0]));
	tcase_add_test(tc, test_cli_trace_help_and_outputs);
	tcase_add_test(tc, test_cli_figures);
	tcase_add_test(tc, test_committed_figures_are_current);
	tcase_add_test(tc, test_diagram_checker_finds_defects);
	tcase_add_test(tc, test_changelog_never_cuts_a_token);
	tcase_add_test(tc, test_line_server_answers_each_its_own);
	suite_add_tcase(s, tc);
	return s;
}
