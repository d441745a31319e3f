// SPDX-License-Identifier: GPL-2.0-only
/* tests/labs/08-fix-v4.14/special-case-no-ast/mm/mmap.c - special-case's */
#include "tests/labs/08-fix-v4.14/special-case/mm/mmap.c"
