// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/world/race.c - the data-race oracle: every plain access of
 * shared memory checked against happens-before
 *
 * Simulator-only.
 *
 * DOC: The data-race oracle
 *
 * A step runs a thread from one seam operation to the next in one go
 * (DOC: Steps and schedules, engine/coop.c), so the explorer can never
 * put another thread between two plain stores of model code: a lock
 * moved to the wrong place leaves the stores it no longer protects
 * inside one step, where no interleaving shows them.  The kernel meets
 * the same blindness with KCSAN, which watches plain accesses for a
 * conflicting one while they happen; the model does what a
 * happens-before race detector does (FastTrack, Flanagan and Freund,
 * PLDI 2009), which needs no interleaving at all:
 *
 *  - model code is compiled with -fsanitize=thread, whose hooks are
 *    reaplab's own (DOC: Plain accesses reach the machine,
 *    arch/reaplab/kernel/kcsan.c): every plain load and store of the
 *    arena or of the model's globals, the memory another thread can
 *    reach, comes here with its width and where it was made;
 *  - every thread has a vector clock, and every seam operation that
 *    orders memory in the kernel's memory model moves it: a lock
 *    release publishes the releaser's clock on the lock and an acquire
 *    takes it in (an rwsem keeps its writers' releases apart from its
 *    readers': one reader does not order another); an atomic that
 *    returns a value (atomic_dec_and_test(), cmpxchg(), xchg(),
 *    test_and_set_bit(), ...) is fully ordered, so it takes in what its
 *    word's earlier ones published and, if it changed the word,
 *    publishes on it (each bit on its own, as the explorer sees bits),
 *    except a conditional one that failed (a cmpxchg() that found
 *    another value, an atomic_inc_not_zero() that found zero), which
 *    atomic_t.txt leaves unordered (a failed test_and_set_bit() stays
 *    ordered: atomic_bitops.txt);
 *    a wake-up passes the waker's clock to the sleepers it woke.  What
 *    the kernel leaves unordered orders nothing here either:
 *    READ_ONCE() and WRITE_ONCE(), atomic_read() and atomic_set(),
 *    test_bit(), set_bit() and clear_bit(), and the atomics that return
 *    nothing (atomic_inc()), as Documentation/atomic_t.txt and
 *    atomic_bitops.txt have them;
 *  - each 8-byte granule keeps its accesses: thread, its clock then,
 *    the bytes, read or write, plain or marked, and where; four in its
 *    cell, as TSan keeps them, and, where TSan would push one out and
 *    miss its race, any more in a spill table (DOC: An access is
 *    dropped only when another stands for it).  An access that
 *    conflicts with a kept one of another thread (one byte in common,
 *    at least one a write, at least one plain) whose clock the
 *    accessing thread has not taken in is a data race: the oracle
 *    fires, naming both accesses and their functions, and the run goes
 *    on, as KCSAN lets the kernel go on.
 *
 * Every edge of that order joins two steps the explorer holds dependent
 * (explore/dep.c: a release and the acquire it enables, two atomics that
 * change one word, a wake-up and the sleep it ends), so the order, and
 * whether two accesses race, is the same in every execution of one
 * Mazurkiewicz trace: DPOR, which runs one execution of each, finds
 * every race the kept accesses show without running a single execution
 * more.  The oracle stops looking for the rest of a run in which a
 * thread passes 65535 steps (a kept clock has 16 bits), more than
 * RACE_REFS references are held, or memory runs out; the run says so
 * (sim_world.race_blind), and a search that ran it ends Unknown, not
 * Never (DOC: No verdict without completion).  That is also why
 * a reader's release does not order the next reader's acquire: the
 * explorer lets the two commute, and in the execution where the second
 * reader takes the lock first the two really overlap.  Marked accesses
 * stay seam operations; the race between two of them is the explorer's
 * business, not this oracle's, but each is kept with the plain ones, so
 * that a plain store meeting a concurrent READ_ONCE() (or a plain load a
 * concurrent WRITE_ONCE()) is a race too.  A write that changes nothing
 * is a read here, as the explorer counts it.
 *
 * Races upstream allows on purpose are read inside data_race()
 * (linux/compiler.h), each with its reason; the oracle does not look
 * there.  The oracle runs in every coop execution (replay, walks, every
 * explorer mode), not during the lost wake-up probe (a spurious wake-up
 * of a daemon is the probe's question, not a new thread of control), not
 * on real threads (the threads engine), and not in the sanitizers'
 * builds, whose model is theirs (the arch's CUSTOM note).
 *
 * DOC: An access is dropped only when another stands for it
 *
 * A granule's cell has room for four accesses.  A new one takes the
 * place of a kept one it stands for: one that happens before it (its own
 * thread's, or one whose clock its thread has taken in) on no byte it
 * does not touch, and no stronger (not a write if it is a read, not
 * plain if it is marked).  Then any later access b that would race with
 * the old one races with the new one as well: b shares a byte with it,
 * one of the two writes and one is plain, and b cannot happen after the
 * new access without happening after the old one too.  Else the new one
 * takes an empty slot, else a node of the spill table, a hash of chains
 * by cell, which the cell's first slot marks (S_SPILLED); its nodes go
 * into the undo log like the slots.  So the first race of an execution
 * in trace order is always found, at its second access: what its first
 * access stood for is still kept, or something that stands for it (an
 * access of the racing thread itself never does: it would order the
 * two).  ThreadSanitizer pushes out an access that may still race when a
 * granule is full, and misses that race (tests/programs/flags-racy.c
 * has the shape); with the spill table a Never for data races is a
 * proof, as the explorer's other Nevers are.  The table is seldom used
 * (reaplab bench explorer counts it); out of room (a million nodes), the
 * oracle stops looking and the run says so.
 *
 * DOC: A shared prefix is checked once
 *
 * DPOR runs each new execution from the start, along the last one's
 * schedule up to its backtrack point, and only then differently, and so
 * does preemption bounding: most of the steps of an exhaustive search
 * are such a repeat.  The oracle's findings there cannot differ from the
 * last run's (the same steps, the same accesses, the same order), so the
 * oracle does not look at them again.  Whatever it changes (a kept
 * access, a thread's clock or a lock's, a clock made) goes into an undo
 * log first, and before each step it notes where the log stood.  The
 * explorer says how many steps a run shares with the last one
 * (sim_world.same_prefix); the reset then undoes the log back to the
 * mark of the first step that differs, which leaves the shadow and the
 * clocks exactly as they were after the shared steps, and turns the
 * hooks off until that step; the shared steps do not come here at all
 * (sim_op_step()).  A race the last run found among them is found again
 * at the first new step, as it was reported then.  Any other run
 * (replay, the other modes, a counterexample drawn again) shares nothing
 * and starts from an empty shadow, which undoing the whole log gives.
 * Only the searches that backtrack keep a log (sim_world.backtracks);
 * a run of the others notes the cells it used, which the next reset
 * empties, as every run did before: a plain run pays nothing for it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asm/machine.h>
#include "kernel.h"

#define RACE_SLOTS	4
/* 64 KiB of the arena per block of shadow, made when first touched */
#define CHUNK_SHIFT	16
#define CHUNK_CELLS	(1u << (CHUNK_SHIFT - 3))
/* the clocks of locks and words: open addressing, stale by generation */
#define SYNC_BITS	11
#define SYNC_NR		(1u << SYNC_BITS)
/* which clock of an object (struct race_sync): a bit is 0..63 */
#define SUB_WHOLE	64	/* a word, as a whole */
#define SUB_ANY_BIT	65	/* a word, any of its bits */
#define SUB_LOCK	66	/* a lock's exclusive releases */
#define SUB_LOCK_READ	67	/* an rwsem's read releases */

/* 8-byte aligned: the undo log saves memory a word at a time */
typedef u32 vclock[SIM_MAX_THREADS] __attribute__((aligned(8)));

/*
 * A kept access, in 64 bits: bits 0-2 the thread, 3 a write, 4 marked
 * (SEAM_ACCESS_WRITE and SEAM_ACCESS_MARKED, shifted), 5 in use, 6 (in a
 * cell's first slot) the granule has more in the spill table, 8-15 the
 * bytes of the granule it touched, 16-31 the thread's own clock when it
 * made it (its step is found in the trace: the clock counts the thread's
 * steps), 32-63 where: a plain access's return address (of the hook), a
 * seam operation's site, as an offset into the program's image.  Four
 * to a granule in its cell, as TSan keeps them (32 bytes of shadow for
 * 8), and any more in the spill table.
 */
typedef u64 race_slot;
#define S_FLAGS(s)	((unsigned int)((s) >> 3) & 3)
#define S_USED		(1ULL << 5)
#define S_SPILLED	(1ULL << 6)
#define S_TID(s)	((unsigned int)(s) & 7)
#define S_MASK(s)	((u8)((s) >> 8))
#define S_CLOCK(s)	((u32)((s) >> 16) & 0xffff)
#define S_WHERE(s)	((u32)((s) >> 32))
#define CLOCK_MAX	0xffff

static inline race_slot slot_make(unsigned int tid, unsigned int flags,
				  u8 mask, u32 clock, u32 where)
{
	return tid | flags << 3 | S_USED | (u64)mask << 8 |
	       (u64)clock << 16 | (u64)where << 32;
}

/* struct race_cell - the shadow of one 8-byte granule. */
struct race_cell {
	race_slot slot[RACE_SLOTS];
} __attribute__((aligned(32)));

/*
 * struct race_spill - a kept access of a granule whose four slots are
 * taken (DOC: An access is dropped only when another stands for it):
 * @cell the granule's cell, @slot the access, @next the next of its
 * hash chain (an index from 1; 0 ends it).  All u64, for the undo log.
 */
struct race_spill {
	u64 cell;
	u64 slot;
	u64 next;
};

/* The spill table: blocks of nodes that never move (the log points in) */
#define SPILL_BLOCK	4096
#define SPILL_BLOCKS	256
#define SPILL_HASH_BITS	12
#define SPILL_HASH	(1u << SPILL_HASH_BITS)

/* struct race_sync - the clock published on one lock, word or bit. */
struct race_sync {
	uintptr_t key;
	u32 gen;
	vclock vc;
};

/*
 * struct race_ref - a reference taken and not yet put (DOC: A reference
 * is put after it is taken): the counter it was taken on, 0 for a free
 * entry; who took it, when and where, as a kept access is (@at).
 */
struct race_ref {
	u64 obj;
	race_slot at;
};

/* What an execution reports (struct race_report), one of each at most. */
enum {
	REP_RACE,	/* a data race */
	REP_PUT,	/* a put before its get */
	REP_FREE,	/* a free that an access of its object races */
	RACE_REPORTS
};

/* References held at once that the oracle keeps (more: it stops looking). */
#define RACE_REFS	32

/* struct undo - a word of the oracle's memory, as it was before a change. */
struct undo {
	u64 *at;
	u64 old;
};

/* struct race_mark - where the log stood before a step. */
struct race_mark {
	u32 nlog;
	u32 nsync;
};

/*
 * struct race_report - what an execution reported (a data race, a put
 * before its get), to report again in a run that repeats the step it was
 * found in without looking.
 * @oracle: its oracle, ORACLE_DATA_RACE or ORACLE_WARN.
 * @valid: there is one.
 * @step: the oracle steps seen when it was found.
 * @hit: the oracle's hit.
 */
struct race_report {
	int oracle;
	bool valid;
	unsigned int step;
	struct sim_hit hit;
};

/* The steps this run shares with the last one, which the oracle skips. */
unsigned int sim_race_shared;

/* On, not turned off, and not out of room: looking in this execution. */
bool sim_race_active;

/*
 * The oracle's state; one execution at a time (the coop engine runs on
 * one OS thread).  What an execution changed is undone before the next
 * one (its log, or the cells it used); a generation number makes every
 * clock stale at once.
 */
static struct {
	bool on;			/* the model is instrumented */
	bool off;			/* turned off (sim_race_enable()) */
	u32 gen;
	u32 nsync;
	vclock vc[SIM_MAX_THREADS];
	vclock woken[SIM_MAX_THREADS];	/* wake-ups a thread has had */
	int ignore[SIM_MAX_THREADS];	/* inside data_race() */
	struct race_cell **chunks;	/* the arena's shadow */
	size_t nchunks;
	struct race_cell *data;		/* the model globals' shadow */
	uintptr_t data_lo, data_len;
	u32 *fns[SIM_MAX_THREADS];	/* the function of each marked
					 * access, by its thread's clock */
	u32 nfns[SIM_MAX_THREADS];
	struct undo *log;		/* what this execution changed */
	size_t nlog, log_cap;
	/*
	 * The oracle's steps: how many seam operations it has seen in this
	 * execution; of each, where the log stood and how many clocks of
	 * locks and words there were before it (DOC: A shared prefix is
	 * checked once).
	 */
	unsigned int step, nmarks, marks_cap;
	struct race_mark *marks;
	unsigned int skip;		/* steps of the last run, not looked at */
	/* this execution's reports, by REP_* */
	struct race_report rep[RACE_REPORTS];
	bool own;			/* share nothing (sim_race_share()) */
	bool logging;			/* this run keeps an undo log */
	struct race_cell **touched;	/* else: the cells it used */
	size_t ntouched, touched_cap;
	bool lost;			/* a change the log could not keep */
	struct race_ref ref[RACE_REFS];	/* references taken, not put */
	struct race_sync *sync;
	/* accesses beyond a cell's four (struct race_spill) */
	struct race_spill *spill_blocks[SPILL_BLOCKS];
	u64 spill_head[SPILL_HASH];
	u64 nspill;
	struct sim_race_stats stats;
} race;

extern char __start_model_data[], __stop_model_data[];

/* --- the undo log ---------------------------------------------------- */

/* Out of room: look no more in this execution, and keep nothing of it. */
static void stop_looking(void)
{
	sim_race_active = false;
	race.nmarks = 0;
	/* this run proves nothing about races: no Never from it */
	if (sim)
		sim->race_blind = true;
}

/*
 * Keep the word at @p as it is now, to be put back by a rewind; only in
 * a run whose steps the next run may share (sim_world.backtracks).
 */
static inline void save(void *p)
{
	if (!race.logging)
		return;
	if (unlikely(race.nlog == race.log_cap)) {
		size_t cap = race.log_cap ? 2 * race.log_cap : 8192;
		struct undo *l = realloc(race.log, cap * sizeof(*l));

		if (!l) {
			/* no memory: the next reset empties everything */
			stop_looking();
			race.lost = true;
			return;
		}
		race.log = l;
		race.log_cap = cap;
	}
	race.log[race.nlog].at = p;
	race.log[race.nlog].old = *(u64 *)p;
	race.nlog++;
}

/* A vector clock, before a join into it or a tick. */
static inline void save_vc(u32 *vc)
{
	int i;

	for (i = 0; i < SIM_MAX_THREADS; i += 2)
		save(&vc[i]);
}

/* Put back every word changed since the log held @n entries. */
static void rewind_to(size_t n)
{
	while (race.nlog > n) {
		race.nlog--;
		*race.log[race.nlog].at = race.log[race.nlog].old;
	}
}

/* --- the shadow -------------------------------------------------------- */

static u32 image_off(const void *p)
{
	return (u32)((uintptr_t)p - (uintptr_t)__executable_start);
}

static const void *image_ptr(u32 off)
{
	return off ? (const void *)((uintptr_t)__executable_start + off) : NULL;
}

static struct race_cell *chunk_new(size_t i)
{
	struct race_cell *c = aligned_alloc(32, CHUNK_CELLS * sizeof(*c));

	if (!c) {
		stop_looking();		/* no memory: stop looking, quietly */
		return NULL;
	}
	memset(c, 0, CHUNK_CELLS * sizeof(*c));
	race.chunks[i] = c;
	return c;
}

/* The shadow of the granule at @a, or NULL if no other thread can see it. */
static inline struct race_cell *cell_of(uintptr_t a)
{
	uintptr_t off = a - sim_arena_lo;

	if (likely(off < sim_arena_len)) {
		struct race_cell *c = race.chunks[off >> CHUNK_SHIFT];

		if (unlikely(!c) && !(c = chunk_new(off >> CHUNK_SHIFT)))
			return NULL;
		return &c[(off >> 3) & (CHUNK_CELLS - 1)];
	}
	off = a - race.data_lo;
	if (off < race.data_len)
		return &race.data[off >> 3];
	return NULL;
}

/*
 * @c gets its first access of a run that keeps no log: empty it before
 * the next run.
 */
static bool touch(struct race_cell *c)
{
	if (unlikely(race.ntouched == race.touched_cap)) {
		size_t cap = race.touched_cap ? 2 * race.touched_cap : 4096;
		struct race_cell **t = realloc(race.touched,
					       cap * sizeof(*t));

		if (!t) {
			stop_looking();
			return false;
		}
		race.touched = t;
		race.touched_cap = cap;
	}
	race.touched[race.ntouched++] = c;
	return true;
}

/* --- the spill table --------------------------------------------------- */

static inline u32 spill_hash(const struct race_cell *c)
{
	return (u32)(((uintptr_t)c * 0x9e3779b97f4a7c15ULL) >>
		     (64 - SPILL_HASH_BITS));
}

/* Node @n, counted from 1, as a chain has it. */
static inline struct race_spill *spill_node(u64 n)
{
	n--;
	return &race.spill_blocks[n / SPILL_BLOCK][n % SPILL_BLOCK];
}

/*
 * Keep @s, an access of the granule @c whose four slots are taken and of
 * which none may go: a node of the spill table, first in @c's chain.
 */
static void spill(struct race_cell *c, race_slot s)
{
	u64 n = race.nspill;
	struct race_spill *sp;
	u32 h = spill_hash(c);

	if (unlikely(!(n % SPILL_BLOCK))) {
		if (n / SPILL_BLOCK == SPILL_BLOCKS) {
			stop_looking();	/* out of room: no Never */
			return;
		}
		if (!race.spill_blocks[n / SPILL_BLOCK]) {
			sp = malloc(SPILL_BLOCK * sizeof(*sp));
			if (!sp) {
				stop_looking();
				return;
			}
			race.spill_blocks[n / SPILL_BLOCK] = sp;
		}
	}
	/*
	 * A node past nspill is in no chain: a rewind that puts nspill and
	 * the chain's head back needs nothing else of it.
	 */
	sp = spill_node(n + 1);
	save(&race.spill_head[h]);
	save(&race.nspill);
	sp->cell = (uintptr_t)c;
	sp->slot = s;
	sp->next = race.spill_head[h];
	race.spill_head[h] = n + 1;
	race.nspill = n + 1;
	if (!(c->slot[0] & S_SPILLED)) {
		save(&c->slot[0]);
		c->slot[0] |= S_SPILLED;
	}
	race.stats.spilled++;
}

/* A run that kept no log: its spill table emptied, chain by chain. */
static void spill_forget(void)
{
	u64 n;

	for (n = 1; n <= race.nspill; n++)
		race.spill_head[spill_hash((struct race_cell *)(uintptr_t)
					   spill_node(n)->cell)] = 0;
	race.nspill = 0;
}

/* --- clocks of locks, words and bits ----------------------------------- */

static inline uintptr_t sync_key(const void *obj, unsigned int sub)
{
	return (uintptr_t)obj << 7 | sub;
}

/* The clock of @key, made (empty) if @make and there is none. */
static struct race_sync *sync_find(uintptr_t key, bool make)
{
	u32 h = (u32)((key * 0x9e3779b97f4a7c15ULL) >> (64 - SYNC_BITS));

	for (;; h = (h + 1) & (SYNC_NR - 1)) {
		struct race_sync *s = &race.sync[h];

		if (s->gen != race.gen) {
			if (!make)
				return NULL;
			/* keep a quarter free, so that a probe ends soon */
			if (race.nsync >= SYNC_NR - SYNC_NR / 4) {
				stop_looking();
				return NULL;
			}
			race.nsync++;
			save(&s->key);
			save(&s->gen);
			save_vc(s->vc);
			s->gen = race.gen;
			s->key = key;
			memset(s->vc, 0, sizeof(s->vc));
			return s;
		}
		if (s->key == key)
			return s;
	}
}

static inline void join(u32 *to, const u32 *from)
{
	int i;

	/* a word of two entries at a time, saved first if it changes */
	for (i = 0; i < SIM_MAX_THREADS; i += 2) {
		if (from[i] <= to[i] && from[i + 1] <= to[i + 1])
			continue;
		save(&to[i]);
		to[i] = from[i] > to[i] ? from[i] : to[i];
		to[i + 1] = from[i + 1] > to[i + 1] ? from[i + 1] : to[i + 1];
	}
}

static void acquire(int tid, const void *obj, unsigned int sub)
{
	struct race_sync *s = sync_find(sync_key(obj, sub), false);

	if (s)
		join(race.vc[tid], s->vc);
}

static void release(int tid, const void *obj, unsigned int sub)
{
	struct race_sync *s = sync_find(sync_key(obj, sub), true);

	if (s)
		join(s->vc, race.vc[tid]);
}

/* --- the check ----------------------------------------------------------- */

static void report(struct sim_world *w, struct sim_thread *t, uintptr_t a,
		   unsigned int size, unsigned int flags, u32 where,
		   race_slot s);
static void ref_report(struct sim_world *w, struct sim_thread *t,
		       race_slot got, u32 where);

/* Does the kept access @s meet the new one as one it stands for? */
enum { MEET_NONE, MEET_SAME, MEET_COVERED };

/*
 * Kept access @s against a new one by @t (@vc its clock, @now its own
 * entry, @mask its bytes, @flags its kind; @a, @size and @where for the
 * report).  MEET_SAME: @t made @s since its last step, and @s is at least
 * as strong on the same bytes (a write for a read, a plain one for a
 * marked one): the new one changes nothing.  MEET_COVERED: @s happens
 * before the new access, which stands for it (DOC: An access is dropped
 * only when another stands for it).  A conflict with @s (a byte in
 * common, one of them a write, one plain) that @t has not taken in is a
 * data race, reported on the way.
 */
static inline __attribute__((always_inline)) int
meet(struct sim_world *w, struct sim_thread *t, race_slot s, const u32 *vc,
     u32 now, u8 mask, unsigned int flags, uintptr_t a, unsigned int size,
     u32 where)
{
	unsigned int sf = S_FLAGS(s);

	if (S_TID(s) == (unsigned int)t->tid) {
		if ((S_MASK(s) & mask) == mask && S_CLOCK(s) == now &&
		    (sf & SEAM_ACCESS_WRITE) >= (flags & SEAM_ACCESS_WRITE) &&
		    (sf & SEAM_ACCESS_MARKED) <= (flags & SEAM_ACCESS_MARKED))
			return MEET_SAME;
	} else if (S_CLOCK(s) > vc[S_TID(s)]) {
		if ((S_MASK(s) & mask) && ((sf | flags) & SEAM_ACCESS_WRITE) &&
		    !(sf & flags & SEAM_ACCESS_MARKED)) {
			race.stats.races++;
			if (!(w->verdict.fired & (1u << ORACLE_DATA_RACE)))
				report(w, t, a, size, flags, where, s);
		}
		return MEET_NONE;
	}
	if (!(S_MASK(s) & ~mask) &&
	    (flags & SEAM_ACCESS_WRITE) >= (sf & SEAM_ACCESS_WRITE) &&
	    (flags & SEAM_ACCESS_MARKED) <= (sf & SEAM_ACCESS_MARKED))
		return MEET_COVERED;
	return MEET_NONE;
}

/*
 * One granule's part of an access by @t: @mask its bytes, @a and @size
 * the whole access (for the report).
 *
 * Every kept access of the granule is met (meet()), the four in its cell
 * and, if it has more, those of the spill table.  The new access is then
 * kept in the place of the first one it stands for, else in an empty
 * slot, else in the spill table: nothing that a later access could still
 * race with is lost.  An access @t already made since its last step
 * changes nothing: one look.
 */
static inline __attribute__((always_inline)) void
check_cell(struct sim_world *w, struct sim_thread *t, struct race_cell *c,
	   uintptr_t a, unsigned int size, u8 mask, unsigned int flags,
	   u32 where)
{
	unsigned int tid = t->tid, i;
	const u32 *vc = race.vc[tid];
	u32 now = vc[tid];
	u32 me = (u32)slot_make(tid, flags, mask, now, 0);
	race_slot *put = NULL, kept;
	int m;

	/*
	 * FastTrack's same epoch: this very access again, since @t's last
	 * step.  No other thread ran since the first one, which met every
	 * kept access this one would meet: settled in four compares.
	 */
	if ((u32)c->slot[0] == me || (u32)c->slot[1] == me ||
	    (u32)c->slot[2] == me || (u32)c->slot[3] == me) {
		race.stats.same++;
		return;
	}
	/* the slots fill in order and empty together: the first empty ends */
	for (i = 0; i < RACE_SLOTS && c->slot[i]; i++) {
		m = meet(w, t, c->slot[i], vc, now, mask, flags, a, size,
			 where);
		if (m == MEET_SAME) {
			race.stats.same++;
			return;
		}
		if (m == MEET_COVERED && !put)
			put = &c->slot[i];
	}
	if (unlikely(i == RACE_SLOTS && (c->slot[0] & S_SPILLED))) {
		u64 n;

		for (n = race.spill_head[spill_hash(c)]; n;
		     n = spill_node(n)->next) {
			struct race_spill *sp = spill_node(n);

			if (sp->cell != (uintptr_t)c)
				continue;
			m = meet(w, t, sp->slot, vc, now, mask, flags, a, size,
				 where);
			if (m == MEET_SAME) {
				race.stats.same++;
				return;
			}
			if (m == MEET_COVERED && !put)
				put = &sp->slot;
		}
	}
	kept = slot_make(tid, flags, mask, now, where);
	if (!put && i < RACE_SLOTS)
		put = &c->slot[i];
	if (!put) {
		spill(c, kept);
		return;
	}
	/* slot 0 carries the cell's mark of a spill */
	if (put == &c->slot[0])
		kept |= c->slot[0] & S_SPILLED;
	if (race.logging)
		save(put);
	else if (!i && !touch(c))
		return;
	*put = kept;
}

/* An access that spans granules: each one's part. */
static void check_span(struct sim_world *w, struct sim_thread *t,
		       uintptr_t a, unsigned long size, unsigned int flags,
		       u32 where)
{
	unsigned long done = 0;

	while (done < size) {
		uintptr_t p = a + done;
		unsigned int in = 8 - (p & 7);
		struct race_cell *c;

		if (in > size - done)
			in = size - done;
		c = cell_of(p);
		if (c)
			check_cell(w, t, c, a, size,
				   (u8)(((1u << in) - 1) << (p & 7)), flags,
				   where);
		done += in;
	}
}

/*
 * An access of @size bytes at @a by @t: every granule it touches; one,
 * as nearly every access, without a loop.
 */
static inline __attribute__((always_inline)) void
check(struct sim_world *w, struct sim_thread *t, uintptr_t a,
      unsigned long size, unsigned int flags, u32 where)
{
	struct race_cell *c;

	race.stats.checked++;
	if (unlikely(size > 8 || (a & 7) + size > 8)) {
		check_span(w, t, a, size, flags, where);
		return;
	}
	c = cell_of(a);
	if (c)
		check_cell(w, t, c, a, size,
			   (u8)(((1u << size) - 1) << (a & 7)), flags, where);
}

static const char *access_text(unsigned int flags);
static void where_text(race_slot s, char *buf, size_t len, const char **fn,
		       const char **file, int *line);

/*
 * DOC: A plain access of freed memory is a use-after-free
 *
 * A seam operation on a freed object is a use-after-free (ops.c), and so
 * is a pointer read from freed memory and followed (its poison faults).
 * But model code may also read a field of a freed object with a plain
 * load and carry on: the poison of a vm_area_struct's vm_flags has
 * VM_HUGETLB set, so a reaper that walks a VMA freed under it skips it as
 * a huge page and nothing faults.  KASAN checks every access the compiler
 * instruments; here every plain access of the arena that the oracle's
 * hooks bring (DOC: The data-race oracle) is checked against the arena's
 * map of freed memory first, in data_race() too, and one that lands in a
 * freed object is the use-after-free oracle, named by the access, its
 * function and line, and the object with who freed it where.  What the
 * proof covers: the free is a seam operation, and DPOR reorders it only
 * against the operations it depends on (those on the same object).  An
 * access that happens after the free in happens-before (the reaper's
 * read lock taken after the exit's write lock is released, as in the
 * lab this was added for) finds the object freed in every execution of
 * its trace; one that nothing orders against the free may be met in one
 * order only, the access first: the free then finds it (DOC: A free is a
 * write of its object).
 *
 * DOC: A free is a write of its object
 *
 * kfree() ends every access of its object, so the oracle checks it as a
 * write of every byte of it (and keeps nothing of it: every access after
 * it is a use-after-free of its own).  A plain access of another thread
 * that the free does not take in (no lock, atomic or wake-up between
 * them) is a race with the free: the access
 * came first in this execution, but the explorer holds the two steps
 * independent (the free depends only on operations on its object, and a
 * plain access is none), so in the same trace the free comes first and
 * the access touches freed memory, and DPOR, which runs one execution of
 * each trace, may never run that one.  A reader that picks a pointer up
 * with READ_ONCE() and reads through it in the same step is the shape:
 * no schedule puts the free in between.  It is the use-after-free
 * oracle's, named by the free and the access, and reported when the run
 * ends (sim_race_end()), not at once: a run that goes on to touch the
 * freed memory itself reports that touch instead, the stronger evidence
 * and the one a changelog draws, and a run another fatal oracle stops
 * reports that oracle alone (the freeing thread's next step may be what
 * stopped it; the execution is a bug either way).  A marked access is a seam operation
 * the explorer orders against the free itself, so only plain ones race
 * with it here; an access of freed memory is a use-after-free, never a
 * race with its free.
 */
static __attribute__((noinline, cold)) void
plain_uaf(struct sim_world *w, struct sim_thread *t, const void *addr,
	  unsigned int flags, const void *pc)
{
	char what[192], where[160];
	const char *fn, *file;
	int line;

	sim_obj_describe_free(addr, what, sizeof(what));
	/* where a plain access is, as a data race names it */
	where_text(slot_make(t->tid, 0, 0, 0, image_off(pc)), where,
		   sizeof(where), &fn, &file, &line);
	sim_oracle_fatal(w, ORACLE_UAF, t->tid, "%c: a %s in %s touches %s",
			 t->letter, access_text(flags), where, what);
}

/*
 * world_access() - a plain access of model code (the machine's @access,
 * asm/machine.h): the arena's and the model globals' only, by a thread
 * of a coop execution outside the probe; not one of freed memory (DOC: A
 * plain access of freed memory is a use-after-free), and checked for
 * races unless in data_race().
 */
static void world_access(const void *addr, unsigned int size,
			 unsigned int flags, const void *pc)
{
	struct sim_world *w;
	struct sim_thread *t;
	uintptr_t a = (uintptr_t)addr;

	if (a - sim_arena_lo >= sim_arena_len &&
	    a - race.data_lo >= race.data_len)
		return;
	w = sim;
	t = sim_self;
	if (!t || w->mode != SIM_MODE_COOP || w->probing)
		return;
	flags &= SEAM_ACCESS_WRITE | SEAM_ACCESS_MARKED;
	if (unlikely(sim_addr_freed(addr))) {
		/* the bug is the touch, not a race with the free before it */
		if (!(w->verdict.fired & (1u << ORACLE_UAF)))
			plain_uaf(w, t, addr, flags, pc);
		return;
	}
	if (!sim_race_active || race.ignore[t->tid])
		return;
	check(w, t, a, size, flags, image_off(pc));
}

static void world_access_ignore(int delta)
{
	struct sim_thread *t = sim_self;

	if (t && sim && sim->mode == SIM_MODE_COOP)
		race.ignore[t->tid] += delta;
}

/* --- seam operations ------------------------------------------------------ */

/*
 * Is the add at @site a void one (atomic_inc() and friends), which
 * publishes and takes in nothing?  Asked of a few sites again and again:
 * the answer is kept by site.
 */
static bool void_add(const struct seam_site *site)
{
	static struct {
		const struct seam_site *site;
		bool is_void;
	} memo[64];
	size_t h = ((uintptr_t)site >> 5) % 64;

	if (memo[h].site != site) {
		memo[h].site = site;
		memo[h].is_void = !strcmp(site->fn, "atomic_inc") ||
				  !strcmp(site->fn, "atomic_dec") ||
				  !strcmp(site->fn, "atomic_long_add") ||
				  !strcmp(site->fn, "atomic_long_sub");
	}
	return memo[h].is_void;
}

/*
 * The model function @t is in, for the marked access its operation now
 * makes: a slot has no room for it, the log by clock does.
 */
static void log_fn(struct sim_thread *t)
{
	unsigned int tid = t->tid;
	u32 now = race.vc[tid][tid];
	const void *fn = sim_calls_top(t);

	if (unlikely(now >= race.nfns[tid])) {
		u32 n = race.nfns[tid] ? 2 * race.nfns[tid] : 1024;
		u32 *f;

		while (n <= now)
			n *= 2;
		f = realloc(race.fns[tid], n * sizeof(*f));
		if (!f) {
			stop_looking();
			return;
		}
		race.fns[tid] = f;
		race.nfns[tid] = n;
	}
	race.fns[tid][now] = fn ? image_off(fn) : 0;
}

/* The hooks hand on the arena's and the globals' accesses, or none. */
static void watch(bool on)
{
	if (on)
		kcsan_watch((const void *)sim_arena_lo, sim_arena_len,
			    (const void *)race.data_lo, race.data_len);
	else
		kcsan_watch(NULL, 0, NULL, 0);
}

/*
 * The first step this run does not share with the last one (race.skip;
 * the shared ones never came here, sim_op_step()): the hooks watch again,
 * and a race the last run found among the shared steps is found again.
 */
static void resume(struct sim_world *w)
{
	int i;

	race.step = race.skip;
	race.skip = 0;
	sim_race_shared = 0;
	watch(true);
	for (i = 0; i < RACE_REPORTS; i++) {
		const struct race_report *r = &race.rep[i];

		/* a free's race waits for the run's end (sim_race_end()) */
		if (!r->valid || i == REP_FREE)
			continue;
		sim_oracle_at(w, r->oracle, r->hit.tid, r->hit.step, "%s",
			      r->hit.msg);
		w->verdict.hit[r->oracle] = r->hit;
	}
}

/**
 * sim_race_resume() - @w's current step is past the ones it shares with
 * the last run: if the oracle skipped those, it looks from here on.  For
 * a step that does not come to sim_race_op() (a model bug, which ends
 * the run): a race found in the shared steps is reported all the same.
 * @w: the world.
 */
void sim_race_resume(struct sim_world *w)
{
	if (sim_race_active && race.skip && w->step > race.skip)
		resume(w);
}

/**
 * sim_race_end() - @w's run ended: a free that an access raced (DOC: A
 * free is a write of its object) is the use-after-free oracle's hit,
 * unless the run touched freed memory itself, which says more, or
 * another oracle stopped it.
 * @w: the world.
 */
void sim_race_end(struct sim_world *w)
{
	const struct race_report *r = &race.rep[REP_FREE];

	/*
	 * A fatal oracle ended the run: it is the run's verdict, and what
	 * the free's race would have come to is not known (the freeing
	 * thread may never have got on).
	 */
	if (!r->valid || (w->verdict.fired & (1u << r->oracle)) ||
	    w->stop == SIM_STOP_ORACLE)
		return;
	sim_oracle_at(w, r->oracle, r->hit.tid, r->hit.step, "%s",
		      r->hit.msg);
	w->verdict.hit[r->oracle] = r->hit;
}

/* Where the log stands before this step.  Return: false if out of room. */
static bool mark(void)
{
	if (unlikely(race.step >= race.marks_cap)) {
		unsigned int cap = race.marks_cap ? 2 * race.marks_cap : 1024;
		struct race_mark *m = realloc(race.marks, cap * sizeof(*m));

		if (!m) {
			stop_looking();
			return false;
		}
		race.marks = m;
		race.marks_cap = cap;
	}
	race.marks[race.step].nlog = (u32)race.nlog;
	race.marks[race.step].nsync = race.nsync;
	race.nmarks = ++race.step;
	return true;
}

static void free_report(struct sim_world *w, struct sim_thread *t,
			uintptr_t a, u32 where, race_slot s);

/*
 * Does kept access @s race with a free by @t, whose clock is @vc?  Only a
 * plain access of another thread the free does not take in does; nothing
 * is kept of the free itself, since every access after it is a
 * use-after-free of its own.
 */
static inline bool free_races(const struct sim_thread *t, const u32 *vc,
			      race_slot s)
{
	if (S_TID(s) == (unsigned int)t->tid ||
	    (S_FLAGS(s) & SEAM_ACCESS_MARKED) || S_CLOCK(s) <= vc[S_TID(s)])
		return false;
	race.stats.races++;
	return true;
}

/*
 * @t freed @obj at @site (DOC: A free is a write of its object): every
 * granule of the object checked, as a write of it would be.
 */
static void free_check(struct sim_world *w, struct sim_thread *t,
		       const void *obj, const struct seam_site *site)
{
	const struct sim_obj *o = sim_obj_of(obj);
	const u32 *vc = race.vc[t->tid];
	uintptr_t start, p;
	size_t len;

	if (!o)
		return;
	sim_obj_range(o, &start, &len);
	for (p = start; p < start + len; p = (p | 7) + 1) {
		uintptr_t off = p - sim_arena_lo;
		struct race_cell *c;
		unsigned int i;
		u64 n;

		if (off >= sim_arena_len)
			return;
		/* a block of shadow never made: nobody touched it */
		c = race.chunks[off >> CHUNK_SHIFT];
		if (!c)
			continue;
		c += (off >> 3) & (CHUNK_CELLS - 1);
		for (i = 0; i < RACE_SLOTS && c->slot[i]; i++) {
			if (free_races(t, vc, c->slot[i])) {
				/* the granule's first byte names the field */
				free_report(w, t, p, image_off(site),
					    c->slot[i]);
				return;
			}
		}
		if (i < RACE_SLOTS || !(c->slot[0] & S_SPILLED))
			continue;
		for (n = race.spill_head[spill_hash(c)]; n;
		     n = spill_node(n)->next) {
			const struct race_spill *sp = spill_node(n);

			if (sp->cell == (uintptr_t)c &&
			    free_races(t, vc, sp->slot)) {
				free_report(w, t, p, image_off(site),
					    sp->slot);
				return;
			}
		}
	}
}

/**
 * sim_race_op() - @t ran @op (it returned @ret, it changed its word or
 * lock if @changed, it woke the threads of @woke): move the clocks it
 * moves, and check its word as a marked access.
 * @w: the world.
 * @t: the thread.
 * @op: the operation.
 * @ret: its result.
 * @changed: it changed what it acted on.
 * @woke: the sleepers it woke.
 *
 * Called only while the oracle looks (sim_race_active, sim_op_step()).
 */
void sim_race_op(struct sim_world *w, struct sim_thread *t,
		 const struct sim_op *op, long ret, bool changed, u16 woke)
{
	int tid = t->tid, i;
	const void *obj = op->obj;
	unsigned int bit = op->arg & 63;
	bool write = false, publish = false;

	if (w->probing)
		return;
	if (unlikely(race.skip))
		resume(w);
	if (race.logging) {
		if (!mark())
			return;
	} else {
		race.step++;
	}
	switch (op->kind) {
	case SEAM_SPIN_LOCK:
	case SEAM_MUTEX_LOCK:
		acquire(tid, obj, SUB_LOCK);
		break;
	case SEAM_SPIN_TRYLOCK:
	case SEAM_MUTEX_TRYLOCK:
		if (ret)
			acquire(tid, obj, SUB_LOCK);
		break;
	case SEAM_DOWN_WRITE_TRYLOCK:
		if (!ret)
			break;
		/* fall through */
	case SEAM_DOWN_WRITE:
		acquire(tid, obj, SUB_LOCK);
		acquire(tid, obj, SUB_LOCK_READ);
		break;
	case SEAM_DOWN_READ_TRYLOCK:
		if (!ret)
			break;
		/* fall through */
	case SEAM_DOWN_READ:
		acquire(tid, obj, SUB_LOCK);
		break;
	case SEAM_SPIN_UNLOCK:
	case SEAM_MUTEX_UNLOCK:
	case SEAM_UP_WRITE:
	case SEAM_DOWNGRADE_WRITE:
		release(tid, obj, SUB_LOCK);
		break;
	case SEAM_UP_READ:
		release(tid, obj, SUB_LOCK_READ);
		break;
	case SEAM_ATOMIC_SET:
	case SEAM_WRITE_ONCE:
	case SEAM_SET_BIT:
	case SEAM_CLEAR_BIT:
		write = changed;
		break;
	case SEAM_TEST_AND_SET_BIT:
	case SEAM_TEST_AND_CLEAR_BIT:
		acquire(tid, obj, bit);
		acquire(tid, obj, SUB_WHOLE);
		write = publish = changed;
		break;
	case SEAM_ATOMIC_ADD:
		write = changed;
		if (changed && void_add(op->site))
			break;
		/* fall through */
	case SEAM_ATOMIC_INC_NOT_ZERO:
	case SEAM_ATOMIC_CMPXCHG:
	case SEAM_ATOMIC_XCHG:
		/* a conditional one that failed orders nothing */
		if ((op->kind == SEAM_ATOMIC_INC_NOT_ZERO && !ret) ||
		    (op->kind == SEAM_ATOMIC_CMPXCHG && !changed &&
		     ret != op->arg))
			break;
		acquire(tid, obj, SUB_WHOLE);
		acquire(tid, obj, SUB_ANY_BIT);
		write = publish = changed;
		break;
	case SEAM_WAKE_UP:
	case SEAM_WAKE_UP_PROCESS:
		for (i = 0; i < SIM_MAX_THREADS; i++)
			if ((woke >> i) & 1)
				join(race.woken[i], race.vc[tid]);
		break;
	case SEAM_SCHEDULE:
	case SEAM_SCHEDULE_TIMEOUT:
		join(race.vc[tid], race.woken[tid]);
		break;
	case SEAM_FREE:
		if (obj && !race.ignore[tid])
			free_check(w, t, obj, op->site);
		break;
	default:
		break;
	}
	/* the word itself, as a marked access: after its acquire */
	if (sim_op_is_mem(op->kind) && obj && !race.ignore[tid]) {
		uintptr_t a = (uintptr_t)obj;
		unsigned int size = op->site->size ? (unsigned int)op->site->size :
				    (unsigned int)sizeof(long);
		unsigned int flags = SEAM_ACCESS_MARKED |
				     (write ? SEAM_ACCESS_WRITE : 0);

		log_fn(t);
		check(w, t, a, size, flags, image_off(op->site));
	}
	if (publish) {
		bool bitop = op->kind >= SEAM_TEST_BIT &&
			     op->kind <= SEAM_TEST_AND_CLEAR_BIT;

		release(tid, obj, bitop ? bit : SUB_WHOLE);
		if (bitop)
			release(tid, obj, SUB_ANY_BIT);
	}
	save(&race.vc[tid][tid & ~1]);
	if (++race.vc[tid][tid] > CLOCK_MAX)
		stop_looking();		/* a slot's clock has 16 bits */
}

/* --- references ---------------------------------------------------------- */

/*
 * DOC: A reference is put after it is taken
 *
 * A put_task_struct() that drops a reference before its get_task_struct()
 * took it is a use-after-free upstream ("refcount_t: underflow;
 * use-after-free."), and the model counts references (DOC: Task
 * references, linux/sched.h).  But the count sees only the order the run
 * took: a timer callback that puts a reference its arming task takes only
 * after add_timer() runs, in every schedule, after that get, because no
 * seam operation lies between add_timer() and the get.  So every get and
 * put also comes here (ref_tracker_get() and ref_tracker_put(), the
 * machine's @ref_get and @ref_put), and the oracle keeps each reference
 * taken, with the taking thread's clock then, as it keeps an access.  A
 * put drops one of them that happens before it: its own thread's first,
 * else any whose clock the putting thread has taken in, through a lock,
 * an atomic or a wake-up.  A put that finds references on its counter but
 * none before it is a WARN: in the same trace the put could come first.
 * A put that finds none at all drops one taken where the oracle did not
 * look (while the scenario was built): the count alone judges it.
 *
 * The order is the one the explorer's dependency relation keeps (DOC:
 * The data-race oracle), so the verdict is the same in every execution
 * of a Mazurkiewicz trace and costs no execution more.  The references
 * live in the undo log like the clocks (DOC: A shared prefix is checked
 * once): a run that repeats steps finds them as they were after those.
 */

static void ref_set(struct race_ref *r, u64 obj, race_slot at)
{
	save(&r->obj);
	save(&r->at);
	r->obj = obj;
	r->at = at;
}

/* Is the oracle looking at @t's plain code now? */
static inline bool ref_looking(const struct sim_world *w,
			       const struct sim_thread *t)
{
	return sim_race_active && !race.skip && t && w->mode == SIM_MODE_COOP &&
	       !w->probing;
}

/* world_ref_get() - model code at @pc took a reference counted at @obj. */
static void world_ref_get(const void *obj, const void *pc)
{
	struct sim_world *w = sim;
	struct sim_thread *t = sim_self;
	unsigned int i;

	if (!ref_looking(w, t))
		return;
	for (i = 0; i < RACE_REFS; i++) {
		if (race.ref[i].obj)
			continue;
		ref_set(&race.ref[i], (uintptr_t)obj,
			slot_make(t->tid, 0, 0, race.vc[t->tid][t->tid],
				  image_off(pc)));
		return;
	}
	/*
	 * Out of room: a put of the reference not kept would find only
	 * others, and report a race that is not there.
	 */
	stop_looking();
}

/*
 * world_ref_put() - model code at @pc dropped a reference counted at
 * @obj: it must be one taken before it in happens-before.
 */
static void world_ref_put(const void *obj, const void *pc)
{
	struct sim_world *w = sim;
	struct sim_thread *t = sim_self;
	const u32 *vc;
	race_slot at;
	int mine = -1, before = -1, other = -1, i;

	if (!ref_looking(w, t))
		return;
	vc = race.vc[t->tid];
	for (i = 0; i < RACE_REFS; i++) {
		at = race.ref[i].at;
		if (race.ref[i].obj != (uintptr_t)obj)
			continue;
		if ((int)S_TID(at) == t->tid)
			mine = i;
		else if (S_CLOCK(at) <= vc[S_TID(at)])
			before = i;
		else
			other = i;
	}
	if (mine < 0)
		mine = before;
	if (mine >= 0) {
		ref_set(&race.ref[mine], 0, 0);
		return;
	}
	if (other < 0)
		return;		/* taken before the oracle looked */
	/* the reference goes, as the count does */
	at = race.ref[other].at;
	ref_set(&race.ref[other], 0, 0);
	ref_report(w, t, at, image_off(pc));
}

/* --- the report ------------------------------------------------------------ */

/*
 * The step of access @s: a plain one belongs to its thread's last step
 * before it (DOC: Steps and schedules), a marked one is its own step.  A
 * thread's clock counts its steps, so the trace says which.
 */
static unsigned int step_of(const struct sim_world *w, race_slot s)
{
	unsigned int nth = S_CLOCK(s) -
			   ((S_FLAGS(s) & SEAM_ACCESS_MARKED) ? 0 : 1);
	size_t i;

	if (!nth)
		return 0;
	for (i = 0; i < w->trace.nr; i++) {
		const struct sim_event *ev = &w->trace.ev[i];

		if (ev->type == SIM_EV_OP && ev->tid == S_TID(s) &&
		    !ev->probe && !--nth)
			return ev->step;
	}
	return w->step;
}

/*
 * "mtree_erase (src/lib/maple_tree.c:114)", "READ_ONCE(ma_root) in
 * mas_find (src/lib/maple_tree.c:149)": where access @s was made.  Sets
 * @fn, @file and @line for the oracle's hit.
 */
static void where_text(race_slot s, char *buf, size_t len, const char **fn,
		       const char **file, int *line)
{
	*fn = "?";
	*file = NULL;
	*line = 0;
	if (S_FLAGS(s) & SEAM_ACCESS_MARKED) {
		const struct seam_site *site = image_ptr(S_WHERE(s));
		unsigned int tid = S_TID(s);
		u32 clock = S_CLOCK(s);

		if (clock < race.nfns[tid] && race.fns[tid][clock])
			*fn = sim_symbol(image_ptr(race.fns[tid][clock]));
		*file = site->file;
		*line = site->line;
		snprintf(buf, len, "%s(%s) in %s (%s:%d)", site->fn,
			 site->what, *fn, site->file, site->line);
		return;
	}
	/* the hook's return address: the access is just before it */
	{
		const char *pc = (const char *)image_ptr(S_WHERE(s)) - 1;

		*fn = sim_symbol(pc);
		if (sim_source_line(pc, file, line))
			snprintf(buf, len, "%s (%s:%d)", *fn, *file, *line);
		else
			snprintf(buf, len, "%s", *fn);
	}
}

static const char *access_text(unsigned int flags)
{
	if (flags & SEAM_ACCESS_MARKED)
		return flags & SEAM_ACCESS_WRITE ? "marked write" :
		       "marked read";
	return flags & SEAM_ACCESS_WRITE ? "plain write" : "plain read";
}

/* Report @hit again in a run that shares the step it was found in. */
static void keep_report(int i, int oracle, const struct sim_hit *hit)
{
	race.rep[i].oracle = oracle;
	race.rep[i].valid = true;
	race.rep[i].step = race.step;
	race.rep[i].hit = *hit;
}

static void report(struct sim_world *w, struct sim_thread *t, uintptr_t a,
		   unsigned int size, unsigned int flags, u32 where,
		   race_slot s)
{
	race_slot now = slot_make(t->tid, flags, 0, race.vc[t->tid][t->tid],
				  where);
	struct sim_hit *hit = &w->verdict.hit[ORACLE_DATA_RACE];
	char what[96], mine[160], theirs[160];
	const char *fn, *ofn, *file, *ofile;
	int line, oline;

	/* an object of the arena by its field, a global by its name */
	if (sim_arena_contains((const void *)a))
		sim_obj_describe((const void *)a, what, sizeof(what));
	else
		snprintf(what, sizeof(what), "%s", sim_symbol((const void *)a));
	where_text(now, mine, sizeof(mine), &fn, &file, &line);
	where_text(s, theirs, sizeof(theirs), &ofn, &ofile, &oline);
	sim_oracle(w, ORACLE_DATA_RACE, t->tid,
		   "data race on %s (%u bytes): %s by %c in %s at step %u, and %s by %c in %s at step %u, which no lock, atomic or wake-up orders before it",
		   what, size, access_text(flags), t->letter, mine, w->step,
		   access_text(S_FLAGS(s)), w->threads[S_TID(s)].letter,
		   theirs, step_of(w, s));
	hit->fn = fn;
	hit->file = file;
	hit->line = line;
	hit->other = step_of(w, s);
	keep_report(REP_RACE, ORACLE_DATA_RACE, hit);
}

/*
 * @t frees, at @where, the object whose granule at @a access @s of
 * another thread touched, and nothing orders @s before the free (DOC: A
 * free is a write of its object).
 */
static void free_report(struct sim_world *w, struct sim_thread *t,
			uintptr_t a, u32 where, race_slot s)
{
	race_slot now = slot_make(t->tid, SEAM_ACCESS_MARKED, 0,
				  race.vc[t->tid][t->tid], where);
	/* the access is the use-after-free: the hit is its, where it is */
	struct sim_hit hit = {
		.step = step_of(w, s), .other = w->step, .tid = S_TID(s),
	};
	char what[96], mine[160], theirs[160];
	const char *fn, *file;
	int line;

	if (race.rep[REP_FREE].valid ||
	    (w->verdict.fired & (1u << ORACLE_UAF)))
		return;
	log_fn(t);	/* the function of the free, by @t's clock */
	sim_obj_describe((const void *)a, what, sizeof(what));
	where_text(now, mine, sizeof(mine), &fn, &file, &line);
	where_text(s, theirs, sizeof(theirs), &hit.fn, &hit.file, &hit.line);
	sim_hit_printf(&hit,
		   "%c frees %s in %s at step %u, and the %s of it by %c in %s at step %u is ordered before the free by no lock, atomic or wake-up: in the same trace it can come after it",
		   t->letter, what, mine, w->step, access_text(S_FLAGS(s)),
		   w->threads[S_TID(s)].letter, theirs, hit.step);
	/* reported when the run ends, if it touches nothing freed itself */
	keep_report(REP_FREE, ORACLE_UAF, &hit);
}

/*
 * A put @t makes at @where finds only the reference taken at @got, which
 * does not happen before it (DOC: A reference is put after it is taken).
 */
static void ref_report(struct sim_world *w, struct sim_thread *t,
		       race_slot got, u32 where)
{
	race_slot now = slot_make(t->tid, 0, 0, race.vc[t->tid][t->tid],
				  where);
	struct sim_hit *hit = &w->verdict.hit[ORACLE_WARN];
	char mine[160], theirs[160];
	const char *fn, *ofn, *file, *ofile;
	int line, oline;

	if (w->verdict.fired & (1u << ORACLE_WARN))
		return;
	where_text(now, mine, sizeof(mine), &fn, &file, &line);
	where_text(got, theirs, sizeof(theirs), &ofn, &ofile, &oline);
	sim_oracle(w, ORACLE_WARN, t->tid,
		   "%c puts a reference in %s at step %u that only %c took, in %s at step %u, and no lock, atomic or wake-up orders that get before the put: in the same trace the put can come first (upstream: refcount_t: underflow; use-after-free.)",
		   t->letter, mine, w->step, w->threads[S_TID(got)].letter,
		   theirs, step_of(w, got));
	hit->fn = fn;
	hit->file = file;
	hit->line = line;
	keep_report(REP_PUT, ORACLE_WARN, hit);
}

/* --- set-up ------------------------------------------------------------------ */

/* The shadow and the table of clocks, made at the first execution. */
static bool race_init(void)
{
	race.nchunks = (sim_arena_len >> CHUNK_SHIFT) + 1;
	race.chunks = calloc(race.nchunks, sizeof(*race.chunks));
	race.data_lo = (uintptr_t)__start_model_data & ~(uintptr_t)7;
	race.data_len = (uintptr_t)__stop_model_data - race.data_lo;
	race.data = aligned_alloc(32, (race.data_len / 8 + 1) *
				  sizeof(*race.data));
	race.sync = calloc(SYNC_NR, sizeof(*race.sync));
	if (race.chunks && race.data && race.sync) {
		memset(race.data, 0, (race.data_len / 8 + 1) *
		       sizeof(*race.data));
		/* the rest, a local on a stack, stays in the hook */
		kcsan_watch((const void *)sim_arena_lo, sim_arena_len,
			    (const void *)race.data_lo, race.data_len);
		return true;
	}
	free(race.chunks);
	free(race.data);
	free(race.sync);
	race.chunks = NULL;
	race.data = NULL;
	race.sync = NULL;
	race.data_len = 0;
	return false;
}

/* Everything empty, whatever the log says: after it could not keep up. */
static void wipe(void)
{
	size_t i;

	for (i = 0; i < race.nchunks; i++)
		if (race.chunks[i])
			memset(race.chunks[i], 0,
			       CHUNK_CELLS * sizeof(struct race_cell));
	memset(race.data, 0, (race.data_len / 8 + 1) * sizeof(*race.data));
	memset(race.sync, 0, SYNC_NR * sizeof(*race.sync));
	memset(race.spill_head, 0, sizeof(race.spill_head));
	race.nspill = 0;
	race.nlog = 0;
	race.ntouched = 0;
	race.lost = false;
}

/**
 * sim_race_reset() - a new execution: every clock and access of the last
 * one forgotten, but for the steps it shares with the last one.
 * @w: the world; its @same_prefix first steps repeat the last run's
 *     (DOC: A shared prefix is checked once).
 *
 * The oracle looks only if model code was built with the hooks
 * (kcsan_instrumented(): their constructors said so).
 */
void sim_race_reset(struct sim_world *w)
{
	unsigned int p = w->same_prefix;
	size_t i;

	w->race_blind = false;
	if (!race.on) {
		if (race.sync || !kcsan_instrumented() || !race_init())
			return;
		race.on = true;
	}
	sim_race_active = !race.off;
	race.step = 0;
	memset(race.ignore, 0, sizeof(race.ignore));
	race.stats.executions++;
	sim_race_shared = 0;
	if (p && p < race.nmarks && race.logging && sim_race_active &&
	    !race.own) {
		/* as it was after step p - 1, which this run repeats */
		rewind_to(race.marks[p].nlog);
		race.nsync = race.marks[p].nsync;
		race.nmarks = p;
		race.skip = sim_race_shared = p;
		for (i = 0; i < RACE_REPORTS; i++)
			race.rep[i].valid = race.rep[i].valid &&
					    race.rep[i].step <= p;
		watch(false);
		race.stats.repeated += p;
		return;
	}
	/* what the last run changed: in its log, or in the cells it used */
	rewind_to(0);
	for (i = 0; i < race.ntouched; i++)
		memset(race.touched[i], 0, sizeof(struct race_cell));
	race.ntouched = 0;
	spill_forget();
	if (unlikely(race.lost))
		wipe();
	race.gen++;
	race.nsync = 0;
	race.nmarks = 0;
	race.skip = 0;
	for (i = 0; i < RACE_REPORTS; i++)
		race.rep[i].valid = false;
	memset(race.ref, 0, sizeof(race.ref));
	race.logging = w->backtracks;
	memset(race.vc, 0, sizeof(race.vc));
	memset(race.woken, 0, sizeof(race.woken));
	for (i = 0; i < (size_t)w->nthreads; i++)
		race.vc[i][i] = 1;
	watch(sim_race_active);
}

/**
 * sim_race_resumable() - will the next reset give the oracle its state as
 * after @w's same_prefix steps, without their running again?  Yes when
 * the last run logged them (DOC: A shared prefix is checked once), or
 * when the oracle does not look at all.  An execution may go on from a
 * checkpoint (engine/ckpt.c) only then: the steps before it never run.
 * @w: the world; its @same_prefix is set.
 */
bool sim_race_resumable(const struct sim_world *w)
{
	unsigned int p = w->same_prefix;

	if (!race.on || race.off)
		return true;
	return p && p < race.nmarks && race.logging && !race.own;
}

/**
 * sim_race_ignored() - how deep in data_race() each thread is now, for a
 * checkpoint (engine/ckpt.c): the one part of the oracle's state its
 * undo log does not keep.
 * @depth: SIM_MAX_THREADS of them, filled.
 */
void sim_race_ignored(int *depth)
{
	memcpy(depth, race.ignore, sizeof(race.ignore));
}

/**
 * sim_race_set_ignored() - as sim_race_ignored() said, going on from the
 * checkpoint, after sim_race_reset().
 * @depth: SIM_MAX_THREADS of them.
 */
void sim_race_set_ignored(const int *depth)
{
	memcpy(race.ignore, depth, sizeof(race.ignore));
}

/**
 * sim_race_on() - does the oracle look in this build?  Not under the
 * sanitizers, whose model is theirs (kernel/kcsan.c).
 */
bool sim_race_on(void)
{
	return kcsan_instrumented();
}

/**
 * sim_race_enable() - let the oracle look (the default), or not, from the
 * next execution on: the tests compare searches with it and without.
 * @on: look.
 */
void sim_race_enable(bool on)
{
	race.off = !on;
}

/**
 * sim_race_share() - let a run skip the steps it shares with the last one
 * (the default), or look at every step of every run: the tests compare
 * the two (DOC: A shared prefix is checked once).
 * @on: share.
 */
void sim_race_share(bool on)
{
	race.own = !on;
}

/**
 * sim_race_digest() - for the tests: a digest of what the oracle holds
 * now.  The undo log of a run, the words it names as they are now, the
 * threads' clocks and the references held: the same after a run that shared a prefix as
 * after the same run looked at from its start.
 */
u64 sim_race_digest(void)
{
	uintptr_t lo = (uintptr_t)race.sync;
	uintptr_t hi = lo + SYNC_NR * sizeof(*race.sync);
	u64 h = 1469598103934665603ULL;
	size_t i;

	/* the log, but for the clocks' table: its generations differ */
	for (i = 0; i < race.nlog; i++) {
		uintptr_t at = (uintptr_t)race.log[i].at;

		if (at >= lo && at < hi)
			continue;
		h = (h ^ at) * 1099511628211ULL;
		h = (h ^ race.log[i].old) * 1099511628211ULL;
		h = (h ^ *race.log[i].at) * 1099511628211ULL;
	}
	/* the clocks of locks and words made in this run */
	for (i = 0; race.sync && i < SYNC_NR; i++) {
		const struct race_sync *sy = &race.sync[i];
		int j;

		if (sy->gen != race.gen)
			continue;
		h = (h ^ i ^ (u64)sy->key << 8) * 1099511628211ULL;
		for (j = 0; j < SIM_MAX_THREADS; j++)
			h = (h ^ sy->vc[j]) * 1099511628211ULL;
	}
	for (i = 0; i < SIM_MAX_THREADS * SIM_MAX_THREADS; i++) {
		h = (h ^ (&race.vc[0][0])[i]) * 1099511628211ULL;
		h = (h ^ (&race.woken[0][0])[i]) * 1099511628211ULL;
	}
	for (i = 0; i < RACE_REFS; i++) {
		h = (h ^ race.ref[i].obj) * 1099511628211ULL;
		h = (h ^ race.ref[i].at) * 1099511628211ULL;
	}
	return (h ^ race.nsync) * 1099511628211ULL;
}

/* sim_race_stats() - what the oracle did so far, for the benchmarks. */
void sim_race_stats(struct sim_race_stats *s)
{
	*s = race.stats;
}

/**
 * sim_race_register() - be the machine's checker of plain accesses.
 * @m: the machine, whose @access, @access_ignore, @ref_get and @ref_put
 *     it fills.
 */
void sim_race_register(struct seam_machine *m)
{
	m->access = world_access;
	m->access_ignore = world_access_ignore;
	m->ref_get = world_ref_get;
	m->ref_put = world_ref_put;
}
