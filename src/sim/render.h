/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/render.h - drawing traces
 *
 * Simulator-only.
 */
#ifndef _SIM_RENDER_H
#define _SIM_RENDER_H

#include <stdio.h>
#include "sim.h"

extern int sim_render_width;
extern int sim_render_elide;

void sim_render_changelog(const struct sim_world *w, FILE *f);
void sim_render_verdict(const struct sim_world *w, FILE *f);

#endif /* _SIM_RENDER_H */
