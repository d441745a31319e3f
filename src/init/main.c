// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/init/main.c - boot the simulated machine
 *
 * Models:  init/main.c (start_kernel), much reduced.
 */
#include <reaplab/boot.h>
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/aio.h>
#include <linux/workqueue.h>
#include "../mm/internal.h"

void proc_caches_init(void);

/**
 * start_kernel() - bring the model up for one scenario.
 * @boot: the sizes and threads the scenario asked for.
 *
 * Context: boot: seam operations execute at once and are not traced.
 */
void start_kernel(const struct reaplab_boot *boot)
{
	ptrs_per_pte = boot->ptrs_per_pte;
	max_oom_reap_retries = boot->oom_reap_retries;
	max_reclaim_retries = boot->alloc_retries;
	aio_exit_wait = boot->aio_exit_wait;
	debug_vm = boot->debug_vm;
	proc_caches_init();
	pgtable_cache_init();
	free_area_init(boot->nr_pages, boot->watermark);
	if (boot->workqueue)
		workqueue_init();
	if (boot->oom_reaper)
		oom_init();
}
