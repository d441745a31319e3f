// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock-v5.17/mm/page_alloc.c - the no-oom-lock mutation
 * (tests/mutants/no-oom-lock/mm/page_alloc.c), on v5.17
 */
#include "../../no-oom-lock/mm/page_alloc.c"
