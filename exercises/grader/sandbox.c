// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/sandbox.c - what a test process may not ask the kernel
 *
 * Simulator-only.  See DOC: The grader's trust boundary in runner.c.
 *
 * DOC: The test process's sandbox
 *
 * A test runs the student's code in a process of its own.  vet.sh has
 * already made sure the code names no system call and no C library
 * function; the sandbox is the second line, for code that reaches one
 * anyway (a pointer computed to a function it does not name).  Before the
 * test's body runs, the process installs a seccomp filter (no privilege
 * needed: PR_SET_NO_NEW_PRIVS first) under which these calls fail with
 * EPERM, whoever makes them:
 *
 *   new processes      fork, vfork, clone without CLONE_THREAD, clone3,
 *                      execve, execveat
 *   other processes    kill, tkill, tgkill, rt_(tg)sigqueueinfo but to
 *                      itself; pidfd_send_signal, pidfd_getfd, ptrace,
 *                      process_vm_readv/writev, kcmp, setsid, setpgid
 *   files              any open for writing or creating; unlink, rename,
 *                      link, symlink, mkdir, rmdir, mknod, chmod, chown,
 *                      truncate, ftruncate, utimes, xattrs, chroot, mount
 *   the machine        sockets, io_uring (which seccomp cannot see
 *                      into), bpf, userfaultfd, perf_event_open, keys,
 *                      namespaces, personality, modules, kexec, reboot,
 *                      clocks, iopl/ioperm/modify_ldt, TIOCSTI
 *   limits             setrlimit, prlimit64 with a new limit
 *   executable memory  mmap, mprotect, pkey_mprotect with PROT_EXEC
 *
 * It may still compute, allocate, read files, write to the descriptors it
 * was given (its transcript and its report) and exit.  What that leaves a
 * hostile test process is its own memory and its own report: the runner
 * decides from the report, its exit status and what it measured itself
 * (time, memory), never from memory it shares with the test.
 *
 * x86-64 only (the coop engine's native switch is); elsewhere the filter
 * is not installed and grade_sandbox() says so.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "grade.h"

/*
 * <linux/filter.h> and <linux/seccomp.h> need the host's <linux/types.h>,
 * which the model's shadows: their ABI constants, spelled out.
 */
struct sock_filter {
	uint16_t code;
	uint8_t jt;
	uint8_t jf;
	uint32_t k;
};

struct sock_fprog {
	unsigned short len;
	struct sock_filter *filter;
};

#define BPF_LD_W_ABS	0x20	/* BPF_LD | BPF_W | BPF_ABS */
#define BPF_JEQ_K	0x15	/* BPF_JMP | BPF_JEQ | BPF_K */
#define BPF_JGE_K	0x35	/* BPF_JMP | BPF_JGE | BPF_K */
#define BPF_JSET_K	0x45	/* BPF_JMP | BPF_JSET | BPF_K */
#define BPF_RET_K	0x06	/* BPF_RET | BPF_K */

#define SECCOMP_RET_KILL_PROCESS	0x80000000U
#define SECCOMP_RET_ERRNO		0x00050000U
#define SECCOMP_RET_ALLOW		0x7fff0000U
#define SECCOMP_MODE_FILTER		2
#define PR_SET_SECCOMP			22
#define PR_SET_NO_NEW_PRIVS		38
#define AUDIT_ARCH_X86_64		0xc000003eU

/* struct seccomp_data: nr, arch, instruction_pointer, args[6] */
#define SD_NR		0
#define SD_ARCH		4
#define SD_ARG_LO(n)	(16 + 8 * (n))
#define SD_ARG_HI(n)	(16 + 8 * (n) + 4)

#define CLONE_THREAD_BIT	0x00010000U
#define PROT_EXEC_BIT		0x4U
/* O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_TMPFILE's bit */
#define OPEN_WRITE_BITS		(01U | 02U | 0100U | 01000U | 02000U | 020000000U)
#define TIOCSTI_NR		0x5412U

#ifdef __x86_64__

#define STMT(c, k)		((struct sock_filter){ (c), 0, 0, (k) })
#define JUMP(c, k, t, f)	((struct sock_filter){ (c), (t), (f), (k) })

/* The filter, built into a table as it is assembled. */
struct prog {
	struct sock_filter f[512];
	int n;
	bool overflow;
};

static void emit(struct prog *p, struct sock_filter s)
{
	if (p->n < (int)(sizeof(p->f) / sizeof(p->f[0])))
		p->f[p->n++] = s;
	else
		p->overflow = true;
}

static void deny(struct prog *p)
{
	emit(p, STMT(BPF_RET_K, SECCOMP_RET_ERRNO | EPERM));
}

static void allow(struct prog *p)
{
	emit(p, STMT(BPF_RET_K, SECCOMP_RET_ALLOW));
}

/* System call @nr: denied outright. */
static void never(struct prog *p, uint32_t nr)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 1));
	deny(p);
}

/* System call @nr: denied if argument @arg has any of @bits. */
static void never_with(struct prog *p, uint32_t nr, int arg, uint32_t bits)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 3));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	emit(p, JUMP(BPF_JSET_K, bits, 0, 1));
	deny(p);
}

/* System call @nr: denied unless argument @arg is @value (our pid). */
static void only_with(struct prog *p, uint32_t nr, int arg, uint32_t value)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 5));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_HI(arg)));
	emit(p, JUMP(BPF_JEQ_K, 0, 0, 2));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	emit(p, JUMP(BPF_JEQ_K, value, 1, 0));
	deny(p);
}

/* System call @nr: denied if argument @arg is @value. */
static void never_value(struct prog *p, uint32_t nr, int arg, uint32_t value)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 3));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	emit(p, JUMP(BPF_JEQ_K, value, 0, 1));
	deny(p);
}

/* System call @nr: denied if argument @arg (a pointer) is not NULL. */
static void only_null(struct prog *p, uint32_t nr, int arg)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 5));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	emit(p, JUMP(BPF_JEQ_K, 0, 0, 2));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_HI(arg)));
	emit(p, JUMP(BPF_JEQ_K, 0, 1, 0));
	deny(p);
}

static const uint32_t denied[] = {
	/* new processes */
	SYS_fork, SYS_vfork, SYS_execve, SYS_execveat,
	/* other processes */
	SYS_pidfd_send_signal, SYS_pidfd_getfd, SYS_ptrace,
	SYS_process_vm_readv, SYS_process_vm_writev, SYS_kcmp, SYS_setsid,
	SYS_setpgid,
	/* files */
	SYS_creat, SYS_openat2, SYS_open_by_handle_at, SYS_unlink,
	SYS_unlinkat, SYS_rename, SYS_renameat, SYS_renameat2, SYS_link,
	SYS_linkat, SYS_symlink, SYS_symlinkat, SYS_mkdir, SYS_mkdirat,
	SYS_rmdir, SYS_mknod, SYS_mknodat, SYS_chmod, SYS_fchmod,
	SYS_fchmodat, SYS_chown, SYS_fchown, SYS_lchown, SYS_fchownat,
	SYS_truncate, SYS_ftruncate, SYS_utime, SYS_utimes, SYS_utimensat,
	SYS_futimesat, SYS_setxattr, SYS_lsetxattr, SYS_fsetxattr,
	SYS_removexattr, SYS_lremovexattr, SYS_fremovexattr, SYS_chroot,
	SYS_mount, SYS_umount2, SYS_pivot_root, SYS_swapon, SYS_swapoff,
	SYS_acct, SYS_quotactl,
	/* the machine */
	SYS_socket, SYS_socketpair, SYS_connect, SYS_bind, SYS_listen,
	SYS_accept, SYS_accept4, SYS_sendto, SYS_sendmsg, SYS_sendmmsg,
	SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
	SYS_bpf, SYS_userfaultfd, SYS_perf_event_open, SYS_keyctl,
	SYS_add_key, SYS_request_key, SYS_unshare, SYS_setns,
	SYS_personality, SYS_init_module, SYS_finit_module,
	SYS_delete_module, SYS_kexec_load, SYS_kexec_file_load, SYS_reboot,
	SYS_sethostname, SYS_setdomainname, SYS_settimeofday,
	SYS_clock_settime, SYS_clock_adjtime, SYS_adjtimex, SYS_syslog,
	SYS_vhangup, SYS_iopl, SYS_ioperm, SYS_modify_ldt,
	/* limits */
	SYS_setrlimit,
};

/**
 * grade_sandbox() - install the test process's seccomp filter.
 *
 * Context: in the test process, after its descriptors and limits are set
 * and before the test's body runs.  Cannot be undone.
 * Return: NULL, or why the filter could not be installed.
 */
const char *grade_sandbox(void)
{
	static struct prog p;
	struct sock_fprog prog;
	uint32_t self = (uint32_t)getpid();
	size_t i;

	p.n = 0;
	p.overflow = false;
	emit(&p, STMT(BPF_LD_W_ABS, SD_ARCH));
	emit(&p, JUMP(BPF_JEQ_K, AUDIT_ARCH_X86_64, 1, 0));
	emit(&p, STMT(BPF_RET_K, SECCOMP_RET_KILL_PROCESS));
	/* the x32 numbers are another door to the same calls */
	emit(&p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(&p, JUMP(BPF_JGE_K, 0x40000000U, 0, 1));
	deny(&p);
	for (i = 0; i < sizeof(denied) / sizeof(denied[0]); i++)
		never(&p, denied[i]);
	/* clone3's flags are behind a pointer: glibc falls back to clone */
	emit(&p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(&p, JUMP(BPF_JEQ_K, SYS_clone3, 0, 1));
	emit(&p, STMT(BPF_RET_K, SECCOMP_RET_ERRNO | ENOSYS));
	/* a thread, yes (a sanitizer's); a process, no */
	emit(&p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(&p, JUMP(BPF_JEQ_K, SYS_clone, 0, 3));
	emit(&p, STMT(BPF_LD_W_ABS, SD_ARG_LO(0)));
	emit(&p, JUMP(BPF_JSET_K, CLONE_THREAD_BIT, 1, 0));
	deny(&p);
	only_with(&p, SYS_kill, 0, self);
	only_with(&p, SYS_tkill, 0, self);
	only_with(&p, SYS_tgkill, 0, self);
	only_with(&p, SYS_rt_sigqueueinfo, 0, self);
	only_with(&p, SYS_rt_tgsigqueueinfo, 0, self);
	never_with(&p, SYS_open, 1, OPEN_WRITE_BITS);
	never_with(&p, SYS_openat, 2, OPEN_WRITE_BITS);
	never_with(&p, SYS_mmap, 2, PROT_EXEC_BIT);
	never_with(&p, SYS_mprotect, 2, PROT_EXEC_BIT);
	never_with(&p, SYS_pkey_mprotect, 2, PROT_EXEC_BIT);
	never_value(&p, SYS_ioctl, 1, TIOCSTI_NR);
	only_null(&p, SYS_prlimit64, 2);
	allow(&p);
	if (p.overflow)
		return "the filter does not fit its table";
	prog.len = p.n;
	prog.filter = p.f;
	if (syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return strerror(errno);
	if (syscall(SYS_prctl, PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0,
		    0))
		return strerror(errno);
	return NULL;
}

#else

const char *grade_sandbox(void)
{
	return "no seccomp filter on this architecture (x86-64 only)";
}

#endif
