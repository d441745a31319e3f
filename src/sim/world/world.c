// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/world.c - building a world, resetting it, judging its end
 *
 * Simulator-only.  See DOC: One execution in engine/engine.h.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include "kernel.h"

/**
 * sim_thread_create() - add a simulated thread to the world being built.
 * @w: the world, booting.
 * @letter: its letter in traces and schedules.
 * @name: what it is ("allocating task"), at most SIM_THREAD_NAME_MAX
 *	characters.
 * @fn: its body.
 * @arg: the body's argument.
 * @task: the task it runs as.
 * @flags: SIM_T_DAEMON for kernel threads that may sleep at the end.
 *
 * Return: the thread number, or -1 (too many threads, a letter taken
 * twice, a name too long, no memory for the stack).
 */
int sim_thread_create(struct sim_world *w, char letter, const char *name,
		      int (*fn)(void *), void *arg, struct task_struct *task,
		      unsigned int flags)
{
	struct sim_thread *t;
	int i;

	if (w->nthreads == SIM_MAX_THREADS)
		return -1;
	if (strlen(name) > SIM_THREAD_NAME_MAX)
		return -1;
	for (i = 0; i < w->nthreads; i++)
		if (w->threads[i].letter == letter)
			return -1;
	t = &w->threads[w->nthreads];
	memset(t, 0, sizeof(*t));
	t->tid = w->nthreads;
	t->letter = letter;
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->fn = fn;
	t->arg = arg;
	t->task = task;
	t->flags = flags;
	t->stack = mmap(NULL, SIM_STACK_SIZE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (t->stack == MAP_FAILED)
		return -1;
	/* a guard page: a runaway recursion faults instead of corrupting */
	mprotect(t->stack, 4096, PROT_NONE);
	sim_ctx_stack(&t->ctx, t->stack, SIM_STACK_SIZE);
	task->thread.sim_tid = t->tid;
	return w->nthreads++;
}

/* Remember every PTE table, and whose it is, for the leak oracle. */
static void record_page_tables(struct sim_world *w)
{
	int i;
	unsigned int j;

	struct sim_kernel *k = w->k;

	k->npt = 0;
	for (i = 0; i < k->nmms; i++) {
		struct mm_struct *mm = k->mms[i];

		for (j = 0; j < PTRS_PER_PGD; j++) {
			if (!mm->pgd[j].pmd || k->npt == (int)ARRAY_SIZE(k->pt))
				continue;
			k->pt[k->npt] = (const void *)(uintptr_t)mm->pgd[j].pmd;
			k->pt_mm[k->npt++] = mm;
		}
	}
}

/**
 * sim_world_init() - make this world the one the simulator asks (struct
 * sim_world_ops) and the machine the model runs on (asm/machine.h).
 * sim_world_build() does it; a test that drives the model without
 * building a world (tests/check_maple.c) calls it first.
 */
void sim_world_init(void)
{
	sim_world_ops = &sim_kernel_ops;
	sim_seam_register();
}

/**
 * sim_world_build() - boot @era for @scn and snapshot the result.
 * @w: the world to fill.
 * @era: the era.
 * @scn: the scenario.
 * @params: its sizes.
 * @err: where to say why not.
 * @errlen: size of @err.
 *
 * Return: 0, or -1 with @err set.
 */
int sim_world_build(struct sim_world *w, const struct era *era,
		    const struct sim_scenario *scn,
		    const struct sim_params *params, char *err, size_t errlen)
{
	int rc;

	/* a program runs only as `program`, and `program` only runs programs */
	if (!era->program != (scn != &sim_program_scenario)) {
		snprintf(err, errlen, era->program ?
			 "%s is a program, not a kernel: its scenario is `program`" :
			 "%s is an era, not a program: scenario `program` runs programs only",
			 era->id);
		return -1;
	}
	if (sim_params_check(scn, params, err, errlen))
		return -1;
	memset(w, 0, sizeof(*w));
	w->k = calloc(1, sizeof(*w->k));
	if (!w->k) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	sim_world_init();
	w->era = era;
	w->scn = scn;
	w->scn_name = scn->name;
	w->params = *params;
	w->max_steps = 200000;
	w->last_tid = -1;
	sim_arena_init();
	sim_model_data_init();
	sim_model_data_restore(NULL);
	sim_arena_reset();
	sim = w;
	w->mode = SIM_MODE_BOOT;
	rc = scn->build(w);
	w->k->boot_current = NULL;
	w->mode = SIM_MODE_IDLE;
	if (rc) {
		if (w->stop_msg[0])
			snprintf(err, errlen, "cannot build %s %s: %s",
				 era->program ? "program" : "era", era->id,
				 w->stop_msg);
		else
			snprintf(err, errlen,
				 "cannot build scenario %s on era %s: the model's machine ran out of memory while booting (smaller sizes?)",
				 scn->name, era->id);
		sim_world_free(w);	/* the threads' stacks made so far */
		return -1;
	}
	record_page_tables(w);
	sim_model_data_save(&w->snap.model_data);
	sim_arena_save(&w->snap);
	if (!sim_era_data(era, &w->data_begin, &w->data_end))
		w->data_begin = w->data_end = NULL;
	w->built = true;
	return 0;
}

void sim_world_free(struct sim_world *w)
{
	int i;

	for (i = 0; i < w->nthreads; i++)
		if (w->threads[i].stack) {
			sim_ctx_free(&w->threads[i].ctx);
			munmap(w->threads[i].stack, SIM_STACK_SIZE);
		}
	sim_arena_snapshot_free(&w->snap);
	sim_trace_free(&w->trace);
	free(w->k);
	if (sim == w)
		sim = NULL;
	memset(w, 0, sizeof(*w));
}

/*
 * The world's half of sim_world_reset(): the model's data and the arena
 * as boot left them, the world's view of each thread, and the oracles'
 * bookkeeping of the last execution forgotten.
 */
static void world_reset(struct sim_world *w)
{
	struct sim_kernel *k = w->k;
	int i;

	if (w->data_begin)
		sim_model_data_restore_range(w->snap.model_data,
					     w->data_begin, w->data_end);
	else
		sim_model_data_restore(w->snap.model_data);
	sim_arena_restore(&w->snap);
	sim_race_reset(w);
	for (i = 0; i < w->nthreads; i++) {
		struct sim_thread *t = &w->threads[i];

		/* kthread_create()'s threads wait for their first wake-up */
		t->state = t->flags & SIM_T_ASLEEP ? TASK_INTERRUPTIBLE :
			   TASK_RUNNING;
		t->nheld = 0;
		t->spin_gen++;	/* forget the last execution's reads */
		t->spin_bracket = NULL;
		t->spin_wait = NULL;
	}
	k->nkills = 0;
	k->nspurious = 0;
	k->allocated_pages = 0;
	k->alloc_failed = 0;
}

/*
 * struct world_ckpt - the world's part of a checkpoint (DOC: An execution
 * goes on from a checkpoint, engine/ckpt.c): the kernel's counts from
 * @nkills on, and how deep in data_race() each thread is.
 */
struct world_ckpt {
	char k[sizeof(struct sim_kernel) - offsetof(struct sim_kernel, nkills)];
	int ignore[SIM_MAX_THREADS];
};

/* Can the oracles' state be had without the steps before running? */
static bool world_ckpt_ok(const struct sim_world *w)
{
	return sim_race_resumable(w);
}

static void world_ckpt_save(struct sim_world *w, void **blob)
{
	struct world_ckpt *c = *blob;

	if (!c && !(c = *blob = malloc(sizeof(*c)))) {
		perror("reaplab: checkpoint");
		exit(2);
	}
	memcpy(c->k, &w->k->nkills, sizeof(c->k));
	sim_race_ignored(c->ignore);
}

/*
 * The oracle's state as after the steps the execution shares with the
 * last one (w->same_prefix, which covers the checkpoint's): its own
 * reset does that.
 */
static void world_ckpt_restore(struct sim_world *w, const void *blob)
{
	const struct world_ckpt *c = blob;

	memcpy(&w->k->nkills, c->k, sizeof(c->k));
	sim_race_reset(w);
	sim_race_set_ignored(c->ignore);
}

/**
 * world_blocker_text() - who keeps thread @tid's pending operation from
 * running, in a few words: "held by B", "held by readers", "asleep".
 * @w: the world.
 * @tid: the thread; it has a pending operation.
 * @buf: output ("" when nobody in particular).
 * @len: its size.
 */
static void world_blocker_text(const struct sim_world *w, int tid,
			       char *buf, size_t len)
{
	const struct sim_thread *t = &w->threads[tid];
	int owner = 0;

	buf[0] = 0;
	switch (t->op.kind) {
	case SEAM_SPIN_LOCK:
		owner = ((spinlock_t *)t->op.obj)->owner;
		break;
	case SEAM_MUTEX_LOCK:
		owner = ((struct mutex *)t->op.obj)->owner;
		break;
	case SEAM_DOWN_READ:
	case SEAM_DOWN_WRITE:
		owner = ((struct rw_semaphore *)t->op.obj)->owner;
		break;
	case SEAM_SCHEDULE:
		snprintf(buf, len, "asleep");
		return;
	case SEAM_PARK:
		snprintf(buf, len, "parked");
		return;
	}
	if (owner > 0 && owner <= w->nthreads)
		snprintf(buf, len, "held by %c", w->threads[owner - 1].letter);
	else if (t->op.kind == SEAM_DOWN_WRITE)
		snprintf(buf, len, "held by readers");
}

/**
 * world_describe_blocked() - why thread @tid cannot run, in words.
 * @w: the world.
 * @tid: the thread.
 * @buf: output.
 * @len: its size.
 */
static void world_describe_blocked(struct sim_world *w, int tid, char *buf,
				   size_t len)
{
	struct sim_thread *t = &w->threads[tid];
	char what[160], who[32];

	if (t->run == SIM_T_DONE) {
		snprintf(buf, len, "finished");
		return;
	}
	if (!t->has_op) {
		snprintf(buf, len, "not started");
		return;
	}
	sim_pending_text(&t->op, what, sizeof(what));
	world_blocker_text(w, tid, who, sizeof(who));
	if (t->op.kind == SEAM_SCHEDULE)
		snprintf(buf, len, "asleep in %s", what);
	else if (t->op.kind == SEAM_PARK)
		snprintf(buf, len, "parked (%s)", t->op.site->what);
	else
		snprintf(buf, len, "blocked on %s%s%s", what, who[0] ? ", " : "",
			 who);
}

/**
 * world_thread_stuck() - did thread @t end the run unable to finish, in a
 * way that is a bug?  Not a parked thread (stuck on purpose), nor a
 * daemon asleep in its idle wait.
 * @w: the world after a run that was not cut short.
 * @t: the thread.
 */
static bool world_thread_stuck(const struct sim_world *w,
			       const struct sim_thread *t)
{
	(void)w;
	if (t->run != SIM_T_READY || !t->has_op || t->op.kind == SEAM_PARK)
		return false;
	return !((t->flags & SIM_T_DAEMON) && t->op.kind == SEAM_SCHEDULE &&
		 t->state != TASK_RUNNING);
}

/**
 * sim_end_of_run() - judge the state an execution ended in.
 * @w: the world.
 *
 * First what the run found unless a fatal oracle ended it: a free that
 * an access raced (sim_race_end()).  Then, unless the run was cut short:
 * a thread still able to move, or blocked on something, is a deadlock,
 * except a parked thread (stuck on purpose) and a daemon asleep in its
 * idle wait holding no lock; the scenario's own checks; the end-of-run
 * oracles.
 */
void sim_end_of_run(struct sim_world *w)
{
	int i;

	sim_race_end(w);
	if (w->stop != SIM_STOP_NONE)
		return;
	for (i = 0; i < w->nthreads; i++) {
		struct sim_thread *t = &w->threads[i];
		char why[256];

		if (t->run != SIM_T_READY || !t->has_op)
			continue;
		if (!world_thread_stuck(w, t)) {
			/* a daemon asleep in its idle wait, or a parked task */
			if (t->op.kind == SEAM_SCHEDULE && t->nheld)
				sim_oracle(w, ORACLE_LOCK_IMBALANCE, t->tid,
					   "%c sleeps holding %s", t->letter,
					   t->held[0].site->what);
			continue;
		}
		if (t->op.kind == SEAM_AWAIT) {
			/* a spin-wait no write will end (spin.c) */
			unsigned int first, last;
			char what[256], steps[40];
			const void *fn = sim_calls_top(t);

			world_await_text(w, &t->op, what, sizeof(what));
			if (!world_spin_cycle(w, t, &first, &last))
				first = last = w->step;
			if (first == last)
				snprintf(steps, sizeof(steps), "step %u", first);
			else
				snprintf(steps, sizeof(steps), "steps %u-%u",
					 first, last);
			sim_oracle(w, ORACLE_LIVELOCK, i,
				   "%c (%s) spins forever in %s: its loop repeats %s and waits for %s, which no thread is left to make",
				   t->letter, t->name,
				   fn ? sim_symbol(fn) : t->name,
				   steps, what);
			continue;
		}
		world_describe_blocked(w, i, why, sizeof(why));
		sim_oracle(w, ORACLE_DEADLOCK, i, "%c (%s) never finishes: %s",
			   t->letter, t->name, why);
	}
	if (w->scn->check)
		w->scn->check(w);
	sim_oracle_end(w);
}

/*
 * The lost wake-up probe (engine/coop.c): a daemon asleep in its idle
 * wait at the end of the run is woken once, spuriously.
 */
static bool world_probe_wake(struct sim_world *w, struct sim_thread *t)
{
	(void)w;
	/* a thread made asleep waits for its creator, not for a condition */
	if (t->run != SIM_T_READY || !(t->flags & SIM_T_DAEMON) ||
	    (t->flags & SIM_T_ASLEEP) ||
	    !t->has_op || t->op.kind != SEAM_SCHEDULE ||
	    t->state == TASK_RUNNING)
		return false;
	t->state = TASK_RUNNING;
	return true;
}

/* What the engine, the explorer and the renderers ask of this world. */
const struct sim_world_ops sim_kernel_ops = {
	.op_enabled = world_op_enabled,
	.op_exec = sim_op_step,
	.op_obj_bad = sim_op_obj_bad_slow,
	.reset = world_reset,
	.ckpt_ok = world_ckpt_ok,
	.ckpt_save = world_ckpt_save,
	.ckpt_restore = world_ckpt_restore,
	.thread_done = sim_held_check_exit,
	.probe_wake = world_probe_wake,
	.end_of_run = sim_end_of_run,
	.fault = sim_fault_report,
	.dep_locate = world_dep_locate,
	.op_text = world_op_text,
	.op_brief = world_op_brief,
	.pending_text = world_pending_text,
	.what = world_what,
	.blocker_text = world_blocker_text,
	.describe_blocked = world_describe_blocked,
	.thread_stuck = world_thread_stuck,
	.await_text = world_await_text,
	.spin_cycle = world_spin_cycle,
	.field_name = sim_field_name,
};
