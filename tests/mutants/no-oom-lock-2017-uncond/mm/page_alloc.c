// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock-2017-uncond/mm/page_alloc.c - the no-oom-lock mutation
 * (tests/mutants/no-oom-lock/mm/page_alloc.c), on 2017-uncond
 */
#include "../../no-oom-lock/mm/page_alloc.c"
