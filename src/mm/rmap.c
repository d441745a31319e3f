// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/mm/rmap.c - the reverse-map accounting of a zapped page
 *
 * Models:  mm/rmap.c (page_remove_rmap; folio_remove_rmap_ptes since v6.8)
 * Omits:   anon_vma chains: nothing in the model looks pages up by rmap.
 */
#include <linux/mm.h>
#include "internal.h"

/**
 * page_remove_rmap() - a PTE mapping @page is gone.
 * @page: the page.
 *
 * The per-page work both exit_mmap() and the reaper do for every page
 * they zap (zhongjinji's 2025 figures call it folio_remove_rmap_ptes).
 */
void page_remove_rmap(struct page *page)
{
	atomic_dec(&page->_mapcount);
}
