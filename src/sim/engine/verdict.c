// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/verdict.c - what an execution found: oracles by name,
 * and how a fired oracle is recorded
 *
 * Simulator-only.  Which oracles there are is the model's declaration
 * (enum reaplab_oracle, uapi/reaplab/era.h); what makes one fire is the
 * world's (src/sim/world/oracle.c).  Here is only the record: the first
 * hit of each oracle, and its note in the trace.
 */
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include "engine.h"

static const char *const oracle_names[ORACLE_NR] = {
	[ORACLE_UAF] = "use-after-free",
	[ORACLE_SPURIOUS_KILL] = "spurious-kill",
	[ORACLE_DEADLOCK] = "deadlock",
	[ORACLE_LEAK] = "leak",
	[ORACLE_LOCK_IMBALANCE] = "lock-imbalance",
	[ORACLE_MMAP_UNLOCKED] = "mmap-unlocked",
	[ORACLE_WARN] = "warn",
	[ORACLE_CONTRACT] = "contract",
	[ORACLE_BAD_ACCESS] = "bad-access",
	[ORACLE_LIVELOCK] = "livelock",
	[ORACLE_OOM_LOCKUP] = "oom-lockup",
	[ORACLE_ATOMIC_SLEEP] = "atomic-sleep",
	[ORACLE_REFAULT] = "refault",
	[ORACLE_DATA_RACE] = "data-race",
};

const char *sim_oracle_name(int oracle)
{
	return oracle >= 0 && oracle < ORACLE_NR ? oracle_names[oracle] : "?";
}

/**
 * sim_oracles_text() - the oracles of @fired by name ("clean" for none).
 * @fired: oracle bits.
 * @na: the scenario cannot exist in the era: "n/a".
 * @buf: where the text goes; each caller brings its own, so that two
 *	 verdicts can be written in one line.
 * @len: its size.
 *
 * Return: @buf.
 */
char *sim_oracles_text(unsigned int fired, bool na, char *buf, size_t len)
{
	size_t n = 0;
	int o;

	snprintf(buf, len, "%s", na ? "n/a" : "clean");
	if (na || !fired)
		return buf;
	buf[0] = 0;
	for (o = 0; o < ORACLE_NR; o++)
		if ((fired & (1u << o)) && n < len)
			n += snprintf(buf + n, len - n, "%s%s", n ? "," : "",
				      sim_oracle_name(o));
	return buf;
}

/**
 * sim_expectation_text() - how a verdict differs from an era's
 * expectation: "found spurious-kill, the era expects use-after-free".
 * @found: the oracles that fired.
 * @na: the scenario turned out not to exist in the era.
 * @expect: what the era declares (EXPECT_NA: n/a).
 * @buf: where the text goes.
 * @len: its size.
 *
 * Return: @buf.
 */
char *sim_expectation_text(unsigned int found, bool na, unsigned int expect,
			   char *buf, size_t len)
{
	char f[128], e[128];

	snprintf(buf, len, "found %s, the era expects %s",
		 sim_oracles_text(found, na, f, sizeof(f)),
		 sim_oracles_text(expect == EXPECT_NA ? 0 : expect,
				  expect == EXPECT_NA, e, sizeof(e)));
	return buf;
}

int sim_oracle_by_name(const char *name)
{
	int i;

	for (i = 0; i < ORACLE_NR; i++)
		if (!strcmp(name, oracle_names[i]))
			return i;
	return -1;
}

/* @hit's message; one too long for it ends in "...", not silently cut. */
static void hit_vprintf(struct sim_hit *hit, const char *fmt, va_list ap)
{
	size_t len = sizeof(hit->msg);
	int n = vsnprintf(hit->msg, len, fmt, ap);

	if (n >= 0 && (size_t)n >= len)
		memcpy(hit->msg + len - 4, "...", 4);
}

void sim_hit_printf(struct sim_hit *hit, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	hit_vprintf(hit, fmt, ap);
	va_end(ap);
}

static pthread_mutex_t verdict_lock = PTHREAD_MUTEX_INITIALIZER;

static void oracle_v(struct sim_world *w, int oracle, int tid,
		     const char *fmt, va_list ap)
{
	struct sim_hit *hit = &w->verdict.hit[oracle];
	struct sim_event *ev;

	/* real threads may report at the same time */
	pthread_mutex_lock(&verdict_lock);
	if (w->verdict.fired & (1u << oracle)) {
		pthread_mutex_unlock(&verdict_lock);
		return;
	}
	w->verdict.fired |= 1u << oracle;
	hit->step = w->step;
	hit->tid = tid;
	hit_vprintf(hit, fmt, ap);
	pthread_mutex_unlock(&verdict_lock);
	if (w->mode != SIM_MODE_COOP && w->mode != SIM_MODE_IDLE)
		return;
	ev = sim_trace_add(&w->trace);
	ev->type = SIM_EV_ORACLE;
	ev->tid = tid < 0 ? 0xff : tid;
	ev->kind = oracle;
	ev->step = w->step;
	ev->probe = w->probing;
	ev->msg = sim_trace_text(&w->trace, "%s", hit->msg);
}

/**
 * sim_oracle_at() - as sim_oracle(), for an end-of-run oracle whose hit
 * belongs to an earlier @step (where the diagram draws it).
 */
void sim_oracle_at(struct sim_world *w, int oracle, int tid,
			  unsigned int step, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	oracle_v(w, oracle, tid, fmt, ap);
	va_end(ap);
	w->verdict.hit[oracle].step = step;
}

void sim_oracle(struct sim_world *w, int oracle, int tid, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	oracle_v(w, oracle, tid, fmt, ap);
	va_end(ap);
}

void sim_oracle_fatal(struct sim_world *w, int oracle, int tid,
		      const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	oracle_v(w, oracle, tid, fmt, ap);
	va_end(ap);
	/* on real threads, the others look at it while this one writes */
	__atomic_store_n(&w->stop, SIM_STOP_ORACLE, __ATOMIC_RELEASE);
}
