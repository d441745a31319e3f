/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * exercises/grader/grade.h - what a lab's grade.c writes its tests with
 *
 * Simulator-only: the grader of the labs, not the model.
 *
 * DOC: Graders
 *
 * A lab's grade.c lists its tests, xv6-style: a name, points, a title,
 * optionally a parent that must pass first (a child of a failed parent
 * scores zero without running, as gradelib's parent= does), a timeout,
 * and a body (or one of the checks the fix labs share: GRADE_PROVE,
 * GRADE_REAPS, GRADE_FREES).  The runner (runner.c) runs every body in a
 * process of its own, with limits on time (scaled by
 * CK_TIMEOUT_MULTIPLIER), output and memory, in a sandbox, and decides
 * its result itself (DOC: The grader's trust boundary); whatever the code
 * under test does (crash, loop, print megabytes, allocate without end,
 * call exit(), fork) costs only the test it happens in.
 *
 * A body passes by returning.  It fails with grade_fail("one line"): the
 * line is what `make grade` prints after FAIL, "expected X, got Y"; what
 * the body printed to stdout before (a diagram, the command that replays
 * it, a hint) is printed below it, indented.
 *
 * Bodies are mostly calls to the checks of checks.c: replay a schedule
 * the student wrote, prove an era or a program with DPOR, run a scenario
 * under a policy and look at its trace, compare answers with what the
 * model computes.  Answers are never stored: a predict-then-run lab's
 * grader computes each one from the model while grading.
 */
#ifndef _GRADE_GRADE_H
#define _GRADE_GRADE_H

#include <stdio.h>
#include "../../src/sim/world/kernel.h"
#include "../../src/sim/explore/explore.h"

/**
 * struct grade_test - one graded test.
 * @name: short id: `--only NAME`, parents, build/grade.json.
 * @title: the line `make grade` prints.
 * @points: what it is worth.
 * @parent: the name of a test that must pass first, or NULL.
 * @timeout: seconds before it is killed (0: 30), times
 *	     CK_TIMEOUT_MULTIPLIER.
 * @run: the body; or NULL, and @check names one of the checks every
 *	 fix lab shares, run on the era `lab`.
 * @check: with no @run, what to check: GRADE_PROVE (grade_prove() of
 *	   @scenario at @params), GRADE_REAPS (grade_reaper_reaps() of
 *	   @scenario by the thread @who), GRADE_FREES (grade_exit_frees()
 *	   of @scenario).
 * @scenario: for @check.
 * @params: for GRADE_PROVE: the sizes, "KEY=VALUE,...", or NULL; for
 *	    GRADE_FREES: if set, the sizes at which no schedule may leak.
 * @who: for GRADE_REAPS: the letter of the thread that reaps.
 * @na: for GRADE_PROVE: the era may lack the scenario's system call
 *	(process_mrelease() before v5.15), and then there is nothing to
 *	prove; a test that does not say so fails on it.
 */
struct grade_test {
	const char *name;
	const char *title;
	int points;
	const char *parent;
	double timeout;
	void (*run)(void);
	enum grade_check {
		GRADE_RUN,
		GRADE_PROVE,
		GRADE_REAPS,
		GRADE_FREES,
	} check;
	const char *scenario;
	const char *params;
	char who;
	bool na;
};

/**
 * struct grade_hint - what to say when a proof finds a counterexample.
 * @scenario: the scenario it applies to, or NULL for any.
 * @oracle: the oracle that fired (enum reaplab_oracle), or -1 for any.
 * @function: a model function on the path of the failure (where the
 *	      oracle fired, or one of the two steps of its race), or NULL.
 * @text: the hint, ending with the book chapter (page id) to read.
 */
struct grade_hint {
	const char *scenario;
	int oracle;
	const char *function;
	const char *text;
};

/**
 * struct grade_lab - a lab's grader.
 * @tests: its tests, in order, ended by one with a NULL @name.
 * @hints: hints for counterexamples, first match wins, ended by one
 *	   with a NULL @text; or NULL.
 * @answer: `reaplab grade --answer`: the self-check of the questions no
 *	    points depend on (computed, never stored), or NULL.
 * @scenarios: scenarios of the lab's own, NULL-ended, or NULL: a measure
 *	       lab about a path no scenario of the model runs (munmap())
 *	       builds its world here, with the benchmarks' helpers
 *	       (src/bench/world.c), and every command of the lab's binary
 *	       runs it by name: `reaplab replay v5.17 munmap -`.
 */
struct grade_lab {
	const struct grade_test *tests;
	const struct grade_hint *hints;
	void (*answer)(FILE *f);
	const struct sim_scenario *const *scenarios;
};

/* Every lab's grade.c defines its grader with GRADE_LAB(...). */
#define GRADE_LAB(...)							\
	const char grade_lab_id[] = GRADE_LAB_ID;			\
	const struct grade_lab grade_lab = { __VA_ARGS__ }

extern const struct grade_lab grade_lab;
extern const char grade_lab_id[];

/* --- runner.c: the test's context ---------------------------------- */

/* The submission: the folder holding the files the student edits. */
const char *grade_sub(void);
/* The folder of the lab itself (exercises/NN-slug). */
const char *grade_lab_dir(void);
/* How a student runs this binary ("build/labs/08-fix-v4.14/reaplab"). */
const char *grade_self(void);
/* The compiler's messages, when the student's code did not compile. */
extern const char *grade_broken_log;

void grade_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/*
 * grade_print_safe() - @s on @f, control characters made visible: what
 * the code under test printed never moves the cursor or clears a screen.
 */
void grade_print_safe(FILE *f, const char *s);

/*
 * grade_report_pc() - hand the runner the code address an oracle's fault
 * was at: a failure message then names its function and source line (the
 * test process is sandboxed and cannot run addr2line itself).
 */
void grade_report_pc(uintptr_t pc);

/*
 * grade_record() - a check's conclusion ("proved proc-reader 1234"), put
 * in the test process's report for the runner to re-check against the
 * test's table and the transcript (DOC: The grader's trust boundary).
 */
void grade_record(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * "REAPLAB_SEED=N " when this grading's worlds have a random seed (a fix
 * or break lab), else "": what a command printed for the student starts
 * with.
 */
const char *grade_seed_prefix(void);

/*
 * grade_other_size - nonzero while a test runs a second time at another
 * size (DOC: A second size, in runner.c): every world grade_world()
 * builds then gives the victim grade_other_vmas() of its VMA count.
 */
extern int grade_other_size;
unsigned long grade_other_vmas(unsigned long vmas);

/* The test being run in this process, or NULL (--answer). */
const struct grade_test *grade_test_running(void);

/* sandbox.c: the test process's seccomp filter; NULL, or why not. */
const char *grade_sandbox(void);
/* fault.c: a signal handler's faulting address, and its source line. */
uintptr_t grade_fault_pc(void *ucp);
bool grade_source_line(uintptr_t pc, char *buf, size_t len);

/* --- checks.c --------------------------------------------------------- */

/*
 * grade_era() - an era or program of this binary by id; "lab" is the
 * student's own.  If the student's code did not compile, the test fails
 * with the compiler's first lines.
 */
const struct era *grade_era(const char *id);

/* A world of @era in scenario @scn, sized by "key=value,..." (or NULL). */
struct sim_world *grade_world(const struct era *era, const char *scn,
			      const char *params);

/*
 * The student's file @name in the submission, one line: comments (from
 * '#') and surrounding blanks removed.  Fails the test if it is missing
 * or still empty.
 */
const char *grade_line(const char *name);

/* --- schedules: find-the-schedule labs --- */

/*
 * grade_schedule_fires() - replay the schedule in the student's file
 * @file on @era/@scn (sizes @params) and fail unless it is followed and
 * @oracle fires.  Prints the run as a changelog diagram either way.
 */
void grade_schedule_fires(const char *file, const char *era,
			  const char *scn, const char *params, int oracle);

/*
 * grade_replay() - replay the schedule in the student's file @file on
 * @era/@scn (sizes @params), with frames; fails the test if it is not a
 * schedule, cannot be followed, or does not end.  Prints the schedule it
 * read, not the run (grade_show_run() does).
 */
struct sim_world *grade_replay(const char *file, const char *era,
			       const char *scn, const char *params);

/*
 * grade_hit_type() - the type of the object @oracle's first hit touched
 * in @w's run ("ptdesc", "vm_area_struct", "mm_struct"), or NULL.
 */
const char *grade_hit_type(const struct sim_world *w, int oracle);

/*
 * grade_schedule_minimal() - fail unless the student's schedule has no
 * more preemptions than the fewest any schedule firing @oracle needs,
 * which the explorer (ICB) computes now.
 */
void grade_schedule_minimal(const char *file, const char *era,
			    const char *scn, const char *params, int oracle);

/* --- proofs: fix labs and warm-ups --- */

/*
 * grade_prove() - fail unless DPOR explores every schedule of @era/@scn
 * (sizes @params) and no oracle fires.  A counterexample is printed
 * minimized, with its race, its changelog diagram, the command that
 * replays it and a hint from the lab's catalog.
 */
void grade_prove(const char *era, const char *scn, const char *params);

/* --- reading a run: predict-then-run labs --- */

/*
 * grade_shipped() - run the schedule @name that era @era ships for @scn,
 * on era @on (NULL: @era itself), with frames, as `reaplab replay ON SCN
 * ERA:NAME` does.  The run may stop early if the schedule cannot be
 * followed on @on (w->stop says so).
 */
struct sim_world *grade_shipped(const char *era, const char *scn,
				const char *name, const char *on);

/*
 * grade_find_step() - the first step of @w's run by thread @letter (0:
 * any), operation @kind (enum seam_op, -1: any), on @obj (NULL: any),
 * made by the primitive @fn (the seam site's name, e.g.
 * "atomic_dec_and_test"; NULL: any); or NULL.
 */
const struct sim_event *grade_find_step(const struct sim_world *w,
					char letter, int kind, const void *obj,
					const char *fn);

/*
 * grade_commute() - do steps @a and @b of @w's run commute (either order,
 * the same outcome), as the explorer's dependency relation says?  @why:
 * the relation's reason.
 */
bool grade_commute(const struct sim_world *w, const struct sim_event *a,
		   const struct sim_event *b, const char **why);

/* The thread (its letter) that first entered model function @fn, or 0. */
char grade_who_called(const struct sim_world *w, const char *fn);

/* --- planted bugs: break-an-invariant labs --- */

/*
 * grade_caught() - fail unless DPOR finds @oracle in @era/@scn (sizes
 * @params), fired by one of the threads @by names ("R": the reaper must
 * be the one that meets the freed memory, not the victim using its own),
 * after proving the era @era overlays clean there: the bug is the
 * student's.  The counterexample is printed minimized, with its race,
 * diagram and replay command, as grade_prove() prints one.
 */
void grade_caught(const char *era, const char *scn, const char *params,
		  int oracle, const char *by);

/*
 * grade_quiet() - fail unless the default schedule of @era/@scn, with no
 * preemption, runs clean: a planted race, not a bug every run shows.
 */
void grade_quiet(const char *era, const char *scn, const char *params);

/*
 * grade_run_check - a property of one execution: NULL if @w's run has
 * it, else what the run did instead (a phrase, "it freed 2 of 4 without
 * it"), valid until the next call.
 */
typedef const char *grade_run_check(const struct sim_world *w, void *data);

/*
 * grade_every_run() - fail unless every execution DPOR explores of
 * @era/@scn (sizes @params) passes @check: the first that does not is
 * replayed and printed, with what @check said of it.  @what names the
 * property ("V frees ... holding mmap_lock for write").  One run cannot
 * tell: code may do the lab's job when nothing else is at the mm, and
 * something else in the schedules where it races, testing a flag only a
 * concurrent reaper sets (MMF_UNSTABLE) or a count only it raises.
 */
void grade_every_run(const char *era, const char *scn, const char *params,
		     const char *what, grade_run_check *check, void *data);

/*
 * grade_frees_locked() - fail unless, in every schedule of @era/@scn DPOR
 * explores, thread @who (0: every thread) frees the victim's page tables
 * and VMAs only holding its mmap_lock for write.
 */
void grade_frees_locked(const char *era, const char *scn, char who);

/* --- runs under a policy, and what their trace shows --- */

/*
 * grade_run() - one execution of @era/@scn: whenever one of the threads
 * in @prefer ("R", "MV") can run, the first of them runs; otherwise the
 * default policy picks.  Fails the test if the run cannot end.
 */
struct sim_world *grade_run(const char *era, const char *scn,
			    const char *params, const char *prefer);

/* Print @w's run as a changelog diagram and the command replaying it. */
void grade_show_run(struct sim_world *w);

/**
 * struct grade_zaps - who zapped which pages of an mm, and holding what.
 * @pages: pages whose PTE each thread cleared (it freed them).
 * @tables: per thread, the PTE tables it zapped in, in order (index in
 *	    the mm's address order, from 0), and how many.
 * @ntables: how many entries of @tables each thread has.
 * @under_write: pages each thread zapped holding mmap_lock for write.
 * @under_read: pages each thread zapped holding it for read.
 * @freed: PTE tables of the mm, and VMAs, each thread freed.
 * @freed_under_write: those it freed holding mmap_lock for write.
 */
struct grade_zaps {
	int pages[SIM_MAX_THREADS];
	int tables[SIM_MAX_THREADS][64];
	int ntables[SIM_MAX_THREADS];
	int under_write[SIM_MAX_THREADS];
	int under_read[SIM_MAX_THREADS];
	int freed[SIM_MAX_THREADS];
	int freed_under_write[SIM_MAX_THREADS];
};

void grade_zaps(const struct sim_world *w, struct mm_struct *mm,
		struct grade_zaps *z);
/*
 * grade_table_of() - which of @mm's PTE tables, in address order from 0,
 * holds @addr (a PTE, or the table's own lock); -1 if none.
 */
int grade_table_of(const struct sim_world *w, struct mm_struct *mm,
		   const void *addr);
/* Did thread @letter take @mm's mmap_lock for write during the run? */
bool grade_took_write_lock(const struct sim_world *w, char letter,
			   struct mm_struct *mm);
/* The mm of the scenario's victim, recorded when the world was built. */
struct mm_struct *grade_victim_mm(const struct sim_world *w);
int grade_tid(const struct sim_world *w, char letter);

/* --- kernel.c: what a fixed era must keep doing (DOC: A fix must be a fix) */

/* @who ('R' the reaper, 'M' process_mrelease), first, unmaps every page. */
void grade_reaper_reaps(const char *era, const char *scn, char who);
/*
 * The victim, first, exits: everything freed, no oracle; with @params,
 * also no leak in any schedule at those sizes (grade_exit_frees_every_run()).
 */
void grade_exit_frees(const char *era, const char *scn, const char *params);
/*
 * In every schedule of @era/@scn DPOR explores, the leak oracle stays
 * quiet, whatever else fires (grade_every_run()): a break lab's planted
 * race must not come with a leak in the schedules where it races.
 */
void grade_exit_frees_every_run(const char *era, const char *scn,
				const char *params);
/* stuck, the reaper first: it gives up, and the candidate is killed next. */
void grade_stuck_kills_again(const char *era);
/* The exit of a SIGKILLed process, no OOM victim, takes no write lock. */
void grade_exit_no_write_lock(const char *era);
/* exit_mmap() zaps under mmap_lock for read, never for write. */
void grade_exit_zaps_under_read(const char *era);
/*
 * In every schedule of @era/@scn DPOR explores, every page of the victim
 * is zapped under mmap_lock for read, and its page tables and VMAs are
 * freed under it for write (grade_every_run()).
 */
void grade_zaps_read_every_run(const char *era, const char *scn,
			       const char *params);
/* The reaper zaps the victim's page tables from the top down. */
void grade_reaper_walks_down(const char *era);
/*
 * In every schedule of @era/@scn DPOR explores, the OOM reaper (R) and
 * process_mrelease() (M) zap the victim's page tables from the top down
 * (grade_every_run()).
 */
void grade_reapers_walk_down_every_run(const char *era, const char *scn,
				       const char *params);

/* --- answers: predict-then-run and measure-and-answer labs --- */

/*
 * grade_answer() - the student's answer to @key in the file @file
 * ("key: answer" lines, '#' comments), or NULL if none was given yet.
 */
const char *grade_answer(const char *file, const char *key);

/*
 * grade_check_answer() - fail unless the student's answer to @key equals
 * @expected (ignoring case, blanks and commas).  The right answer is
 * computed by the caller from the model and is not printed: @how says
 * which command shows it.
 */
void grade_check_answer(const char *file, const char *key,
			const char *expected, const char *how);

/*
 * grade_self_check() - one line of a measure lab's `--answer`: what was
 * measured just now against the student's answer to @key (from the file
 * "answers").  Ungraded: timing depends on the machine.
 */
void grade_self_check(FILE *f, const char *key, const char *measured);

/*
 * grade_csv_value() - a number from a benchmark's CSV (@path): field @col
 * (1 the first after the key) of the last line that begins with @key and a
 * comma (@key may span fields: "pte lock wait,total").
 *
 * Return: the value, or -1 if the file, the line or the field is missing.
 */
double grade_csv_value(const char *path, const char *key, int col);

/*
 * grade_check_answer_set() - as grade_check_answer(), for an answer that
 * is a set of words (era ids, in any order; "none" for the empty set).
 */
void grade_check_answer_set(const char *file, const char *key,
			    const char *expected, const char *how);

#endif /* _GRADE_GRADE_H */
