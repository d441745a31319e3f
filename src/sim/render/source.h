/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/render/source.h - the model's source text, and what each era changed
 *
 * Simulator-only.
 */
#ifndef _SIM_SOURCE_H
#define _SIM_SOURCE_H

#include <stdio.h>
#include <reaplab/era.h>

/**
 * struct sim_source - one embedded source file.
 * @path: its path in the tree ("src/eras/v4.9/mm/oom_kill.c").
 * @text: its text.
 */
struct sim_source {
	const char *path;
	const char *text;
};

extern const struct sim_source sim_sources[];

/**
 * struct sim_func - one function definition found in a source file.
 * @name: the function's name (sys_process_mrelease for SYSCALL_DEFINEn).
 * @file: the model path it belongs to ("mm/oom_kill.c").
 * @src: the embedded file it was read from.
 * @start: first line (its comment included), from 0.
 * @end: one past the closing brace's line.
 */
struct sim_func {
	char name[64];
	char file[96];
	const struct sim_source *src;
	int start;
	int end;
};

int sim_era_functions(const struct era *era, struct sim_func *out, int max);
int sim_effective_functions(const struct era *era, struct sim_func *out,
			    int max);
void sim_func_print(const struct sim_func *f, FILE *out);
int sim_era_diff(const struct era *a, const struct era *b, FILE *out);

#endif /* _SIM_SOURCE_H */
