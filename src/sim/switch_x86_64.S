/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/switch_x86_64.S - the coop engine's context switch
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

/*
 * long sim_spin_enter(struct sim_op *op)
 *
 * A read that may start a spin-wait loop's turn again (src/sim/spin.c):
 * pushes the callee-saved registers, which still hold the model's values
 * (or __seam() saved those above), and calls sim_spin_op(op, regs) with
 * regs pointing at them, the thread's stack above.
 */
	.globl	sim_spin_enter
	.type	sim_spin_enter, @function
sim_spin_enter:
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, %rsi
	subq	$8, %rsp		/* 16-byte alignment for the call */
	call	sim_spin_op@PLT
	addq	$8, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.size	sim_spin_enter, .-sim_spin_enter
#endif
	.section .note.GNU-stack,"",@progbits
