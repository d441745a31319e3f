// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_primitives.c - the seam's primitives under the coop engine
 *
 * Each test builds a world of its own: a few simulated threads whose
 * bodies call kernel primitives on objects in the arena, run under a
 * schedule string, and look at what the primitives returned and which
 * oracles fired.  Every property is checked both ways: the interleaving
 * that must fail fails, the one that must pass passes.
 */
#include <string.h>
#include <linux/sched.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/atomic.h>
#include <linux/slab.h>
#include <linux/wait.h>
#include "testlib.h"

static struct sim_world w;
static struct task_struct tasks[4];
static long result[8];

struct objs {
	struct rw_semaphore sem;
	spinlock_t a, b;
	atomic_t count;
	long word;
	int flag;
	struct wait_queue_head wq;
	long *victim;
};

static struct objs *o;

static int add_thread(char letter, int (*fn)(void *), unsigned int flags)
{
	int n = w.nthreads;

	return sim_thread_create(&w, letter, "test", fn, NULL, &tasks[n],
				 flags) < 0 ? -1 : 0;
}

static int build_objs(void)
{
	o = sim_arena_alloc(sizeof(*o), "test_objects");
	if (!o)
		return -1;
	init_rwsem(&o->sem);
	spin_lock_init(&o->a);
	spin_lock_init(&o->b);
	init_waitqueue_head(&o->wq);
	o->victim = sim_arena_alloc(sizeof(long), "victim");
	memset(result, 0, sizeof(result));
	return 0;
}

/* --- rwsem ------------------------------------------------------------ */

static int writer(void *arg)
{
	(void)arg;
	down_write(&o->sem);
	WRITE_ONCE(o->word, 1);
	up_write(&o->sem);
	return 0;
}

static int try_reader(void *arg)
{
	(void)arg;
	result[0] = down_read_trylock(&o->sem);
	if (result[0])
		up_read(&o->sem);
	return 0;
}

static int build_writer_reader(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('W', writer, 0) ||
	       add_thread('R', try_reader, 0);
}

START_TEST(test_down_read_trylock_fails_under_a_writer)
{
	t_build_custom(&w, build_writer_reader);
	ck_assert_uint_eq(t_replay(&w, "W1 R*"), 0);
	ck_assert_int_eq(result[0], 0);
	ck_assert_uint_eq(t_replay(&w, "R*"), 0);
	ck_assert_int_eq(result[0], 1);
	ck_assert_uint_eq(t_replay(&w, "W3 R*"), 0);
	ck_assert_int_eq(result[0], 1);
	sim_world_free(&w);
}
END_TEST

static int long_reader(void *arg)
{
	(void)arg;
	down_read(&o->sem);
	result[1] = READ_ONCE(o->word);
	up_read(&o->sem);
	return 0;
}

static int build_reader_writer(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('R', long_reader, 0) ||
	       add_thread('W', writer, 0);
}

START_TEST(test_down_write_waits_for_readers)
{
	t_build_custom(&w, build_reader_writer);
	/* R holds the lock for read: W cannot take it */
	t_replay(&w, "R1 W1");
	ck_assert_int_eq(w.stop, SIM_STOP_DIVERGED);
	ck_assert_msg(strstr(w.stop_msg, "W not runnable") &&
		      strstr(w.stop_msg, "down_write"), "%s", w.stop_msg);
	/* once R is out, W gets it */
	ck_assert_uint_eq(t_replay(&w, "R3 W*"), 0);
	ck_assert_int_eq(w.stop, SIM_STOP_NONE);
	ck_assert_int_eq(result[1], 0);
	sim_world_free(&w);
}
END_TEST

static int downgrader(void *arg)
{
	(void)arg;
	down_write(&o->sem);
	downgrade_write(&o->sem);
	READ_ONCE(o->word);
	up_read(&o->sem);
	return 0;
}

static int build_downgrade(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('W', downgrader, 0) ||
	       add_thread('R', try_reader, 0);
}

START_TEST(test_downgrade_write_lets_readers_in)
{
	t_build_custom(&w, build_downgrade);
	ck_assert_uint_eq(t_replay(&w, "W1 R*"), 0);
	ck_assert_int_eq(result[0], 0);
	ck_assert_uint_eq(t_replay(&w, "W2 R*"), 0);
	ck_assert_int_eq(result[0], 1);
	sim_world_free(&w);
}
END_TEST

static int bad_downgrade(void *arg)
{
	(void)arg;
	down_write(&o->sem);
	downgrade_write(&o->sem);
	up_write(&o->sem);
	return 0;
}

static int build_bad_downgrade(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('W', bad_downgrade, 0);
}

START_TEST(test_up_write_after_downgrade_is_an_imbalance)
{
	t_build_custom(&w, build_bad_downgrade);
	ck_assert_uint_eq(t_replay(&w, "-"), EXPECT(ORACLE_LOCK_IMBALANCE));
	sim_world_free(&w);
}
END_TEST

/* --- spinlocks: deadlock and imbalance ------------------------------- */

static int ab(void *arg)
{
	(void)arg;
	spin_lock(&o->a);
	spin_lock(&o->b);
	spin_unlock(&o->b);
	spin_unlock(&o->a);
	return 0;
}

static int ba(void *arg)
{
	(void)arg;
	spin_lock(&o->b);
	spin_lock(&o->a);
	spin_unlock(&o->a);
	spin_unlock(&o->b);
	return 0;
}

static int build_abba(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('X', ab, 0) || add_thread('Y', ba, 0);
}

START_TEST(test_abba_deadlocks_only_when_interleaved)
{
	t_build_custom(&w, build_abba);
	ck_assert_uint_eq(t_replay(&w, "X1 Y1"), EXPECT(ORACLE_DEADLOCK));
	ck_assert_msg(strstr(w.verdict.hit[ORACLE_DEADLOCK].msg, "held by"),
		      "%s", w.verdict.hit[ORACLE_DEADLOCK].msg);
	ck_assert_uint_eq(t_replay(&w, "X4 Y*"), 0);
	sim_world_free(&w);
}
END_TEST

static int unlocker(void *arg)
{
	(void)arg;
	spin_unlock(&o->a);
	return 0;
}

static int holder(void *arg)
{
	(void)arg;
	spin_lock(&o->a);
	return 0;
}

static int build_imbalance(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('U', unlocker, 0);
}

static int build_exit_holding(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('H', holder, 0);
}

START_TEST(test_lock_imbalance)
{
	t_build_custom(&w, build_imbalance);
	ck_assert_uint_eq(t_replay(&w, "-"), EXPECT(ORACLE_LOCK_IMBALANCE));
	sim_world_free(&w);
	t_build_custom(&w, build_exit_holding);
	ck_assert_uint_eq(t_replay(&w, "-"), EXPECT(ORACLE_LOCK_IMBALANCE));
	ck_assert_msg(strstr(w.verdict.hit[ORACLE_LOCK_IMBALANCE].msg,
			     "returned holding"), "%s",
		      w.verdict.hit[ORACLE_LOCK_IMBALANCE].msg);
	sim_world_free(&w);
	t_build_custom(&w, build_abba);
	ck_assert_uint_eq(t_replay(&w, "-"), 0);
	sim_world_free(&w);
}
END_TEST

/* --- reference counts -------------------------------------------------- */

static int refs(void *arg)
{
	(void)arg;
	atomic_set(&o->count, 0);
	result[0] = atomic_inc_not_zero(&o->count);
	atomic_set(&o->count, 1);
	result[1] = atomic_inc_not_zero(&o->count);
	result[2] = atomic_read(&o->count);
	result[3] = atomic_dec_and_test(&o->count);
	result[4] = atomic_dec_and_test(&o->count);
	result[5] = atomic_cmpxchg(&o->count, 0, 7);
	result[6] = atomic_read(&o->count);
	return 0;
}

static int build_refs(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('C', refs, 0);
}

START_TEST(test_refcounts)
{
	t_build_custom(&w, build_refs);
	ck_assert_uint_eq(t_replay(&w, "-"), 0);
	ck_assert_int_eq(result[0], 0);	/* mmget_not_zero on a dead mm */
	ck_assert_int_eq(result[1], 1);
	ck_assert_int_eq(result[2], 2);
	ck_assert_int_eq(result[3], 0);	/* 2 -> 1: not the last */
	ck_assert_int_eq(result[4], 1);	/* 1 -> 0: the last */
	ck_assert_int_eq(result[5], 0);
	ck_assert_int_eq(result[6], 7);
	sim_world_free(&w);
}
END_TEST

/* --- what a step tells the record (DOC: A step's facts come from its one
 * dispatch) ------------------------------------------------------------- */

/*
 * Every kind of word and lock operation, each once where it changes its
 * word and once where it does not; the event of each says which.
 */
static int facts(void *arg)
{
	(void)arg;
	spin_lock(&o->a);			/* changed */
	result[0] = spin_trylock(&o->a);	/* taken: no change */
	spin_unlock(&o->a);			/* changed */
	set_bit(3, (unsigned long *)&o->word);	/* changed */
	set_bit(3, (unsigned long *)&o->word);	/* set already */
	clear_bit(5, (unsigned long *)&o->word);	/* clear already */
	test_and_set_bit(3, (unsigned long *)&o->word);	/* set already */
	test_and_clear_bit(3, (unsigned long *)&o->word);	/* changed */
	WRITE_ONCE(o->word, 5);			/* changed */
	WRITE_ONCE(o->word, 5);			/* the same value */
	READ_ONCE(o->word);			/* a read */
	atomic_set(&o->count, 4);		/* changed */
	atomic_cmpxchg(&o->count, 9, 1);	/* compare fails */
	atomic_cmpxchg(&o->count, 4, 4);	/* swaps in the same value */
	atomic_inc(&o->count);			/* changed */
	down_write(&o->sem);			/* changed */
	result[1] = down_read_trylock(&o->sem);	/* write-held: no change */
	downgrade_write(&o->sem);		/* changed */
	up_read(&o->sem);			/* changed */
	return 0;
}

static int build_facts(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('F', facts, 0);
}

START_TEST(test_a_step_says_what_it_changed)
{
	static const struct {
		const char *fn;
		bool changed;
		bool lock;
	} want[] = {
		{ "spin_lock", 1, 1 }, { "spin_trylock", 0, 1 },
		{ "spin_unlock", 1, 1 }, { "set_bit", 1, 0 },
		{ "set_bit", 0, 0 }, { "clear_bit", 0, 0 },
		{ "test_and_set_bit", 0, 0 }, { "test_and_clear_bit", 1, 0 },
		{ "WRITE_ONCE", 1, 0 }, { "WRITE_ONCE", 0, 0 },
		{ "READ_ONCE", 0, 0 }, { "atomic_set", 1, 0 },
		{ "atomic_cmpxchg", 0, 0 }, { "atomic_cmpxchg", 0, 0 },
		{ "atomic_inc", 1, 0 }, { "down_write", 1, 1 },
		{ "down_read_trylock", 0, 1 }, { "downgrade_write", 1, 1 },
		{ "up_read", 1, 1 },
	};
	size_t e, n = 0;

	t_build_custom(&w, build_facts);
	ck_assert_uint_eq(t_replay(&w, "-"), 0);
	ck_assert_int_eq(result[0], 0);
	ck_assert_int_eq(result[1], 0);
	for (e = 0; e < w.trace.nr; e++) {
		const struct sim_event *ev = &w.trace.ev[e];

		if (ev->type != SIM_EV_OP || ev->probe)
			continue;
		ck_assert_uint_lt(n, sizeof(want) / sizeof(want[0]));
		ck_assert_str_eq(ev->site->fn, want[n].fn);
		ck_assert_msg(ev->changed == want[n].changed,
			      "step %u, %s: changed %d", ev->step, ev->site->fn,
			      ev->changed);
		/* a lock's name, as its initialiser recorded it */
		if (want[n].lock)
			ck_assert_ptr_eq(ev->fn, ev->obj == &o->a ? o->a.name :
						 o->sem.name);
		else
			ck_assert_ptr_null(ev->fn);
		ck_assert_uint_eq(ev->woke, 0);
		n++;
	}
	ck_assert_uint_eq(n, sizeof(want) / sizeof(want[0]));
	sim_world_free(&w);
}
END_TEST

/* --- poisoning ---------------------------------------------------------- */

static int free_then_touch(void *arg)
{
	(void)arg;
	kfree(o->victim);
	result[0] = READ_ONCE(*o->victim);
	return 0;
}

static int touch_then_free(void *arg)
{
	(void)arg;
	result[0] = READ_ONCE(*o->victim);
	kfree(o->victim);
	return 0;
}

static int build_uaf(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('F', free_then_touch, 0);
}

static int build_no_uaf(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('F', touch_then_free, 0);
}

START_TEST(test_poisoning_catches_use_after_free)
{
	t_build_custom(&w, build_uaf);
	ck_assert_uint_eq(t_replay(&w, "-"), EXPECT(ORACLE_UAF));
	ck_assert_msg(strstr(w.verdict.hit[ORACLE_UAF].msg, "victim#0") &&
		      strstr(w.verdict.hit[ORACLE_UAF].msg, "freed at step 1"),
		      "%s", w.verdict.hit[ORACLE_UAF].msg);
	sim_world_free(&w);
	t_build_custom(&w, build_no_uaf);
	ck_assert_uint_eq(t_replay(&w, "-"), 0);
	/* and the memory is poisoned afterwards */
	ck_assert_int_eq(((unsigned char *)o->victim)[0], 0x6b);
	sim_world_free(&w);
}
END_TEST

/* --- sleeping and waking: lost wake-ups -------------------------------- */

static int sleeper(void *arg)
{
	(void)arg;
	wait_event(o->wq, READ_ONCE(o->flag) != 0);
	result[0] = 1;
	for (;;)
		wait_event(o->wq, READ_ONCE(o->flag) == 2);
	return 0;
}

static int good_waker(void *arg)
{
	(void)arg;
	WRITE_ONCE(o->flag, 1);
	wake_up(&o->wq);
	return 0;
}

static int lost_waker(void *arg)
{
	(void)arg;
	WRITE_ONCE(o->flag, 1);
	return 0;
}

static int build_wake(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('S', sleeper, SIM_T_DAEMON) ||
	       add_thread('K', good_waker, 0);
}

static int build_lost(struct sim_world *wp)
{
	(void)wp;
	return build_objs() || add_thread('S', sleeper, SIM_T_DAEMON) ||
	       add_thread('K', lost_waker, 0);
}

START_TEST(test_lost_wakeup_is_found)
{
	size_t e;

	t_build_custom(&w, build_wake);
	/* S goes to sleep before K sets the flag: K's wake_up() saves it */
	ck_assert_uint_eq(t_replay(&w, "S2 K*"), 0);
	ck_assert_int_eq(result[0], 1);
	/* its event: S among the waiters it found, and S woken */
	for (e = 0; e < w.trace.nr; e++)
		if (w.trace.ev[e].type == SIM_EV_OP &&
		    w.trace.ev[e].kind == SEAM_WAKE_UP)
			break;
	ck_assert_uint_lt(e, w.trace.nr);
	ck_assert_int_eq(w.trace.ev[e].arg2, 1);
	ck_assert_uint_eq(w.trace.ev[e].woke, 1);
	ck_assert_int_eq(w.trace.ev[e].result, 1);
	sim_world_free(&w);
	t_build_custom(&w, build_lost);
	/* the same interleaving without wake_up(): S sleeps forever */
	ck_assert_uint_eq(t_replay(&w, "S2 K*"), EXPECT(ORACLE_DEADLOCK));
	ck_assert_msg(strstr(w.verdict.hit[ORACLE_DEADLOCK].msg, "lost wake-up"),
		      "%s", w.verdict.hit[ORACLE_DEADLOCK].msg);
	/* if K sets the flag first, S never sleeps: no bug */
	ck_assert_uint_eq(t_replay(&w, "K* S*"), 0);
	sim_world_free(&w);
}
END_TEST

/* An oracle's message too long for its hit ends in "...": no silent cut. */
START_TEST(test_a_long_oracle_message_says_it_was_cut)
{
	struct sim_hit *hit = &w.verdict.hit[ORACLE_WARN];
	char longer[sizeof(hit->msg) + 100];

	memset(longer, 'x', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = 0;
	t_build_custom(&w, build_wake);
	ck_assert_uint_eq(t_replay(&w, "S2 K*"), 0);
	sim_oracle(&w, ORACLE_WARN, 0, "%s", longer);
	ck_assert_uint_eq(strlen(hit->msg), sizeof(hit->msg) - 1);
	ck_assert_str_eq(hit->msg + sizeof(hit->msg) - 4, "...");
	ck_assert_int_eq(hit->msg[0], 'x');
	/* one that fits is left as it is */
	ck_assert_uint_eq(t_replay(&w, "S2 K*"), 0);
	longer[sizeof(hit->msg) - 1] = 0;
	sim_oracle(&w, ORACLE_WARN, 0, "%s", longer);
	ck_assert_str_eq(hit->msg, longer);
	sim_world_free(&w);
}
END_TEST

Suite *primitives_suite(void)
{
	Suite *s = suite_create("primitives");
	TCase *tc = tcase_create("Core");

	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, test_down_read_trylock_fails_under_a_writer);
	tcase_add_test(tc, test_down_write_waits_for_readers);
	tcase_add_test(tc, test_downgrade_write_lets_readers_in);
	tcase_add_test(tc, test_up_write_after_downgrade_is_an_imbalance);
	tcase_add_test(tc, test_abba_deadlocks_only_when_interleaved);
	tcase_add_test(tc, test_lock_imbalance);
	tcase_add_test(tc, test_refcounts);
	tcase_add_test(tc, test_a_step_says_what_it_changed);
	tcase_add_test(tc, test_poisoning_catches_use_after_free);
	tcase_add_test(tc, test_lost_wakeup_is_found);
	tcase_add_test(tc, test_a_long_oracle_message_says_it_was_cut);
	suite_add_tcase(s, tc);
	return s;
}
