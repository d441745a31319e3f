// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/fuzz/fuzz_cli.c - every subcommand's arguments
 *
 * The input is a command line: arguments separated by NUL bytes (the
 * first is the command: list, show, diff, replay, explore, stress, trace,
 * tour, bench, kernel...).  cli_main() runs it in this process with
 * cli_fuzzing set: searches are clamped to a few executions, stress to
 * one iteration, and benchmarks, labs, the tour and --figures stop once
 * their arguments are checked; --output writes to /dev/null.  The exit
 * status must be 0, 1, 2 or 3 (a clamped search that did not finish is
 * Unknown, which is 3), and a 2 must come with exactly one line on
 * stderr.
 */
#include "fuzz.h"
#include "../../src/cli/cli.h"

#define MAX_ARGS	12

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	cli_fuzzing = true;
	fuzz_capture_init();
	if (!freopen("/dev/null", "w", stdout))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = fuzz_string(data, size), *argv[MAX_ARGS + 2], out[4096];
	size_t off = 0, n;
	int argc = 1, rc;

	argv[0] = (char *)"reaplab";
	while (off <= size && argc <= MAX_ARGS) {
		argv[argc++] = buf + off;
		off += strlen(buf + off) + 1;
	}
	if (off <= size) {		/* more arguments than we take */
		free(buf);
		return -1;
	}
	argv[argc] = NULL;
	fuzz_capture_start();
	rc = cli_main(argc, argv);
	fflush(stdout);
	n = fuzz_capture_end(out, sizeof(out));
	if (rc < 0 || rc > 3)
		fuzz_fail("%s %s: exit status %d", argv[1],
			  argc > 2 ? argv[2] : "", rc);
	if (rc == 2 && !fuzz_one_line(out, n, 1))
		fuzz_fail("%s %s: exit 2 without exactly one line: %.*s",
			  argv[1], argc > 2 ? argv[2] : "", (int)n, out);
	free(buf);
	return 0;
}
