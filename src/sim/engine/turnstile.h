/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/engine/turnstile.h - the coop engine on real threads, one at a time
 *
 * Simulator-only.
 */
#ifndef _SIM_TURNSTILE_H
#define _SIM_TURNSTILE_H

#include "engine.h"

void sim_turnstile_start(struct sim_world *w);
void sim_turnstile_switch(struct sim_thread *from, struct sim_thread *to);
void sim_turnstile_stop(struct sim_world *w);

#endif /* _SIM_TURNSTILE_H */
