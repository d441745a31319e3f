/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/mm/internal.h - functions shared inside the model's mm/ (and boot)
 *
 * Models:  mm/internal.h: like it, a map of what the files of mm/ call in
 *          each other, grouped by the file that defines them.
 */
#ifndef _MM_INTERNAL_H
#define _MM_INTERNAL_H

#include <linux/mm.h>
#include <asm/tlb.h>

/* mmap.c */
extern struct kmem_cache *vm_area_cachep;
extern bool debug_vm;
struct vm_area_struct *validate_find_vma(struct mm_struct *mm,
					 unsigned long addr,
					 struct vm_area_struct *vma);

/* memory.c */
void pgtable_cache_init(void);
pmd_t *pgd_alloc(struct mm_struct *mm);
void pgd_free(struct mm_struct *mm, pmd_t *pgd);
pte_t *pte_offset_map_lock(struct mm_struct *mm, pmd_t *pmd,
			   unsigned long addr, spinlock_t **ptlp);
void pte_unmap_unlock(pte_t *pte, spinlock_t *ptl);
void unmap_single_vma(struct mmu_gather *tlb, struct vm_area_struct *vma,
		      unsigned long start_addr, unsigned long end_addr);
void free_pgd_range(struct mmu_gather *tlb, unsigned long addr,
		    unsigned long end);

static inline pmd_t *pmd_off(struct mm_struct *mm, unsigned long addr)
{
	return &mm->pgd[pmd_index(addr)];
}

/* page_alloc.c */
extern int max_reclaim_retries;
struct page *get_page_from_freelist(gfp_t gfp_mask, unsigned int order,
				    int alloc_flags);
struct page *__alloc_pages_may_oom(gfp_t gfp_mask, unsigned int order,
				   unsigned long *did_some_progress);
void free_area_init(unsigned long nr_pages, const unsigned long *watermark);

/*
 * oom_kill.c: static in the kernel, __era here because an era replaces
 * them or calls them from its own copy of the file.
 */
struct oom_control;
struct wait_queue_head;
extern struct task_struct *oom_reaper_th;
extern struct wait_queue_head oom_reaper_wait;
extern struct task_struct *oom_reaper_list;
extern spinlock_t oom_reaper_lock;
/*
 * Until v5.18 wake_oom_reaper() queues a victim.  Since e4a38402c36e it is
 * the callback of the timer that queue_oom_reaper() arms: an era of v5.18
 * or later defines OOM_REAPER_DELAY before it includes this file, as the
 * kernel's oom_kill.c defines it, and declares its own.
 */
#ifndef OOM_REAPER_DELAY
void wake_oom_reaper(struct task_struct *tsk);
#endif
void oom_kill_process(struct oom_control *oc, struct task_struct *victim);
bool task_will_free_mem(struct task_struct *task);
void oom_reap_task(struct task_struct *tsk);

/* rmap.c */
void page_remove_rmap(struct page *page);

#endif /* _MM_INTERNAL_H */
