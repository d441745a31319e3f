/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/processor.h - cpu_relax(), for busy-waiting
 *
 * Models:  include/linux/processor.h, arch/x86/include/asm/vdso/processor.h
 * CUSTOM:  cpu_relax() is a seam operation: one step in the coop engine,
 *          where the default policy lets the other threads run after it
 *          as it does after a sleep; on real threads, the pause
 *          instruction.  A spin-wait loop is written as in the kernel:
 *
 *              while (READ_ONCE(flag) && READ_ONCE(turn) == other)
 *                      cpu_relax();
 *
 *          The explorer proves such loops (DOC: Spin-waits are awaits in
 *          src/sim/world/spin.c): a turn that reads what the turn before read
 *          waits for a write to one of those words, and a loop that no
 *          write will ever end is the livelock oracle.
 */
#ifndef _LINUX_PROCESSOR_H
#define _LINUX_PROCESSOR_H

#include <asm/seam.h>

/**
 * cpu_relax() - tell the CPU this thread is busy-waiting.
 *
 * The body of a spin-wait loop.  It orders nothing and waits for nothing
 * by itself: the loop's condition, read with READ_ONCE() or atomic_read(),
 * is what waits.
 */
static inline void cpu_relax(void)
{
	SEAM(SEAM_RELAX, NULL, 0, 0, 0, "cpu_relax", "");
}

#endif /* _LINUX_PROCESSOR_H */
