// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/v6.1/mm/oom_kill.c - v6.1's own reaper,
 *                                             handed in as a fix of lab 12
 */
#include "../../../../../src/eras/v6.1/mm/oom_kill.c"
