// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/unlocked-remote-vm/mm/memory.c - access_remote_vm()
 * without mmap_lock
 *
 * The planted bug: the /proc/<pid>/cmdline reader looks the address up
 * with find_vma() and holds no lock while it does.  Nothing in the model
 * frees a VMA under this reader (it pins mm_users, so exit_mmap() cannot
 * run), so the missing lock cannot become a use-after-free here: only
 * v5.15's mmap_assert_locked() in find_vma() (5b78ed24e8ec, Luigi Rizzo, 2021)
 * sees it, on every run in which the reader gets that far.
 */
#include <linux/mm.h>

int access_remote_vm(struct mm_struct *mm, unsigned long addr, void *buf,
		     int len, unsigned int gup_flags)
{
	struct vm_area_struct *vma;

	(void)buf;
	(void)gup_flags;
	/* mutant: no down_read(&mm->mmap_sem) */
	vma = find_vma(mm, addr);
	return vma && vma->vm_start <= addr ? len : 0;
}
