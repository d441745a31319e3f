// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/v5.15/mm/mmap.c - v5.15's own exit_mmap(),
 *	handed in as the file of lab 10
 *
 * The era's mm/mmap.c defines find_vma() too, which the lab does not let
 * a student change (tests/labs/10-fix-v5.17/whole-file shows it rejected):
 * declared static first, it stays this file's own, and only exit_mmap()
 * is handed in.
 */
#include <linux/compiler.h>

struct mm_struct;
struct vm_area_struct;

static struct vm_area_struct *find_vma(struct mm_struct *mm,
				       unsigned long addr)
	__maybe_unused;

#include "eras/v5.15/mm/mmap.c"
