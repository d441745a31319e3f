/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/asm/tlb.h - struct mmu_gather
 *
 * Models:  include/asm-generic/tlb.h, mm/mmu_gather.c
 * CUSTOM:  there is no TLB to flush.  What is kept is the batching: zapped
 *          pages go back to the zone in batches, at tlb_flush_mmu() time,
 *          as the kernel frees them only after the TLB flush; and the
 *          gather's lifetime, from tlb_gather_mmu() to tlb_finish_mmu(),
 *          outside which nothing may be handed to it (tlb_gather_live()).  The 4.x and
 *          5.x signatures of tlb_gather_mmu()/tlb_finish_mmu() are both
 *          accepted, so each era keeps its own text.
 */
#ifndef _ASM_TLB_H
#define _ASM_TLB_H

#include <linux/kernel.h>
#include <linux/mm.h>

#define MAX_GATHER_BATCH	64

/**
 * struct mmu_gather - pages unmapped but not yet freed.
 * @mm: the address space being unmapped.
 * @fullmm: true when the whole mm goes (exit_mmap()).
 * @nr: pages gathered since the last flush.
 * @live: between tlb_gather_mmu() and tlb_finish_mmu(): only then may
 *	  pages and page tables be handed to it (tlb_gather_live()).
 */
struct mmu_gather {
	struct mm_struct *mm;
	bool fullmm;
	unsigned int nr;
	bool live;
};

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm);
void tlb_gather_mmu_fullmm(struct mmu_gather *tlb, struct mm_struct *mm);
void tlb_flush_mmu(struct mmu_gather *tlb);
void tlb_finish_mmu(struct mmu_gather *tlb);
/* v4.x passed the range too: tlb_gather_mmu(&tlb, mm, 0, -1). */
#define tlb_gather_mmu(tlb, mm, ...)	tlb_gather_mmu(tlb, mm)
#define tlb_finish_mmu(tlb, ...)	tlb_finish_mmu(tlb)

/*
 * tlb_gather_live() - a page or a page table is handed to @tlb: it must be
 * between tlb_gather_mmu() and tlb_finish_mmu().  Upstream checks nothing
 * here; a page or a table (pte_free_tlb()) given to a finished gather is
 * queued on a batch that no flush will ever free, its TLB entries never
 * flushed.  The model does not keep that lost batch: it warns instead, so
 * a teardown that frees page tables after tlb_finish_mmu() is a verdict.
 * A macro, not a function: a call would be one more function in every
 * trace.
 */
#define tlb_gather_live(tlb)	VM_WARN_ON(!(tlb)->live)

static inline void tlb_remove_page(struct mmu_gather *tlb, struct page *page)
{
	(void)page;
	tlb_gather_live(tlb);
	if (++tlb->nr == MAX_GATHER_BATCH)
		tlb_flush_mmu(tlb);
}

#endif /* _ASM_TLB_H */
