// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/arch/reaplab/kernel/kcsan.c - the compiler's hooks on every plain
 * access of model code, handed to the machine
 *
 * Models:  kernel/kcsan/core.c: the __tsan_*() entry points that the
 *          compiler's ThreadSanitizer instrumentation calls, which the
 *          kernel implements itself instead of linking the userspace
 *          runtime.  What the kernel's KCSAN does with an access (set a
 *          watchpoint, stall, look for a conflicting one) is not modelled:
 *          the machine checks it against happens-before instead (DOC: The
 *          data-race oracle, src/sim/world/race.c).
 * CUSTOM:  model code is built with -fsanitize=thread only in the normal
 *          build (the Makefile's RACE_CFLAGS); under the sanitizers the
 *          model is theirs, nothing calls these, and the oracle is off.
 *          Not instrumented itself (built beside the simulator, as
 *          machine.c is).
 *
 * DOC: Plain accesses reach the machine
 *
 * Every load and store of model code that the compiler cannot prove
 * private (a local in a register is not one) calls __tsan_readN() or
 * __tsan_writeN() with its address, N its width in bytes; a volatile one
 * calls __tsan_volatile_readN() (GCC's --param tsan-distinguish-volatile,
 * as the kernel builds KCSAN), which the kernel counts as a marked access
 * and so does the model.  Each hands the machine the address, the width,
 * the kind and where in the model it was (the hook's return address).  A
 * data_race() expression (linux/compiler.h) turns the checks off for the
 * running task around it.  Before a machine that checks is registered,
 * every hook returns at once, and so does an access outside the memory
 * the machine said it watches (kcsan_watch()).
 */
#include <linux/compiler.h>
#include <asm/machine.h>

/* some model file was built with the hooks: its constructor ran */
static bool instrumented;
/* the machine's access hook, or NULL when nobody checks */
static void (*access_hook)(const void *addr, unsigned int size,
			   unsigned int flags, const void *pc);
static void (*ignore_hook)(int delta);
/*
 * The memory the machine checks (kcsan_watch()): an access elsewhere, a
 * local of model code on its stack, most often, goes no further than two
 * compares here.  Empty until the machine says.
 */
static uintptr_t watch_lo, watch_len, watch_lo2, watch_len2;

/**
 * kcsan_machine_register() - start (or, with NULL, stop) handing plain
 * accesses to @m.
 * @m: the machine; its @access and @access_ignore are used.
 *
 * Called by seam_machine_register() (machine.c).
 */
void kcsan_machine_register(const struct seam_machine *m)
{
	access_hook = m ? m->access : NULL;
	ignore_hook = m ? m->access_ignore : NULL;
}

/**
 * kcsan_watch() - hand on only the plain accesses of [@lo, @lo + @len)
 * and [@lo2, @lo2 + @len2) (a range, a memset() or a copy, is handed on
 * wherever it is).
 * @lo: the first window.
 * @len: its length.
 * @lo2: the second.
 * @len2: its length.
 */
void kcsan_watch(const void *lo, size_t len, const void *lo2, size_t len2)
{
	watch_lo = (uintptr_t)lo;
	watch_len = len;
	watch_lo2 = (uintptr_t)lo2;
	watch_len2 = len2;
}

/**
 * kcsan_instrumented() - was model code built with these hooks?  Not in
 * the sanitizers' builds (the Makefile's RACE_CFLAGS).
 */
bool kcsan_instrumented(void)
{
	return instrumented;
}

/*
 * Under the real ThreadSanitizer (make SANITIZE=thread) its runtime owns
 * every __tsan_*() name: the model is its to check, not the machine's.
 * Under GCC's AddressSanitizer (make SANITIZE=address) the names are
 * GCC's built-ins, with types of their own, and no model code calls them
 * (RACE_CFLAGS is empty there): none is defined either.
 */
#if !defined(__SANITIZE_THREAD__) && !defined(__SANITIZE_ADDRESS__)
static inline __attribute__((always_inline)) void
check(const void *addr, unsigned int size, unsigned int flags, const void *pc)
{
	uintptr_t a = (uintptr_t)addr;

	if ((a - watch_lo < watch_len || a - watch_lo2 < watch_len2) &&
	    access_hook)
		access_hook(addr, size, flags, pc);
}

/*
 * The hooks, one per width and kind.  Their prototypes are the compiler's
 * (it declares them itself); written here so that -Wmissing-prototypes
 * builds would have them too.
 */
#define DEFINE_TSAN_ACCESS(name, size, flags)				\
	void name(void *addr);						\
	void name(void *addr)						\
	{								\
		check(addr, size, flags, __builtin_return_address(0));	\
	}

DEFINE_TSAN_ACCESS(__tsan_read1, 1, 0)
DEFINE_TSAN_ACCESS(__tsan_read2, 2, 0)
DEFINE_TSAN_ACCESS(__tsan_read4, 4, 0)
DEFINE_TSAN_ACCESS(__tsan_read8, 8, 0)
DEFINE_TSAN_ACCESS(__tsan_read16, 16, 0)
DEFINE_TSAN_ACCESS(__tsan_write1, 1, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_write2, 2, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_write4, 4, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_write8, 8, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_write16, 16, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_unaligned_read2, 2, 0)
DEFINE_TSAN_ACCESS(__tsan_unaligned_read4, 4, 0)
DEFINE_TSAN_ACCESS(__tsan_unaligned_read8, 8, 0)
DEFINE_TSAN_ACCESS(__tsan_unaligned_read16, 16, 0)
DEFINE_TSAN_ACCESS(__tsan_unaligned_write2, 2, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_unaligned_write4, 4, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_unaligned_write8, 8, SEAM_ACCESS_WRITE)
DEFINE_TSAN_ACCESS(__tsan_unaligned_write16, 16, SEAM_ACCESS_WRITE)
/* volatile: marked, as KCSAN counts them */
DEFINE_TSAN_ACCESS(__tsan_volatile_read1, 1, SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_read2, 2, SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_read4, 4, SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_read8, 8, SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_read16, 16, SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_write1, 1,
		   SEAM_ACCESS_WRITE | SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_write2, 2,
		   SEAM_ACCESS_WRITE | SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_write4, 4,
		   SEAM_ACCESS_WRITE | SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_write8, 8,
		   SEAM_ACCESS_WRITE | SEAM_ACCESS_MARKED)
DEFINE_TSAN_ACCESS(__tsan_volatile_write16, 16,
		   SEAM_ACCESS_WRITE | SEAM_ACCESS_MARKED)

/* A range: a memset() or a structure assignment the compiler expanded. */
void __tsan_read_range(void *addr, unsigned long size);
void __tsan_read_range(void *addr, unsigned long size)
{
	if (access_hook && size)
		access_hook(addr, size, SEAM_ACCESS_RANGE,
			    __builtin_return_address(0));
}

void __tsan_write_range(void *addr, unsigned long size);
void __tsan_write_range(void *addr, unsigned long size)
{
	if (access_hook && size)
		access_hook(addr, size, SEAM_ACCESS_RANGE | SEAM_ACCESS_WRITE,
			    __builtin_return_address(0));
}

/*
 * C11 atomics in model code: only the task refcount's bookkeeping
 * (get_task_struct(), linux/sched.h), which orders nothing.  Marked
 * accesses, not checked: they run as the code asked.
 */
int __tsan_atomic32_fetch_add(volatile int *a, int v, int mo);
int __tsan_atomic32_fetch_add(volatile int *a, int v, int mo)
{
	(void)mo;
	return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);
}

int __tsan_atomic32_fetch_sub(volatile int *a, int v, int mo);
int __tsan_atomic32_fetch_sub(volatile int *a, int v, int mo)
{
	(void)mo;
	return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);
}

/* Each instrumented file's constructor calls this. */
void __tsan_init(void);
void __tsan_init(void)
{
	instrumented = true;
}

/* Function entry and exit (not asked for: -finstrument-functions has them). */
void __tsan_func_entry(void *call_pc);
void __tsan_func_entry(void *call_pc)
{
	(void)call_pc;
}

void __tsan_func_exit(void);
void __tsan_func_exit(void)
{
}
#endif /* !__SANITIZE_THREAD__ && !__SANITIZE_ADDRESS__ */

/**
 * __kcsan_disable_current() - data_race(): stop checking current's plain
 * accesses, until __kcsan_enable_current(); the two nest.
 */
void __kcsan_disable_current(void)
{
	if (ignore_hook)
		ignore_hook(1);
}

void __kcsan_enable_current(void)
{
	if (ignore_hook)
		ignore_hook(-1);
}
