// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock-v4.14/mm/page_alloc.c - the no-oom-lock mutation
 * (tests/mutants/no-oom-lock/mm/page_alloc.c), on v4.14
 */
#include "../../no-oom-lock/mm/page_alloc.c"
