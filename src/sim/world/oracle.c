// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/oracle.c - what counts as a bug
 *
 * Simulator-only.  Some oracles fire during the run, where the bad thing
 * happens (a use-after-free, a lock imbalance, an unlocked find_vma()); the
 * others judge the end state (a spurious OOM kill, a leak, a deadlock).
 *
 * DOC: The spurious-kill oracle
 *
 * A second OOM victim is spurious when, at the moment it is chosen, an
 * earlier victim still has memory mapped (rss > 0) and that memory is
 * freed later anyway, without anyone having to kill for it.  Both halves
 * matter:
 *
 *  - rss > 0 at the kill: the earlier victim's memory was still on its way
 *    back.  Once it is unmapped the oracle counts it as returned, even if
 *    the pages still wait in some task's mmu_gather for tlb_finish_mmu():
 *    e.g. when the exiting task zapped them just before the reaper came,
 *    found nothing left and set MMF_OOM_SKIP.  From v4.14 on the kernel's
 *    own exit_mmap() sets MMF_OOM_SKIP before that flush too.  A second
 *    kill in that gap is not flagged: the line is drawn at the mm, not at
 *    the free lists.
 *  - rss == 0 at the end: the memory did come back.  In the stuck scenario
 *    the victim never frees anything, so a second kill is the right call
 *    and is not flagged.
 *
 * A task that marks itself, out_of_memory()'s shortcut for an allocator
 * that is dying already (it gets the reserves and exits), was chosen by
 * nobody: it is an earlier victim for the kills that follow, never a
 * spurious one itself.
 *
 * A kill is spurious too when the OOM killer chooses again a victim the
 * reaper has reported reaped: what it could free is gone, so the kill
 * frees nothing more.  Only v4.6's scan can weigh an earlier victim at
 * all (from v4.9 it skips one or waits for it), and its reaper stores
 * OOM_SCORE_ADJ_MIN before it clears TIF_MEMDIE (36324a990cf5) so that
 * the scan never does; a victim that kept mlocked pages (wedged's) still
 * outweighs the candidate when that order is lost.
 *
 * DOC: The contract oracle
 *
 * Some promises break without anything unsafe happening, so no other
 * oracle can see them.  process_mrelease() returning 0 promises that the
 * process's memory has been unmapped: reaped by the call, or already gone
 * (exit_mmap() got there first).  The mrelease scenario's caller, as soon
 * as the call returns 0, looks at the victim's RSS, in a step of its own
 * (an observe step, ordered against every RSS update like the
 * spurious-kill oracle's look), and the oracle fires if pages are still
 * mapped.  RSS only goes down in that scenario (nothing faults), so a
 * page mapped at the look was mapped at the return.  What it catches: a
 * reap that skips a VMA, a test that skips the reap and returns 0 anyway
 * (v6.18's lost `!` in review).
 *
 * Its errors are part of the contract too.  The caller sent SIGKILL
 * before the call, and is not killed itself, so upstream's
 * process_mrelease() (884a7e5964e0 "mm: introduce process_mrelease system
 * call", v5.15; ba535c1caf3e, v5.17) can fail only with -ESRCH: no
 * thread of the victim has its mm any more (past exit_mm(): its memory is
 * on its way back) or the pid is gone.  -EINVAL ("not dying") cannot
 * happen to a process with a group exit under way (task_will_free_mem()),
 * -EINTR needs a fatal signal for the caller, -EAGAIN an mmu notifier
 * that cannot block (the model has none).  Any of them here is a dying
 * process the call refused to reap: the oracle fires at the return (it
 * reads nothing the other threads write, so it needs no step of its own).
 *
 * The OOM reaper makes the same promise to the OOM killer: a reap that
 * reports success (v4.6's __oom_reap_task(), v4.9 to v4.14's
 * __oom_reap_task_mm(), oom_reap_task_mm() from v4.19 on, all returning
 * true) has unmapped every page of the VMAs it may reap, and its caller
 * then hides the victim (v4.6's OOM_SCORE_ADJ_MIN, MMF_OOM_SKIP from
 * v4.9) as if it had.  Each era's reaper says so, where the walk is over
 * and mmap_lock is still held, with one simulator-only call,
 * sim_assert_oom_reaped() (trace/events/oom.h); the reaper's own paths
 * that succeed without walking (the victim gone past exit_mm(), a failed
 * mmget_not_zero(), MMF_OOM_SKIP already set, 2017-uncond's NULL
 * mm->mmap) make no such claim and are not checked.  Then, as for
 * process_mrelease(), an observe step looks at the mm's RSS.  The VMAs a
 * reaper may skip are the era's: hugetlb, VM_PFNMAP and shared file
 * mappings in every era, VM_LOCKED until a213e5cf71cb (v5.18; struct
 * era's @reaps_mlocked).  The scenarios' VMAs are private and anonymous,
 * and only wedged's victim has mlocked ones, so the RSS may not exceed
 * what those had as built (0 where the era reaps them too).  Sound in
 * every cell of the tree: after boot nothing maps a page (the /proc
 * reader's fault of v4.14 on maps at most the zero page, which no RSS
 * counts, and is the refault oracle's business), so RSS only goes down
 * and a page counted at the look was counted at the claim; and a page
 * another zapper (a concurrent exit_mmap()) cleared is counted off under
 * the same PTE lock the reaper's walk takes, so none is still counted
 * once the walk has passed its table.  What it catches: a
 * walk that skips a VMA, its first or its last (two survivors of `make
 * mutate` in v4.9, whose own spurious kill masks them in oom and
 * proc-reader: caught in stuck, where the mm reaped is the candidate's),
 * or a reap that reports a success it did not do.
 *
 * DOC: The oom-lockup oracle
 *
 * The OOM killer waits for its last victim rather than kill another, for
 * as long as that victim is not hidden: in v4.6 while it has TIF_MEMDIE
 * (select_bad_process() aborts), from v4.9 on while its signal->oom_mm
 * lacks MMF_OOM_SKIP.  The victim hides itself as it exits; a victim that
 * cannot exit (blocked in the kernel for good) must be hidden by the
 * reaper, or nobody ever is killed again and every allocation fails: an
 * OOM lockup, the very thing the reaper was merged to end.  The kernel's
 * allocator never gives up on a small allocation; the model's must (its
 * bounded retries), so the oracle fires at the end of a run in which an
 * allocation gave up, the memory it asked for is still not there, and a
 * task parked for good (the stuck and wedged scenarios' victims) is still
 * an unhidden OOM victim: nobody is left to hide it.  A victim with no
 * thread of its own (the bystander candidate) does not count: in the
 * kernel it would run to exit and hide itself.  What it catches: a victim
 * never queued to the reaper, or lost from its queue, a reaper that gives
 * up without MMF_OOM_SKIP, or that reaps (wedged's victim holds no lock)
 * and forgets to hide what it reaped.  v4.6 itself: a reap that failed
 * left TIF_MEMDIE set (36324a990cf5's changelog: the cap on how long a
 * victim keeps it holds only "granted the oom reaper is able to
 * take mmap_sem"); the reaper cleared it for every queued task from v4.7.
 * In v4.6 a victim without TIF_MEMDIE is hidden only if the scan will not
 * choose it again: OOM_SCORE_ADJ_MIN, which the reaper stores after a
 * successful reap.  One without it that still has pages mapped (wedged's
 * mlocked VMAs, which the reaper skips) is chosen round after round and
 * frees nothing: the oracle fires for it too.
 * No run ends with a timer still pending (the v5.18 reaper delay): the
 * model ticks a task's CPU at its timed sleeps and after its do_exit()
 * (linux/timer.h), and every task that arms one does one or the other,
 * so a victim that queued itself and exited reaches the reaper's queue
 * as in the kernel, and is judged.
 */
#include <pthread.h>
#include <string.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/mm_types.h>
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/list.h>
#include <linux/errno.h>
#include "kernel.h"

/**
 * sim_mm_rss() - pages still mapped by @mm; 0 once the mm is freed.
 * @mm: an mm, possibly freed.
 */
long sim_mm_rss(struct mm_struct *mm)
{
	if (!mm || sim_addr_freed(mm))
		return 0;
	return __atomic_load_n(&mm->rss_stat[MM_ANONPAGES].counter,
			       __ATOMIC_SEQ_CST);
}

static int kill_index(struct sim_world *w, struct task_struct *tsk)
{
	int i;

	for (i = 0; i < w->k->nkills; i++)
		if (w->k->kills[i].task == tsk)
			return i;
	return -1;
}

/*
 * An earlier victim marked again.  Only v4.6's scan can choose a victim
 * twice (from v4.9 an OOM victim is skipped or waited for, never weighed),
 * and its reaper sets OOM_SCORE_ADJ_MIN before it clears TIF_MEMDIE
 * (36324a990cf5) so that a reaped victim is never chosen again: its
 * reapable memory is gone, and killing it again frees nothing more while
 * the OOM killer waits for it.  A dying task marking itself
 * (out_of_memory()'s shortcut) chooses nobody.  DOC: The spurious-kill
 * oracle.
 */
static void check_chosen_again(struct sim_world *w, int k)
{
	struct sim_kill *v = &w->k->kills[k];

	if (!v->reaped || (sim_self && sim_self->task == v->task))
		return;
	sim_oracle(w, ORACLE_SPURIOUS_KILL, sim_self ? sim_self->tid : -1,
		   "%s (pid %d) was chosen again after the OOM reaper had reaped it: a kill that can free nothing more",
		   v->task->comm, v->task->pid);
}

/*
 * The kills the oracles keep (w->k->kills): on real threads the OOM
 * killer adds one while a reaper or a faulting reader looks them up, so
 * one lock orders them (in the coop engine nobody ever waits for it).
 */
static pthread_mutex_t kills_lock = PTHREAD_MUTEX_INITIALIZER;

/* sim_oracle_mark_victim(), under kills_lock. */
static void mark_victim(struct sim_world *w, struct task_struct *tsk)
{
	int i, k;

	if (!tsk || w->k->nkills == SIM_MAX_KILLS)
		return;
	k = kill_index(w, tsk);
	if (k >= 0) {
		check_chosen_again(w, k);
		return;
	}
	k = w->k->nkills++;
	w->k->kills[k].reaped = false;
	w->k->kills[k].task = tsk;
	w->k->kills[k].mm = tsk->mm;
	w->k->kills[k].step = w->step;
	w->k->kills[k].tid = sim_self ? sim_self->tid : -1;
	/* a dying allocator taking the reserves itself is nobody's kill */
	if (sim_self && sim_self->task == tsk)
		return;
	for (i = 0; i < k && w->k->nspurious < SIM_MAX_KILLS; i++) {
		long rss = sim_mm_rss(w->k->kills[i].mm);

		if (rss <= 0)
			continue;
		w->k->spurious[w->k->nspurious].kill = k;
		w->k->spurious[w->k->nspurious].prev = i;
		w->k->spurious[w->k->nspurious].rss = rss;
		w->k->nspurious++;
	}
}

/**
 * sim_oracle_mark_victim() - mark_oom_victim() chose @tsk.
 * @w: the world.
 * @tsk: the victim; its task_lock is held and ->mm is set.
 *
 * Remembers the kill, and which earlier victims still had memory mapped
 * at this moment (DOC: The spurious-kill oracle).
 */
void sim_oracle_mark_victim(struct sim_world *w, struct task_struct *tsk)
{
	pthread_mutex_lock(&kills_lock);
	mark_victim(w, tsk);
	pthread_mutex_unlock(&kills_lock);
}

/* The victim's mm, as the scenario built it (it may be freed by now). */
static struct mm_struct *victim_mm(struct sim_world *w)
{
	int i;

	for (i = 0; w->k->victim && i < w->k->nmms; i++)
		if (w->k->mm_owner[i] == w->k->victim->comm)
			return w->k->mms[i];
	return NULL;
}

/* DOC: The contract oracle: an error a killed process cannot get. */
static void check_mrelease_error(struct sim_world *w, long ret)
{
	static const char *const names[] = {
		[EINVAL] = "-EINVAL", [EINTR] = "-EINTR", [EAGAIN] = "-EAGAIN",
	};
	const char *name = -ret > 0 && -ret < (long)ARRAY_SIZE(names) &&
			   names[-ret] ? names[-ret] : "an error";

	if (!ret || ret == -ESRCH)
		return;
	sim_oracle(w, ORACLE_CONTRACT, sim_self ? sim_self->tid : -1,
		   "process_mrelease() returned %ld (%s) for %s (pid %d), killed before the call: only -ESRCH (no mm left) may fail it",
		   ret, name, w->k->victim->comm, w->k->victim->pid);
}

/* DOC: The contract oracle: the look, right after the return. */
static void check_mrelease(struct sim_world *w, long ret)
{
	long rss = sim_mm_rss(victim_mm(w));

	if (ret || rss <= 0)
		return;
	sim_oracle(w, ORACLE_CONTRACT, sim_self ? sim_self->tid : -1,
		   "process_mrelease() returned 0 while %s (pid %d) still had %ld page%s mapped",
		   w->k->victim->comm, w->k->victim->pid, rss, rss == 1 ? "" : "s");
}

/**
 * sim_oracle_zero_page() - a fault is about to map the zero page.
 * @w: the world.
 * @t: the faulting thread (NULL at boot).
 * @mm: the address space.
 * @addr: where.
 *
 * DOC: The refault oracle
 *
 * Every page the scenarios map is populated at boot, so a PTE missing
 * inside a VMA of an OOM victim's mm is memory someone took: the reaper,
 * process_mrelease(), or exit_mmap() (which a faulting task holding its
 * mm_users reference keeps away).  A fault there that maps a fresh zero
 * page reads that memory back as zeroes: a write(2) from the buffer
 * stores zeroes in a file.  The reaper sets MMF_UNSTABLE before it
 * unmaps anything, and since 6b31d5955cb2 (August 2017, by v4.14) every anonymous fault
 * calls check_stable_address_space() and fails with SIGBUS instead; the
 * oracle fires when a fault in a victim's mm gets past it: a reaper that
 * forgot the bit, or a reader that dropped its mm_users reference before
 * reading (and so let exit_mmap() unmap under it).
 * Only the eras that have the check model the fault (the /proc reader's
 * access_remote_vm() of v4.14 on): before it, 3f70dc38cec2 (v4.9) failed
 * only the faults of kernel threads that use_mm() the victim's mm, and
 * no scenario has one.
 */
void sim_oracle_zero_page(struct sim_world *w, struct sim_thread *t,
			  struct mm_struct *mm, unsigned long addr)
{
	bool killed;
	int i;

	pthread_mutex_lock(&kills_lock);
	for (i = 0; i < w->k->nkills; i++)
		if (w->k->kills[i].mm == mm)
			break;
	killed = i < w->k->nkills;
	pthread_mutex_unlock(&kills_lock);
	if (!killed)
		return;
	sim_oracle(w, ORACLE_REFAULT, t ? t->tid : -1,
		   "%c: reaped memory read back as zeroes: a fault at %#lx of an OOM victim's mm maps the zero page where its memory was unmapped",
		   t ? t->letter : '?', addr);
}

/**
 * sim_oracle_mrelease_returned() - process_mrelease() returned @ret to the
 * scenario's caller: check its contract (DOC: The contract oracle).
 * @w: the world.
 * @ret: what it returned.
 *
 * In the coop engine the look is a step of its own, so that the explorer
 * orders it against the RSS updates it reads; on real threads it is made
 * at once.
 */
void sim_oracle_mrelease_returned(struct sim_world *w, long ret)
{
	static const struct seam_site site = {
		"observe", "process_mrelease() returned 0: the victim's RSS",
		__FILE__, __LINE__, 0
	};
	struct sim_op o = {
		.kind = SEAM_OBSERVE, .obj = w->k->victim,
		.arg = SIM_OBSERVE_MRELEASE, .arg2 = ret, .site = &site,
	};

	if (ret) {
		check_mrelease_error(w, ret);
		return;
	}
	if (w->mode == SIM_MODE_COOP)
		sim_coop_op(&o);
	else
		check_mrelease(w, ret);
}

/* The name the scenario gave @mm's task, for the messages. */
static const char *mm_owner_of(struct sim_world *w, struct mm_struct *mm)
{
	int i;

	for (i = 0; i < w->k->nmms; i++)
		if (w->k->mms[i] == mm)
			return w->k->mm_owner[i];
	return "an OOM victim";
}

/* Does @era's reaper reap VM_LOCKED VMAs (its own word or an ancestor's)? */
static bool reaps_mlocked(const struct era *era)
{
	int depth;

	for (depth = 0; era && depth < 32; depth++) {
		if (era->reaps_mlocked)
			return true;
		era = sim_era_parent(era);
	}
	return false;
}

/*
 * Pages of @mm that the era's reaper may leave mapped: those of the VMAs
 * it skips.  The scenarios' VMAs are private and anonymous, never hugetlb
 * nor VM_PFNMAP; some are mlocked (wedged's victim), which the reaper
 * skips until a213e5cf71cb (v5.18).  Counted as built: RSS only goes down.
 */
static long reap_kept(struct sim_world *w, struct mm_struct *mm)
{
	int i;

	if (reaps_mlocked(w->era))
		return 0;
	for (i = 0; i < w->k->nmms; i++)
		if (w->k->mms[i] == mm)
			return w->k->mm_locked[i];
	return 0;
}

/* DOC: The contract oracle: the look after a reap that succeeded. */
static void check_reaped(struct sim_world *w, struct mm_struct *mm,
			 long kept)
{
	long rss = sim_mm_rss(mm) - kept;
	int i;

	/* the reaper's word, that a choice of this victim now wastes */
	pthread_mutex_lock(&kills_lock);
	for (i = 0; i < w->k->nkills; i++)
		if (w->k->kills[i].mm == mm)
			w->k->kills[i].reaped = true;
	pthread_mutex_unlock(&kills_lock);
	if (rss <= 0)
		return;
	sim_oracle(w, ORACLE_CONTRACT, sim_self ? sim_self->tid : -1,
		   "the OOM reaper reaped the mm of %s and reported success while %ld page%s of the VMAs it may reap %s still mapped",
		   mm_owner_of(w, mm), rss, rss == 1 ? "" : "s",
		   rss == 1 ? "was" : "were");
}

/**
 * sim_oracle_oom_reaped() - the OOM reaper is about to report @mm reaped
 * (sim_assert_oom_reaped()): check its contract (DOC: The contract oracle).
 * @w: the world.
 * @mm: the mm it reaped; the reaper still holds its mmap_lock for read.
 *
 * What the reaper may leave mapped is counted now, under that lock; the
 * look is a step of its own in the coop engine, as process_mrelease()'s.
 */
void sim_oracle_oom_reaped(struct sim_world *w, struct mm_struct *mm)
{
	static const struct seam_site site = {
		"observe", "the OOM reaper reaped: the mm's RSS",
		__FILE__, __LINE__, 0
	};
	struct sim_op o = {
		.kind = SEAM_OBSERVE, .obj = mm,
		.arg = SIM_OBSERVE_REAPED, .arg2 = reap_kept(w, mm),
		.site = &site,
	};

	if (w->mode == SIM_MODE_COOP)
		sim_coop_op(&o);
	else
		check_reaped(w, mm, o.arg2);
}

/**
 * sim_oracle_observe() - an observe step runs: the oracle that asked for
 * it looks now.
 * @w: the world.
 * @op: the step (its @arg says which oracle).
 */
void sim_oracle_observe(struct sim_world *w, const struct sim_op *op)
{
	if (op->arg == SIM_OBSERVE_MRELEASE)
		check_mrelease(w, op->arg2);
	else if (op->arg == SIM_OBSERVE_REAPED)
		check_reaped(w, op->obj, op->arg2);
	else
		sim_oracle_mark_victim(w, op->obj);
}

static void check_spurious(struct sim_world *w)
{
	int i;

	for (i = 0; i < w->k->nspurious; i++) {
		struct sim_kill *k = &w->k->kills[w->k->spurious[i].kill];
		struct sim_kill *p = &w->k->kills[w->k->spurious[i].prev];
		char step[32] = "";

		if (sim_mm_rss(p->mm) > 0)
			continue;
		if (k->step)
			snprintf(step, sizeof(step), " at step %u", k->step);
		sim_oracle_at(w, ORACLE_SPURIOUS_KILL, k->tid, k->step,
			   "%s (pid %d) was chosen%s while %s (pid %d) still had %ld pages mapped; they were all freed later without that kill",
			   k->task->comm, k->task->pid, step, p->task->comm,
			   p->task->pid, w->k->spurious[i].rss);
		return;
	}
}

/* How many signal->oom_mm references point at @mm (each holds mm_count). */
static int oom_mm_refs(struct sim_world *w, struct mm_struct *mm)
{
	struct task_struct *head = w->era->entry->init_task, *p;
	int n = 0;

	list_for_each_entry(p, &head->tasks, tasks)
		if (p->signal->oom_mm == mm)
			n++;
	return n;
}

/* Has @mm's address space been torn down (or the whole mm freed)? */
static bool torn_down(struct mm_struct *mm)
{
	return sim_addr_freed(mm) ||
	       __atomic_load_n(&mm->mm_users.counter, __ATOMIC_SEQ_CST) == 0;
}

/*
 * The reverse map agrees with the page tables: the frames whose _mapcount
 * says mapped are as many as the live mms' RSS (@mapped), and none was
 * unmapped twice.  A zap that clears a PTE without page_remove_rmap()
 * frees a page the kernel still counts as mapped: upstream's
 * free_pages_prepare() reports it ("Bad page state": nonzero mapcount)
 * and bad_page() takes the frame out of use, a leak.
 */
static void check_mapcounts(struct sim_world *w, struct zone *zone,
			    long mapped)
{
	long rmapped = 0;
	unsigned long i;

	for (i = 0; i < zone->managed_pages; i++) {
		int mc = __atomic_load_n(&zone->mem_map[i]._mapcount.counter,
					 __ATOMIC_SEQ_CST);

		if (mc < -1) {
			sim_oracle(w, ORACLE_LEAK, -1,
				   "Bad page state: frame %lu's _mapcount is %d, unmapped more often than mapped",
				   i, mc);
			return;
		}
		rmapped += mc + 1;
	}
	if (rmapped != mapped)
		sim_oracle(w, ORACLE_LEAK, -1,
			   "Bad page state: %ld page mapping(s) in the reverse map (_mapcount), %ld in the page tables (RSS): a PTE was cleared without page_remove_rmap(), and its page freed still mapped",
			   rmapped, mapped);
}

/**
 * sim_oracle_booted() - a scenario booted the model: every frame is
 * unmapped.
 * @w: the world.
 *
 * A frame nobody maps has _mapcount -1, as __init_single_page() leaves
 * it (the model's allocator does not bother): with that, the leak oracle
 * counts the frames the reverse map says are mapped (check_mapcounts()).
 */
void sim_oracle_booted(struct sim_world *w)
{
	struct zone *zone = w->era->entry->zone;
	unsigned long i;

	for (i = 0; i < zone->managed_pages; i++)
		atomic_set(&zone->mem_map[i]._mapcount, -1);
	w->k->mapcounts = true;
	w->k->boot_objs = sim_arena_nobjs();
}

/*
 * Who owns @obj, an object of the arena still live at the end of a run,
 * among the scenario's mms: a live mm whose field at @field points at it,
 * and, if @users_needed, one that still has users (the aio table goes in
 * exit_aio(), when mm_users reaches 0; the pgd with the mm_struct itself).
 */
static bool mm_owns(struct sim_world *w, const void *obj, size_t field,
		    bool users_needed)
{
	int i;

	for (i = 0; i < w->k->nmms; i++) {
		struct mm_struct *mm = w->k->mms[i];

		if (sim_addr_freed(mm))
			continue;
		if (users_needed &&
		    __atomic_load_n(&mm->mm_users.counter,
				    __ATOMIC_SEQ_CST) <= 0)
			continue;
		if (__atomic_load_n((void *const *)((const char *)mm + field),
				    __ATOMIC_SEQ_CST) == obj)
			return true;
	}
	return false;
}

/*
 * The arena knows every object still live at the end of a run: each one
 * the model allocated for an mm after boot must still have its owner.  An
 * mm_struct whose mm_count fell to 0 and was not freed (__mmdrop()'s
 * kmem_cache_free()), a pgd whose mm_struct is gone (pgd_free()), the AIO
 * table a scenario set up that no mm with users points at any more
 * (exit_aio()'s kfree()): memory nobody can free now.  VMAs and PTE tables
 * are checked against their mm by check_leaks(); what boot allocated (the
 * zone's mem_map, the caches) belongs to the kernel.
 */
static bool check_unowned(struct sim_world *w)
{
	size_t cur = w->k->boot_objs;
	const void *obj;
	int i;

	while ((obj = sim_arena_next("mm_struct", &cur))) {
		const struct mm_struct *mm = obj;

		if (__atomic_load_n(&mm->mm_count.counter,
				    __ATOMIC_SEQ_CST) > 0)
			continue;
		sim_oracle(w, ORACLE_LEAK, -1,
			   "an mm_struct whose mm_count is 0 was never freed: nothing can free it now");
		return true;
	}
	cur = w->k->boot_objs;
	while ((obj = sim_arena_next("pgd", &cur))) {
		if (mm_owns(w, obj, offsetof(struct mm_struct, pgd), false))
			continue;
		sim_oracle(w, ORACLE_LEAK, -1,
			   "a pgd whose mm_struct was freed was never freed");
		return true;
	}
	for (i = 0; i < w->k->nmms; i++) {
		const void *table = w->k->mm_aio[i];

		if (!table || sim_addr_freed(table) ||
		    mm_owns(w, table, offsetof(struct mm_struct, ioctx_table),
			    true))
			continue;
		sim_oracle(w, ORACLE_LEAK, -1,
			   "the AIO context table of %s's mm was never freed, and no mm with users points at it",
			   w->k->mm_owner[i]);
		return true;
	}
	return false;
}

/*
 * Has the task that mm @i was built for let go of it (exit_mm() cleared
 * its ->mm)?  Each scenario's mm has one task, and every thread has ended
 * when the end-of-run oracles look: no reader or reaper still holds a
 * reference, so an mm_users left above 0 is one nobody will drop.
 */
static bool mm_user_gone(struct sim_world *w, int i)
{
	struct task_struct *p = w->k->mm_task[i];

	return p && !sim_addr_freed(p) &&
	       __atomic_load_n(&p->mm, __ATOMIC_SEQ_CST) != w->k->mms[i];
}

/*
 * DOC: Task references (sched.h) left at the end: every reference
 * get_task_struct() took is put by the end of a run that completes (the
 * reaper empties its queue before it sleeps, a timer expires by its
 * task's last tick, process_mrelease() puts its pidfd's task), so one
 * still held is a task_struct upstream never frees.
 */
static bool check_task_refs(struct sim_world *w)
{
	struct task_struct *head = w->era->entry->init_task, *p;

	for (p = next_task(head); p != head; p = next_task(p)) {
		int refs = __atomic_load_n(&p->sim_refs, __ATOMIC_SEQ_CST);

		if (refs > 0) {
			sim_oracle(w, ORACLE_LEAK, -1,
				   "%s (pid %d) keeps %d task reference(s) nobody will put: its task_struct is never freed",
				   p->comm, p->pid, refs);
			return true;
		}
	}
	return false;
}

static void check_leaks(struct sim_world *w)
{
	struct zone *zone = w->era->entry->zone;
	long mapped = 0, free_pages;
	size_t cur = 0;
	const void *obj;
	int i;

	if (check_task_refs(w))
		return;

	for (i = 0; i < w->k->nmms; i++) {
		struct mm_struct *mm = w->k->mms[i];
		int users, count, refs;
		long rss;

		if (sim_addr_freed(mm))
			continue;
		users = __atomic_load_n(&mm->mm_users.counter,
					__ATOMIC_SEQ_CST);
		rss = sim_mm_rss(mm);
		if (users > 0 && mm_user_gone(w, i)) {
			sim_oracle(w, ORACLE_LEAK, -1,
				   "the mm of %s keeps %d mm_users reference(s) after its task let go of it: nobody will ever tear it down",
				   w->k->mm_owner[i], users);
			return;
		}
		if (users > 0) {
			mapped += rss;
			continue;
		}
		if (rss) {
			sim_oracle(w, ORACLE_LEAK, -1,
				   "the mm of %s was torn down with %ld pages still mapped",
				   w->k->mm_owner[i], rss);
			return;
		}
		count = __atomic_load_n(&mm->mm_count.counter,
					__ATOMIC_SEQ_CST);
		refs = oom_mm_refs(w, mm);
		if (count != refs) {
			sim_oracle(w, ORACLE_LEAK, -1,
				   "the mm_struct of %s is never freed: mm_count is %d but only %d reference(s) remain (signal->oom_mm)",
				   w->k->mm_owner[i], count, refs);
			return;
		}
	}
	/* only a scenario's world knows where boot ended */
	if (w->k->mapcounts && check_unowned(w))
		return;
	while ((obj = sim_arena_next("vm_area_struct", &cur))) {
		const struct vm_area_struct *vma = obj;

		if (vma->vm_mm && torn_down(vma->vm_mm)) {
			sim_oracle(w, ORACLE_LEAK, -1,
				   "a VMA [%#lx-%#lx) of a torn-down mm was never freed",
				   vma->vm_start, vma->vm_end);
			return;
		}
	}
	for (i = 0; i < w->k->npt; i++) {
		if (sim_addr_freed(w->k->pt[i]) || !torn_down(w->k->pt_mm[i]))
			continue;
		sim_oracle(w, ORACLE_LEAK, -1,
			   "a PTE table of a torn-down mm was never freed");
		return;
	}
	free_pages = __atomic_load_n(&zone->free_pages.counter,
				     __ATOMIC_SEQ_CST);
	if (free_pages + mapped + w->k->allocated_pages != (long)w->k->total_pages) {
		sim_oracle(w, ORACLE_LEAK, -1,
			   "%ld of %lu pages are neither free nor mapped (free %ld, mapped %ld, allocated %ld)",
			   (long)w->k->total_pages - free_pages - mapped -
			   w->k->allocated_pages, w->k->total_pages, free_pages,
			   mapped, w->k->allocated_pages);
		return;
	}
	if (w->k->mapcounts)
		check_mapcounts(w, zone, mapped);
}

/*
 * Does @tsk still keep the OOM killer waiting?  From v4.9 on a victim is
 * known by signal->oom_mm and hidden by its MMF_OOM_SKIP; before (no
 * oom_mm is ever set), by TIF_MEMDIE.  (DOC: The oom-lockup oracle)
 */
static bool oom_waits_for(struct task_struct *tsk)
{
	struct mm_struct *mm = __atomic_load_n(&tsk->signal->oom_mm,
					       __ATOMIC_SEQ_CST);

	if (mm)
		return !(__atomic_load_n(&mm->flags, __ATOMIC_SEQ_CST) &
			 (1UL << MMF_OOM_SKIP));
	return __atomic_load_n(&tsk->thread_info.flags, __ATOMIC_SEQ_CST) &
	       (1UL << TIF_MEMDIE);
}

/*
 * v4.6 (no signal->oom_mm): does the OOM killer still weigh @k's task, an
 * earlier victim without TIF_MEMDIE?  Its reaper hides a victim from the
 * scan with OOM_SCORE_ADJ_MIN (36324a990cf5); one left with pages mapped
 * (mlocked, which the reaper skips) and without it is chosen again each
 * round, and can free nothing.  (DOC: The oom-lockup oracle)
 */
static bool oom_weighs_again(struct sim_world *w, struct task_struct *tsk)
{
	int k = kill_index(w, tsk);

	if (k < 0 || __atomic_load_n(&tsk->signal->oom_mm, __ATOMIC_SEQ_CST))
		return false;
	return __atomic_load_n(&tsk->signal->oom_score_adj,
			       __ATOMIC_SEQ_CST) != OOM_SCORE_ADJ_MIN &&
	       sim_mm_rss(w->k->kills[k].mm) > 0;
}

static void check_oom_lockup(struct sim_world *w)
{
	struct zone *zone;
	int i;

	/* a program (reaplab explore FILE) has no entry table, no zone */
	if (!w->k->alloc_failed || w->era->program)
		return;
	zone = w->era->entry->zone;
	/*
	 * Memory that came back after all (a reap that ended after the
	 * allocator gave up) would have let the kernel's never-ending
	 * retries succeed: the scenario's allocation (order 1; wedged's
	 * order 3), at the minimum watermark (get_page_from_freelist()).
	 */
	if (__atomic_load_n(&zone->free_pages.counter, __ATOMIC_SEQ_CST) -
	    (1L << sim_alloc_order(w)) >= (long)zone->_watermark[WMARK_MIN])
		return;
	for (i = 0; i < w->nthreads; i++) {
		struct sim_thread *t = &w->threads[i];
		bool parked = t->run == SIM_T_PARKED ||
			      (t->run == SIM_T_READY && t->has_op &&
			       t->op.kind == SEAM_PARK);

		if (!parked || !t->task)
			continue;
		if (oom_waits_for(t->task)) {
			sim_oracle(w, ORACLE_OOM_LOCKUP, t->tid,
				   "an allocation gave up while the OOM killer waits for %s (pid %d), an OOM victim stuck for good that nobody hid (%s)",
				   t->task->comm, t->task->pid,
				   t->task->signal->oom_mm ?
				   "no MMF_OOM_SKIP on its mm" :
				   "TIF_MEMDIE still set");
			return;
		}
		if (!oom_weighs_again(w, t->task))
			continue;
		sim_oracle(w, ORACLE_OOM_LOCKUP, t->tid,
			   "an allocation gave up while %s (pid %d), an OOM victim stuck for good, still has %ld pages mapped and no OOM_SCORE_ADJ_MIN: the OOM killer chooses it again and again, and it frees nothing",
			   t->task->comm, t->task->pid,
			   sim_mm_rss(t->task->mm));
		return;
	}
}

/**
 * sim_oracle_end() - the end-of-run oracles, after a run that ended
 * normally (not stopped by a fatal oracle, a divergence or a limit).
 * @w: the world.
 */
void sim_oracle_end(struct sim_world *w)
{
	check_spurious(w);
	check_oom_lockup(w);
	/* a program has no kernel underneath: no pages, no mm */
	if (!w->era->program)
		check_leaks(w);
}
