// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock-v6.1/mm/page_alloc.c - the no-oom-lock mutation
 * (tests/mutants/no-oom-lock/mm/page_alloc.c), on v6.1
 */
#include "../../no-oom-lock/mm/page_alloc.c"
