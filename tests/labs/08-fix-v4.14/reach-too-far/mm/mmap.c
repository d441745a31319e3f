// SPDX-License-Identifier: GPL-2.0-only
/* tests/labs/08-fix-v4.14/reach-too-far/mm/mmap.c - the skeleton's */
#include "exercises/08-fix-v4.14/mm/mmap.c"
