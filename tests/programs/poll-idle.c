// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/programs/poll-idle.c - a poll whose turns store what is there
 *
 * Program: poll-idle.  The waiter's loop marks itself busy (a store of
 * the value the word already holds, after the first turn), stays
 * TASK_RUNNING and calls schedule(), which returns at once: none of it
 * changes anything another thread can see, so from its second turn the
 * loop is an await on the flag and on its busy word (DOC: Spin-waits are
 * awaits), and DPOR proves that every schedule ends with done == 1.
 */
#include <linux/compiler.h>
#include <linux/sched.h>
#include <reaplab/program.h>

int go, busy, done;

int waiter(void *arg)
{
	(void)arg;
	for (;;) {
		WRITE_ONCE(busy, 1);
		__set_current_state(TASK_RUNNING);
		if (READ_ONCE(go))
			break;
		schedule();
	}
	WRITE_ONCE(done, 1);
	return 0;
}

int setter(void *arg)
{
	(void)arg;
	WRITE_ONCE(go, 1);
	return 0;
}

static void check(void)
{
	PROGRAM_ASSERT(done == 1 && busy == 1);
}

const struct program program = {
	.threads = {
		{ 'A', "waiter", waiter },
		{ 'B', "setter", setter },
	},
	.check = check,
};

const struct era era_descriptor = {
	.id = "poll-idle",
	.name = "poll-idle",
	.version = "a test program",
	.story = "one thread polls a flag and yields, the other sets it",
	.program = &program,
};
