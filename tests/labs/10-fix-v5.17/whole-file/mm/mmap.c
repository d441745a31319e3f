// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/whole-file/mm/mmap.c - v5.15's whole mm/mmap.c,
 *	handed in as the file of lab 10
 *
 * A student who copies the era's file whole hands in find_vma() as well,
 * which lab 10 does not let anyone change: linked with -z muldefs, it
 * would replace the era's.
 */
#include "eras/v5.15/mm/mmap.c"
