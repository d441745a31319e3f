/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/asm/processor.h - struct thread_struct, the CPU context
 *
 * Models:  arch/x86/include/asm/processor.h
 * CUSTOM:  the "CPU" of a task is a simulated thread of the simulator.  A
 *          task that never runs in a scenario (a process that is only ever
 *          a candidate for the OOM killer) has none: @sim_tid is -1.
 */
#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

/**
 * struct thread_struct - architecture-specific part of a task.
 * @sim_tid: index of the simulated thread that runs this task, or -1.
 */
struct thread_struct {
	int sim_tid;
};

#endif /* _ASM_PROCESSOR_H */
