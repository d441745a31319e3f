/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/reaplab/era.h - what an era declares, and its entry points
 *
 * Models:  nothing in the kernel.  Each era folder (src/eras/<id>/era.c)
 *          fills one struct era: where it comes from (commits, version,
 *          authors), what it fixed and what it kept, the verdict history
 *          gives it on every scenario, and the schedules that replay the
 *          races its changelog describes.  The simulator compares the
 *          declared verdicts with what it computes; it never prints a
 *          declared verdict as a result.
 */
#ifndef _REAPLAB_ERA_H
#define _REAPLAB_ERA_H

#include <linux/types.h>
#include <uapi/reaplab/era.h>

struct task_struct;
struct mm_struct;
struct vm_area_struct;
struct page;
struct zone;
struct reaplab_boot;

/**
 * struct era_entry - the model's entry points, one table per era.
 *
 * The simulator reaches an era's model code only through this table
 * (src/kernel/entry.c fills it); every other symbol of an era is private
 * to that era's object file.  The last group serves the benchmarks
 * (src/bench/): munmap(2) and vm_munmap(), the find_vma() lookup (with
 * CONFIG_DEBUG_VM's checks when booted with debug_vm), and mmap_lock for
 * read around it.
 */
struct era_entry {
	void (*start_kernel)(const struct reaplab_boot *boot);
	struct task_struct *(*copy_process)(const char *comm,
					    unsigned long pf_flags);
	int (*vm_brk_flags)(unsigned long addr, unsigned long len,
			    unsigned long flags);
	int (*mm_populate)(unsigned long addr, unsigned long len);
	long (*sys_io_setup)(unsigned int nr_events);
	void (*exit_to_user_mode_loop)(void);
	struct page *(*alloc_pages)(gfp_t gfp_mask, unsigned int order);
	long (*sys_kill)(pid_t pid, int sig);
	long (*sys_process_mrelease)(int pidfd, unsigned int flags);
	ssize_t (*proc_pid_cmdline_read)(struct task_struct *tsk);
	struct task_struct *init_task;
	struct zone *zone;
	long (*sys_munmap)(unsigned long addr, size_t len);
	int (*vm_munmap)(unsigned long start, size_t len);
	struct vm_area_struct *(*find_vma)(struct mm_struct *mm,
					   unsigned long addr);
	void (*mmap_read_lock)(struct mm_struct *mm);
	void (*mmap_read_unlock)(struct mm_struct *mm);
};

extern const struct era_entry era_entry;

#endif /* _REAPLAB_ERA_H */
