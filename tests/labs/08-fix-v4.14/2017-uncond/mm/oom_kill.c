// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/2017-uncond/mm/oom_kill.c - mark_oom_victim() as the lab
 *                                   hands it out (v4.14's)
 */
#include "exercises/08-fix-v4.14/mm/oom_kill.c"
