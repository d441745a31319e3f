// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/mm/mmap.c - VMAs: finding them, creating them, and exit_mmap()
 *
 * Models:  mm/mmap.c, Linux v4.6: find_vma(), remove_vma(), exit_mmap();
 *          vm_brk_flags() and insert_vm_struct() much reduced.
 * Omits:   munlock of VM_LOCKED VMAs, mmu notifiers, accounting beyond
 *          total_vm, VMA merging, the vmacache and the rbtree (find_vma()
 *          walks the list).
 * Book:    chapter "v4.6: the first reaper" (book/era-v4.6.md).
 *
 * DOC: exit_mmap() before the reaper
 *
 * exit_mmap() runs once mm_users has dropped to 0.  Until 2017 it took no
 * lock at all: nobody else could possibly look at an mm without a user
 * reference, so there was nobody to exclude.
 *
 *     exit_mmap(mm)
 *       unmap_vmas()        # zap every PTE, pages back to the zone
 *       free_pgtables()     # free the PTE tables
 *       remove_vma() ...    # free the VMAs
 *
 * The OOM reaper (v4.6) broke that assumption: it walks the VMAs and page
 * tables of an mm it pins only by mm_count, possibly at the very moment
 * exit_mmap() frees them.  Every era after this one is an answer to that.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/oom.h>
#include <asm/tlb.h>
#include "internal.h"

struct kmem_cache *vm_area_cachep;

/**
 * find_vma() - the first VMA that ends above @addr.
 * @mm: the address space.
 * @addr: the address.
 *
 * Context: mmap_lock held (checked from v5.15 on, see that era).
 * Return: the VMA, or NULL.
 */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma;

	for (vma = mm->mmap; vma; vma = vma->vm_next)
		if (addr < vma->vm_end)
			return vma;
	return NULL;
}

/**
 * vm_area_alloc() - a new, empty VMA of @mm (v4.18's helper).
 * @mm: the address space.
 *
 * Return: the VMA, or NULL.
 */
struct vm_area_struct *vm_area_alloc(struct mm_struct *mm)
{
	struct vm_area_struct *vma = kmem_cache_zalloc(vm_area_cachep,
						       GFP_KERNEL);

	if (vma)
		vma->vm_mm = mm;
	return vma;
}

/**
 * insert_vm_struct() - link @vma into @mm, in address order.
 * @mm: the address space.
 * @vma: the new VMA, not overlapping any other.
 *
 * CUSTOM: the VMA goes on the list (read by every era up to v5.17) and
 * into mm_mt (read from v6.1 on), so every era finds the same VMAs.
 *
 * Context: the scenario is being built; nobody else looks at @mm.
 * Return: 0, or -ENOMEM.
 */
int insert_vm_struct(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct vm_area_struct **pprev = &mm->mmap;

	while (*pprev && (*pprev)->vm_start < vma->vm_start)
		pprev = &(*pprev)->vm_next;
	vma->vm_next = *pprev;
	*pprev = vma;
	mm->map_count++;
	return mtree_store_range(&mm->mm_mt, vma->vm_start, vma->vm_end - 1,
				 vma);
}

/**
 * vm_brk_flags() - map anonymous memory at [addr, addr + len) of current.
 * @addr: start; the model rounds it up to a PTE-table boundary, so that no
 *	  two VMAs ever share a PTE table.
 * @len: length.
 * @flags: extra VM_* flags.
 *
 * Return: 0, or -1.
 */
int vm_brk_flags(unsigned long addr, unsigned long len, unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma = vm_area_alloc(mm);

	if (!vma)
		return -1;
	addr = (addr + PMD_SIZE - 1) & PMD_MASK;
	vma->vm_start = addr;
	vma->vm_end = addr + ((len + PAGE_SIZE - 1) & PAGE_MASK);
	vma->vm_flags = VM_READ | VM_WRITE | VM_ACCOUNT | flags;
	if (vma->vm_end > TASK_SIZE || insert_vm_struct(mm, vma))
		return -1;
	mm->total_vm += vma_pages(vma);
	return 0;
}

/**
 * remove_vma() - free @vma.
 * @vma: a VMA already unlinked from every walker's view, or about to be
 *	 freed with its whole mm.
 *
 * Return: the next VMA on the list.
 */
__era struct vm_area_struct *remove_vma(struct vm_area_struct *vma)
{
	struct vm_area_struct *next = vma->vm_next;

	might_sleep();
	kmem_cache_free(vm_area_cachep, vma);
	return next;
}

/**
 * exit_mmap() - tear down an address space.
 * @mm: the mm; mm_users is 0.
 *
 * See DOC: exit_mmap() before the reaper.  This is the v4.6 text: no lock
 * is taken because, the reasoning went, nobody else can see the mm.
 */
void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	/* Walk the list again, freeing each VMA, holding no lock at all. */
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
