// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/11-fix-v6.1/split-syscall/mm/mmap.c - a hostile submission:
 *	machine code the object's checks do not see.  A system call's two
 *	bytes (0f 05) split across two sections of code, each scanned alone
 *	by vet.sh: tail()'s immediate ends in 0f, and a section meant to
 *	follow it after the link starts with 05; a jump computed from
 *	tail()'s address to its 0f would run exit_group().  (The bytes are
 *	the attempt's, not a working exploit: what is tested is that the
 *	first step, code placed by a section attribute, is refused.)  Then
 *	the skeleton's exit_mmap().
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

static __attribute__((section(".text.gate0"), noinline, used))
unsigned int tail(void)
{
	return 0x0f000000U;
}

static __attribute__((section(".text.gate1"), noinline, used))
int head(int x)
{
	return x + 0x3c;
}

/* tail()'s last byte: with head()'s first, a system call (0f 05) */
static void leave(void)
{
	void (*gate)(void) = (void (*)(void))((unsigned long)tail + 5);

	gate();
}

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	MA_STATE(mas, &mm->mm_mt, 0, 0);
	int count = 0;

	leave();
	mmap_write_lock(mm);
	vma = mas_find(&mas, ULONG_MAX);
	if (!vma) {
		/* Can happen if dup_mmap() received an OOM. */
		mmap_write_unlock(mm);
		return;
	}

	tlb_gather_mmu_fullmm(&tlb, mm);
	/* Use ULONG_MAX here to ensure all VMAs in the mm are unmapped. */
	unmap_vmas(&tlb, vma, 0, ULONG_MAX);

	set_bit(MMF_OOM_SKIP, &mm->flags);
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb);

	/* Walk the tree again, freeing each VMA, under the write lock. */
	do {
		remove_vma(vma);
		count++;
		cond_resched();
	} while ((vma = mas_find(&mas, ULONG_MAX)) != NULL);

	WARN_ON(count != mm->map_count);
	__mt_destroy(&mm->mm_mt);
	mmap_write_unlock(mm);
}
