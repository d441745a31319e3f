// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/01-lost-update/era.c - the program `lab`: lost-update, with
 *                                  your increment()
 *
 * Built from increment.c (yours) over lost-update.c, the way an era is
 * built over its parent: your definition of increment() comes first and
 * wins.  `reaplab diff lost-update lab` shows what you changed.
 */
#include <reaplab/program.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "lost-update-fixed",
	.parent = "lost-update",
	.version = "your increment.c (lab 01)",
	.story = "lost-update, with the increment() of your increment.c",
	.program = &program,
};
