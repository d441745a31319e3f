// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/forge-flags/mm/mmap.c - a hostile submission:
 *	forge the runner's pass flags instead of fixing exit_mmap()
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

/* The runner's result page: one page of shared /dev/zero. */
static void forge(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long lo, hi;
	int *p;

	while (f && fgets(line, sizeof(line), f)) {
		if (!strstr(line, "/dev/zero (deleted)") ||
		    sscanf(line, "%lx-%lx", &lo, &hi) != 2 || hi - lo != 4096)
			continue;
		for (p = (int *)lo; p < (int *)hi; p++)
			*p = 1;
	}
	_exit(0);
}

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	forge();
	vma = mm->mmap;
	if (!vma)
		return;
	tlb_gather_mmu(&tlb, mm, 0, -1);
	unmap_vmas(&tlb, vma, 0, -1);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);
	while (vma)
		vma = remove_vma(vma);
}
