/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/errno.h - error numbers and ERR_PTR
 *
 * Models:  include/uapi/asm-generic/errno-base.h, include/linux/err.h
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#include <linux/types.h>

#define EPERM		1
#define ESRCH		3
#define EINTR		4
#define EAGAIN		11
#define ENOMEM		12
#define EBUSY		16
#define EINVAL		22
#define ENOSYS		38

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE(ptr);
}

#endif /* _LINUX_ERRNO_H */
