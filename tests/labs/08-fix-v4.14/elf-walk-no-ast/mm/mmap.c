// SPDX-License-Identifier: GPL-2.0-only
/* tests/labs/08-fix-v4.14/elf-walk-no-ast/mm/mmap.c - elf-walk's */
#include "tests/labs/08-fix-v4.14/elf-walk/mm/mmap.c"
