// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/fuzz/fuzz_params.c - the `-o KEY=VALUE[,KEY=VALUE...]` parser
 *
 * The input is one -o argument, as cli_param() gets it.  It is accepted
 * with every size within its documented range, or refused with one line
 * and nothing changed beyond the keys before the bad one.
 */
#include "fuzz.h"
#include "../../src/cli/cli.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	cli_fuzzing = true;
	fuzz_capture_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct sim_scenario *scn = sim_scenarios[size % SCN_NR];
	struct sim_params p = scn->defaults;
	char *kv = fuzz_string(data, size), buf[4096], msg[256];
	size_t n;
	int rc;

	if (strlen(kv) != size) {	/* argv cannot hold a NUL */
		free(kv);
		return -1;
	}
	fuzz_capture_start();
	rc = cli_param(&p, kv);
	n = fuzz_capture_end(buf, sizeof(buf));
	if (rc && rc != 2)
		fuzz_fail("cli_param('%s') returned %d", kv, rc);
	if (rc && !fuzz_one_line(buf, n, 1))
		fuzz_fail("cli_param('%s'): not one line: %.*s", kv, (int)n, buf);
	if (!rc && n)
		fuzz_fail("cli_param('%s') accepted but said: %.*s", kv, (int)n,
			  buf);
	if (p.vmas < 1 || p.vmas > 64 || p.pages < 1 || p.pages > 1 << 20 ||
	    p.ptrs_per_pte < 1 || p.ptrs_per_pte > 512 || p.retries < 1 ||
	    p.retries > 100 || p.alloc_retries < 1 || p.alloc_retries > 100 ||
	    p.aio > 1000 || p.jiffy_ns > 100000000)
		fuzz_fail("cli_param('%s') let a size out of its range", kv);
	/* one key=value alone, as the simulator's own parser sees it */
	if (!memchr(kv, ',', size) &&
	    !sim_params_set(&p, kv, msg, sizeof(msg)) != !!(rc == 0))
		fuzz_fail("sim_params_set and cli_param disagree on '%s'", kv);
	free(kv);
	return 0;
}
