/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/bitops.h - atomic bit operations on unsigned long
 *
 * Models:  include/asm-generic/bitops/atomic.h
 * CUSTOM:  one seam operation per call.  Each bit is its own object for the
 *          explorer: set_bit(MMF_UNSTABLE) and test_bit(MMF_OOM_SKIP) on the
 *          same mm->flags commute, because they touch different bits.
 *          Flag numbers are enum constants (the kernel uses #define) so
 *          that the trace can print "test_bit(MMF_OOM_SKIP)".
 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/compiler.h>

#define BIT(nr)		(1UL << (nr))

#define test_bit(nr, addr)						\
	({ (bool)SEAM(SEAM_TEST_BIT, addr, 8, nr, 0, "test_bit", #nr); })
#define set_bit(nr, addr)						\
	((void)SEAM(SEAM_SET_BIT, addr, 8, nr, 0, "set_bit", #nr))
#define clear_bit(nr, addr)						\
	((void)SEAM(SEAM_CLEAR_BIT, addr, 8, nr, 0, "clear_bit", #nr))
#define test_and_set_bit(nr, addr)					\
	({ (bool)SEAM(SEAM_TEST_AND_SET_BIT, addr, 8, nr, 0,		\
		    "test_and_set_bit", #nr); })
#define test_and_clear_bit(nr, addr)					\
	({ (bool)SEAM(SEAM_TEST_AND_CLEAR_BIT, addr, 8, nr, 0,		\
		    "test_and_clear_bit", #nr); })

#endif /* _LINUX_BITOPS_H */
