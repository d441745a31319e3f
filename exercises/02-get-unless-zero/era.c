// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/02-get-unless-zero/era.c - the program `lab`: late-get, with
 *                                      your buffer_get()
 *
 * Built from buffer_get.c (yours) over late-get.c, the way an era is
 * built over its parent: your definition of buffer_get() comes first and
 * wins.  `reaplab diff late-get lab` shows what you changed.
 */
#include <reaplab/program.h>

const struct era era_descriptor = {
	.id = "lab",
	.name = "late-get-fixed",
	.parent = "late-get",
	.version = "your buffer_get.c (lab 02)",
	.story = "late-get, with the buffer_get() of your buffer_get.c",
	.program = &program,
};
