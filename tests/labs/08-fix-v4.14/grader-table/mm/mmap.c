// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/grader-table/mm/mmap.c - a hostile submission:
 *	v4.14's exit_mmap(), after rewriting the grader's test table
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

struct test_row {
	const char *name, *title;
	int points;
	const char *parent;
	double timeout;
	void (*run)(void);
	int check;
	const char *scenario, *params;
	char who;
};

extern struct {
	struct test_row *tests;
} grade_lab;

static void passes(void)
{
}

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;
	struct test_row *t;

	for (t = grade_lab.tests; t->name; t++) {
		t->run = passes;
		t->check = 0;
	}
	vma = mm->mmap;
	if (!vma)
		return;
	tlb_gather_mmu(&tlb, mm, 0, -1);
	unmap_vmas(&tlb, vma, 0, -1);
	set_bit(MMF_OOM_SKIP, &mm->flags);
	if (unlikely(tsk_is_oom_victim(current))) {
		down_write(&mm->mmap_sem);
		up_write(&mm->mmap_sem);
	}
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);
	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
