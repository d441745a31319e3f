// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v4.14/mm/memory.c - a fault in a reaped mm fails
 *
 * Era:     v4.14 and every later era (they inherit it).
 * Commit:  6b31d5955cb2 "mm, oom: fix potential data corruption when
 *          oom_reaper races with writer" (Michal Hocko, linux-mm
 *          2017-08-07; in v4.13: a 4.12.3 tree lacks it, a 4.13.4 tree
 *          has it): check_stable_address_space() in the
 *          anonymous fault paths, for every faulting task.  Before it,
 *          3f70dc38cec2 "mm: make sure that kthreads will not refault oom
 *          reaped memory" (v4.9) failed only the faults of kernel threads
 *          that use_mm() the victim's mm; the /proc reader is no kernel
 *          thread, so the older eras keep the common tree's
 *          access_remote_vm(), which does not model the fault.
 * Book:    chapter "Tools" (book/tools.md), the refault oracle.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <asm/pgtable.h>
#include "../../../mm/internal.h"

//! [v4.14-refault]
/*
 * check_stable_address_space() - may a fault map a page in @mm?
 *
 * The reaper sets MMF_UNSTABLE before it unmaps anything: from then on a
 * missing PTE in a private mapping is memory the reaper took, and
 * mapping a fresh zero page there would hand back zeroes instead of the
 * content (a write(2) from that buffer would store zeroes in a file).
 *
 * Return: VM_FAULT_SIGBUS if the reaper has started, else 0.
 */
static int check_stable_address_space(struct mm_struct *mm)
{
	if (unlikely(test_bit(MMF_UNSTABLE, &mm->flags)))
		return VM_FAULT_SIGBUS;
	return 0;
}

/*
 * do_anonymous_page() - a read fault on a missing PTE of @vma at @addr.
 *
 * CUSTOM: maps nothing: a read fault would map the shared zero page,
 * which no RSS counter or oracle counts; the model only reports that it
 * would (a tracepoint the refault oracle listens to).
 */
static int do_anonymous_page(struct vm_area_struct *vma, unsigned long addr)
{
	int ret = check_stable_address_space(vma->vm_mm);

	if (ret)
		return ret;
	trace_zero_page_fault(vma->vm_mm, addr);
	return 0;
}

/**
 * access_remote_vm() - read another process's memory, as /proc does.
 * @mm: the address space, pinned by the caller with mm_users.
 * @addr: where to read.
 * @buf: unused: the model reads no data.
 * @len: bytes to read.
 * @gup_flags: unused.
 *
 * As get_user_pages_remote() does: follow the PTE, and fault if it is
 * missing.  CUSTOM: the PTE is read without its lock (follow_page_mask()
 * takes it): the mm_users pin keeps the table, and a read racing with the
 * reaper's zap sees the PTE before or after it, as the lock would.
 *
 * Return: @len if @addr is mapped and readable, else 0 (the fault failed).
 */
int access_remote_vm(struct mm_struct *mm, unsigned long addr, void *buf,
		     int len, unsigned int gup_flags)
{
	struct vm_area_struct *vma;
	int ret = 0;

	(void)buf;
	(void)gup_flags;
	down_read(&mm->mmap_sem);
	vma = find_vma(mm, addr);
	/* READ_ONCE(): a munmap() may free the VMA (the common tree's) */
	if (vma && READ_ONCE(vma->vm_start) <= addr) {
		pmd_t pmdval = { READ_ONCE(pmd_off(mm, addr)->pmd) };
		pte_t pte = { 0 };

		if (pmdval.pmd)
			pte = ptep_get(&pmd_ptdesc(pmdval)->pte[pte_index(addr)]);
		if (pte_present(pte) ||
		    !(do_anonymous_page(vma, addr) & VM_FAULT_ERROR))
			ret = len;
	}
	up_read(&mm->mmap_sem);
	return ret;
}
//! [v4.14-refault]
