// SPDX-License-Identifier: GPL-2.0-only
/* tests/labs/08-fix-v4.14/rodata-counter-no-ast/mm/mmap.c - rodata-counter's */
#include "tests/labs/08-fix-v4.14/rodata-counter/mm/mmap.c"
