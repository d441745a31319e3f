/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/asm/tlb.h - struct mmu_gather
 *
 * Models:  include/asm-generic/tlb.h, mm/mmu_gather.c
 * CUSTOM:  there is no TLB to flush.  What is kept is the batching: zapped
 *          pages go back to the zone in batches, at tlb_flush_mmu() time,
 *          as the kernel frees them only after the TLB flush.  The 4.x and
 *          5.x signatures of tlb_gather_mmu()/tlb_finish_mmu() are both
 *          accepted, so each era keeps its own text.
 */
#ifndef _ASM_TLB_H
#define _ASM_TLB_H

#include <linux/mm.h>

#define MAX_GATHER_BATCH	64

/**
 * struct mmu_gather - pages unmapped but not yet freed.
 * @mm: the address space being unmapped.
 * @fullmm: true when the whole mm goes (exit_mmap()).
 * @nr: pages gathered since the last flush.
 */
struct mmu_gather {
	struct mm_struct *mm;
	bool fullmm;
	unsigned int nr;
};

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm);
void tlb_gather_mmu_fullmm(struct mmu_gather *tlb, struct mm_struct *mm);
void tlb_flush_mmu(struct mmu_gather *tlb);
void tlb_finish_mmu(struct mmu_gather *tlb);
/* v4.x passed the range too: tlb_gather_mmu(&tlb, mm, 0, -1). */
#define tlb_gather_mmu(tlb, mm, ...)	tlb_gather_mmu(tlb, mm)
#define tlb_finish_mmu(tlb, ...)	tlb_finish_mmu(tlb)

static inline void tlb_remove_page(struct mmu_gather *tlb, struct page *page)
{
	(void)page;
	if (++tlb->nr == MAX_GATHER_BATCH)
		tlb_flush_mmu(tlb);
}

#endif /* _ASM_TLB_H */
