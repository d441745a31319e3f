// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/v4.14/mm/mmap.c - v4.14's own exit_mmap(), handed in
 *                                   as a fix of lab 08
 */
#include "eras/v4.14/mm/mmap.c"
