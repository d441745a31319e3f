// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/mm/mmap.c - VMAs: finding them, creating them, unmapping them, and
 *                 exit_mmap()
 *
 * Models:  mm/mmap.c, Linux v4.6: find_vma(), remove_vma(), exit_mmap();
 *          vm_brk_flags() and insert_vm_struct() much reduced; munmap() as
 *          v4.20 left it (dd2283f2605e, Yang Shi): __do_munmap(),
 *          __vm_munmap(), vm_munmap(), with and without downgrade_write.
 *          It does not vary by era in reaplab.
 * Omits:   munlock of VM_LOCKED VMAs, mmu notifiers, accounting beyond
 *          total_vm, VMA merging and splitting, the vmacache and the rbtree
 *          (find_vma() walks the list), userfaultfd.
 * Book:    chapter "v4.6: the first reaper" (book/era-v4.6.md); chapter
 *          "munmap with downgrade_write" (Yang Shi, 2018).
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
 * The OOM reaper (v4.6) is another task that walks the VMAs and page
 * tables of a dying mm.  Until v4.14 it does so holding an mm_users
 * reference (atomic_inc_not_zero(), later mmget_not_zero()), so exit_mmap()
 * cannot start under it, and a reaper that cannot get one gives up (DOC:
 * v4.9: MMF_OOM_SKIP before the memory is freed).  From v4.14
 * (212925802454) it pins the mm only by mm_count, possibly walking the VMAs
 * and page tables at the very moment exit_mmap() frees them.  Every era
 * from 2017 on is an answer to that.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/oom.h>
#include <linux/list.h>
#include <linux/errno.h>
#include <linux/syscalls.h>
#include <asm/tlb.h>
#include "internal.h"

struct kmem_cache *vm_area_cachep;

/*
 * debug_vm - CONFIG_DEBUG_VM, chosen at boot (struct reaplab_boot): the
 * kernel's extra VM_WARN_ON()s, here on what find_vma() answers.
 */
bool debug_vm;

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

	/*
	 * READ_ONCE(): munmap() writes the head and the links (rule (5) of
	 * DOC: The sync seam), so that a lookup moved out of mmap_lock is
	 * ordered against the unmap that then frees what it found.
	 */
	for (vma = READ_ONCE(mm->mmap); vma; vma = READ_ONCE(vma->vm_next))
		if (addr < vma->vm_end)
			return vma;
	return NULL;
}

/**
 * validate_find_vma() - CONFIG_DEBUG_VM's checks on a find_vma() answer.
 * @mm: the address space searched.
 * @addr: the address looked up.
 * @vma: what find_vma(@mm, @addr) returned.
 *
 * With debug_vm off this is one test of a global.  With it on, the answer
 * is checked the way VM_WARN_ON() checks invariants: @vma belongs to @mm,
 * is not empty, ends above @addr and does not overlap the VMA after it on
 * the list; and the maple tree, asked the same question, gives the same
 * answer (the list and the tree must agree, as the kernel's
 * CONFIG_DEBUG_VM_MAPLE_TREE checks them against each other).
 *
 * CUSTOM: the kernel puts such checks inside the lookup and its helpers.
 * Here they run on the result, called by the one caller every era shares
 * (the find_vma entry point in src/kernel/entry.c), so that each era's
 * find_vma() keeps its own text: v4.14's and v5.15's then differ only by
 * the mmap_assert_locked() of 5b78ed24e8ec (Luigi Rizzo, 2021).
 *
 * Context: mmap_lock held, as for find_vma().
 * Return: @vma.
 */
struct vm_area_struct *validate_find_vma(struct mm_struct *mm,
					 unsigned long addr,
					 struct vm_area_struct *vma)
{
	unsigned long index = addr;

	if (!debug_vm)
		return vma;
	if (vma) {
		VM_WARN_ON(vma->vm_mm != mm);
		VM_WARN_ON(vma->vm_start >= vma->vm_end);
		VM_WARN_ON(addr >= vma->vm_end);
		VM_WARN_ON(vma->vm_next &&
			   vma->vm_next->vm_start < vma->vm_end);
	}
	VM_WARN_ON(mt_find(&mm->mm_mt, &index, ULONG_MAX) != vma);
	return vma;
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
 * vma_start_write() - the per-VMA lock's writer side: nothing before v6.4,
 * which brought the lock (linux/mmap_lock.h; v6.18's overlay has it).
 * @vma: a VMA about to be changed or detached.
 */
__era void vma_start_write(struct vm_area_struct *vma)
{
	(void)vma;
}

//! [exit_mmap]
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
//! [exit_mmap]

//! [munmap-doc]
/**
 * DOC: munmap() and downgrade_write (Yang Shi, 2018)
 *
 * Until v4.20 munmap() held mmap_sem for write from start to finish.  The
 * long part is zapping the pages (Yang Shi: ~18 s for 320 GB), and for all
 * of it every reader of the mm waited: `ps` reading /proc/<pid>/cmdline
 * sat in down_read() long enough for the hung-task detector.  Only the
 * first part changes what other tasks can see; dd2283f2605e gives the
 * rest the read lock:
 *
 *     munmap (dd2283f2605e, v4.20)      ps (/proc/<pid>/cmdline)
 *     -------------------------------------------------------------
 *     down_write(mmap_sem)
 *     find_vma, detach the VMAs         down_read ... waits
 *     downgrade_write(mmap_sem)         ... gets it at once: the
 *     unmap_region  # zap, free tables      range is gone from the mm
 *     remove_vma_list                   up_read
 *     up_read(mmap_sem)
 *
 * Invariant: once detached, the VMAs and their page tables are reachable
 * from nothing but the unmapping task, so the zap may share the lock with
 * readers, as MADV_DONTNEED does.  The price (book/munmap.md): any
 * code that kept a VMA pointer across the lock, or counted on the write
 * lock being held until munmap() returns, broke; e.g. expand_stack() next
 * to the range, fixed in 2020, and drivers caching VMAs (binder, 2023).
 */
//! [munmap-doc]

/*
 * detach_vmas_to_be_unmapped() - take @vma and the VMAs after it that
 * start below @end off the mm's list and out of its tree.  @prev is the
 * VMA before @vma, or NULL.  The detached VMAs stay chained by vm_next,
 * the last one's vm_next NULL, for unmap_region() to walk.
 */
static void detach_vmas_to_be_unmapped(struct mm_struct *mm,
				       struct vm_area_struct *vma,
				       struct vm_area_struct *prev,
				       unsigned long end)
{
	struct vm_area_struct **insertion_point;
	struct vm_area_struct *tail;

	insertion_point = prev ? &prev->vm_next : &mm->mmap;
	do {
		vma_start_write(vma);
		mtree_erase(&mm->mm_mt, vma->vm_start);
		mm->map_count--;
		mm->total_vm -= vma_pages(vma);
		tail = vma;
		vma = vma->vm_next;
	} while (vma && vma->vm_start < end);
	WRITE_ONCE(*insertion_point, vma);
	tail->vm_next = NULL;
}

/*
 * unmap_region() - zap the pages of the detached VMAs from @vma on, then
 * free their page tables.
 *
 * CUSTOM: the kernel calls unmap_vmas() and free_pgtables().  From v6.1
 * on the model's versions of those walk the mm's maple tree, which no
 * longer holds these VMAs, so the detached chain is walked here, one VMA
 * at a time, in every era alike.
 */
static void unmap_region(struct mm_struct *mm, struct vm_area_struct *vma,
			 struct vm_area_struct *prev, unsigned long start,
			 unsigned long end)
{
	struct vm_area_struct *next;
	struct mmu_gather tlb;

	(void)prev;
	tlb_gather_mmu(&tlb, mm, start, end);
	for (next = vma; next; next = next->vm_next)
		unmap_single_vma(&tlb, next, start, end);
	for (next = vma; next; next = next->vm_next)
		free_pgd_range(&tlb, next->vm_start, next->vm_end);
	tlb_finish_mmu(&tlb, start, end);
}

/* remove_vma_list() - free the detached VMAs, from @vma on. */
static void remove_vma_list(struct mm_struct *mm, struct vm_area_struct *vma)
{
	(void)mm;
	do {
		vma = remove_vma(vma);
		cond_resched();
	} while (vma);
}

//! [munmap]
/**
 * __do_munmap() - unmap [@start, @start + @len) of @mm.
 * @mm: the address space.
 * @start: first address, page aligned.
 * @len: length; rounded up to whole pages.
 * @uf: userfaultfd unmap events (unused: the model has no userfaultfd).
 * @downgrade: once the VMAs are detached, downgrade mmap_sem to read for
 *	       the zap (see DOC: munmap() and downgrade_write).
 *
 * CUSTOM: the model never splits a VMA: a range that starts or ends
 * inside one is refused with -EINVAL instead.
 *
 * Context: mmap_sem held for write.
 * Return: 0 with mmap_sem still held for write; 1 if it was downgraded and
 * is now held for read; -EINVAL for a bad range.
 */
int __do_munmap(struct mm_struct *mm, unsigned long start, size_t len,
		struct list_head *uf, bool downgrade)
{
	struct vm_area_struct *vma, *prev, *last;
	unsigned long end;

	(void)uf;
	if ((start & ~PAGE_MASK) || start > TASK_SIZE ||
	    len > TASK_SIZE - start)
		return -EINVAL;
	len = (len + PAGE_SIZE - 1) & PAGE_MASK;
	end = start + len;
	if (len == 0)
		return -EINVAL;

	/* Find the first overlapping VMA. */
	vma = find_vma(mm, start);
	if (!vma || vma->vm_start >= end)
		return 0;
	last = find_vma(mm, end - 1);
	if (vma->vm_start < start || (last && last->vm_start < end &&
				      last->vm_end > end))
		return -EINVAL;
	for (prev = NULL, last = mm->mmap; last != vma; last = last->vm_next)
		prev = last;

	/* After this, no lookup through the mm finds the range. */
	detach_vmas_to_be_unmapped(mm, vma, prev, end);

	if (downgrade)
		downgrade_write(&mm->mmap_sem);

	unmap_region(mm, vma, prev, start, end);

	/* Fix up all other VM information. */
	remove_vma_list(mm, vma);

	return downgrade ? 1 : 0;
}

/**
 * __vm_munmap() - munmap() of current's address space.
 * @start: first address.
 * @len: length.
 * @downgrade: zap under the read lock (munmap(2)) or not (vm_munmap()).
 *
 * Return: 0, or -EINVAL, -EINTR.
 */
int __vm_munmap(unsigned long start, size_t len, bool downgrade)
{
	struct mm_struct *mm = current->mm;
	LIST_HEAD(uf);
	int ret;

	if (down_write_killable(&mm->mmap_sem))
		return -EINTR;

	ret = __do_munmap(mm, start, len, &uf, downgrade);
	/*
	 * Returning 1 means mmap_sem was downgraded: the caller holds it
	 * for read now.
	 */
	if (ret == 1) {
		up_read(&mm->mmap_sem);
		ret = 0;
	} else {
		up_write(&mm->mmap_sem);
	}
	return ret;
}
//! [munmap]

/**
 * vm_munmap() - unmap for in-kernel callers, which keep the write lock
 * over the whole unmap (v4.20 changed only the system call).
 * @start: first address.
 * @len: length.
 *
 * Return: 0, or -EINVAL, -EINTR.
 */
int vm_munmap(unsigned long start, size_t len)
{
	return __vm_munmap(start, len, false);
}

SYSCALL_DEFINE2(munmap, unsigned long, addr, size_t, len)
{
	return __vm_munmap(addr, len, true);
}
