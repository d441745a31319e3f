// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/eras.c - the eras linked into this binary
 *
 * Simulator-only.  Each era's object exports one symbol, era_<id>, its
 * struct era (see the Makefile, which builds the list in SIM_ERAS).
 */
#include <string.h>
#include "sim.h"

#define ERA(sym) extern const struct era sym;
SIM_ERAS
#undef ERA

#define ERA(sym) &sym,
const struct era *const sim_eras[] = { SIM_ERAS };
#undef ERA

const int sim_nr_eras = sizeof(sim_eras) / sizeof(sim_eras[0]);

/**
 * sim_era_by_name() - an era by id ("v4.14") or card name
 * ("empty-write-cycle").
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
	return NULL;
}

const struct era *sim_era_parent(const struct era *era)
{
	return era->parent ? sim_era_by_name(era->parent) : NULL;
}
