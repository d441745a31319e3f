// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/07-predict-2017-cond/grade.c - the grader of lab 07
 *
 * Every answer is computed from the model while grading: 2017-cond's
 * shipped changelog schedule of proc-reader is replayed and its run read
 * (who entered exit_mmap(), what the victim's atomic_dec_and_test() of
 * mm_users left, whether the thread running exit_mmap() took mmap_sem for
 * write, what the use-after-free touched); the explorer's dependency
 * relation says whether the two decrements commute.  None is stored, and
 * a wrong one is not printed.
 */
#include <string.h>
#include <linux/mm_types.h>
#include "../grader/grade.h"

#define HOW "replay it: reaplab replay 2017-cond proc-reader changelog --full"

static struct sim_world *changelog(void)
{
	return grade_shipped("2017-cond", "proc-reader", "changelog", NULL);
}

/* The thread that runs exit_mmap(), or fails: the lab needs updating. */
static char exit_mmap_thread(struct sim_world *w)
{
	char who = grade_who_called(w, "exit_mmap");

	if (!who)
		grade_fail("nobody runs exit_mmap() in 2017-cond's changelog run: the lab needs updating");
	return who;
}

static void exit_mmap(void)
{
	struct sim_world *w = changelog();
	char who[2] = { exit_mmap_thread(w), 0 };

	grade_check_answer("answers", "exit-mmap", who, HOW);
}

static void mm_users(void)
{
	struct sim_world *w = changelog();
	const struct sim_event *dec = grade_find_step(w, 'V', SEAM_ATOMIC_ADD,
		&grade_victim_mm(w)->mm_users, "atomic_dec_and_test");
	char v[16];

	if (!dec)
		grade_fail("the victim never drops mm_users in 2017-cond's changelog run: the lab needs updating");
	snprintf(v, sizeof(v), "%ld", dec->result);
	grade_check_answer("answers", "mm-users", v, HOW);
}

static void write_lock(void)
{
	struct sim_world *w = changelog();
	char who = exit_mmap_thread(w);

	grade_check_answer("answers", "write-lock",
			   grade_took_write_lock(w, who, grade_victim_mm(w)) ?
			   "yes" : "no", HOW);
}

static void freed(void)
{
	struct sim_world *w = changelog();
	const char *type = grade_hit_type(w, ORACLE_UAF);

	if (!type)
		grade_fail("2017-cond's changelog run has no use-after-free: the lab needs updating");
	grade_check_answer("answers", "freed", type, HOW);
}

/* The victim's and the reader's atomic_dec_and_test() of mm_users. */
static const char *commute_answer(struct sim_world *w, const char **why)
{
	atomic_t *users = &grade_victim_mm(w)->mm_users;
	const struct sim_event *v, *p;

	v = grade_find_step(w, 'V', SEAM_ATOMIC_ADD, users,
			    "atomic_dec_and_test");
	p = grade_find_step(w, 'P', SEAM_ATOMIC_ADD, users,
			    "atomic_dec_and_test");
	if (!v || !p)
		return NULL;
	return grade_commute(w, v, p, why) ? "yes" : "no";
}

static void commute(void)
{
	const char *why = NULL, *c = commute_answer(changelog(), &why);

	if (!c)
		grade_fail("the changelog run lacks one of the two decrements: the lab needs updating");
	grade_check_answer("answers", "commute", c,
			   "the explorer names the race: reaplab explore 2017-cond proc-reader --mode dpor -o alloc-retries=2");
}

/* The eras among 2017-uncond and v4.14 that the schedule breaks. */
static void breaks(char *buf, size_t len)
{
	static const char *const eras[] = { "2017-uncond", "v4.14" };
	size_t n = 0;
	int i;

	buf[0] = 0;
	for (i = 0; i < 2; i++) {
		struct sim_world *w = grade_shipped("2017-cond", "proc-reader",
						    "changelog", eras[i]);

		if (w->verdict.fired)
			n += snprintf(buf + n, len - n, "%s%s", n ? " " : "",
				      eras[i]);
	}
	if (!n)
		snprintf(buf, len, "none");
}

static void answer(FILE *f)
{
	char b[64];
	const char *mine = grade_answer("answers", "breaks");

	breaks(b, sizeof(b));
	fprintf(f, "Lab 07's ungraded question, answered by the model now:\n\n");
	fprintf(f, "6. breaks: %s\n", b);
	if (mine)
		fprintf(f, "   yours:  %s\n", mine);
	else
		fprintf(f, "   yours:  none yet (in %s/answers)\n", grade_sub());
}

static const struct grade_test tests[] = {
	{
		.name = "exit-mmap",
		.title = "1. the thread that runs exit_mmap()",
		.points = 5,
		.run = exit_mmap,
	},
	{
		.name = "mm-users",
		.title = "2. mm_users after the victim's own mmput()",
		.points = 5,
		.run = mm_users,
	},
	{
		.name = "write-lock",
		.title = "3. whether that exit_mmap() takes the write lock",
		.points = 5,
		.run = write_lock,
	},
	{
		.name = "freed",
		.title = "4. what the reaper touches after it was freed",
		.points = 5,
		.run = freed,
	},
	{
		.name = "commute",
		.title = "5. whether the two decrements of mm_users commute",
		.points = 5,
		.run = commute,
	},
	{ NULL }
};

GRADE_LAB(.tests = tests, .answer = answer);
