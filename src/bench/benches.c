// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/bench/benches.c - the list of benchmarks, in the order `reaplab
 *                       bench all` and `make bench` run them
 *
 * Simulator-only.
 */
#include <string.h>
#include "bench.h"

const struct bench *const benches[] = {
	&bench_reap_order,
	&bench_munmap,
	&bench_exit_lock,
	&bench_find_vma,
	&bench_explorer,
};

const int nr_benches = sizeof(benches) / sizeof(benches[0]);

/* bench_by_name() - the benchmark called @name, or NULL. */
const struct bench *bench_by_name(const char *name)
{
	int i;

	for (i = 0; i < nr_benches; i++)
		if (!strcmp(benches[i]->name, name))
			return benches[i];
	return NULL;
}
