// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/cli/reaplab.c - main() of build/reaplab
 *
 * Apart from cli_main() so that a lab's binary (exercises/grader/main.c)
 * can link every command and add its own.
 */
#include "cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
