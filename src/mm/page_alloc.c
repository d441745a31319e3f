// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/mm/page_alloc.c - the page allocator, down to the OOM killer
 *
 * Models:  mm/page_alloc.c, Linux v4.6: __alloc_pages(),
 *          get_page_from_freelist(), __alloc_pages_may_oom().
 * Omits:   reclaim and compaction (the model has nothing to reclaim:
 *          every page is anonymous and there is no swap), per-cpu lists,
 *          buddy orders (a zone is a count of free frames).
 * Book:    chapter "Primer" (book/primer.md).
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include "internal.h"

struct zone contig_zone;

/*
 * max_reclaim_retries - how often a failing allocation goes round the OOM
 * killer before giving up.  The kernel never gives up on small orders;
 * a bounded model must (boot parameter of the scenario).
 */
int max_reclaim_retries = 3;

/**
 * free_area_init() - set up the zone.
 * @nr_pages: page frames, all free.
 * @watermark: WMARK_MIN, WMARK_LOW, WMARK_HIGH.
 *
 * Context: boot only.
 */
void free_area_init(unsigned long nr_pages, const unsigned long *watermark)
{
	struct zone *zone = &contig_zone;
	int i;

	zone->managed_pages = nr_pages;
	zone->mem_map = __kmalloc_named(nr_pages * sizeof(struct page),
					"mem_map");
	atomic_long_set(&zone->free_pages, nr_pages);
	atomic_long_set(&zone->next_pfn, 0);
	for (i = 0; i < NR_WMARK; i++)
		zone->_watermark[i] = watermark[i];
}

static bool zone_watermark_ok(struct zone *z, unsigned int order,
			      unsigned long mark)
{
	long free_pages = atomic_long_read(&z->free_pages);

	return free_pages - (1L << order) >= (long)mark;
}

static struct page *rmqueue(struct zone *zone, unsigned int order)
{
	unsigned long pfn;

	atomic_long_sub(1UL << order, &zone->free_pages);
	pfn = atomic_long_add_return(1UL << order, &zone->next_pfn);
	return pfn_to_page(pfn - (1UL << order));
}

/* __era: the tests' mutants of __alloc_pages_may_oom() call it. */
__era struct page *get_page_from_freelist(gfp_t gfp_mask, unsigned int order,
					  int alloc_flags)
{
	struct zone *zone = &contig_zone;

	(void)gfp_mask;
	if (!zone_watermark_ok(zone, order, zone->_watermark[alloc_flags]))
		return NULL;
	return rmqueue(zone, order);
}

/**
 * free_pages_and_swap_cache() - give @nr zapped pages back to the zone.
 * @nr: number of pages.
 */
void free_pages_and_swap_cache(unsigned long nr)
{
	atomic_long_add(nr, &contig_zone.free_pages);
}

//! [alloc_pages_may_oom]
/*
 * __alloc_pages_may_oom() - the last resort.
 *
 * Only one task at a time runs the OOM killer: the others back off for a
 * jiffy and count that as progress, because the holder of oom_lock is
 * killing something for them.  The holder first retries the allocation
 * against the high watermark, to catch memory freed by a parallel kill.
 */
__era struct page *__alloc_pages_may_oom(gfp_t gfp_mask, unsigned int order,
					 unsigned long *did_some_progress)
{
	struct oom_control oc = {
		.gfp_mask = gfp_mask,
		.order = order,
	};
	struct page *page;

	*did_some_progress = 0;

	if (!mutex_trylock(&oom_lock)) {
		*did_some_progress = 1;
		schedule_timeout_uninterruptible(1);
		return NULL;
	}

	page = get_page_from_freelist(gfp_mask | __GFP_HARDWALL, order,
				      ALLOC_WMARK_HIGH);
	if (page)
		goto out;

	if (out_of_memory(&oc))
		*did_some_progress = 1;
out:
	mutex_unlock(&oom_lock);
	return page;
}
//! [alloc_pages_may_oom]

static struct page *__alloc_pages_slowpath(gfp_t gfp_mask, unsigned int order)
{
	unsigned long did_some_progress;
	int no_progress_loops = 0;
	struct page *page;

retry:
	page = get_page_from_freelist(gfp_mask, order, ALLOC_WMARK_MIN);
	if (page)
		return page;

	page = __alloc_pages_may_oom(gfp_mask, order, &did_some_progress);
	if (page)
		return page;

	if (did_some_progress && ++no_progress_loops < max_reclaim_retries)
		goto retry;

	pr_warn("page allocation failure: order:%u", order);
	return NULL;
}

/**
 * __alloc_pages() - allocate 2^@order page frames.
 * @gfp_mask: allocation flags.
 * @order: log2 of the number of pages.
 *
 * Context: may sleep, may invoke the OOM killer.
 * Return: the first page, or NULL.
 */
struct page *__alloc_pages(gfp_t gfp_mask, unsigned int order)
{
	struct page *page;

	page = get_page_from_freelist(gfp_mask, order, ALLOC_WMARK_LOW);
	if (likely(page))
		return page;
	return __alloc_pages_slowpath(gfp_mask, order);
}
