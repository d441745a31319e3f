// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/mm/mmu_gather.c - batch freeing of unmapped pages
 *
 * Models:  mm/mmu_gather.c
 * Omits:   TLB flushes (there is no TLB), page-table freeing through the
 *          gather (free_pgtables() frees PTE tables at once, after checking
 *          that the gather is live, as pte_free_tlb() needs it to be).
 */
#include <asm/tlb.h>

#undef tlb_gather_mmu
#undef tlb_finish_mmu

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm)
{
	tlb->mm = mm;
	tlb->fullmm = false;
	tlb->nr = 0;
	tlb->live = true;
}

void tlb_gather_mmu_fullmm(struct mmu_gather *tlb, struct mm_struct *mm)
{
	tlb_gather_mmu(tlb, mm);
	tlb->fullmm = true;
}

/*
 * tlb_flush_mmu() - the pages gathered so far go back to the zone.  Only
 * now does the OOM killer's allocator see them as free memory.
 */
void tlb_flush_mmu(struct mmu_gather *tlb)
{
	if (!tlb->nr)
		return;
	free_pages_and_swap_cache(tlb->nr);
	tlb->nr = 0;
}

void tlb_finish_mmu(struct mmu_gather *tlb)
{
	tlb_flush_mmu(tlb);
	tlb->live = false;
}
