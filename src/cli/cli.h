/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/cli/cli.h - shared pieces of the reaplab command line
 *
 * Exit codes everywhere: 0 no oracle fired, 1 an oracle fired (or a
 * declared expectation was not met), 2 bad input (an unknown era or
 * scenario, a malformed schedule, a divergence), always with one line on
 * stderr saying which; and for explore, 3: Unknown, the search did not
 * complete (DOC: No verdict without completion, src/sim/explore/explore.c).
 */
#ifndef _CLI_CLI_H
#define _CLI_CLI_H

#include <signal.h>
#include <stdio.h>
#include "../sim/world/kernel.h"
#include "../sim/engine/schedule.h"
#include <linux/kernel.h>

#define EXIT_CLEAN	0
#define EXIT_BUG	1
#define EXIT_USAGE	2
/* explore: the search did not complete, and found nothing */
#define EXIT_UNKNOWN	3

extern const char *cli_self;

int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_main(int argc, char **argv);
int cli_run(int argc, char **argv);
extern bool cli_fuzzing;
const struct era *cli_era(const char *name);
const struct sim_scenario *cli_scenario(const char *name);
bool cli_is_help(const char *arg);
int cli_param(struct sim_params *p, const char *kv);
int cli_build(struct sim_world *w, const struct era *era,
	      const struct sim_scenario *scn, const struct sim_params *p);
const char *cli_resolve_schedule(const struct era *era,
				 const struct sim_scenario *scn,
				 const char *arg, const char **name);
const char *cli_fixed_by(const struct era *era, const struct era_schedule *s);
const char *cli_verdict_text(unsigned int fired, bool na);
void cli_params_args(const struct sim_scenario *scn,
		     const struct sim_params *p, char *buf, size_t len);

int cmd_list(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_stress(int argc, char **argv);
int cmd_tour(int argc, char **argv);
int cmd_explore(int argc, char **argv);
int cli_explore_all(void);
int cmd_bench(int argc, char **argv);
int cmd_kernel(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cli_trace_coop(struct sim_world *w, const char *sched, const char *format,
		   FILE *f);

#endif /* _CLI_CLI_H */
