/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/mm.h - pages, zones, RSS counters, VMA functions
 *
 * Models:  include/linux/mm.h, include/linux/mmzone.h, include/linux/gfp.h
 * CUSTOM:  one node, one zone.  The zone counts its free pages in one
 *          atomic; struct page carries only the mapcount that rmap keeps.
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/mm_types.h>
#include <linux/mmap_lock.h>
#include <linux/sched.h>

#define GFP_HIGHUSER_MOVABLE	0x100cca
#define __GFP_HARDWALL		0x100000

/* What a fault handler returns (include/linux/mm_types.h's vm_fault_t). */
#define VM_FAULT_OOM		0x000001
#define VM_FAULT_SIGBUS		0x000002
#define VM_FAULT_ERROR		(VM_FAULT_OOM | VM_FAULT_SIGBUS)

/*
 * Simulator-only: a fault is about to map the zero page at @addr of @mm
 * (the refault oracle, src/sim/world/oracle.c).
 */
#define trace_zero_page_fault(mm, addr)					\
	SEAM_TRACE(SEAM_TRACE_ZERO_PAGE, mm, addr, "zero page")

/**
 * struct page - a page frame.
 * @_mapcount: number of PTEs mapping the page, minus one.
 */
struct page {
	atomic_t _mapcount;
};

enum zone_watermarks {
	WMARK_MIN,
	WMARK_LOW,
	WMARK_HIGH,
	NR_WMARK
};

/**
 * struct zone - the one memory zone.
 * @free_pages: free page frames (the kernel's NR_FREE_PAGES).
 * @_watermark: allocation watermarks, in pages.
 * @managed_pages: every page frame of the zone.
 * @mem_map: the struct pages, indexed by frame number.
 * @next_pfn: where the next allocation takes its frame numbers from.
 */
struct zone {
	atomic_long_t free_pages;
	unsigned long _watermark[NR_WMARK];
	unsigned long managed_pages;
	struct page *mem_map;
	atomic_long_t next_pfn;
};

extern struct zone contig_zone;

static inline struct page *pfn_to_page(unsigned long pfn)
{
	return &contig_zone.mem_map[pfn % contig_zone.managed_pages];
}

static inline unsigned long page_to_pfn(struct page *page)
{
	return page - contig_zone.mem_map;
}

/* Allocation flags for get_page_from_freelist(). */
#define ALLOC_WMARK_MIN		WMARK_MIN
#define ALLOC_WMARK_LOW		WMARK_LOW
#define ALLOC_WMARK_HIGH	WMARK_HIGH

struct page *__alloc_pages(gfp_t gfp_mask, unsigned int order);
#define alloc_pages(gfp_mask, order)	__alloc_pages(gfp_mask, order)
#define alloc_page(gfp_mask)		__alloc_pages(gfp_mask, 0)
void free_pages_and_swap_cache(unsigned long nr);

static inline unsigned long get_mm_counter(struct mm_struct *mm, int member)
{
	return atomic_long_read(&mm->rss_stat[member]);
}

static inline void add_mm_counter(struct mm_struct *mm, int member, long value)
{
	atomic_long_add(value, &mm->rss_stat[member]);
}

static inline unsigned long get_mm_rss(struct mm_struct *mm)
{
	return get_mm_counter(mm, MM_ANONPAGES);
}

static inline bool vma_is_anonymous(struct vm_area_struct *vma)
{
	return !vma->vm_file;
}

static inline unsigned long vma_pages(struct vm_area_struct *vma)
{
	return (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

static inline bool is_vm_hugetlb_page(struct vm_area_struct *vma)
{
	return vma->vm_flags & VM_HUGETLB;
}

/*
 * May the reaper zap this VMA the way MADV_DONTNEED would?  The reaper's
 * first look at each VMA.  Where an era lets exit_mmap() free VMAs under
 * a reaper, this read races with the kfree(): it is a READ_ONCE(), a seam
 * operation, so that the explorer orders the two and the use-after-free
 * oracle sees the touch (the kernel reads it plainly).
 */
static inline bool can_madv_dontneed_vma(struct vm_area_struct *vma)
{
	return !(READ_ONCE(vma->vm_flags) &
		 (VM_LOCKED | VM_HUGETLB | VM_PFNMAP));
}
#define can_madv_lru_vma(vma)	can_madv_dontneed_vma(vma)

/**
 * struct zap_details - what unmap_page_range() may skip (nothing, here).
 * @unused: no field is needed by the model.
 */
struct zap_details {
	int unused;
};

/*
 * struct vma_iterator - a cursor over the VMAs of an mm (v6.1's maple
 * tree API: VMA_ITERATOR(), for_each_vma()).
 * @mas: the maple tree state underneath.
 */
struct vma_iterator {
	struct ma_state mas;
};

#define VMA_ITERATOR(name, __mm, __addr)				\
	struct vma_iterator name = {					\
		.mas = { .tree = &(__mm)->mm_mt, .index = (__addr),	\
			 .last = (__addr), .started = false },		\
	}

static inline struct vm_area_struct *vma_next(struct vma_iterator *vmi)
{
	return mas_find(&vmi->mas, ULONG_MAX);
}

#define for_each_vma(__vmi, __vma)					\
	while (((__vma) = vma_next(&(__vmi))) != NULL)

struct mmu_gather;

struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);
struct vm_area_struct *vm_area_alloc(struct mm_struct *mm);
int insert_vm_struct(struct mm_struct *mm, struct vm_area_struct *vma);
int vm_brk_flags(unsigned long addr, unsigned long len, unsigned long flags);
int mm_populate(unsigned long addr, unsigned long len);
int handle_mm_fault(struct vm_area_struct *vma, unsigned long address,
		    unsigned int flags);
void unmap_page_range(struct mmu_gather *tlb, struct vm_area_struct *vma,
		      unsigned long addr, unsigned long end,
		      struct zap_details *details);
void unmap_vmas(struct mmu_gather *tlb, struct vm_area_struct *vma,
		unsigned long start_addr, unsigned long end_addr);
void free_pgtables(struct mmu_gather *tlb, struct vm_area_struct *vma,
		   unsigned long floor, unsigned long ceiling);
struct vm_area_struct *remove_vma(struct vm_area_struct *vma);
void exit_mmap(struct mm_struct *mm);
int __do_munmap(struct mm_struct *mm, unsigned long start, size_t len,
		struct list_head *uf, bool downgrade);
int __vm_munmap(unsigned long start, size_t len, bool downgrade);
int vm_munmap(unsigned long start, size_t len);
int access_remote_vm(struct mm_struct *mm, unsigned long addr, void *buf,
		     int len, unsigned int gup_flags);

#endif /* _LINUX_MM_H */
