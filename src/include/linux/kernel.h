/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/kernel.h - container_of, WARN_ON, pr_info and friends
 *
 * Models:  include/linux/kernel.h, include/linux/printk.h,
 *          include/asm-generic/bug.h
 * CUSTOM:  pr_*() messages go to the trace, not to a console.  WARN_ON()
 *          is reported by the simulator as a failed assertion.  There is
 *          no BUG_ON(): as the kernel's coding style asks, model code
 *          warns and carries on.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/compiler.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define ULONG_MAX	(~0UL)
#define LONG_MAX	((long)(~0UL >> 1))
#define min(a, b)	((a) < (b) ? (a) : (b))
#define max(a, b)	((a) > (b) ? (a) : (b))

#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))

void __pr(const struct seam_site *site, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define __PR(level, fmt, ...)						\
do {									\
	static const struct seam_site __pr_site = {			\
		level, fmt, __FILE__, __LINE__, 0			\
	};								\
	__pr(&__pr_site, fmt, ##__VA_ARGS__);				\
} while (0)

#define pr_info(fmt, ...)	__PR("pr_info", fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)	__PR("pr_warn", fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...)	__PR("pr_err", fmt, ##__VA_ARGS__)

#define WARN_ON(cond)							\
({									\
	bool __warn = !!(cond);						\
	if (unlikely(__warn))						\
		SEAM_TRACE(SEAM_TRACE_WARN, NULL, 0, #cond);		\
	__warn;								\
})
#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define VM_WARN_ON(cond)	((void)WARN_ON(cond))
#define VM_BUG_ON(cond)		((void)WARN_ON(cond))

/*
 * might_sleep(): the atomic-sleep oracle's check (src/sim/world/ops.c), as
 * CONFIG_DEBUG_ATOMIC_SLEEP's.  Not a scheduling point: with voluntary
 * preemption every seam operation already is one.
 */
#define might_sleep()	SEAM_TRACE(SEAM_TRACE_MIGHT_SLEEP, NULL, 0, "might_sleep")
#define cond_resched()	do { } while (0)

#endif /* _LINUX_KERNEL_H */
