/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/uapi/reaplab/era.h - what an era declares about itself
 *
 * Models:  nothing in the kernel.  Each era folder (src/eras/<id>/era.c)
 *          fills one struct era: where it comes from (commits, version,
 *          authors), what it fixed and what it kept, the verdict history
 *          gives it on every scenario, and the schedules that replay the
 *          races its changelog describes.  The simulator compares the
 *          declared verdicts with what it computes; it never prints a
 *          declared verdict as a result.
 *
 * Kernel-free (DOC: What the model exports (uapi), reaplab/seam.h): the
 * simulator reads these declarations; only the world follows @entry,
 * whose table (reaplab/era.h) names the kernel's types.
 */
#ifndef _UAPI_REAPLAB_ERA_H
#define _UAPI_REAPLAB_ERA_H

#include <stdbool.h>

struct era_entry;
struct program;

/* The scenarios (src/sim/world/scenario.c). */
enum reaplab_scenario {
	SCN_OOM,
	SCN_PROC_READER,
	SCN_MRELEASE,
	SCN_STUCK,
	SCN_CONCURRENT_OOM,	/* two allocating tasks run the OOM killer */
	SCN_EXIT_FIRST,		/* the victim dies of a signal of its own */
	SCN_TWO_VICTIMS,	/* a stuck victim and a dying allocator queued */
	SCN_WEDGED,		/* a victim blocked for good, without mmap_lock */
	SCN_MUNMAP_READER,	/* munmap() of the VMA a /proc reader reads */
	SCN_NR
};

/* The oracles (src/sim/world/oracle.c). */
enum reaplab_oracle {
	ORACLE_UAF,		/* use-after-free of a VMA, page table or mm */
	ORACLE_SPURIOUS_KILL,	/* a second victim while the first one's
				 * memory was still going to be freed */
	ORACLE_DEADLOCK,	/* a task blocked forever, or a lost wake-up */
	ORACLE_LEAK,		/* pages, page tables, VMAs or an mm never freed */
	ORACLE_LOCK_IMBALANCE,	/* unlock of a lock not held, exit holding one */
	ORACLE_MMAP_UNLOCKED,	/* find_vma() without mmap_lock */
	ORACLE_WARN,		/* a WARN_ON() in the model fired */
	ORACLE_CONTRACT,	/* a system call broke its promise:
				 * process_mrelease() returned 0 with the
				 * victim's pages still mapped */
	ORACLE_BAD_ACCESS,	/* the model followed a NULL or wild pointer */
	ORACLE_LIVELOCK,	/* a task spins on words nobody will write */
	ORACLE_OOM_LOCKUP,	/* an allocation gave up while the OOM killer
				 * waits for a victim nobody will hide */
	ORACLE_ATOMIC_SLEEP,	/* a task may sleep while it holds a spinlock */
	ORACLE_REFAULT,		/* an OOM victim's reaped memory faulted back
				 * in as zeroes */
	ORACLE_DATA_RACE,	/* two accesses of one word, at least one a
				 * plain one and one a write, unordered by
				 * happens-before (KCSAN's data race) */
	ORACLE_NR
};

#define EXPECT_CLEAN	0u
#define EXPECT(o)	(1u << (o))
/* The scenario cannot exist in this era (process_mrelease before v5.15). */
#define EXPECT_NA	(1u << 31)

/**
 * struct era_race - what decides a bug the era expects in a scenario, as
 * `reaplab explore ERA SCENARIO` reports it (DOC: What decides a bug, in
 * src/sim/explore/decide.c).
 * @first: the race's earlier step: thread, operation, the two innermost
 *	   model functions: "R set_bit(MMF_OOM_SKIP) in
 *	   oom_reaper/oom_reap_task"; ERA_NO_SINGLE_RACE if no one race
 *	   decides it; NULL when the era declares nothing (no bug there).
 * @second: its later step, the same way (NULL with ERA_NO_SINGLE_RACE).
 * @preemptions: the fewest preemptions of a schedule that fires it.
 *
 * `explore --all` fails a cell whose race or preemptions differ: the same
 * oracle decided by another race is another bug.
 */
struct era_race {
	const char *first;
	const char *second;
	int preemptions;
};

#define ERA_NO_SINGLE_RACE	"no single race"

/**
 * struct era_schedule - a schedule string shipped with an era.
 * @name: what `reaplab replay` calls it ("changelog").
 * @scenario: the scenario it runs in.
 * @schedule: the schedule string.
 * @fixed_by: the era whose code no longer allows this interleaving.
 * @what: one line on what the schedule shows.
 */
struct era_schedule {
	const char *name;
	enum reaplab_scenario scenario;
	const char *schedule;
	const char *fixed_by;
	const char *what;
};

/*
 * How sure the project's research is of a commit's release and date:
 * read in the commit or patch itself, inferred from strong indirect
 * evidence (a merge-window push list, a maintainer's "in vX"), or weakly
 * evidenced.  Printed beside every row, so a reader knows which is which.
 */
enum era_fact {
	FACT_VERIFIED,
	FACT_INFERRED,
	FACT_UNVERIFIED,
};

/* What a commit is to the era that cites it. */
enum era_commit_role {
	COMMIT_ERA,		/* the era's own change: its folder models it */
	COMMIT_BENEATH,		/* older, carried in the tree the era sits on */
	COMMIT_LATER,		/* later, fixed what the era kept (not in it) */
};

/**
 * struct era_commit - one upstream commit, or a patch never merged.
 * @id: the commit id, 12 hex digits; NULL for a patch never merged.
 * @subject: its subject line, as in the commit (or the patch's).
 * @author: who wrote it.
 * @date: when, as precisely as the history knows: "2017-09-06" (authored
 *	  or posted), "2016-03" (a merge window's month).
 * @version: the release that first shipped it ("v4.14"), or "not merged".
 * @sure: how sure the history is of @version and @date (and of @author,
 *	  where it doubts that too).
 * @role: what the commit is to the era (see enum era_commit_role).
 * @link: where to read it: the commit on git.kernel.org, or a search for
 *	  the patch's thread on lore.kernel.org.
 * @what: one line on what it changed, for the book's tables.
 */
struct era_commit {
	const char *id;
	const char *subject;
	const char *author;
	const char *date;
	const char *version;
	enum era_fact sure;
	enum era_commit_role role;
	const char *link;
	const char *what;
};

/* The link for a merged commit. */
#define KERNEL_COMMIT(id)	"https://git.kernel.org/torvalds/c/" id

/**
 * struct era - one historical way of synchronising exit_mmap() with the
 * OOM reaper.
 * @id: version-like id, also the folder name ("v4.14").
 * @name: card name, accepted as an alias ("empty-write-cycle").
 * @parent: the era this one changes; its folder holds only the changes.
 * @version: where the code shipped, or "not merged".
 * @commits: upstream commits, newest last (one line for `reaplab list`).
 * @upstream: the same commits, and those beneath the era or fixing it
 *	      later, with subject, author, date and link; ended by an entry
 *	      with a NULL subject (`reaplab list --commits`, the book's
 *	      timeline).
 * @authors: who wrote them.
 * @story: one line for `reaplab list`.
 * @fixed: the bug this era fixed.
 * @kept: the bug or cost it kept.
 * @removed: functions of its parent that this era deleted, space
 *	     separated (so that `reaplab diff` shows them going).
 * @expect: per scenario, every oracle history says fires in some
 *	    execution (EXPECT_CLEAN when none, EXPECT_NA when the scenario
 *	    cannot exist): `explore --all` runs a buggy cell to its end and
 *	    compares the whole set, so a second bug beside the era's own
 *	    (a leak, a use-after-free) fails the cell.
 * @decides: per scenario where @expect has an oracle, what decides it.
 * @reaps_mlocked: the era's OOM reaper unmaps mlocked (VM_LOCKED) VMAs
 *		   too, as since a213e5cf71cb (v5.18); the eras below it
 *		   inherit it.  The contract oracle allows a reap to leave
 *		   only what the era's reaper may skip.
 * @schedules: shipped schedules, ended by an entry with a NULL name.
 * @entry: the model's entry points.
 * @program: set for a program instead of the kernel (reaplab/program.h):
 *	     its threads and final assertion, run by the scenario `program`.
 */
struct era {
	const char *id;
	const char *name;
	const char *parent;
	const char *version;
	const char *commits;
	const struct era_commit *upstream;
	const char *authors;
	const char *story;
	const char *fixed;
	const char *kept;
	const char *removed;
	unsigned int expect[SCN_NR];
	struct era_race decides[SCN_NR];
	bool reaps_mlocked;
	const struct era_schedule *schedules;
	const struct era_entry *entry;
	const struct program *program;
};

#endif /* _UAPI_REAPLAB_ERA_H */
