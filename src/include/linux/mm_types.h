/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/mm_types.h - struct mm_struct, struct vm_area_struct
 *
 * Models:  include/linux/mm_types.h, include/linux/sched/coredump.h (MMF_*)
 * Book:    chapter "Primer" (book/primer.md): mm_users vs mm_count.
 *
 * DOC: The two reference counts of an mm
 *
 *     mm_users   pins the address space: the VMAs, the page tables, the
 *                pages.  Taken by every thread using the mm and by anyone
 *                who must walk it from outside (get_task_mm(),
 *                mmget_not_zero()).  When it drops to 0, __mmput() tears
 *                the address space down with exit_mmap().
 *     mm_count   pins only the struct mm_struct itself, so its lock and
 *                flags can still be read (mmgrab()/mmdrop()).  All holders
 *                of mm_users together own one mm_count.
 *
 * Invariants:
 *
 *  (1) mm_count > 0 while the struct is reachable; at 0, __mmdrop() frees it.
 *  (2) mm_users > 0 implies mm_count > 0.
 *  (3) once mm_users has reached 0 it never rises again: that is what
 *      mmget_not_zero() guarantees, and why a reaper holding only mm_count
 *      can find the VMAs and page tables gone under it.
 */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>
#include <linux/rwsem.h>
#include <linux/maple_tree.h>
#include <linux/workqueue.h>
#include <asm/pgtable.h>

struct kioctx_table;

/* Bits of mm_struct::flags. */
enum {
	MMF_OOM_SKIP = 21,	/* of no further interest to the OOM killer */
	MMF_UNSTABLE = 22,	/* the reaper has started: faults get SIGBUS
				 * (in v4.9 only a kthread's, via use_mm()) */
	MMF_OOM_VICTIM = 25,	/* chosen by the OOM killer (v4.15 to v6.0) */
	MMF_OOM_REAP_QUEUED = 26, /* queued for the reaper (since v5.0) */
};

/* Per-mm page counters (only anonymous memory exists in the model). */
enum {
	MM_ANONPAGES,
	NR_MM_COUNTERS
};

/* vm_area_struct::vm_flags */
#define VM_READ		0x00000001UL
#define VM_WRITE	0x00000002UL
#define VM_SHARED	0x00000008UL
#define VM_LOCKED	0x00002000UL
#define VM_ACCOUNT	0x00100000UL
#define VM_HUGETLB	0x00400000UL
#define VM_PFNMAP	0x00000400UL

//! [vm_area_struct]
/**
 * struct vm_area_struct - one mapping of an address space.
 */
struct vm_area_struct {
	/** @vm_start: first address. */
	unsigned long vm_start;
	/** @vm_end: first address after the mapping. */
	unsigned long vm_end;
	/** @vm_next: next VMA by address (the list lasted until v6.1). */
	struct vm_area_struct *vm_next;
	/** @vm_mm: the address space this VMA belongs to. */
	struct mm_struct *vm_mm;
	/** @vm_flags: VM_* flags. */
	unsigned long vm_flags;
	/** @vm_file: NULL: every mapping in the model is anonymous. */
	void *vm_file;
};
//! [vm_area_struct]

//! [mm_struct]
/**
 * struct mm_struct - an address space.
 */
struct mm_struct {
	/* --- atomics: no lock needed --- */

	/** @mm_users: users of the address space; see the DOC above. */
	atomic_t mm_users;
	/** @mm_count: references to the struct itself. */
	atomic_t mm_count;
	/** @rss_stat: pages mapped, per MM_* counter. */
	atomic_long_t rss_stat[NR_MM_COUNTERS];
	/** @flags: MMF_* bits, touched with bitops only. */
	unsigned long flags;

	/*
	 * mmap_lock, once called mmap_sem: renamed by da1c55f1b272 (v5.8).
	 * Both names refer to the one lock, so that every era's code reads
	 * as the kernel of its day did.
	 */
	union {
		/** @mmap_lock: read to walk or zap VMAs, write to change them. */
		struct rw_semaphore mmap_lock;
		/** @mmap_sem: the same lock under its pre-v5.8 name. */
		struct rw_semaphore mmap_sem;
	};

	/* --- mmap_lock protects below (or mm_users == 0 and no reaper) --- */

	/** @mmap: first VMA of the address-ordered list (until v6.1). */
	struct vm_area_struct *mmap;
	/** @mm_mt: the VMA store of v6.1 and later. */
	struct maple_tree mm_mt;
	/** @map_count: number of VMAs. */
	int map_count;
	/** @pgd: the top-level page table; see asm/pgtable.h. */
	pmd_t *pgd;
	/** @total_vm: pages mapped by VMAs. */
	unsigned long total_vm;
	/** @arg_start: where the command line lives (/proc/pid/cmdline). */
	unsigned long arg_start;
	/** @ioctx_table: AIO contexts; exit_aio() waits for them. */
	struct kioctx_table *ioctx_table;
	/** @async_put_work: runs __mmput() for mmput_async(). */
	struct work_struct async_put_work;
};
//! [mm_struct]

#endif /* _LINUX_MM_TYPES_H */
