// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/v5.15/mm/mmap.c - v5.15's own exit_mmap(),
 *                                           handed in as a fix of lab 10
 */
#include "../../../../../src/eras/v5.15/mm/mmap.c"
