// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/include-solution/mm/mmap.c - a hostile
 *	submission: the reference solution's exit_mmap(), pulled in by a
 *	directive a line-by-line look does not see (a comment between the #
 *	and the include, the ".." of the path split by a continuation)
 */
#/* nothing to see */include "../../../../.\
./exercises/solutions/08-fix-v4.14/mm/mmap.c"
