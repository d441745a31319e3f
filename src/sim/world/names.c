// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/names.c - how a trace event is written down
 *
 * Simulator-only.  An operation is written as the model wrote it, with the
 * result the caller saw: "down_read_trylock(&mm->mmap_sem) = 1",
 * "test_bit(MMF_OOM_SKIP) = 0", "mmget_not_zero" collapsed by the diagram
 * renderer onto its one operation.  Pointers are written as the objects
 * they point to: "vm_area_struct#1", "NULL", "oom_lock".
 */
#include <string.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include "kernel.h"

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

static bool is_lock_op(int kind)
{
	return kind >= SEAM_SPIN_LOCK && kind <= SEAM_DOWNGRADE_WRITE;
}

/**
 * sim_lock_name() - the name of a live lock, as its initialiser recorded it.
 * @op: a lock operation (NULL is returned for any other).
 *
 * Taken when the operation runs: by the time a trace is drawn, the lock
 * may be freed memory.
 */
const char *sim_lock_name(const struct sim_op *op)
{
	if (!is_lock_op(op->kind) || !op->obj || sim_addr_freed(op->obj))
		return NULL;
	return sim_lock_name_of(op->kind, op->obj);
}

/**
 * world_what() - the object of an operation, as the source names it.
 * @ev: the event.
 * @buf: output.
 * @len: its size.
 */
void world_what(const struct sim_event *ev, char *buf, size_t len)
{
	const char *what = ev->site ? ev->site->what : "";
	struct sim_op op = {
		.kind = ev->kind, .obj = (void *)ev->obj, .site = ev->site,
	};
	const char *name;
	size_t n;

	if (ev->type == SIM_EV_OP && is_lock_op(ev->kind)) {
		if (starts(ev->site->fn, "mmap_")) {
			/* "&mm->mmap_lock" -> "mm" */
			const char *arrow = strstr(what, "->mmap_lock");

			if (what[0] == '&')
				what++;
			n = arrow ? (size_t)(arrow - what) : strlen(what);
			snprintf(buf, len, "%.*s", (int)n, what);
			return;
		}
		name = ev->fn ? ev->fn : sim_lock_name(&op);
		if (what[0] == '*' && name)
			what = name;
	}
	snprintf(buf, len, "%s", what);
}

/* A value the model saw, written for people. */
static void value_text(long v, int size, char *buf, size_t len)
{
	/* a word that may be a pointer: 8 bytes, or 4 in wasm32 (the player) */
	bool word = size == (int)sizeof(long);

	if (word && v && sim_arena_contains((void *)v)) {
		sim_obj_describe((void *)v, buf, len);
		return;
	}
	if (word && !v) {
		snprintf(buf, len, "0");
		return;
	}
	if (word && (v < -4096 || (long long)v > 1LL << 32)) {
		const char *sym = sim_symbol((void *)v);

		if (strcmp(sym, "?")) {
			snprintf(buf, len, "&%s", sym);
			return;
		}
		snprintf(buf, len, "%#lx", v);
		return;
	}
	snprintf(buf, len, "%ld", v);
}

static void op_text(const struct sim_event *ev, bool with_result, char *buf,
		    size_t len)
{
	const char *fn = ev->site ? ev->site->fn : sim_op_name(ev->kind);
	int size = ev->site ? ev->site->size : 8;
	char what[128], val[96];

	sim_what(ev, what, sizeof(what));
	switch (ev->kind) {
	case SEAM_WRITE_ONCE:
	case SEAM_ATOMIC_SET:
		value_text(ev->arg, size, val, sizeof(val));
		snprintf(buf, len, "%s(%s, %s)", fn, what, val);
		return;
	case SEAM_ATOMIC_XCHG:
		if (!strcmp(fn, "ptep_get_and_clear")) {
			snprintf(buf, len, "%s(%s)%s", fn, what, !with_result ? "" :
				 ev->result ? " = present" : " = none");
			return;
		}
		break;
	case SEAM_FREE:
		if (ev->obj)
			sim_obj_describe(ev->obj, val, sizeof(val));
		else
			snprintf(val, sizeof(val), "NULL");
		snprintf(buf, len, "%s(%s)  # %s", fn, what, val);
		return;
	case SEAM_SCHEDULE:
		snprintf(buf, len, "%s()", fn);
		return;
	case SEAM_AWAIT: {
		struct sim_op op = {
			.kind = ev->kind, .arg = ev->arg, .arg2 = ev->arg2,
		};

		/* the watched words are the current world's (spin.c) */
		if (sim && ev->arg + ev->arg2 <= (long)sim->nwatch) {
			sim_await_text(sim, &op, val, sizeof(val));
			snprintf(buf, len, "await(%s)", val);
		} else {
			snprintf(buf, len, "await()");
		}
		return;
	}
	}
	if (!with_result) {
		snprintf(buf, len, "%s(%s)", fn, what);
		return;
	}
	switch (ev->kind) {
	case SEAM_SPIN_TRYLOCK:
	case SEAM_MUTEX_TRYLOCK:
	case SEAM_DOWN_READ_TRYLOCK:
	case SEAM_DOWN_WRITE_TRYLOCK:
	case SEAM_TEST_BIT:
	case SEAM_TEST_AND_SET_BIT:
	case SEAM_TEST_AND_CLEAR_BIT:
	case SEAM_ATOMIC_INC_NOT_ZERO:
	case SEAM_WAKE_UP:
	case SEAM_WAKE_UP_PROCESS:
	case SEAM_SCHEDULE_TIMEOUT:
		snprintf(buf, len, "%s(%s) = %ld", fn, what, ev->result);
		return;
	case SEAM_ATOMIC_ADD:
		if (ends(fn, "_and_test")) {
			snprintf(buf, len, "%s(%s) = %s", fn, what,
				 ev->result ? "false" : "true");
			return;
		}
		if (ends(fn, "_return")) {
			snprintf(buf, len, "%s(%s) = %ld", fn, what,
				 ev->result);
			return;
		}
		break;
	case SEAM_ATOMIC_READ:
	case SEAM_READ_ONCE:
	case SEAM_ATOMIC_CMPXCHG:
	case SEAM_ATOMIC_XCHG:
		value_text(ev->result, size, val, sizeof(val));
		snprintf(buf, len, "%s(%s) = %s", fn, what, val);
		return;
	}
	snprintf(buf, len, "%s(%s)", fn, what);
}

/**
 * world_op_text() - an executed operation with its result.
 * @ev: a SIM_EV_OP event.
 * @buf: output.
 * @len: its size.
 */
void world_op_text(const struct sim_event *ev, char *buf, size_t len)
{
	op_text(ev, true, buf, len);
}

/**
 * world_pending_text() - an operation not executed yet.
 * @op: the operation.
 * @buf: output.
 * @len: its size.
 */
void world_pending_text(const struct sim_op *op, char *buf, size_t len)
{
	struct sim_event ev = {
		.type = SIM_EV_OP, .kind = op->kind, .site = op->site,
		.obj = op->obj, .arg = op->arg, .arg2 = op->arg2,
	};

	op_text(&ev, false, buf, len);
}

/**
 * world_op_brief() - an operation in few words: the object by its last name
 * only ("mm_users", not "&mm->mm_users"), for one-line frames.
 * @ev: a SIM_EV_OP event.
 * @buf: output.
 * @len: its size.
 */
void world_op_brief(const struct sim_event *ev, char *buf, size_t len)
{
	char full[256], what[128];
	const char *w, *p;
	char *open, *close;

	sim_op_text(ev, full, sizeof(full));
	sim_what(ev, what, sizeof(what));
	w = what;
	for (p = what; *p; p++)
		if (p[0] == '-' && p[1] == '>')
			w = p + 2;
		else if (p[0] == '.' && p[1])
			w = p + 1;
	while (*w == '&' || *w == '*' || *w == '(')
		w++;
	open = strchr(full, '(');
	close = open ? strstr(open, ")") : NULL;
	/* an operation that returns nothing worth showing: the frame says it */
	if (close && !close[1] && ev->kind != SEAM_FREE &&
	    ev->kind != SEAM_WRITE_ONCE && ev->kind != SEAM_SET_BIT &&
	    ev->kind != SEAM_CLEAR_BIT) {
		buf[0] = 0;
		return;
	}
	if (!open || !close || !what[0] || strchr(what, '(') ||
	    ev->kind == SEAM_WRITE_ONCE || ev->kind == SEAM_ATOMIC_SET) {
		snprintf(buf, len, "%s", full);
		return;
	}
	snprintf(buf, len, "%.*s(%s%s", (int)(open - full), full, w, close);
}
