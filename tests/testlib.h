/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/testlib.h - helpers shared by the Check suites
 */
#ifndef _TESTS_TESTLIB_H
#define _TESTS_TESTLIB_H

#include <check.h>
#include "../src/sim/world/kernel.h"
#include "../src/sim/engine/schedule.h"
#include "../src/sim/explore/explore.h"

#ifndef BIN
#define BIN "build/reaplab"
#endif

/* A world of the test's own: @build creates its threads and objects. */
void t_build_custom(struct sim_world *w, int (*build)(struct sim_world *w));
/* A program of tests/programs/ by its id, and a world of it. */
const struct era *t_program(const char *id);
void t_build_program(struct sim_world *w, const char *id);
/* Replay @sched strictly with frames; returns the verdict's oracle bits. */
unsigned int t_replay(struct sim_world *w, const char *sched);
/* Build era/scenario with default sizes; aborts the test on failure. */
void t_build(struct sim_world *w, const char *era, const char *scn);
/* Run the reaplab binary; returns its exit status, stdout and stderr. */
int t_run(char *out, size_t outlen, char *err, size_t errlen, ...);
/*
 * The @n-th shipped schedule of @eras (@neras of them), in order, and its
 * era; NULL past the last.  An era may ship none (.schedules NULL).
 */
const struct era *t_nth_schedule(const struct era *const *eras, int neras,
				 int n, const struct era_schedule **out);
/* The changelog diagram of the last run, as text. */
char *t_render(struct sim_world *w);
/*
 * What a run make check made once for the tests and the book printed
 * (@path under BUILD_DIR, made by @how, a name for the message), into
 * @buf; returns its exit status, from @path's ".out" replaced by ".rc"
 * (or .txt by .rc).  A run older than the binary is refused.
 */
int t_made(const char *path, const char *how, char *buf, size_t len);

/*
 * t_share() - this process's share of a suite that splits (make check runs
 * the labs and mutants suites in two processes, CK_SHARE=K/N): of a loop
 * test over [0, @n), the part [*@lo, *@hi) to add; the tests that do not
 * loop run in share 0 only.  Return: whether they run here.  Without
 * CK_SHARE, everything runs here.
 */
bool t_share(int n, int *lo, int *hi);

Suite *primitives_suite(void);
Suite *maple_suite(void);
Suite *determinism_suite(void);
Suite *eras_suite(void);
Suite *cli_suite(void);
Suite *stress_suite(void);
Suite *render_suite(void);
Suite *explore_suite(void);
Suite *mutants_suite(void);
Suite *mutate_suite(void);
Suite *bench_suite(void);
Suite *labs_suite(void);
Suite *book_suite(void);
Suite *signals_suite(void);
Suite *layers_suite(void);

#endif /* _TESTS_TESTLIB_H */
