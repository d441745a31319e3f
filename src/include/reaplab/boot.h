/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/reaplab/boot.h - what a scenario tells start_kernel()
 *
 * Models:  the kernel command line, loosely: sizes the kernel fixes at
 *          build or boot time and the model lets a scenario choose.
 */
#ifndef _REAPLAB_BOOT_H
#define _REAPLAB_BOOT_H

#include <linux/types.h>

/**
 * struct reaplab_boot - boot parameters of one simulated machine.
 * @nr_pages: page frames in the zone.
 * @watermark: WMARK_MIN, WMARK_LOW and WMARK_HIGH, in pages.
 * @ptrs_per_pte: entries per PTE table (512 on x86-64).
 * @oom_reap_retries: MAX_OOM_REAP_RETRIES (10 in the kernel).
 * @alloc_retries: rounds of the allocator's OOM loop before it fails.
 * @aio_exit_wait: jiffies exit_aio() waits for requests in flight.
 * @oom_reaper: start the oom_reaper kthread.
 * @workqueue: start the kworker that runs system_wq.
 * @debug_vm: CONFIG_DEBUG_VM: check what find_vma() answers (see
 *	      validate_find_vma() in src/mm/mmap.c).
 */
struct reaplab_boot {
	unsigned long nr_pages;
	unsigned long watermark[3];
	unsigned long ptrs_per_pte;
	int oom_reap_retries;
	int alloc_retries;
	unsigned long aio_exit_wait;
	bool oom_reaper;
	bool workqueue;
	bool debug_vm;
};

void start_kernel(const struct reaplab_boot *boot);

#endif /* _REAPLAB_BOOT_H */
