// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/19-break-v5.17/v5.15/mm/mmap.c - v5.15's exit_mmap(), handed
 * in as a bug for v5.17: the write lock gone altogether
 */
#include "../../../../../src/eras/v5.15/mm/mmap.c"
