// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/eras/v6.18/mm/mmap.c - the per-VMA lock's writer side asserts
 *
 * Era:     v6.18 (the per-VMA locks of v6.4, Suren Baghdasaryan).
 * Models:  vma_start_write() of include/linux/mmap_lock.h: only its check
 *          that mmap_lock is held for write (__is_vma_write_locked()
 *          asserts it with mmap_assert_write_locked()).  The per-VMA
 *          sequence count it then bumps has no reader in the model: no
 *          page fault takes a per-VMA lock here.
 *
 * Its callers in the model are upstream's: munmap() write-locks every VMA
 * before it detaches it (vms_gather_munmap_vmas(), mm/vma.c), and
 * exit_mmap()'s free_pgtables() every VMA whose page tables it frees
 * (mm_wr_locked).  So a munmap() that downgrades mmap_lock before it
 * detaches fails the assertion, as lockdep reports it upstream.
 */
#include <linux/mm.h>
#include <linux/mmap_lock.h>

void vma_start_write(struct vm_area_struct *vma)
{
	mmap_assert_write_locked(vma->vm_mm);
}
