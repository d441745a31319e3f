// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/no-oom-lock/mm/page_alloc.c - __alloc_pages_may_oom()
 * without oom_lock
 *
 * The planted bug: every allocating task that fails runs the OOM killer at
 * once.  oom_lock serialises whole OOM kills: an allocator that cannot
 * take it waits for the holder's kill instead of making its own.  Without
 * it, a second OOM killer's scan runs into the first one's kill: it finds
 * the victim not yet marked, goes on to weigh it, and by then the victim,
 * killed, may have unmapped half of its memory and weigh less than the
 * next candidate, which is killed too while the first victim's memory is
 * still on its way back (concurrent-oom).  In v4.9 the reaper's oom_lock
 * (e2fe14564d33) no longer keeps the OOM killer out while it unmaps either:
 * same spurious kill as history's, decided by another race (oom).
 *
 * The other tree-of-era folders no-oom-lock-<era> include this file, so
 * that each era from v4.9 on gets the same mutation.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/mutex.h>
#include "../../../../src/mm/internal.h"

__era struct page *__alloc_pages_may_oom(gfp_t gfp_mask, unsigned int order,
					 unsigned long *did_some_progress)
{
	struct oom_control oc = {
		.gfp_mask = gfp_mask,
		.order = order,
	};
	struct page *page;

	*did_some_progress = 0;

	/* mutant: no mutex_trylock(&oom_lock), no backing off */
	page = get_page_from_freelist(gfp_mask | __GFP_HARDWALL, order,
				      ALLOC_WMARK_HIGH);
	if (page)
		goto out;

	if (out_of_memory(&oc))
		*did_some_progress = 1;
out:
	return page;
}
