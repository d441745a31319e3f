// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/early-downgrade-v5.17/mm/mmap.c - the early-downgrade mutation
 * (tests/mutants/early-downgrade/mm/mmap.c), on v5.17
 */
#include "../../early-downgrade/mm/mmap.c"
