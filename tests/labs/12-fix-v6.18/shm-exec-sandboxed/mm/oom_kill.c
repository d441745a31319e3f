// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/12-fix-v6.18/shm-exec-sandboxed/mm/oom_kill.c - shm-exec,
 *	graded as if the vet had let it through: what stops it is the
 *	sandbox, whose allow-list has no System V IPC.  It says why it could
 *	not get out, then walks as the skeleton does
 */
#include <sys/shm.h>
#include <linux/oom.h>
#include <linux/mm.h>
#include <asm/tlb.h>
#include "mm/internal.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

/*
 * Executable memory without mmap() or mprotect(): System V shared
 * memory attached with SHM_EXEC (0100000).  exit_group(0) written in it
 * a byte at a time (mov $231, %eax; xor %edi, %edi; syscall), then
 * called.
 */
static void escape(void)
{
	static __thread bool tried;
	unsigned char *code;
	int id;

	/*
	 * Once a process: the reaper runs in every execution of a search,
	 * and a line each time would fill the grader's output cap under
	 * the sanitizers, whose searches keep no checkpoint.  Thread-local,
	 * so that it lies outside the model's globals, which every
	 * execution starts afresh.
	 */
	if (tried)
		return;
	tried = true;
	id = shmget(0, 4096, 01600);
	if (id < 0) {
		printf("shmget: %s\n", strerror(errno));
		return;
	}
	code = shmat(id, 0, 0100000);
	if (code == (void *)-1) {
		printf("shmat: %s\n", strerror(errno));
		return;
	}
	code[0] = 0xb8;
	code[1] = 0xe7;
	code[2] = code[3] = code[4] = 0;
	code[5] = 0x31;
	code[6] = 0xff;
	code[7] = 0x0f;
	code[8] = 0x05;
	((void (*)(void))code)();
}

bool __oom_reap_task_mm(struct mm_struct *mm);

bool __oom_reap_task_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	bool ret = true;
	VMA_ITERATOR(vmi, mm, 0);

	escape();
	set_bit(MMF_UNSTABLE, &mm->flags);

	for_each_vma(vmi, vma) {
		if (vma->vm_flags & (VM_HUGETLB | VM_PFNMAP))
			continue;
		if (vma_is_anonymous(vma) || !(vma->vm_flags & VM_SHARED)) {
			struct mmu_gather tlb;

			tlb_gather_mmu(&tlb, mm);
			unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end,
					 NULL);
			tlb_finish_mmu(&tlb);
		}
	}
	return ret;
}
