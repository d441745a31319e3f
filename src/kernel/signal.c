// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/signal.c - sending SIGKILL, and the exit of a user task
 *
 * Models:  kernel/signal.c (do_send_sig_info, kill), kernel/entry/common.c
 *          (exit_to_user_mode_loop), Linux v4.6 semantics.  The name
 *          exit_to_user_mode_loop is v5.9's, from the generic entry code
 *          (a9f3a74a29af "entry: Provide generic syscall exit function");
 *          a v4.x kernel delivered the signal from its architecture's
 *          return path (exit_to_usermode_loop() on x86), to the same end.
 * Omits:   every signal but SIGKILL, siglock (the flags are bitops),
 *          signal handlers.
 */
#include <linux/sched/signal.h>
#include <linux/syscalls.h>
#include <linux/errno.h>

/**
 * do_send_sig_info() - send a fatal signal.
 * @sig: SIGKILL.
 * @info: unused.
 * @p: the target.
 * @type: unused.
 *
 * A fatal signal starts a group exit at once (complete_signal()), then
 * wakes the task so that it notices on its way back to user space.
 *
 * Return: 0.
 */
int do_send_sig_info(int sig, void *info, struct task_struct *p, int type)
{
	(void)info;
	(void)type;
	set_bit(SIGNAL_GROUP_EXIT, &p->signal->flags);
	set_bit(sig, &p->pending.signal);
	wake_up_process(p);
	return 0;
}

SYSCALL_DEFINE2(kill, pid_t, pid, int, sig)
{
	struct task_struct *p = find_task_by_vpid(pid);

	if (!p)
		return -ESRCH;
	return do_send_sig_info(sig, NULL, p, 0);
}

void do_group_exit(int exit_code);

/**
 * exit_to_user_mode_loop() - a user task, from the kernel's point of view.
 *
 * CUSTOM: "user space" is a sleep that only a signal ends.  On the way out
 * the pending SIGKILL is delivered (get_signal()) and the task exits.
 */
void exit_to_user_mode_loop(void)
{
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (signal_pending(current))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	do_group_exit(SIGKILL);
}
