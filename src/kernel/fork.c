// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/fork.c - the lifetime of an mm_struct
 *
 * Models:  kernel/fork.c, Linux v4.6: mm_alloc(), mmput(), __mmput(),
 *          get_task_mm(), __mmdrop().
 * Omits:   dup_mmap() (a process is built with an empty address space,
 *          see copy_process()), uprobes, KSM, khugepaged, the mmlist,
 *          exe_file, binfmt modules, lazy-TLB active_mm references.
 * Book:    chapter "Primer" (book/primer.md).
 */
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/aio.h>
#include <linux/list.h>
#include <linux/oom.h>
#include "../mm/internal.h"

/* The head of the task list; never scheduled, never an OOM candidate. */
struct task_struct init_task = {
	.pid = 0,
	.comm = "swapper",
	.tasks = LIST_HEAD_INIT(init_task.tasks),
	.thread = { .sim_tid = -1 },
};

static struct kmem_cache *mm_cachep;
static struct kmem_cache *task_struct_cachep;
static struct kmem_cache *signal_cachep;
static pid_t last_pid;

/**
 * proc_caches_init() - create the slab caches of fork.c and mmap.c.
 *
 * Context: boot only.
 */
void proc_caches_init(void)
{
	mm_cachep = kmem_cache_create("mm_struct", sizeof(struct mm_struct));
	task_struct_cachep = kmem_cache_create("task_struct",
					       sizeof(struct task_struct));
	signal_cachep = kmem_cache_create("signal_cache",
					  sizeof(struct signal_struct));
	vm_area_cachep = kmem_cache_create("vm_area_struct",
					   sizeof(struct vm_area_struct));
}

static struct mm_struct *mm_init(struct mm_struct *mm)
{
	atomic_set(&mm->mm_users, 1);
	atomic_set(&mm->mm_count, 1);
	init_rwsem(&mm->mmap_lock);
	mt_init(&mm->mm_mt);
	/* as v6.1's mm_init() (d4af56c5c7c6); no check reads it before */
	mt_set_external_lock(&mm->mm_mt, &mm->mmap_lock);
	mm->pgd = pgd_alloc(mm);
	if (!mm->pgd) {
		kmem_cache_free(mm_cachep, mm);
		return NULL;
	}
	return mm;
}

/**
 * mm_alloc() - allocate and initialise an empty address space.
 *
 * Return: the mm with mm_users == mm_count == 1, or NULL.
 */
struct mm_struct *mm_alloc(void)
{
	struct mm_struct *mm = kmem_cache_zalloc(mm_cachep, GFP_KERNEL);

	if (!mm)
		return NULL;
	return mm_init(mm);
}

/**
 * __mmdrop() - free the struct mm_struct once the last mm_count is gone.
 * @mm: an mm whose address space was torn down long ago.
 *
 * The page-table root goes with it; by now exit_mmap() has freed every
 * PTE table below it.
 */
void __mmdrop(struct mm_struct *mm)
{
	pgd_free(mm, mm->pgd);
	kmem_cache_free(mm_cachep, mm);
}

//! [mmput]
/**
 * __mmput() - tear down an address space whose last user is gone.
 * @mm: the mm; mm_users has just dropped to 0.
 *
 * exit_aio() comes first and may sleep for as long as AIO requests take:
 * the window in which, in the 2017 story, the victim was still holding
 * all its memory while the reaper had already given up on it.
 *
 * Context: may sleep.  Runs in whichever task dropped the last reference:
 * the exiting task, a /proc reader, the OOM reaper, a kworker.
 */
__era void __mmput(struct mm_struct *mm)
{
	exit_aio(mm);
	exit_mmap(mm);
	mmdrop(mm);
}

/**
 * mmput() - drop a reference to an address space.
 * @mm: the mm.
 *
 * Context: may sleep: the last mmput() runs the whole teardown.
 */
void mmput(struct mm_struct *mm)
{
	might_sleep();

	if (atomic_dec_and_test(&mm->mm_users))
		__mmput(mm);
}
//! [mmput]

/**
 * get_task_mm() - pin a task's address space, as /proc readers do.
 * @task: the task.
 *
 * Return: the mm with an extra mm_users reference, or NULL once the task
 * has gone through exit_mm().
 */
struct mm_struct *get_task_mm(struct task_struct *task)
{
	struct mm_struct *mm;

	task_lock(task);
	mm = READ_ONCE(task->mm);
	if (mm)
		mmget(mm);
	task_unlock(task);
	return mm;
}

/**
 * copy_process() - build a new single-threaded process.
 * @comm: its name.
 * @pf_flags: PF_* bits; with BIT(PF_KTHREAD) the task gets no mm.
 *
 * CUSTOM: the kernel's copy_process() duplicates its parent; the model's
 * builds a process as it looks right after execve(), with an empty
 * address space, and puts it on the task list.  Kernel threads stay off
 * the list: the OOM killer would skip them anyway.
 *
 * Context: boot only.
 * Return: the task, or NULL.
 */
struct task_struct *copy_process(const char *comm, unsigned long pf_flags)
{
	struct task_struct *p = kmem_cache_zalloc(task_struct_cachep,
						  GFP_KERNEL);
	unsigned int i;

	if (!p)
		return NULL;
	p->signal = kmem_cache_zalloc(signal_cachep, GFP_KERNEL);
	if (!p->signal)
		goto free_task;
	p->flags = pf_flags;
	p->pid = ++last_pid;
	for (i = 0; comm[i] && i < TASK_COMM_LEN - 1; i++)
		p->comm[i] = comm[i];
	spin_lock_init(&p->alloc_lock);
	p->thread.sim_tid = -1;
	INIT_LIST_HEAD(&p->tasks);
	if (pf_flags & BIT(PF_KTHREAD))
		return p;

	p->mm = mm_alloc();
	if (!p->mm)
		goto free_signal;
	list_add_tail(&p->tasks, &init_task.tasks);
	return p;

free_signal:
	kmem_cache_free(signal_cachep, p->signal);
free_task:
	kmem_cache_free(task_struct_cachep, p);
	return NULL;
}
