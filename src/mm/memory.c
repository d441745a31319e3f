// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/mm/memory.c - page tables: faulting pages in, zapping them, freeing
 *                   the tables
 *
 * Models:  mm/memory.c, Linux v4.6: unmap_vmas(), unmap_page_range(),
 *          zap_pte_range(), free_pgtables(), handle_mm_fault(),
 *          __access_remote_vm(); mm/gup.c: __mm_populate().
 * Omits:   file pages, swap entries, huge pages, mmu notifiers, the
 *          floor/ceiling logic of free_pgd_range() (VMAs never share a PTE
 *          table in the model: see vm_brk_flags()).
 * Book:    chapter "Primer" (book/primer.md).
 *
 * Lock ordering in this file (outermost first):
 *
 *     mm->mmap_lock          read: zap and fault; write: change VMAs
 *       pt->ptl              one PTE table
 *
 * DOC: Zapping concurrently with another zapper
 *
 * unmap_page_range() is what MADV_DONTNEED does, and the kernel lets any
 * number of tasks run it at once under mmap_lock held for read.  Two
 * zappers of the same range meet only at the PTE table lock: each PTE is
 * cleared with ptep_get_and_clear(), so exactly one of them sees the page
 * and frees it, and the other finds pte_none().  This is why exit_mmap()
 * and the OOM reaper may zap the same VMAs at once, from v4.14 until
 * v5.17's write lock and again from v6.1 on, and why they then fight over
 * pt->ptl (zhongjinji, 2025).
 *
 * What no zapper may survive is the PTE table itself going away under it:
 * free_pgtables() is the destructive step, and every era's question is
 * how the reaper is kept out of it.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "internal.h"

unsigned long ptrs_per_pte = 512;

static struct kmem_cache *ptdesc_cachep;

/**
 * pgtable_cache_init() - create the cache of PTE tables.
 *
 * Context: boot only, after PTRS_PER_PTE is known.
 */
void pgtable_cache_init(void)
{
	ptdesc_cachep = kmem_cache_create("ptdesc", sizeof(struct ptdesc) +
					  PTRS_PER_PTE * sizeof(pte_t));
}

pmd_t *pgd_alloc(struct mm_struct *mm)
{
	(void)mm;
	return __kmalloc_named(PTRS_PER_PGD * sizeof(pmd_t), "pgd");
}

void pgd_free(struct mm_struct *mm, pmd_t *pgd)
{
	(void)mm;
	kfree(pgd);
}

static struct ptdesc *pte_alloc_one(struct mm_struct *mm)
{
	struct ptdesc *pt = kmem_cache_zalloc(ptdesc_cachep, GFP_KERNEL);

	(void)mm;
	if (pt)
		spin_lock_init(&pt->ptl);
	return pt;
}

static int __pte_alloc(struct mm_struct *mm, pmd_t *pmd)
{
	struct ptdesc *pt = pte_alloc_one(mm);

	if (!pt)
		return -1;
	WRITE_ONCE(pmd->pmd, (unsigned long)(uintptr_t)pt);
	return 0;
}

//! [pte_offset_map_lock]
/**
 * pte_offset_map_lock() - find and lock the PTE for @addr.
 * @mm: the address space.
 * @pmd: the entry pointing to the PTE table.
 * @addr: the address.
 * @ptlp: returns the lock taken.
 *
 * The pmd entry is read once, then the table's lock is taken.  Between the
 * two, free_pgtables() may clear the entry and free the table: the lock
 * is then taken in freed memory, which is exactly the "Bad page map"
 * class of bug the eras are about.
 *
 * Return: the PTE, with *@ptlp held; NULL if there is no PTE table (as
 * pte_offset_map_lock() may return since v6.5).
 */
pte_t *pte_offset_map_lock(struct mm_struct *mm, pmd_t *pmd,
			   unsigned long addr, spinlock_t **ptlp)
{
	pmd_t pmdval = { READ_ONCE(pmd->pmd) };
	struct ptdesc *pt;

	(void)mm;
	if (!pmdval.pmd)
		return NULL;
	pt = pmd_ptdesc(pmdval);
	*ptlp = &pt->ptl;
	spin_lock(*ptlp);
	return &pt->pte[pte_index(addr)];
}
//! [pte_offset_map_lock]

void pte_unmap_unlock(pte_t *pte, spinlock_t *ptl)
{
	(void)pte;
	spin_unlock(ptl);
}

static int do_anonymous_page(struct vm_area_struct *vma, unsigned long addr)
{
	struct mm_struct *mm = vma->vm_mm;
	pmd_t *pmd = pmd_off(mm, addr);
	struct page *page;
	spinlock_t *ptl;
	pte_t *pte;

	if (!READ_ONCE(pmd->pmd) && __pte_alloc(mm, pmd))
		return -1;
	page = alloc_page(GFP_HIGHUSER_MOVABLE);
	if (!page)
		return -1;
	atomic_set(&page->_mapcount, 0);
	pte = pte_offset_map_lock(mm, pmd, addr, &ptl);
	set_pte_at(mm, addr, pte, pfn_pte(page_to_pfn(page)));
	add_mm_counter(mm, MM_ANONPAGES, 1);
	pte_unmap_unlock(pte, ptl);
	return 0;
}

/**
 * handle_mm_fault() - fault in the page at @address.
 * @vma: the VMA containing it.
 * @address: the faulting address.
 * @flags: unused.
 *
 * Context: the model only faults while a scenario is built.
 * Return: 0, or -1 when out of memory.
 */
int handle_mm_fault(struct vm_area_struct *vma, unsigned long address,
		    unsigned int flags)
{
	(void)flags;
	return do_anonymous_page(vma, address & PAGE_MASK);
}

/**
 * mm_populate() - fault in every page of [addr, addr + len) of current.
 * @addr: start.
 * @len: length.
 *
 * Return: 0, or -1 when a fault fails.
 */
int mm_populate(unsigned long addr, unsigned long len)
{
	struct mm_struct *mm = current->mm;
	unsigned long end = addr + len;

	for (; addr < end; addr += PAGE_SIZE) {
		struct vm_area_struct *vma = find_vma(mm, addr);

		if (!vma || handle_mm_fault(vma, addr, 0))
			return -1;
	}
	return 0;
}

/*
 * zap_pte_range() - clear the PTEs of [addr, end) in one table.
 *
 * The RSS counter is updated once per table, as the kernel does with
 * add_mm_rss_vec(); the pages themselves go back to the zone only when the
 * gather is flushed.
 */
static unsigned long zap_pte_range(struct mmu_gather *tlb, pmd_t *pmd,
				   unsigned long addr, unsigned long end)
{
	struct mm_struct *mm = tlb->mm;
	pte_t *start_pte, *pte;
	spinlock_t *ptl;
	long rss = 0;

	start_pte = pte_offset_map_lock(mm, pmd, addr, &ptl);
	if (!start_pte)
		return end;
	pte = start_pte;
	do {
		pte_t ptent = ptep_get_and_clear_full(mm, addr, pte,
						      tlb->fullmm);
		struct page *page;

		if (pte_none(ptent))
			continue;
		page = pfn_to_page(pte_pfn(ptent));
		rss--;
		page_remove_rmap(page);
		tlb_remove_page(tlb, page);
	} while (pte++, addr += PAGE_SIZE, addr != end);

	if (rss)
		add_mm_counter(mm, MM_ANONPAGES, rss);
	pte_unmap_unlock(start_pte, ptl);
	return addr;
}

static void zap_pmd_range(struct mmu_gather *tlb, unsigned long addr,
			  unsigned long end)
{
	pmd_t *pmd = pmd_off(tlb->mm, addr);
	unsigned long next;

	do {
		next = pmd_addr_end(addr, end);
		zap_pte_range(tlb, pmd, addr, next);
	} while (pmd++, addr = next, addr != end);
}

/**
 * unmap_page_range() - zap the pages of [addr, end) of @vma.
 * @tlb: the gather collecting the pages.
 * @vma: the VMA; its page tables must exist for the whole call.
 * @addr: start.
 * @end: end.
 * @details: unused.
 *
 * Context: mmap_lock held for read (or mm_users == 0 and no one else can
 * see the mm).  See DOC: Zapping concurrently with another zapper.
 */
void unmap_page_range(struct mmu_gather *tlb, struct vm_area_struct *vma,
		      unsigned long addr, unsigned long end,
		      struct zap_details *details)
{
	(void)vma;
	(void)details;
	if (addr < end)
		zap_pmd_range(tlb, addr, end);
}

__era void unmap_single_vma(struct mmu_gather *tlb,
			     struct vm_area_struct *vma,
			     unsigned long start_addr, unsigned long end_addr)
{
	unsigned long start = max(vma->vm_start, start_addr);
	unsigned long end;

	if (start >= vma->vm_end)
		return;
	end = min(vma->vm_end, end_addr);
	if (end <= vma->vm_start)
		return;
	unmap_page_range(tlb, vma, start, end, NULL);
}

/**
 * unmap_vmas() - zap the pages of every VMA from @vma on, in address order.
 * @tlb: the gather.
 * @vma: the first VMA.
 * @start_addr: start of the range (0 for the whole mm).
 * @end_addr: end of the range (-1 for the whole mm).
 */
void unmap_vmas(struct mmu_gather *tlb, struct vm_area_struct *vma,
		unsigned long start_addr, unsigned long end_addr)
{
	for (; vma && vma->vm_start < end_addr; vma = vma->vm_next)
		unmap_single_vma(tlb, vma, start_addr, end_addr);
}

/*
 * free_pte_range() - clear the pmd entry, then free the PTE table.  A
 * walker that read the entry before it was cleared may still be on its way
 * to the table's lock.
 */
static void free_pte_range(struct mmu_gather *tlb, pmd_t *pmd)
{
	struct ptdesc *pt = pmd_ptdesc(*pmd);

	tlb_gather_live(tlb);	/* pte_free_tlb() hands it to the gather */
	WRITE_ONCE(pmd->pmd, 0);
	kmem_cache_free(ptdesc_cachep, pt);
}

__era void free_pgd_range(struct mmu_gather *tlb, unsigned long addr,
			   unsigned long end)
{
	pmd_t *pmd = pmd_off(tlb->mm, addr);
	unsigned long next;

	do {
		next = pmd_addr_end(addr, end);
		if (pmd->pmd)
			free_pte_range(tlb, pmd);
	} while (pmd++, addr = next, addr != end);
}

/**
 * free_pgtables() - free the PTE tables under @vma and every VMA after it.
 * @tlb: the gather.
 * @vma: the first VMA.
 * @floor: unused (see Omits).
 * @ceiling: unused.
 *
 * Context: the destructive step of teardown: nobody may walk these page
 * tables any more.  How that is guaranteed is what each era changes.
 */
void free_pgtables(struct mmu_gather *tlb, struct vm_area_struct *vma,
		   unsigned long floor, unsigned long ceiling)
{
	(void)floor;
	(void)ceiling;
	for (; vma; vma = vma->vm_next)
		free_pgd_range(tlb, vma->vm_start, vma->vm_end);
}

/**
 * access_remote_vm() - read another process's memory, as /proc does.
 * @mm: the address space, pinned by the caller with mm_users.
 * @addr: where to read.
 * @buf: unused: the model reads no data.
 * @len: bytes to read.
 * @gup_flags: unused.
 *
 * Return: @len if @addr is mapped, else 0.
 */
int access_remote_vm(struct mm_struct *mm, unsigned long addr, void *buf,
		     int len, unsigned int gup_flags)
{
	struct vm_area_struct *vma;
	int ret = 0;

	(void)buf;
	(void)gup_flags;
	down_read(&mm->mmap_sem);
	vma = find_vma(mm, addr);
	/*
	 * A READ_ONCE() where the kernel reads plainly: a munmap() frees
	 * this VMA as soon as the lock lets it, so the read must be a seam
	 * operation for the explorer to order the two (rule (4) of DOC: The
	 * sync seam).
	 */
	if (vma && READ_ONCE(vma->vm_start) <= addr)
		ret = len;
	up_read(&mm->mmap_sem);
	return ret;
}
