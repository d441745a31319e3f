// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_mutate.c - the mutation tool's parts (tests/mutate/)
 *
 * The generator enumerates each operator's mutants of a small file written
 * for it (tests/mutate/fixture.c), with the ids the report and the
 * equivalence list use, and a mutant keeps its file's line count; explore
 * --all runs only the scenarios asked for, as the runner asks it to.  The
 * whole pipeline on real mutants is make mutate-sample (make check runs
 * it), and make mutate.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "testlib.h"

#ifndef MUTATE_TOOL
#define MUTATE_TOOL "build/mutate/mutate"
#endif

#define FIXTURE "tests/mutate/fixture.c"

static char out[1 << 16], err[4096];

/* Run a shell command; its exit status, its stdout in out[]. */
static int sh(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	size_t n;
	int st;

	ck_assert_msg(p, "cannot run %s", cmd);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* One mutant per operator at least, with the id and the change expected. */
static const struct {
	const char *id;
	const char *after;
} expected[] = {
	{ FIXTURE ":queue_one:del-seam:spin_lock(&queue_lock);", ";" },
	{ FIXTURE ":queue_one:swap:WRITE_ONCE(tsk->next,queue_head);<>WRITE_ONCE(queue_head,tsk);",
	  "WRITE_ONCE(queue_head, tsk); WRITE_ONCE(tsk->next, queue_head);" },
	{ FIXTURE ":queue_one:unlock-early:spin_unlock(&queue_lock);",
	  "spin_unlock(&queue_lock); WRITE_ONCE(queue_head, tsk);" },
	{ FIXTURE ":detach:invert-test:!test_bit(MMF_OOM_SKIP,&mm->flags)",
	  "test_bit(MMF_OOM_SKIP, &mm->flags)" },
	{ FIXTURE ":detach:drop-null:tsk->mm=NULL;", ";" },
	{ FIXTURE ":count_vmas:walk-bound:for(vma=mm->mmap;vma&&vma->vm_start<end;vma=vma->vm_next):<",
	  "vma && vma->vm_start <= end" },
	{ FIXTURE ":count_vmas:walk-first:for(vma=mm->mmap;vma&&vma->vm_start<end;vma=vma->vm_next)",
	  "for (vma = mm->mmap, (vma && vma->vm_start < end) ? (void)(vma = vma->vm_next) : (void)0; vma && vma->vm_start < end; vma = vma->vm_next)" },
	{ FIXTURE ":count_vmas:walk-first:while((vma=mas_find(&mas,end))!=NULL)",
	  "while ((vma = mas_find(&mas, end)) != NULL) { ... }" },
	{ FIXTURE ":count_vmas:walk-last:while(vma)", "vma && vma->vm_next" },
};

#define NR_EXPECTED	(sizeof(expected) / sizeof(expected[0]))

/* The list's line of mutant @id, its fields split at tabs (in place). */
static bool find_mutant(const char *id, char *fields[9])
{
	char *line, *save = NULL;

	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		int n = 0;
		char *f = line, *tab;

		while (n < 9) {
			fields[n++] = f;
			tab = strchr(f, '\t');
			if (!tab)
				break;
			*tab = 0;
			f = tab + 1;
		}
		if (n == 9 && !strcmp(fields[6], id))
			return true;
	}
	return false;
}

START_TEST(test_each_operator)
{
	size_t i;

	for (i = 0; i < NR_EXPECTED; i++) {
		char *f[9];

		/* the list again: find_mutant() cut the last one up */
		ck_assert_int_eq(sh(MUTATE_TOOL " list " FIXTURE), 0);
		ck_assert_msg(!strstr(out, ":pr_info"),
			      "a log line is mutated:\n%s", out);
		ck_assert_msg(find_mutant(expected[i].id, f), "no mutant %s",
			      expected[i].id);
		ck_assert_msg(!strncmp(f[8], expected[i].after,
				       strlen(expected[i].after)),
			      "%s: the change is '%s', expected '%s'",
			      expected[i].id, f[8], expected[i].after);
	}
}
END_TEST

/* Every mutant of the fixture: applied, one line more (#line), changed. */
START_TEST(test_apply_keeps_lines)
{
	int n, k, lines;

	ck_assert_int_eq(sh(MUTATE_TOOL " list " FIXTURE " | wc -l"), 0);
	n = atoi(out);
	ck_assert_int_ge(n, (int)NR_EXPECTED);
	ck_assert_int_eq(sh("wc -l < " FIXTURE), 0);
	lines = atoi(out);
	for (k = 1; k <= n; k++) {
		char cmd[512];

		snprintf(cmd, sizeof(cmd),
			 MUTATE_TOOL " apply " FIXTURE " %d /dev/stdout | wc -l",
			 k);
		ck_assert_int_eq(sh(cmd), 0);
		ck_assert_msg(atoi(out) == lines + 1,
			      "mutant %d: %d lines, the file has %d (+1 #line)",
			      k, atoi(out), lines);
		snprintf(cmd, sizeof(cmd),
			 MUTATE_TOOL " apply " FIXTURE " %d /dev/stdout | tail -n +2 | cmp -s - " FIXTURE,
			 k);
		ck_assert_msg(sh(cmd) == 1, "mutant %d changes nothing", k);
	}
	ck_assert_int_eq(sh(MUTATE_TOOL " apply " FIXTURE " 999 /dev/null 2>/dev/null"),
			 2);
	ck_assert_int_eq(sh(MUTATE_TOOL " bogus 2>/dev/null"), 2);
}
END_TEST

/* --scenarios: the cells asked for, and only those, compared. */
START_TEST(test_explore_scenarios)
{
	int st;

	st = t_run(out, sizeof(out), err, sizeof(err), "explore", "--all",
		   "--eras", "v4.9,v6.1", "--scenarios", "stuck", NULL);
	ck_assert_msg(st == 0, "exit %d: %s", st, err);
	ck_assert_msg(strstr(out, "2 of 2 verdicts match"), "%s", out);
	ck_assert_msg(strstr(out, "v4.9/stuck") && !strstr(out, "v4.9/oom"),
		      "%s", out);
	st = t_run(out, sizeof(out), err, sizeof(err), "explore", "--all",
		   "--scenarios", "stuck,nope", NULL);
	ck_assert_int_eq(st, 2);
	ck_assert_msg(strstr(err, "unknown scenario 'nope'"), "%s", err);
	st = t_run(out, sizeof(out), err, sizeof(err), "explore", "v4.9",
		   "oom", "--scenarios", "oom", NULL);
	ck_assert_int_eq(st, 2);
	ck_assert_msg(strstr(err, "--scenarios is for --all"), "%s", err);
	st = t_run(out, sizeof(out), err, sizeof(err), "explore", "--all",
		   "--format", "md", "--scenarios", "oom", NULL);
	ck_assert_int_eq(st, 2);
	ck_assert_msg(strstr(err, "not --format md"), "%s", err);
}
END_TEST

Suite *mutate_suite(void)
{
	Suite *s = suite_create("mutate");
	TCase *tc = tcase_create("Tool");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_each_operator);
	tcase_add_test(tc, test_apply_keeps_lines);
	tcase_add_test(tc, test_explore_scenarios);
	suite_add_tcase(s, tc);
	return s;
}
