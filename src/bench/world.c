// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/bench/world.c - the machine a benchmark runs, built through the era
 *
 * Simulator-only.  Like the scenarios (src/sim/world/scenario.c), a benchmark
 * boots the era's model with start_kernel(), builds its processes with
 * the model's own copy_process(), vm_brk_flags() and mm_populate(), and
 * creates threads whose bodies enter the model only through the era's
 * entry table.  Then every run of it restores that booted state.
 *
 * A benchmark's run is worth nothing if the model broke during it, so
 * every iteration is judged by the oracles as in `reaplab stress`, and a
 * hit ends the benchmark (exit status 1).
 */
#include <string.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include "bench.h"
#include "../sim/world/threads.h"

#define BENCH_PAGE_SIZE	4096UL
/* asm/pgtable.h: the model's address space spans this many PTE tables */
#define BENCH_PT_TABLES	64UL

/* The world being built: its era's entry table, for the thread bodies. */
const struct era_entry *bench_entry(void)
{
	return sim->era->entry;
}

/**
 * bench_boot() - start the model with room for @pages page frames.
 * @w: the world being built.
 * @pages: frames the benchmark's processes will fault in.
 * @debug_vm: boot with CONFIG_DEBUG_VM's checks on.
 *
 * No oom_reaper and no kworker: no benchmark needs them, and threads that
 * do nothing only take CPU time from the ones being timed.
 */
void bench_boot(struct sim_world *w, unsigned long pages, bool debug_vm)
{
	struct reaplab_boot b = {
		.nr_pages = pages + 16,
		.watermark = { 0, 1, 2 },
		.ptrs_per_pte = w->params.ptrs_per_pte,
		.oom_reap_retries = w->params.retries,
		.alloc_retries = w->params.alloc_retries,
		.aio_exit_wait = 100,
		.debug_vm = debug_vm,
	};

	w->k->total_pages = b.nr_pages;
	w->era->entry->start_kernel(&b);
}

/**
 * bench_fits() - can the model's address space hold @p's process?
 * @p: vmas VMAs of pages pages, each starting on a PTE table of its own.
 *
 * Return: 0, or -1 with a message saying what fits.
 */
int bench_fits(const struct sim_params *p)
{
	unsigned long span = (p->pages + p->ptrs_per_pte - 1) /
			     p->ptrs_per_pte;

	if (1 + p->vmas * span <= BENCH_PT_TABLES)
		return 0;
	fprintf(stderr,
		"reaplab: %lu VMAs of %lu pages need %lu PTE tables of %lu entries; the model's address space has %lu (one more table is left unused at 0)\n",
		p->vmas, p->pages, 1 + p->vmas * span, p->ptrs_per_pte,
		BENCH_PT_TABLES);
	return -1;
}

/**
 * bench_process() - a process with @vmas anonymous VMAs of @pages pages.
 * @w: the world being built.
 * @comm: its name.
 * @vmas: VMAs.
 * @pages: pages per VMA, every one faulted in.
 *
 * Each VMA starts on a PTE table of its own, right after the previous
 * one's (the first table is left unused, as the scenarios leave it).
 *
 * Return: the task, or NULL when the machine ran out of memory.
 */
struct task_struct *bench_process(struct sim_world *w, const char *comm,
				  unsigned long vmas, unsigned long pages)
{
	unsigned long pmd_size = w->params.ptrs_per_pte * BENCH_PAGE_SIZE;
	unsigned long span = (pages * BENCH_PAGE_SIZE + pmd_size - 1) /
			     pmd_size * pmd_size;
	const struct era_entry *e = w->era->entry;
	struct task_struct *p = e->copy_process(comm, 0);
	unsigned long i;

	if (!p)
		return NULL;
	w->k->boot_current = p;
	for (i = 0; i < vmas; i++) {
		unsigned long addr = pmd_size + i * span;

		if (e->vm_brk_flags(addr, pages * BENCH_PAGE_SIZE, 0) ||
		    e->mm_populate(addr, pages * BENCH_PAGE_SIZE))
			return NULL;
		if (!i)
			p->mm->arg_start = addr;
	}
	w->k->boot_current = NULL;
	if (w->k->nmms < SIM_MAX_MMS) {
		w->k->mms[w->k->nmms] = p->mm;
		w->k->mm_owner[w->k->nmms++] = p->comm;
	}
	return p;
}

/* bench_thread() - a user thread running @fn as @task. */
int bench_thread(struct sim_world *w, char letter, const char *name,
		 int (*fn)(void *), void *arg, struct task_struct *task)
{
	return sim_thread_create(w, letter, name, fn, arg, task, 0) < 0 ?
	       -1 : 0;
}

/**
 * bench_build() - boot era @era for a benchmark's scenario.
 * @w: the world.
 * @era: era id.
 * @scn: what to build.
 * @p: sizes.
 *
 * Return: 0, or -1 with a message.
 */
int bench_build(struct sim_world *w, const char *era,
		const struct sim_scenario *scn, const struct sim_params *p)
{
	const struct era *e = sim_era_by_name(era);
	char err[256];

	if (!e) {
		fprintf(stderr, "reaplab: no era %s in this binary\n", era);
		return -1;
	}
	if (sim_world_build(w, e, scn, p, err, sizeof(err))) {
		fprintf(stderr, "reaplab: %s\n", err);
		return -1;
	}
	return 0;
}

/**
 * bench_iteration() - one run of @w on real threads, judged.
 * @w: a built world.
 *
 * Return: 0, or -1 if an oracle fired (said on stderr): the model broke
 * and the measurement is void.
 */
int bench_iteration(struct sim_world *w)
{
	int o;

	sim_threads_iteration(w, 5.0, NULL);
	if (!w->verdict.fired)
		return 0;
	for (o = 0; o < ORACLE_NR; o++)
		if (w->verdict.fired & (1u << o))
			fprintf(stderr, "reaplab: bench: %s/%s: oracle %s fired: %s\n",
				w->era->id, w->scn->name, sim_oracle_name(o),
				w->verdict.hit[o].msg);
	return -1;
}
