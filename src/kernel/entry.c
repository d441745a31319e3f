// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/entry.c - the era's entry points, for the simulator
 *
 * Models:  the system call table, loosely (arch/x86/entry/syscall_64.c):
 *          the one door into an era's model code.
 */
#include <reaplab/era.h>
#include <reaplab/boot.h>
#include <linux/mm.h>
#include <linux/syscalls.h>
#include <linux/timer.h>

#include "../mm/internal.h"

struct task_struct *copy_process(const char *comm, unsigned long pf_flags);
void exit_to_user_mode_loop(void);
long sys_io_setup(unsigned int nr_events);
ssize_t proc_pid_cmdline_read(struct task_struct *tsk);

/*
 * lookup_vma() - find_vma() as the model's callers see it: the era's own
 * lookup, its answer checked when booted with debug_vm (see
 * validate_find_vma()).
 */
static struct vm_area_struct *lookup_vma(struct mm_struct *mm,
					 unsigned long addr)
{
	return validate_find_vma(mm, addr, find_vma(mm, addr));
}

/* The mmap_lock wrappers are macros (the trace shows their names). */
static void read_lock_mm(struct mm_struct *mm)
{
	mmap_read_lock(mm);
}

static void read_unlock_mm(struct mm_struct *mm)
{
	mmap_read_unlock(mm);
}

const struct era_entry era_entry = {
	.start_kernel = start_kernel,
	.copy_process = copy_process,
	.vm_brk_flags = vm_brk_flags,
	.mm_populate = mm_populate,
	.sys_io_setup = sys_io_setup,
	.exit_to_user_mode_loop = exit_to_user_mode_loop,
	.alloc_pages = __alloc_pages,
	.sys_kill = sys_kill,
	.sys_process_mrelease = sys_process_mrelease,
	.proc_pid_cmdline_read = proc_pid_cmdline_read,
	.init_task = &init_task,
	.zone = &contig_zone,
	.sys_munmap = sys_munmap,
	.vm_munmap = vm_munmap,
	.find_vma = lookup_vma,
	.mmap_read_lock = read_lock_mm,
	.mmap_read_unlock = read_unlock_mm,
};
