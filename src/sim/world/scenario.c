// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/scenario.c - the scenarios: who runs, what the victim owns
 *
 * Simulator-only.  A scenario boots the era's model (start_kernel() with
 * the sizes asked for), builds the processes with the model's own code
 * (copy_process(), vm_brk_flags(), mm_populate(): the victim's pages are
 * faulted in through the page allocator like any others), and creates the
 * simulated threads.  The threads' bodies are a few lines each: they enter
 * the model through the era's entry table and never touch the model's
 * state themselves.
 *
 *     scenario        threads (declaration order)
 *     oom             A allocating task    V victim         R oom_reaper
 *                     W kworker
 *     proc-reader     A, V, P /proc/<victim>/cmdline reader, R, W
 *     mrelease        V victim killed by M, M the process_mrelease caller
 *     stuck           V victim stuck holding mmap_lock for write, A, R, W
 *     concurrent-oom  A and B, two allocating tasks, V
 *     exit-first      K sends V a SIGKILL of its own, A, V
 *     two-victims     V stuck as in stuck, A, D a dying allocator, R, W
 *     wedged          V victim blocked for good, no lock held, A, K, R, W
 *     munmap-reader   U munmap()s a VMA, then exits, P reads its cmdline
 *
 * and, last, where the era has the v5.18 reaper delay (v6.1, v6.18), T,
 * X and Y, the threads the delay's timers run their callbacks in
 * (kernel/time/timer.c): each asleep, and taking no step, until a kill
 * arms a timer and hands it one.
 *
 * Every OOM scenario also has a bystander process, "candidate", that no
 * thread runs: the task the OOM killer picks if it kills a second time.
 *
 * concurrent-oom and exit-first are the protocols' own cases, in the smallest
 * world that still has them: no aio, one round of the allocator's OOM
 * loop, and no reaper (booted without the oom_reaper and the kworker: the
 * reaper's part in them is the oom scenario's).  concurrent-oom is what
 * oom_lock is for: one OOM killer at a time; without it the second one's
 * scan runs into the first one's kill and can weigh a victim already half
 * unmapped.  exit-first is the victim that needs no OOM kill, whose
 * exit_mm() may run anywhere in the OOM killer's path: what task_lock in
 * oom_kill_process() is for.
 *
 * two-victims is the reaper's queue with two tasks on it.  The OOM killer
 * waits for each victim it chose, so a second task joins the queue while
 * the first is still on it only by a path that does not wait: an
 * allocator that is dying already queues itself (out_of_memory(), in the
 * eras from v4.9: task_will_free_mem(current), wake_oom_reaper()).  D is one,
 * with no memory of its own (its exit must not feed A), next to the stuck
 * victim V: a queue that loses V, or a V never hidden, is the oom-lockup
 * oracle; one round of the allocator's loop, as concurrent-oom.
 *
 * wedged is stuck's other half: a victim blocked in the kernel for good
 * (D state, waiting for I/O that never completes) that holds no lock, so
 * the reaper's trylock succeeds and the reap unmaps what it may, yet the
 * victim never exits to hide itself: what hides it is the reaper's own
 * work after a successful reap (v4.6: exit_oom_victim() and
 * OOM_SCORE_ADJ_MIN, 36324a990cf5; from v4.9 MMF_OOM_SKIP).  A asks for
 * more than the victim had (order 3: 8 pages, the victim has 6), so a
 * reaped victim alone does not satisfy it: the OOM killer must move on to
 * the candidate, which it does only if the victim is hidden; if not, it
 * waits for ever (the oom-lockup oracle).  The victim mlock()ed all its
 * VMAs but the first, as a daemon that must not be paged out does:
 * before a213e5cf71cb (v5.18) the reaper skips VM_LOCKED VMAs, so the
 * reaped victim still weighs 4 pages, more than the candidate's 3, and
 * in v4.6, where only OOM_SCORE_ADJ_MIN hides it from the scan once
 * TIF_MEMDIE is gone, the OOM killer would choose it again and again
 * (36324a990cf5 hides a reaped victim for that reason: choosing it again
 * can free nothing).  The allocation is not a costly
 * one (order <= PAGE_ALLOC_COSTLY_ORDER), so the kernel would OOM-kill
 * for it.  K, a shell's kill -9 that V cannot act on (D state), may come
 * before the OOM killer looks: V is then already dying (SIGNAL_GROUP_EXIT,
 * task_will_free_mem() from v4.9), and oom_kill_process()'s early path
 * must queue it for the reaper too, or nothing ever hides it.
 *
 * munmap-reader is the one place a VMA is freed under a reader that found
 * it: no OOM, no reaper, two threads.  U's process has three VMAs of one
 * page; its command line is in the middle one, and U unmaps that one
 * while P, `ps`, reads /proc/<U>/cmdline through access_remote_vm(), then
 * dies (its mm torn down before the leak oracle looks).  mmap_lock is all
 * that keeps P's VMA alive between find_vma() and the last read of it: an
 * unlock moved above that read, or a lookup moved above the lock, is a
 * use-after-free of the VMA munmap() freed.  munmap(2) is each era's own:
 * the write lock throughout before v4.20 (vm_munmap(), as every munmap()
 * did then), downgraded to read for the zap from v4.20 on (dd2283f2605e,
 * DOC: munmap() and downgrade_write): then P may get the lock while U still
 * zaps and frees, and only the detach before the downgrade hides the VMA.
 *
 * The mrelease scenario checks process_mrelease()'s contract as well: a
 * return of 0 means the victim's memory is unmapped (ORACLE_CONTRACT).
 *
 * kthread-reader is proc-reader with another task in P's place: a kernel
 * thread (no mm of its own, PF_KTHREAD, another name), which pins the
 * victim's mm as the reader does (get_task_mm() ... mmput()) and so may
 * drop the last mm_users, running exit_mmap() itself.  It is no scenario
 * of the eras' tables: the fix labs run it by name (their `.scenarios`),
 * so that a fix keyed on who the reader is, rather than on the mm, fails
 * there.
 *
 * DOC: Names, pids and order from a random seed
 *
 * A scenario's processes are named as written here ("victim", "ps"),
 * created in this order, with the model's pids 1, 2, 3...: the book, the
 * figures and the golden tests rely on it.  With a random seed
 * (REAPLAB_SEED=N in the environment, N > 0: the grader draws one for
 * each grading of a lab whose student writes an era, and every command a
 * failure prints carries it), all that model code can see of who is who
 * varies with N: each process the scenario creates gets a made-up name
 * (its comm) and a pid drawn at random, and the victim, the candidate and
 * the allocator are created in a shuffled order.  A fix that takes the
 * barrier for a task it recognises, rather than for the mm, cannot know
 * it in advance.  The threads' letters and titles, which the diagrams and
 * the grader use, do not change; the kernel's own threads (the OOM
 * reaper, the kworker) keep their names.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/mm_types.h>
#include <linux/mmap_lock.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <asm/pgtable.h>
#include "kernel.h"

#define SIM_PAGE_SIZE	4096UL

static const struct era_entry *entry(struct sim_world *w)
{
	return w->era->entry;
}

/* The random seed of names, pids and order: REAPLAB_SEED, or 0. */
static unsigned long scn_seed(void)
{
	static unsigned long random_seed;
	static bool read;
	const char *env;

	if (!read) {
		env = getenv("REAPLAB_SEED");
		random_seed = env ? strtoul(env, NULL, 10) : 0;
		read = true;
	}
	return random_seed;
}

/* The world being built: its draws (xorshift64*) and its next pid. */
static unsigned long scn_rng, scn_pid;

static unsigned long scn_draw(void)
{
	scn_rng ^= scn_rng >> 12;
	scn_rng ^= scn_rng << 25;
	scn_rng ^= scn_rng >> 27;
	return scn_rng * 0x2545f4914f6cdd1dUL;
}

/*
 * new_process() - a process of the scenario, as copy_process() makes it;
 * with a random seed, named and numbered at random (DOC: Names, pids and
 * order from a random seed): six letters, never a name the scenarios
 * use.
 */
static struct task_struct *new_process(struct sim_world *w, const char *comm,
					unsigned long pf_flags)
{
	static const char consonants[] = "bdfgjkmnqrtvwxz";
	static const char vowels[] = "aeiouy";
	struct task_struct *p;
	char name[8];
	int i;

	if (!scn_seed())
		return entry(w)->copy_process(comm, pf_flags);
	for (i = 0; i < 6; i++)
		name[i] = i % 2 ?
			  vowels[scn_draw() % (sizeof(vowels) - 1)] :
			  consonants[scn_draw() % (sizeof(consonants) - 1)];
	name[6] = 0;
	p = entry(w)->copy_process(name, pf_flags);
	if (p) {
		scn_pid += 1 + scn_draw() % 97;
		p->pid = (pid_t)scn_pid;
	}
	return p;
}

static void record_mm(struct sim_world *w, struct task_struct *p)
{
	if (w->k->nmms < SIM_MAX_MMS && p->mm) {
		w->k->mm_locked[w->k->nmms] = 0;
		w->k->mms[w->k->nmms] = p->mm;
		w->k->mm_aio[w->k->nmms] = p->mm->ioctx_table;
		w->k->mm_task[w->k->nmms] = p;
		w->k->mm_owner[w->k->nmms++] = p->comm;
	}
}

/*
 * spawn_locked() - a process with @vmas anonymous VMAs of @pages pages
 * each, every page faulted in, the last @locked of them mlocked (VM_LOCKED,
 * as mlock() leaves them), and @aio AIO requests in flight.
 */
static struct task_struct *spawn_locked(struct sim_world *w,
					const char *comm, unsigned long vmas,
					unsigned long pages, unsigned long aio,
					unsigned long locked)
{
	unsigned long pmd_size = w->params.ptrs_per_pte * SIM_PAGE_SIZE;
	unsigned long span = (pages * SIM_PAGE_SIZE + pmd_size - 1) /
			     pmd_size * pmd_size;
	struct task_struct *p = new_process(w, comm, 0);
	unsigned long i;

	if (!p)
		return NULL;
	w->k->boot_current = p;
	for (i = 0; i < vmas; i++) {
		unsigned long addr = pmd_size + i * (span + pmd_size);

		if (entry(w)->vm_brk_flags(addr, pages * SIM_PAGE_SIZE,
					   i + locked >= vmas ? VM_LOCKED : 0) ||
		    entry(w)->mm_populate(addr, pages * SIM_PAGE_SIZE))
			return NULL;
		if (!i)
			p->mm->arg_start = addr;
	}
	if (aio && entry(w)->sys_io_setup(aio))
		return NULL;
	w->k->boot_current = NULL;
	record_mm(w, p);
	/* what a reaper that skips VM_LOCKED leaves: the contract oracle */
	if (w->k->nmms && w->k->mms[w->k->nmms - 1] == p->mm)
		w->k->mm_locked[w->k->nmms - 1] =
			(long)(locked < vmas ? locked : vmas) * (long)pages;
	return p;
}

static struct task_struct *spawn(struct sim_world *w, const char *comm,
				 unsigned long vmas, unsigned long pages,
				 unsigned long aio)
{
	return spawn_locked(w, comm, vmas, pages, aio, 0);
}

/*
 * spawn_three() - the victim (its last @locked VMAs mlocked), the
 * candidate and the allocating task of an OOM scenario, in the order the
 * random seed says (as written, without one).
 */
static int spawn_three(struct sim_world *w, unsigned long locked)
{
	static const char orders[6][4] = {
		"vca", "vac", "cva", "cav", "avc", "acv"
	};
	const struct sim_params *p = &w->params;
	const char *o = orders[scn_seed() ? scn_draw() % 6 : 0];
	struct sim_kernel *k = w->k;

	for (; *o; o++)
		if (*o == 'v')
			k->victim = spawn_locked(w, "victim", p->vmas,
						 p->pages, p->aio, locked);
		else if (*o == 'c')
			k->candidate = spawn(w, "candidate", 1, p->pages + 1,
					     0);
		else
			k->allocator = spawn(w, "allocator", 1, 1, 0);
	return k->victim && k->candidate && k->allocator ? 0 : -1;
}

/* Page frames a process of this shape needs. */
static unsigned long pages_of(unsigned long vmas, unsigned long pages)
{
	return vmas * pages;
}

static int boot(struct sim_world *w, unsigned long spare, bool reaper)
{
	const struct sim_params *p = &w->params;
	struct reaplab_boot b = {
		.nr_pages = pages_of(p->vmas, p->pages) +
			    pages_of(1, p->pages + 1) + pages_of(1, 1) + spare,
		.watermark = { 0, 1, 2 },
		.ptrs_per_pte = p->ptrs_per_pte,
		.oom_reap_retries = p->retries,
		.alloc_retries = p->alloc_retries,
		.aio_exit_wait = 100,
		.oom_reaper = reaper,
		.workqueue = reaper,
	};

	w->k->total_pages = b.nr_pages;
	/* the draws of this world: the same for every build of it */
	scn_rng = scn_seed() * 0x9e3779b97f4a7c15UL + 1;
	scn_pid = 300 + scn_draw() % 20000;
	entry(w)->start_kernel(&b);
	sim_oracle_booted(w);
	return 0;
}

/* --- thread bodies: enter the model, nothing else ------------------ */

static int allocating_task(void *arg)
{
	struct sim_world *w = arg;

	/* an allocation the zone cannot satisfy: out_of_memory() */
	if (entry(w)->alloc_pages(GFP_KERNEL, sim_alloc_order(w)))
		__atomic_add_fetch(&w->k->allocated_pages,
				   1L << sim_alloc_order(w), __ATOMIC_RELAXED);
	else	/* the allocator gave up: ORACLE_OOM_LOCKUP looks at why */
		__atomic_add_fetch(&w->k->alloc_failed, 1, __ATOMIC_RELAXED);
	return 0;
}

static int user_task(void *arg)
{
	struct sim_world *w = arg;

	entry(w)->exit_to_user_mode_loop();
	return 0;
}

static int stuck_task(void *arg)
{
	(void)arg;
	/* e.g. in mmap_region() waiting on a filesystem that never answers */
	mmap_write_lock(current->mm);
	SEAM(SEAM_PARK, NULL, 0, 0, 0, "park",
	     "D state: waiting for I/O that never completes");
	return 0;
}

static int wedged_task(void *arg)
{
	(void)arg;
	/* e.g. in a filesystem's wait for a reply that never comes */
	SEAM(SEAM_PARK, NULL, 0, 0, 0, "park",
	     "D state: waiting for I/O that never completes, no lock held");
	return 0;
}

static int proc_reader(void *arg)
{
	struct sim_world *w = arg;

	entry(w)->proc_pid_cmdline_read(w->k->victim);
	return 0;
}

/*
 * Does @era's munmap(2) downgrade mmap_lock for the zap (dd2283f2605e,
 * v4.20)?  v5.15 is the first era after v4.20; every era (a lab's or a
 * test's mutant too) below it in the family tree has the downgrade.
 */
static bool munmap_downgrades(const struct era *era)
{
	for (; era; era = sim_era_parent(era))
		if (!strcmp(era->id, "v5.15"))
			return true;
	return false;
}

/* the owner unmaps the VMA its command line is in, by munmap(2) */
static int unmapping_task(void *arg)
{
	struct sim_world *w = arg;
	unsigned long start = current->mm->arg_start;
	size_t len = w->params.pages * SIM_PAGE_SIZE;

	if (munmap_downgrades(w->era))
		entry(w)->sys_munmap(start, len);
	else	/* before v4.20 munmap(2) was vm_munmap(): no downgrade */
		entry(w)->vm_munmap(start, len);
	/*
	 * Then it dies, so that its mm is torn down before the end-of-run
	 * oracles look: a VMA, page table or page munmap() lost is a leak
	 * of a torn-down mm, and one it freed still linked is a
	 * use-after-free in exit_mmap().
	 */
	entry(w)->sys_kill(sim_self->task->pid, SIGKILL);
	entry(w)->exit_to_user_mode_loop();
	return 0;
}

static int mrelease_caller(void *arg)
{
	struct sim_world *w = arg;
	long ret;

	/* what lmkd does: kill through the pidfd, then reap it at once */
	entry(w)->sys_kill(w->k->victim->pid, SIGKILL);
	ret = entry(w)->sys_process_mrelease(w->k->victim->pid, 0);
	if (ret == -ENOSYS)
		w->verdict.na = true;
	else
		sim_oracle_mrelease_returned(w, ret);
	return 0;
}

/* killed already (by anyone), it allocates on its way out, then exits */
static int dying_allocator(void *arg)
{
	struct sim_world *w = arg;

	entry(w)->sys_kill(sim_self->task->pid, SIGKILL);
	if (entry(w)->alloc_pages(GFP_KERNEL, 1))
		__atomic_add_fetch(&w->k->allocated_pages, 2, __ATOMIC_RELAXED);
	entry(w)->exit_to_user_mode_loop();
	return 0;
}

/* a shell's `kill -9`: the victim's own death, not the OOM killer's */
static int killer(void *arg)
{
	struct sim_world *w = arg;

	entry(w)->sys_kill(w->k->victim->pid, SIGKILL);
	return 0;
}

/*
 * Put the threads in the scenario's declaration order (kthread_run() made
 * R and W first, during boot), and tell each task its new thread number.
 */
static void order_threads(struct sim_world *w, const char *order)
{
	struct sim_thread sorted[SIM_MAX_THREADS];
	int i, n = 0;
	const char *c;

	for (c = order; *c; c++)
		for (i = 0; i < w->nthreads; i++)
			if (w->threads[i].letter == *c)
				sorted[n++] = w->threads[i];
	for (i = 0; i < n; i++) {
		sorted[i].tid = i;
		sorted[i].task->thread.sim_tid = i;
		w->threads[i] = sorted[i];
	}
	w->nthreads = n;
}

static int add(struct sim_world *w, char letter, const char *name,
	       int (*fn)(void *), struct task_struct *task)
{
	return sim_thread_create(w, letter, name, fn, w, task, 0) < 0 ? -1 : 0;
}

static int build_oom(struct sim_world *w)
{
	boot(w, 1, true);
	if (spawn_three(w, 0))
		return -1;
	if (add(w, 'A', "allocating task", allocating_task, w->k->allocator) ||
	    add(w, 'V', "victim", user_task, w->k->victim))
		return -1;
	order_threads(w, "AVRWTXY");
	return 0;
}

static int build_proc_reader(struct sim_world *w)
{
	struct task_struct *reader;

	if (build_oom(w))
		return -1;
	reader = new_process(w, "ps", 0);
	if (!reader || add(w, 'P', "ps reading /proc/pid/cmdline",
			   proc_reader, reader))
		return -1;
	record_mm(w, reader);
	order_threads(w, "AVPRWTXY");
	return 0;
}

static int build_kthread_reader(struct sim_world *w)
{
	struct task_struct *reader;

	if (build_oom(w))
		return -1;
	reader = new_process(w, "kreader", BIT(PF_KTHREAD));
	if (!reader || add(w, 'P', "kthread pinning the victim's mm",
			   proc_reader, reader))
		return -1;
	order_threads(w, "AVPRWTXY");
	return 0;
}

static int build_mrelease(struct sim_world *w)
{
	const struct sim_params *p = &w->params;
	struct task_struct *lmkd;

	boot(w, 1, false);
	w->k->victim = spawn(w, "victim", p->vmas, p->pages, p->aio);
	lmkd = new_process(w, "lmkd", 0);
	if (!w->k->victim || !lmkd)
		return -1;
	record_mm(w, lmkd);
	if (add(w, 'V', "victim", user_task, w->k->victim) ||
	    add(w, 'M', "lmkd: kill + process_mrelease", mrelease_caller,
		lmkd))
		return -1;
	order_threads(w, "VMTXY");
	return 0;
}

static int build_stuck(struct sim_world *w)
{
	boot(w, 1, true);
	if (spawn_three(w, 0))
		return -1;
	if (add(w, 'V', "victim, stuck holding mmap_lock", stuck_task,
		w->k->victim) ||
	    add(w, 'A', "allocating task", allocating_task, w->k->allocator))
		return -1;
	order_threads(w, "VARWTXY");
	return 0;
}

static int build_concurrent_oom(struct sim_world *w)
{
	struct task_struct *second;

	/* one more page: the second allocator's own */
	boot(w, 2, false);
	if (spawn_three(w, 0))
		return -1;
	second = spawn(w, "allocator2", 1, 1, 0);
	if (!second)
		return -1;
	if (add(w, 'A', "allocating task", allocating_task, w->k->allocator) ||
	    add(w, 'B', "second allocating task", allocating_task, second) ||
	    add(w, 'V', "victim", user_task, w->k->victim))
		return -1;
	order_threads(w, "ABVTXY");
	return 0;
}

static int build_exit_first(struct sim_world *w)
{
	struct task_struct *shell;

	boot(w, 1, false);
	if (spawn_three(w, 0))
		return -1;
	shell = new_process(w, "sh", 0);
	if (!shell)
		return -1;
	record_mm(w, shell);
	if (add(w, 'K', "kill -9 from a shell", killer, shell) ||
	    add(w, 'A', "allocating task", allocating_task, w->k->allocator) ||
	    add(w, 'V', "victim", user_task, w->k->victim))
		return -1;
	order_threads(w, "KAVTXY");
	return 0;
}

static int build_two_victims(struct sim_world *w)
{
	struct task_struct *dying;

	boot(w, 1, true);
	if (spawn_three(w, 0))
		return -1;
	/* no pages: what its exit frees must not be what A waits for */
	dying = spawn(w, "dying", 0, 0, 0);
	if (!dying)
		return -1;
	if (add(w, 'V', "victim, stuck holding mmap_lock", stuck_task,
		w->k->victim) ||
	    add(w, 'A', "allocating task", allocating_task, w->k->allocator) ||
	    add(w, 'D', "dying allocator", dying_allocator, dying))
		return -1;
	order_threads(w, "VADRWTXY");
	return 0;
}

static int build_wedged(struct sim_world *w)
{
	const struct sim_params *p = &w->params;
	struct task_struct *shell;

	boot(w, 1, true);
	/* every VMA but the first mlocked: see the top of this file */
	if (spawn_three(w, p->vmas - 1))
		return -1;
	shell = new_process(w, "sh", 0);
	if (!shell)
		return -1;
	record_mm(w, shell);
	/* more than the victim has, not more than it and the candidate */
	w->k->alloc_order = 3;
	if (add(w, 'V', "victim, blocked for good, no lock held",
		wedged_task, w->k->victim) ||
	    add(w, 'A', "allocating task", allocating_task, w->k->allocator) ||
	    add(w, 'K', "kill -9 from a shell", killer, shell))
		return -1;
	order_threads(w, "VAKRWTXY");
	return 0;
}

static int build_munmap_reader(struct sim_world *w)
{
	const struct sim_params *p = &w->params;
	struct task_struct *ps;
	struct vm_area_struct *vma;
	unsigned long i;

	boot(w, 1, false);
	/* the process whose cmdline P reads: w->k->victim for proc_reader() */
	w->k->victim = spawn(w, "owner", p->vmas, p->pages, 0);
	ps = new_process(w, "ps", 0);
	if (!w->k->victim || !ps)
		return -1;
	/*
	 * The command line in the middle VMA, so that munmap() has a VMA
	 * before it to relink and one after it to leave alone.
	 */
	vma = w->k->victim->mm->mmap;
	for (i = 0; i < p->vmas / 2; i++)
		vma = vma->vm_next;
	w->k->victim->mm->arg_start = vma->vm_start;
	record_mm(w, ps);
	if (add(w, 'U', "owner, munmap() of its VMA", unmapping_task,
		w->k->victim) ||
	    add(w, 'P', "ps reading /proc/pid/cmdline", proc_reader, ps))
		return -1;
	order_threads(w, "UPTXY");
	return 0;
}

#define OOM_DEFAULTS							\
	{ .vmas = 2, .pages = 2, .ptrs_per_pte = 2, .retries = 2,	\
	  .alloc_retries = 3, .aio = 1, .jiffy_ns = 1000 }

static const struct sim_scenario scn_oom = {
	.name = "oom",
	.id = SCN_OOM,
	.summary = "the allocating task A OOM-kills the victim V, which exits (slowly, in exit_aio) while the oom_reaper R reaps it; A retries and may kill again",
	.defaults = OOM_DEFAULTS,
	.build = build_oom,
};

static const struct sim_scenario scn_proc_reader = {
	.name = "proc-reader",
	.id = SCN_PROC_READER,
	.summary = "oom, plus P reading /proc/<victim>/cmdline: P pins mm_users and may drop the last reference, running exit_mmap() itself",
	.defaults = OOM_DEFAULTS,
	.build = build_proc_reader,
};

/* Not in sim_scenarios[]: a lab's own (DOC at the top of this file). */
const struct sim_scenario sim_kthread_reader_scenario = {
	.name = "kthread-reader",
	.id = SCN_NR,
	.summary = "oom, plus P, a kernel thread (no mm of its own) that pins the victim's mm as the /proc reader does: it may drop the last reference, running exit_mmap() itself",
	.defaults = OOM_DEFAULTS,
	.build = build_kthread_reader,
};

static const struct sim_scenario scn_mrelease = {
	.name = "mrelease",
	.id = SCN_MRELEASE,
	.summary = "M sends SIGKILL to V and calls process_mrelease() on it while V exits: no OOM at all",
	.defaults = { .vmas = 2, .pages = 2, .ptrs_per_pte = 2, .retries = 2,
		      .alloc_retries = 3, .aio = 0, .jiffy_ns = 1000 },
	.build = build_mrelease,
};

static const struct sim_scenario scn_stuck = {
	.name = "stuck",
	.id = SCN_STUCK,
	.summary = "V holds mmap_lock for write forever: the reaper must give up after MAX_OOM_REAP_RETRIES and a second kill is the right outcome",
	.defaults = OOM_DEFAULTS,
	.build = build_stuck,
};

/* No aio, one round of the OOM loop: see the top of this file. */
#define SMALL_OOM_DEFAULTS						\
	{ .vmas = 2, .pages = 2, .ptrs_per_pte = 2, .retries = 2,	\
	  .alloc_retries = 1, .aio = 0, .jiffy_ns = 1000 }

static const struct sim_scenario scn_concurrent_oom = {
	.name = "concurrent-oom",
	.id = SCN_CONCURRENT_OOM,
	.summary = "two allocating tasks A and B run out of memory at once; oom_lock lets one of them kill V while the other waits",
	.defaults = SMALL_OOM_DEFAULTS,
	.build = build_concurrent_oom,
};

static const struct sim_scenario scn_exit_first = {
	.name = "exit-first",
	.id = SCN_EXIT_FIRST,
	.summary = "K sends V a SIGKILL of its own while A runs the OOM killer: V may be anywhere in its exit when it is chosen",
	.defaults = SMALL_OOM_DEFAULTS,
	.build = build_exit_first,
};

static const struct sim_scenario scn_two_victims = {
	.name = "two-victims",
	.id = SCN_TWO_VICTIMS,
	.summary = "stuck, plus D, an allocator already killed, which queues itself for the reaper (out_of_memory()) while V may still be queued: two tasks on the reaper's list",
	.defaults = SMALL_OOM_DEFAULTS,
	.build = build_two_victims,
};

static const struct sim_scenario scn_wedged = {
	.name = "wedged",
	.id = SCN_WEDGED,
	.summary = "V is blocked in the kernel for good but holds no lock (K's kill -9 cannot wake it): the reap succeeds, V never exits, and only the reaper can hide it so that A's big allocation gets a second kill",
	.defaults = { .vmas = 3, .pages = 2, .ptrs_per_pte = 2, .retries = 2,
		      .alloc_retries = 3, .aio = 0, .jiffy_ns = 1000 },
	.build = build_wedged,
};

static const struct sim_scenario scn_munmap_reader = {
	.name = "munmap-reader",
	.id = SCN_MUNMAP_READER,
	.summary = "U munmap()s the VMA its command line is in while P reads /proc/<U>/cmdline: only mmap_lock keeps the VMA P found from being freed under it; no OOM",
	.defaults = { .vmas = 3, .pages = 1, .ptrs_per_pte = 2, .retries = 2,
		      .alloc_retries = 1, .aio = 0, .jiffy_ns = 1000 },
	.build = build_munmap_reader,
};

const struct sim_scenario *const sim_scenarios[SCN_NR] = {
	[SCN_OOM] = &scn_oom,
	[SCN_PROC_READER] = &scn_proc_reader,
	[SCN_MRELEASE] = &scn_mrelease,
	[SCN_STUCK] = &scn_stuck,
	[SCN_CONCURRENT_OOM] = &scn_concurrent_oom,
	[SCN_EXIT_FIRST] = &scn_exit_first,
	[SCN_TWO_VICTIMS] = &scn_two_victims,
	[SCN_WEDGED] = &scn_wedged,
	[SCN_MUNMAP_READER] = &scn_munmap_reader,
};

/*
 * Scenarios a lab's binary adds (exercises/grader/main.c sets this before
 * any command runs): a lab that measures a path no scenario above runs,
 * munmap(), gives its own, and every command finds it by name.  NULL-ended.
 */
const struct sim_scenario *const *sim_lab_scenarios;

const struct sim_scenario *sim_scenario_by_name(const char *name)
{
	int i;

	for (i = 0; i < SCN_NR; i++)
		if (!strcmp(sim_scenarios[i]->name, name))
			return sim_scenarios[i];
	if (!strcmp(sim_program_scenario.name, name))
		return &sim_program_scenario;
	for (i = 0; sim_lab_scenarios && sim_lab_scenarios[i]; i++)
		if (!strcmp(sim_lab_scenarios[i]->name, name))
			return sim_lab_scenarios[i];
	return NULL;
}

static const struct {
	const char *key;
	size_t off;
	int is_int;
	unsigned long min, max;
	const char *help;
} param_keys[] = {
	{ "vmas", offsetof(struct sim_params, vmas), 0, 1, 64,
	  "VMAs of the victim" },
	{ "pages", offsetof(struct sim_params, pages), 0, 1, 1 << 20,
	  "pages per VMA" },
	{ "ptrs", offsetof(struct sim_params, ptrs_per_pte), 0, 1, 512,
	  "PTEs per page table (PTRS_PER_PTE)" },
	{ "retries", offsetof(struct sim_params, retries), 1, 1, 100,
	  "MAX_OOM_REAP_RETRIES" },
	{ "alloc-retries", offsetof(struct sim_params, alloc_retries), 1, 1, 100,
	  "rounds of the allocator's OOM loop" },
	{ "aio", offsetof(struct sim_params, aio), 0, 0, 1000,
	  "AIO requests in flight when the victim exits" },
	{ "jiffy-ns", offsetof(struct sim_params, jiffy_ns), 0, 0, 100000000,
	  "threads engine: nanoseconds per jiffy" },
};

/*
 * PTE tables' worth of address space a process of @vmas VMAs of @pages
 * pages takes in spawn(): each VMA rounded up to whole tables, with a
 * table left empty before it.
 */
static unsigned long tables_of(const struct sim_params *p, unsigned long vmas,
			       unsigned long pages)
{
	return vmas * ((pages + p->ptrs_per_pte - 1) / p->ptrs_per_pte + 1);
}

/**
 * sim_params_check() - does @scn's machine hold processes of these sizes?
 * @scn: the scenario.
 * @p: its sizes, each within its own range (sim_params_set()).
 * @err: what does not fit, and how much does.
 * @errlen: its size.
 *
 * The victim must outweigh the second candidate, whose one VMA has
 * pages + 1 pages (every scenario but mrelease and munmap-reader, which
 * have no OOM, has one), and both must
 * fit in the model's address space of PTRS_PER_PGD PTE tables.  Said
 * before booting, so that a size too small or too large is a clear limit,
 * not a deadlock or a machine out of memory.
 *
 * Return: 0, or -1 with @err set.
 */
int sim_params_check(const struct sim_scenario *scn,
		     const struct sim_params *p, char *err, size_t errlen)
{
	bool oom = scn->id != SCN_MRELEASE && scn->id != SCN_MUNMAP_READER;
	unsigned long need;

	/* the benchmarks', labs' and tests' own scenarios check their own */
	if (scn->id >= SCN_NR || scn != sim_scenarios[scn->id])
		return 0;
	need = tables_of(p, p->vmas, p->pages);
	/*
	 * The victim must be the OOM killer's first choice: with the
	 * candidate as big or bigger, the candidate is killed first, and the
	 * victim, whom nothing kills, sleeps for ever (a deadlock in every
	 * era, which would say nothing about any of them).
	 */
	if (oom && p->vmas * p->pages <= p->pages + 1) {
		snprintf(err, errlen,
			 "too small: the victim's vmas=%lu x pages=%lu = %lu pages must outweigh the candidate's pages+1 = %lu, or the OOM killer kills the candidate first (vmas and pages at least 2)",
			 p->vmas, p->pages, p->vmas * p->pages, p->pages + 1);
		return -1;
	}
	if (oom && tables_of(p, 1, p->pages + 1) > need)
		need = tables_of(p, 1, p->pages + 1);
	if (need <= PTRS_PER_PGD)
		return 0;
	snprintf(err, errlen,
		 "too large: vmas=%lu of pages=%lu with ptrs=%lu take %lu PTE tables of address space; the model's has %d (fewer vmas or pages, or more ptrs)",
		 p->vmas, p->pages, p->ptrs_per_pte, need, PTRS_PER_PGD);
	return -1;
}

/**
 * sim_params_set() - apply one "key=value" to @p.
 * @p: the parameters.
 * @kv: "key=value".
 * @err: where to say what is wrong.
 * @errlen: its size.
 *
 * Return: 0, or -1.
 */
int sim_params_set(struct sim_params *p, const char *kv, char *err,
		   size_t errlen)
{
	const char *eq = strchr(kv, '=');
	char keys[160];
	unsigned long v;
	size_t i, n = 0;
	char *end;

	/* the keys, as the table has them, for a message */
	keys[0] = 0;
	for (i = 0; i < ARRAY_SIZE(param_keys) && n < sizeof(keys); i++)
		n += snprintf(keys + n, sizeof(keys) - n, "%s%s", i ? ", " : "",
			      param_keys[i].key);
	if (!eq) {
		snprintf(err, errlen,
			 "'%s' is not KEY=VALUE (keys: %s; e.g. -o vmas=4)",
			 kv, keys);
		return -1;
	}
	for (i = 0; i < ARRAY_SIZE(param_keys); i++) {
		if (strlen(param_keys[i].key) != (size_t)(eq - kv) ||
		    strncmp(param_keys[i].key, kv, eq - kv))
			continue;
		v = strtoul(eq + 1, &end, 10);
		if (!eq[1] || *end || v < param_keys[i].min ||
		    v > param_keys[i].max) {
			snprintf(err, errlen,
				 "bad value in '%s': %s must be an integer from %lu to %lu",
				 kv, param_keys[i].key, param_keys[i].min,
				 param_keys[i].max);
			return -1;
		}
		if (param_keys[i].is_int)
			*(int *)((char *)p + param_keys[i].off) = v;
		else
			*(unsigned long *)((char *)p + param_keys[i].off) = v;
		return 0;
	}
	snprintf(err, errlen, "unknown parameter '%s' (known: %s)", kv, keys);
	return -1;
}

void sim_params_format(const struct sim_params *p, char *buf, size_t len)
{
	snprintf(buf, len,
		 "vmas=%lu pages=%lu ptrs=%lu retries=%d alloc-retries=%d aio=%lu",
		 p->vmas, p->pages, p->ptrs_per_pte, p->retries,
		 p->alloc_retries, p->aio);
}
