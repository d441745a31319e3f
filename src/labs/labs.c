// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/labs/labs.c - the list of real-kernel labs, as `reaplab kernel`
 *                   and `make bench` run them
 */
#include <string.h>
#include "labs.h"

const struct lab *const lab_list[] = {
	&lab_mrelease,
	&lab_fork_exit,
};

const int nr_labs = sizeof(lab_list) / sizeof(lab_list[0]);

/* lab_by_name() - the lab called @name, or NULL. */
const struct lab *lab_by_name(const char *name)
{
	int i;

	for (i = 0; i < nr_labs; i++)
		if (!strcmp(lab_list[i]->name, name))
			return lab_list[i];
	return NULL;
}
