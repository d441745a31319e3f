/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/compiler.h - compiler helpers, READ_ONCE and WRITE_ONCE
 *
 * Models:  include/linux/compiler.h, include/asm-generic/rwonce.h
 * CUSTOM:  READ_ONCE() and WRITE_ONCE() are seam operations: the one way
 *          model code reads or writes a shared word outside a lock that
 *          excludes every writer (see DOC: The sync seam).
 */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#include <linux/types.h>
#include <asm/seam.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#ifndef __always_inline
#define __always_inline	inline __attribute__((__always_inline__))
#endif
#define __maybe_unused	__attribute__((__unused__))
#define __noreturn	__attribute__((__noreturn__))

/*
 * __era - marks a function the kernel declares static that an era overlay
 * replaces, or that another file of an era calls.  It expands to nothing:
 * such a function is global inside one era's object and hidden from every
 * other era by the build (see DOC: Eras in src/eras/README.md).
 */
#define __era

/*
 * READ_ONCE() - load a shared word of 1, 2, 4 or 8 bytes.  The value comes
 * back as a long and is converted to the word's own type, so pointers and
 * integers both work.
 */
#define READ_ONCE(x)							\
	((__typeof__(x))(uintptr_t)SEAM(SEAM_READ_ONCE, &(x), sizeof(x),\
					0, 0, "READ_ONCE", #x))

#define WRITE_ONCE(x, val)						\
	((void)SEAM(SEAM_WRITE_ONCE, &(x), sizeof(x),			\
		    (long)(uintptr_t)(val), 0, "WRITE_ONCE", #x))

/*
 * data_race() - the value of @expr, whose plain accesses race with other
 * tasks' on purpose: the data-race oracle does not check them (DOC: The
 * data-race oracle, src/sim/world/race.c), as KCSAN does not check
 * upstream's.  Not a seam operation: it orders nothing and is no
 * scheduling point.  Every use says why the race is harmless.
 */
void __kcsan_disable_current(void);
void __kcsan_enable_current(void);
#define data_race(expr)							\
({									\
	__kcsan_disable_current();					\
	__auto_type __racy_value = (expr);				\
	__kcsan_enable_current();					\
	__racy_value;							\
})

#endif /* _LINUX_COMPILER_H */
