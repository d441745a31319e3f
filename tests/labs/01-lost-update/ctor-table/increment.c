// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/01-lost-update/ctor-table/increment.c - a hostile
 *	submission: rewrite the grader's test table before any test runs
 */
#include <sys/mman.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>

extern long counter;

struct test_row {
	const char *name, *title;
	int points;
	const char *parent;
	double timeout;
	void (*run)(void);
	int check;
	const char *scenario, *params;
	char who;
};

extern const struct {
	struct test_row *tests;
} grade_lab;

static void passes(void)
{
}

__attribute__((constructor)) static void rewrite(void)
{
	struct test_row *t = grade_lab.tests;

	mprotect((void *)((unsigned long)t & ~4095UL), 8192,
		 PROT_READ | PROT_WRITE);
	for (; t->name; t++) {
		t->run = passes;
		t->check = 0;
	}
}

int increment(void *arg)
{
	long v;

	(void)arg;
	v = READ_ONCE(counter);
	WRITE_ONCE(counter, v + 1);
	return 0;
}
