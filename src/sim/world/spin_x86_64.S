/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/sim/world/spin_x86_64.S - how a spin-wait's turn is seen: the
 * callee-saved registers at a loop's head
 *
 * Simulator-only (DOC: Spin-waits are awaits, spin.c).
 */
#if defined(__x86_64__)
	.text

/*
 * long sim_spin_enter(struct sim_op *op)
 *
 * A read that may start a spin-wait loop's turn again (spin.c):
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
