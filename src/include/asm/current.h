/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/asm/current.h - current
 *
 * Models:  arch/x86/include/asm/current.h
 * CUSTOM:  the simulator knows which simulated task is running; there is
 *          no per-CPU variable to read.
 */
#ifndef _ASM_CURRENT_H
#define _ASM_CURRENT_H

struct task_struct;

struct task_struct *get_current(void);
#define current get_current()

#endif /* _ASM_CURRENT_H */
