/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/asm/seam.h - the simulated machine's only instructions
 *
 * Models:  nothing in the kernel; this is reaplab's "architecture".
 * Book:    chapter "Reading the tools" (book/tools.md).
 *
 * DOC: The sync seam
 *
 * Model code never touches a lock, an atomic, a flag bit or a word that
 * another task may change except through the kernel-named primitives of
 * src/include/linux/ (spin_lock(), down_read_trylock(), atomic_inc_not_zero(),
 * test_bit(), READ_ONCE(), wake_up(), ...).  Each of them ends up here, in
 * one call, __seam(), which the simulator implements twice:
 *
 *     coop engine     one OS thread; every __seam() is a scheduling point
 *                     where the scheduler may switch to another simulated
 *                     task before the operation executes atomically.
 *     threads engine  real pthreads; the operation runs on C11 atomics and
 *                     futexes, with real parallelism.
 *
 * The rules that make the model honest:
 *
 *  (1) Between two seam operations a task touches only memory no other task
 *      can change: its stack, or objects protected by a lock it holds in a
 *      way that excludes every writer.  Such code runs atomically, as part
 *      of the step of the operation before it.
 *  (2) Every operation names its object, so the trace can say what was
 *      touched and the explorer can tell which steps commute.
 *  (3) Every operation carries a static call site (function name, the
 *      object's expression as written, file and line), captured by the
 *      macros below at no run-time cost.
 *  (4) Memory freed with kfree()/kmem_cache_free() is poisoned and never
 *      reused during a run, so a seam operation on it is caught as a
 *      use-after-free, however late it comes.
 *  (5) A field that one task writes while another may read it is written
 *      with a seam operation even under the lock that protects it, and
 *      read with one wherever a task other than its only writer reads it.
 *      Rule (1) lets code under a lock use plain accesses, but then a lock
 *      moved to the wrong place (an unlock above a read, a write after the
 *      unlock) would hide the access inside the step of the lock operation
 *      before it, and the explorer could never order another task between
 *      them: the bug would be invisible, not absent.  Under the right lock
 *      the extra steps add few traces: the lock orders them already.
 *
 * DOC: Shared fields and what orders them
 *
 * Every field of the model that one task writes and another reads, and
 * how each access reaches the seam (the audit rule (5) asks for):
 *
 *   field                      written by / read by, and the seam
 *   -------------------------  ------------------------------------------
 *   task->mm                   exit_mm() clears it under task_lock with
 *                              WRITE_ONCE(); every other task reads it
 *                              with READ_ONCE() (find_lock_task_mm(),
 *                              get_task_mm(), oom_badness(),
 *                              oom_kill_process(), mark_oom_victim(),
 *                              task_will_free_mem(), process_mrelease()),
 *                              under task_lock except the OOM killer's
 *                              racy scan.  The owner reads its own plainly
 *                              (current->mm): nobody else writes it.
 *   task->thread_info.flags,   bitops (TIF_MEMDIE, PF_EXITING, SIGKILL,
 *   task->flags, ->pending     SIGNAL_GROUP_EXIT): each bit a seam object.
 *   signal->flags
 *   signal->oom_mm             set once, by cmpxchg() from NULL in
 *                              mark_oom_victim(); read with READ_ONCE()
 *                              (tsk_is_oom_victim(), oom_reap_task(),
 *                              wake_oom_reaper()).  A second plain read
 *                              after a READ_ONCE() that saw it set is safe:
 *                              it never changes again during a run.
 *   signal->oom_score_adj      READ_ONCE()/WRITE_ONCE() (v4.6's reaper).
 *   task->oom_reaper_list,     oom_reaper_lock; the lockless "already
 *   oom_reaper_list            queued?" test of v4.6..v4.20 and the
 *                              reaper's wait condition read them with
 *                              READ_ONCE(), and every write is a
 *                              WRITE_ONCE().
 *   task->oom_reaper_timer     set up by the task that arms it, before
 *                              add_timer(); the callback runs on that same
 *                              task's CPU (linux/timer.h): no other task.
 *   task->tasks (task list)    written only while the scenario is built;
 *                              walked without seam operations (list.h).
 *   mm->mm_users, mm_count,    atomics.
 *   mm->rss_stat
 *   mm->flags                  bitops: each MMF_* bit a seam object.
 *   mm->mmap_lock              the rwsem itself.
 *   mm->mmap (the VMA list     mmap_lock: written under it for write
 *   head, until v6.1)          (munmap(), v5.17's and 2017-uncond's
 *                              exit_mmap(), with WRITE_ONCE()); the
 *                              reapers and v4.6's find_vma() read it
 *                              under it for read with READ_ONCE().
 *                              exit_mmap() reads it plainly: before
 *                              v5.17 nobody writes it during the
 *                              teardown, and from v5.17 it holds the lock
 *                              for write.
 *   vma->vm_next               written only at build and by munmap() under
 *                              mmap_lock for write; the reapers and v4.6's
 *                              find_vma() follow it with READ_ONCE(), so a
 *                              walk into a freed VMA is caught (rule (4)).
 *   vma (freed by munmap())    access_remote_vm() reads vm_start with
 *                              READ_ONCE() after find_vma(): munmap()
 *                              frees the VMA once mmap_lock lets it.
 *   vma->vm_start, vm_end,     written only while the scenario is built.
 *   vm_flags, vm_mm
 *   mm->mm_mt (the maple       ma_root and the slots: READ_ONCE() and
 *   tree root and node)        WRITE_ONCE() (lib/maple_tree.c); the node's
 *                              other fields change only under mmap_lock
 *                              for write, and the node is freed (rule (4))
 *                              only after ma_root is cleared.
 *   pmd entries, PTEs          READ_ONCE()/WRITE_ONCE(), ptep_get_and_clear()
 *                              (an atomic xchg); each PTE table's ptl.
 *   mm->ioctx_table,           touched only by whoever drops the last
 *   mm->async_put_work         mm_users (__mmput(), mmput_async()), then by
 *                              the kworker it hands the work to, ordered
 *                              by the workqueue's lock and wake-up.
 *   worklist, work->entry      the workqueue's lock; WRITE_ONCE()/READ_ONCE()
 *                              for the kworker's wait condition.
 *   zone->free_pages, next_pfn atomics.
 *   oom_lock, alloc_lock,      the locks themselves.
 *   oom_reaper_lock, ptl,
 *   wait queue heads
 */
#ifndef _ASM_SEAM_H
#define _ASM_SEAM_H

#include <uapi/reaplab/seam.h>

long __seam(enum seam_op op, void *obj, long arg, long arg2,
	    const struct seam_site *site);

/*
 * SEAM() - perform one seam operation with a static call-site descriptor.
 * The descriptor lives in .rodata, so naming costs nothing per call.
 */
#define SEAM(op, obj, size, arg, arg2, fn, what)			\
({									\
	static const struct seam_site __seam_site = {			\
		fn, what, __FILE__, __LINE__, size			\
	};								\
	__seam(op, (void *)(obj), (long)(arg), (long)(arg2),		\
	       &__seam_site);						\
})

void __seam_trace(enum seam_trace ev, void *obj, long arg,
		  const struct seam_site *site);

#define SEAM_TRACE(ev, obj, arg, what)					\
({									\
	static const struct seam_site __seam_site = {			\
		#ev, what, __FILE__, __LINE__, 0			\
	};								\
	__seam_trace(ev, (void *)(obj), (long)(arg), &__seam_site);	\
})

#endif /* _ASM_SEAM_H */
