// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/early-downgrade-v6.18/mm/mmap.c - the early-downgrade mutation
 * (tests/mutants/early-downgrade/mm/mmap.c), on v6.18
 */
#include "../../early-downgrade/mm/mmap.c"
