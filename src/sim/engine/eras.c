// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/eras.c - the eras linked into this binary
 *
 * Simulator-only.  Each era's object exports one symbol, era_<id>, its
 * struct era (see the Makefile, which builds the list in SIM_ERAS).
 */
#include <string.h>
#include "engine.h"

/* A lab's binary adds its own eras and programs (exercises/exercises.mk). */
#ifndef SIM_LAB_ERAS
#define SIM_LAB_ERAS
#endif

#define ERA(sym) extern const struct era sym; \
	extern char sym##_data_begin[], sym##_data_end[];
SIM_ERAS
SIM_LAB_ERAS
#undef ERA

#define ERA(sym) &sym,
const struct era *const sim_eras[] = { SIM_ERAS };
const struct era *const sim_lab_eras[] = { SIM_LAB_ERAS NULL };
#undef ERA

const int sim_nr_eras = sizeof(sim_eras) / sizeof(sim_eras[0]);

/* Where each era's global variables are: a reset restores only those. */
#define MAX_DATA	64
static struct sim_era_data {
	const struct era *era;
	char *begin, *end;
} era_data[MAX_DATA] = {
#define ERA(sym) { &sym, sym##_data_begin, sym##_data_end },
	SIM_ERAS
	SIM_LAB_ERAS
#undef ERA
};
static int nr_era_data = sizeof(sim_eras) / sizeof(sim_eras[0]) +
			 sizeof(sim_lab_eras) / sizeof(sim_lab_eras[0]) - 1;

/**
 * sim_era_data_register() - say where an era not in sim_eras[] keeps its
 * data (the tests' mutants).
 * @era: the era.
 * @begin: its era_<id>_data_begin.
 * @end: its era_<id>_data_end.
 */
void sim_era_data_register(const struct era *era, char *begin, char *end)
{
	if (nr_era_data < MAX_DATA)
		era_data[nr_era_data++] = (struct sim_era_data){ era, begin,
								 end };
}

/**
 * sim_era_data() - the bounds of @era's global variables.
 * @era: the era.
 * @begin: set to the first byte.
 * @end: set to one past the last.
 *
 * Return: false if unknown (then all the model's data is restored).
 */
bool sim_era_data(const struct era *era, char **begin, char **end)
{
	int i;

	for (i = 0; i < nr_era_data; i++)
		if (era_data[i].era == era) {
			*begin = era_data[i].begin;
			*end = era_data[i].end;
			return true;
		}
	return false;
}

/**
 * sim_era_by_name() - an era by id ("v4.14") or card name
 * ("empty-write-cycle"), or a lab's era or program.
 * @name: the name.
 *
 * Return: the era, or NULL.
 */
const struct era *sim_era_by_name(const char *name)
{
	int i;

	for (i = 0; i < sim_nr_eras; i++)
		if (!strcmp(sim_eras[i]->id, name) ||
		    !strcmp(sim_eras[i]->name, name))
			return sim_eras[i];
	for (i = 0; sim_lab_eras[i]; i++)
		if (!strcmp(sim_lab_eras[i]->id, name) ||
		    (sim_lab_eras[i]->name &&
		     !strcmp(sim_lab_eras[i]->name, name)))
			return sim_lab_eras[i];
	return NULL;
}

const struct era *sim_era_parent(const struct era *era)
{
	return era->parent ? sim_era_by_name(era->parent) : NULL;
}
