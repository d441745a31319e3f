// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/program.c - the scenario `program`: run a program's threads
 *
 * Simulator-only.  See DOC: Programs in src/include/reaplab/program.h.
 * A program is an era whose descriptor has .program set; this scenario
 * builds its threads (each runs as a task of its own, as a kthread would)
 * and, after every execution, runs its final assertion.  The explorer,
 * the minimizer, the oracles and the renderers see an ordinary world.
 */
#include <string.h>
#include <linux/sched.h>
#include <reaplab/program.h>
#include "kernel.h"

static struct task_struct program_tasks[PROGRAM_MAX_THREADS];

static int program_build(struct sim_world *w)
{
	const struct program *p = w->era->program;
	int i;

	w->k->program_check = p->check;
	if (p->init)
		p->init();
	for (i = 0; i < PROGRAM_MAX_THREADS && p->threads[i].fn; i++) {
		const struct program_thread *pt = &p->threads[i];
		struct task_struct *t = &program_tasks[i];

		if (!pt->name || !*pt->name ||
		    strlen(pt->name) > SIM_THREAD_NAME_MAX) {
			snprintf(w->stop_msg, sizeof(w->stop_msg),
				 "thread %d needs a name of 1 to %d characters",
				 i + 1, SIM_THREAD_NAME_MAX);
			return -1;
		}
		memset(t, 0, sizeof(*t));
		t->pid = i + 1;
		snprintf(t->comm, sizeof(t->comm), "%s", pt->name);
		if (pt->letter < 'A' || pt->letter > 'Z') {
			snprintf(w->stop_msg, sizeof(w->stop_msg),
				 "thread %d's letter must be a capital letter",
				 i + 1);
			return -1;
		}
		if (sim_thread_create(w, pt->letter, pt->name, pt->fn, NULL, t,
				      0) < 0) {
			snprintf(w->stop_msg, sizeof(w->stop_msg),
				 "two threads are called %c", pt->letter);
			return -1;
		}
	}
	if (!i) {
		snprintf(w->stop_msg, sizeof(w->stop_msg), "it has no thread");
		return -1;
	}
	return 0;
}

static void program_check(struct sim_world *w)
{
	int i;

	/* once every thread has finished: not after a deadlock or livelock */
	for (i = 0; i < w->nthreads; i++)
		if (w->threads[i].run != SIM_T_DONE)
			return;
	if (w->k->program_check)
		w->k->program_check();
}

const struct sim_scenario sim_program_scenario = {
	.name = "program",
	/* not one of the kernel's scenarios: nothing is indexed by it */
	.id = SCN_NR,
	.summary = "a program's own threads (reaplab/program.h), then its final assertion",
	.build = program_build,
	.check = program_check,
};

/**
 * world_assert_failed() - PROGRAM_ASSERT() found its condition false
 * (program_assert_failed(), through the machine: seam.c).
 * @cond: the condition, as written.
 * @file: where.
 * @line: where.
 */
void world_assert_failed(const char *cond, const char *file, int line)
{
	if (sim)
		sim_oracle(sim, ORACLE_WARN, -1,
			   "assertion failed: %s (%s:%d)", cond, file, line);
}

/**
 * program_task() - the task that runs a program's thread.
 * @letter: the thread's letter.
 *
 * Return: the task, or NULL if no thread has that letter.
 */
struct task_struct *program_task(char letter)
{
	struct sim_thread *t = sim ? sim_thread_by_letter(sim, letter) : NULL;

	return t ? t->task : NULL;
}
