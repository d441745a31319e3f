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
	{ FIXTURE ":queue_one:mark-plain:WRITE_ONCE(tsk->next,queue_head)",
	  "((tsk->next) = (queue_head))" },
	{ FIXTURE ":detach:mark-plain:READ_ONCE(tsk->mm)", "(tsk->mm)" },
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

/*
 * A world of one fake era for the runner (mutate.sh one): the mutated
 * file @src (a lock taken in touch(), its one mutant), a fake reaplab
 * whose explore exits @rc, and, if @broken, a second source in the era
 * whose object does not exist, so the era cannot link.  The tree's era
 * object exists, as in a real build.  Returns the results line of mutant
 * 1 in out[].
 */
static void fake_run(const char *dir, int rc, bool broken)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd),
		 "set -e; d=%s; rm -rf $d; mkdir -p $d/b/eras $d/results; "
		 "printf '#define spin_lock(x) (*(x) = 1)\nint lock_word;\n"
		 "void touch(void);\nvoid touch(void)\n{\n"
		 "\tspin_lock(&lock_word);\n}\n' > $d/m.c; "
		 "printf 'int main(void) { return %d; }\n' > $d/main.c; "
		 "cc -c $d/main.c -o $d/main.o; "
		 "echo 'int tree_era;' > $d/t.c; cc -c $d/t.c -o $d/b/eras/fake.o; "
		 "ln -s $(pwd)/" MUTATE_TOOL " $d/mutate; "
		 "{ printf 'b\t%%s\n' $d/b; printf 'cc\tcc\n'; "
		 "printf 'cflags\t-O0\n'; printf 'link\t\n'; "
		 "printf 'cli\t%%s\n' $d/main.o; printf 'ldlibs\t\n'; "
		 "printf 'era\tfake\tfake_era\t%%s%s\n' $d/m.c; } > $d/config.tsv; "
		 "printf '1\t%%s\t1\tfake/cell\tm.c:touch:del-seam\tdel-seam\ttouch\t6\t\n' $d/m.c > $d/plan.tsv; "
		 "printf 'fake\tcell\t0.1\n' > $d/cells.tsv; "
		 "echo 1 > $d/torun; date +%%s > $d/start; "
		 "sh tests/mutate/mutate.sh one $d 1 >/dev/null 2>&1; "
		 "cat $d/results/1.tsv",
		 dir, rc, broken ? " $d/missing.c" : "");
	ck_assert_msg(sh(cmd) == 0, "the fake run failed: %s", out);
}

/* explore's Unknown (exit 3) is no verdict: a timeout, not a kill. */
START_TEST(test_unknown_is_not_a_kill)
{
	fake_run("build/mutate/test-unknown", 3, false);
	ck_assert_msg(!strncmp(out, "1\ttimeout\tfake/cell\tUnknown", strlen("1\ttimeout\tfake/cell\tUnknown")),
		      "an Unknown cell: %s", out);
	fake_run("build/mutate/test-unknown", 1, false);
	ck_assert_msg(!strncmp(out, "1\tkilled\tfake/cell", strlen("1\tkilled\tfake/cell")),
		      "a mismatching cell: %s", out);
	fake_run("build/mutate/test-unknown", 0, false);
	ck_assert_msg(!strncmp(out, "1\tsurvived\t", strlen("1\tsurvived\t")),
		      "a passing cell: %s", out);
}
END_TEST

/*
 * An era that does not link with the mutant is a mutant that did not
 * build: not the tree's era object in its place, judged under the
 * mutant's name (here that fallback would run and be "killed").
 */
START_TEST(test_unlinked_era_did_not_build)
{
	fake_run("build/mutate/test-link", 1, true);
	ck_assert_msg(!strncmp(out, "1\tbuild-failed\t\tfake does not link", strlen("1\tbuild-failed\t\tfake does not link")),
		      "an era that does not link: %s", out);
}
END_TEST

/* The report lists every unreached mutant by id, not only its function. */
START_TEST(test_report_lists_unreached)
{
	ck_assert_int_eq(sh("set -e; d=build/mutate/test-report; rm -rf $d; "
			    "mkdir -p $d/results; "
			    "printf '1\tsrc/x.c\t1\t\tsrc/x.c:f:del-seam:lock(a);\tdel-seam\tf\t3\n"
			    "2\tsrc/x.c\t2\tv/s\tsrc/x.c:f:del-seam:unlock(a);\tdel-seam\tf\t4\n' > $d/plan.tsv; "
			    "echo 2 > $d/order.txt; "
			    "printf '2\tkilled\tv/s\tkilled: x\t1\tsrc/x.c:f:del-seam:unlock(a);\n' > $d/results/2.tsv; "
			    ": > $d/mutants.tsv; : > $d/eq.tsv; "
			    "sh tests/mutate/report.sh $d $d/eq.tsv 1 >/dev/null; "
			    "cat $d/report.md"), 0);
	ck_assert_msg(strstr(out, "`src/x.c:f:del-seam:lock(a);` (src/x.c:3)"),
		      "the unreached mutant is not listed:\n%s", out);
	ck_assert_msg(strstr(out, "**Kill rate: 1 of 1"), "%s", out);
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
	tcase_add_test(tc, test_unknown_is_not_a_kill);
	tcase_add_test(tc, test_unlinked_era_did_not_build);
	tcase_add_test(tc, test_report_lists_unreached);
	suite_add_tcase(s, tc);
	return s;
}
