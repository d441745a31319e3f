/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/asm/pgtable.h - page tables
 *
 * Models:  arch/x86/include/asm/pgtable*.h, include/linux/pgtable.h,
 *          include/linux/mm.h (pte_offset_map_lock, split PTE locks)
 * CUSTOM:  two levels, as on 2-level i386: the mm's pgd is an array of
 *          pmd_t entries (p4d, pud and pmd folded into it), each pointing to
 *          a PTE table that carries its own ptl spinlock (split PTE locks,
 *          where the kernel keeps ptl in the table's struct page).
 *          PTRS_PER_PTE is a boot parameter so the explorer can use tiny
 *          tables.  A PTE holds a page frame number plus _PAGE_PRESENT.
 */
#ifndef _ASM_PGTABLE_H
#define _ASM_PGTABLE_H

#include <linux/kernel.h>
#include <linux/spinlock.h>

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#define _PAGE_PRESENT	0x001UL

extern unsigned long ptrs_per_pte;
#define PTRS_PER_PTE	ptrs_per_pte
#define PMD_SIZE	(PTRS_PER_PTE * PAGE_SIZE)
#define PMD_MASK	(~(PMD_SIZE - 1))
/* The user address space spans this many PTE tables. */
#define PTRS_PER_PGD	64
#define TASK_SIZE	(PTRS_PER_PGD * PMD_SIZE)
#define FIRST_USER_ADDRESS	0UL
#define USER_PGTABLES_CEILING	0UL

typedef struct {
	unsigned long pte;
} pte_t;

typedef struct {
	unsigned long pmd;
} pmd_t;

//! [ptdesc]
/**
 * struct ptdesc - a PTE table and its lock.
 * @ptl: the split page table lock for every PTE in @pte.
 * @pte: PTRS_PER_PTE entries.
 */
struct ptdesc {
	spinlock_t ptl;
	pte_t pte[];
};
//! [ptdesc]

static inline unsigned long pmd_index(unsigned long addr)
{
	return (addr / PMD_SIZE) % PTRS_PER_PGD;
}

static inline unsigned long pte_index(unsigned long addr)
{
	return (addr / PAGE_SIZE) % PTRS_PER_PTE;
}

static inline unsigned long pmd_addr_end(unsigned long addr, unsigned long end)
{
	unsigned long boundary = (addr + PMD_SIZE) & PMD_MASK;

	return (boundary - 1 < end - 1) ? boundary : end;
}

static inline bool pte_present(pte_t pte)
{
	return pte.pte & _PAGE_PRESENT;
}

static inline bool pte_none(pte_t pte)
{
	return !pte.pte;
}

static inline unsigned long pte_pfn(pte_t pte)
{
	return pte.pte >> PAGE_SHIFT;
}

static inline pte_t pfn_pte(unsigned long pfn)
{
	return (pte_t){ (pfn << PAGE_SHIFT) | _PAGE_PRESENT };
}

static inline struct ptdesc *pmd_ptdesc(pmd_t pmd)
{
	return (struct ptdesc *)(uintptr_t)pmd.pmd;
}

#define ptep_get(ptep)							\
	((pte_t){ READ_ONCE((ptep)->pte) })
#define set_pte_at(mm, addr, ptep, pteval)				\
	WRITE_ONCE((ptep)->pte, (pteval).pte)
/* The idempotent store the explorer knows: clearing a clear PTE commutes. */
#define ptep_get_and_clear_full(mm, addr, ptep, full)			\
	((pte_t){ (unsigned long)SEAM(SEAM_ATOMIC_XCHG, &(ptep)->pte,	\
		sizeof((ptep)->pte), 0, 0, "ptep_get_and_clear", "pte") })

#endif /* _ASM_PGTABLE_H */
