/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/syscalls.h - system call definitions
 *
 * Models:  include/linux/syscalls.h
 * CUSTOM:  SYSCALL_DEFINEn(name, ...) defines a plain C function sys_name;
 *          there are no register wrappers.  A pidfd is the pid itself (the
 *          file layer is not modelled).
 */
#ifndef _LINUX_SYSCALLS_H
#define _LINUX_SYSCALLS_H

#include <linux/types.h>

#define SYSCALL_DEFINE1(name, t1, a1)	long sys_##name(t1 a1)
#define SYSCALL_DEFINE2(name, t1, a1, t2, a2)				\
	long sys_##name(t1 a1, t2 a2)

long sys_kill(pid_t pid, int sig);
long sys_process_mrelease(int pidfd, unsigned int flags);
long sys_munmap(unsigned long addr, size_t len);

struct task_struct *find_task_by_vpid(pid_t nr);
struct task_struct *pidfd_get_task(int pidfd, unsigned int *flags);

#endif /* _LINUX_SYSCALLS_H */
