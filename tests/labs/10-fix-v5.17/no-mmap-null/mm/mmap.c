// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/no-mmap-null/mm/mmap.c - v5.17's exit_mmap()
 *                                    without f798a1d4f94d's mm->mmap = NULL
 */
#include "tests/mutants/no-mmap-null/mm/mmap.c"
