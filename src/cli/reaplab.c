// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/reaplab.c - main() of build/reaplab
 *
 * Kept apart from the command table (main.c) so that a lab's binary
 * (exercises/grader/main.c) can link every command and add its own, and
 * the fuzzers (tests/fuzz/) can call cli_main() in their own process.
 */
#include "cli.h"

int main(int argc, char **argv)
{
	return cli_run(argc, argv);
}
