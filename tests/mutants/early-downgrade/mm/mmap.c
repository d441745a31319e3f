// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/early-downgrade/mm/mmap.c - munmap() downgrades mmap_lock
 * before it detaches the VMAs
 *
 * The common tree's __do_munmap() (src/mm/mmap.c), and the static helpers
 * it calls, with one change: downgrade_write() comes before
 * detach_vmas_to_be_unmapped() instead of after it.  A reader that takes
 * mmap_lock for read once it is downgraded finds the VMA list and the
 * maple tree while munmap() is editing them: through the list's
 * WRITE_ONCE() links (v5.15, v5.17) it walks into the VMA munmap() then
 * frees; in the maple tree (v6.1, v6.18) mtree_erase() moves the node's
 * slots with plain stores, which only the data-race oracle sees.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/oom.h>
#include <linux/list.h>
#include <linux/errno.h>
#include <linux/syscalls.h>
#include <asm/tlb.h>
#include "../../../src/mm/internal.h"

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

	/*
	 * The planted bug: the lock goes down to read before the VMAs are
	 * detached, so a /proc reader walks them while they are unlinked.
	 */
	if (downgrade)
		downgrade_write(&mm->mmap_sem);

	/* After this, no lookup through the mm finds the range. */
	detach_vmas_to_be_unmapped(mm, vma, prev, end);

	unmap_region(mm, vma, prev, start, end);

	/* Fix up all other VM information. */
	remove_vma_list(mm, vma);

	return downgrade ? 1 : 0;
}
