// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/2017-uncond/mm/mmap.c - 2017-uncond's own exit_mmap(), handed in
 *                                   as a fix of lab 08
 */
#include "eras/2017-uncond/mm/mmap.c"
