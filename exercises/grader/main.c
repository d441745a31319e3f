// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/main.c - main() of a lab's binary, build/labs/LAB/reaplab
 *
 * Simulator-only.  A lab's binary is reaplab with the lab's own eras and
 * programs linked in beside the historical ones (the student's code among
 * them, as the era `lab`), so that every command the book teaches works on
 * the student's code:
 *
 *     build/labs/08-fix-v4.14/reaplab explore lab proc-reader --mode dpor
 *     build/labs/08-fix-v4.14/reaplab diff v4.14 lab
 *
 * and one command more, `grade`, which `make grade` runs.
 */
#include <string.h>
#include "grade.h"
#include "../../src/cli/cli.h"

int grade_main(int argc, char **argv, const char *argv0);

int main(int argc, char **argv)
{
	int rc;

	cli_self = argv[0];
	sim_lab_scenarios = grade_lab.scenarios;
	if (argc > 1 && !strcmp(argv[1], "grade"))
		return grade_main(argc - 1, argv + 1, argv[0]);
	rc = cli_run(argc, argv);
	if (argc > 1 && (cli_is_help(argv[1]) || !strcmp(argv[1], "help")))
		printf("\nThis binary is lab %s's: its eras and programs are linked in\n"
		       "beside the historical ones (yours is `lab`, if the lab has one),\n"
		       "and `%s grade` grades it (`make grade LAB=%s`).\n",
		       grade_lab_id, argv[0], grade_lab_id);
	return rc;
}
