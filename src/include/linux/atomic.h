/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/atomic.h - atomic_t and atomic_long_t operations
 *
 * Models:  include/linux/atomic.h, Documentation/atomic_t.txt
 * CUSTOM:  each operation is one seam operation, sequentially consistent
 *          in both engines.  The kernel gives weaker ordering to some of
 *          them (atomic_inc(), atomic_read()); the model never relies on
 *          ordering that a lock or a fully ordered RMW does not give.
 */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/compiler.h>

#define ATOMIC_INIT(i)		{ (i) }

#define __ATOMIC_OP(op, v, a, b, name)					\
	SEAM(op, &(v)->counter, sizeof((v)->counter), a, b, name, #v)

#define atomic_read(v)							\
	({ (int)__ATOMIC_OP(SEAM_ATOMIC_READ, v, 0, 0, "atomic_read"); })
#define atomic_set(v, i)						\
	((void)__ATOMIC_OP(SEAM_ATOMIC_SET, v, i, 0, "atomic_set"))
#define atomic_add_return(i, v)						\
	({ (int)__ATOMIC_OP(SEAM_ATOMIC_ADD, v, i, 0, "atomic_add_return"); })
#define atomic_inc(v)							\
	((void)__ATOMIC_OP(SEAM_ATOMIC_ADD, v, 1, 0, "atomic_inc"))
#define atomic_dec(v)							\
	((void)__ATOMIC_OP(SEAM_ATOMIC_ADD, v, -1, 0, "atomic_dec"))
#define atomic_dec_return(v)						\
	({ (int)__ATOMIC_OP(SEAM_ATOMIC_ADD, v, -1, 0, "atomic_dec_return"); })
#define atomic_dec_and_test(v)						\
	(__ATOMIC_OP(SEAM_ATOMIC_ADD, v, -1, 0, "atomic_dec_and_test") == 0)
#define atomic_inc_not_zero(v)						\
	({ (bool)__ATOMIC_OP(SEAM_ATOMIC_INC_NOT_ZERO, v, 0, 0,		\
			   "atomic_inc_not_zero"); })
#define atomic_cmpxchg(v, old, new)					\
	({ (int)__ATOMIC_OP(SEAM_ATOMIC_CMPXCHG, v, old, new, "atomic_cmpxchg"); })

#define atomic_long_read(v)						\
	(__ATOMIC_OP(SEAM_ATOMIC_READ, v, 0, 0, "atomic_long_read"))
#define atomic_long_set(v, i)						\
	((void)__ATOMIC_OP(SEAM_ATOMIC_SET, v, i, 0, "atomic_long_set"))
#define atomic_long_add(i, v)						\
	((void)__ATOMIC_OP(SEAM_ATOMIC_ADD, v, i, 0, "atomic_long_add"))
#define atomic_long_sub(i, v)						\
	((void)__ATOMIC_OP(SEAM_ATOMIC_ADD, v, -(long)(i), 0,		\
			   "atomic_long_sub"))
#define atomic_long_add_return(i, v)					\
	(__ATOMIC_OP(SEAM_ATOMIC_ADD, v, i, 0, "atomic_long_add_return"))

/*
 * cmpxchg() and xchg() on a plain word of pointer size or smaller, as the
 * kernel's generic versions do.  cmpxchg() returns the old value.
 */
#define cmpxchg(ptr, old, new)						\
	((__typeof__(*(ptr)))(uintptr_t)SEAM(SEAM_ATOMIC_CMPXCHG, ptr,	\
		sizeof(*(ptr)), (long)(uintptr_t)(old),			\
		(long)(uintptr_t)(new), "cmpxchg", #ptr))
#define xchg(ptr, new)							\
	((__typeof__(*(ptr)))(uintptr_t)SEAM(SEAM_ATOMIC_XCHG, ptr,	\
		sizeof(*(ptr)), (long)(uintptr_t)(new), 0, "xchg", #ptr))

#endif /* _LINUX_ATOMIC_H */
