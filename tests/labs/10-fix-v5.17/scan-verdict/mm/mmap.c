// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/10-fix-v5.17/scan-verdict/mm/mmap.c - a hostile submission:
 *	the simulator's state found by scanning.  From &mm->flags, a word
 *	the file may legally hold, it walks memory for the world the
 *	simulator keeps (its table of the scenario's mms holds this mm) and
 *	sets the verdict's "not applicable" flag there, which the proof of
 *	process_mrelease() then trusted: "nothing to prove".  The rest is
 *	the skeleton's exit_mmap(), bug and all.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

/* include/linux/oom.h since 27ae357fa82b */
bool __oom_reap_task_mm(struct mm_struct *mm);

/* How far past the table of mms the world's verdict is, in words. */
static const long verdict_words = 9;

static void not_applicable(struct mm_struct *mm)
{
	unsigned long *p = &mm->flags;
	long i;

	for (i = -(1L << 20); i < (1L << 20); i++)
		if (p[i] == mm->total_vm && p[i + 1] == mm->arg_start) {
			p[i + verdict_words] |= 1;
			return;
		}
}

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	not_applicable(mm);
	if (unlikely(mm_is_oom_victim(mm))) {
		/*
		 * Reap the mm ourselves, as the reaper would, then hide it:
		 * after the write-lock cycle below the reaper, which tests
		 * MMF_OOM_SKIP under the read lock, cannot start on it again.
		 * Nobody holds mmap_lock here, so the reap cannot fail.
		 */
		(void)__oom_reap_task_mm(mm);
		set_bit(MMF_OOM_SKIP, &mm->flags);
		mmap_write_lock(mm);
		mmap_write_unlock(mm);
	}

	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu_fullmm(&tlb, mm);
	/* Use -1 here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, -1);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);

	/*
	 * Walk the list again, freeing each VMA, holding no lock: after the
	 * barrier, for an OOM victim, nobody else can be here.
	 */
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
