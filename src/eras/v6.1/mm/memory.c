// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.1/mm/memory.c - unmap_vmas() and free_pgtables() on the
 *                             maple tree
 *
 * Era:     v6.1 (maple tree series, Liam Howlett and Matthew Wilcox).
 * Note:    upstream also passes the tree as an argument from v6.1 on; the
 *          model keeps the older signatures and reaches the tree through
 *          vma->vm_mm, so that unchanged callers still link.
 */
#include <linux/mm.h>
#include <asm/tlb.h>
#include "../../../mm/internal.h"

void unmap_vmas(struct mmu_gather *tlb, struct vm_area_struct *vma,
		unsigned long start_addr, unsigned long end_addr)
{
	MA_STATE(mas, &vma->vm_mm->mm_mt, vma->vm_end, vma->vm_end);

	do {
		unmap_single_vma(tlb, vma, start_addr, end_addr);
	} while ((vma = mas_find(&mas, end_addr - 1)) != NULL);
}

void free_pgtables(struct mmu_gather *tlb, struct vm_area_struct *vma,
		   unsigned long floor, unsigned long ceiling)
{
	MA_STATE(mas, &vma->vm_mm->mm_mt, vma->vm_end, vma->vm_end);

	(void)floor;
	(void)ceiling;
	do {
		/* v6.4 on, as exit_mmap() holds mmap_lock for write */
		vma_start_write(vma);
		free_pgd_range(tlb, vma->vm_start, vma->vm_end);
	} while ((vma = mas_find(&mas, ULONG_MAX)) != NULL);
}
