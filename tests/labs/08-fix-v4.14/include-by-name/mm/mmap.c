// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/include-by-name/mm/mmap.c - a hostile
 *	submission: the reference solution's exit_mmap(), by a name with no
 *	".." that the include path finds (the grader's own submissions are
 *	compiled with -iquote ., the tree's root)
 */
#include "exercises/solutions/08-fix-v4.14/mm/mmap.c"
