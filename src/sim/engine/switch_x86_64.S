/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/engine/switch_x86_64.S - the coop engine's context switch
 *
 * Simulator-only.  void sim_ctx_switch(struct sim_ctx *from,
 *                                      struct sim_ctx *to)
 *
 * Saves the callee-saved registers of the System V ABI on the current
 * stack, stores the stack pointer in from->sp, loads to->sp and restores
 * the registers saved there.  Nothing else: no signal mask, no FPU state
 * (the model does no floating point), which is why it costs a few
 * nanoseconds where swapcontext() costs a system call.
 */
#if defined(__x86_64__)
	.text
	.globl	sim_ctx_switch
	.type	sim_ctx_switch, @function
sim_ctx_switch:
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, (%rdi)
	movq	(%rsi), %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.size	sim_ctx_switch, .-sim_ctx_switch

#endif
	.section .note.GNU-stack,"",@progbits
