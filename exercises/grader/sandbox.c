// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/sandbox.c - what a test process may not ask the kernel
 *
 * Simulator-only.  See DOC: The grader's trust boundary in runner.c.
 *
 * DOC: The test process's sandbox
 *
 * A test runs the student's code in a process of its own.  vet.sh has
 * already made sure the code calls nothing but the lab's allow-list, by
 * name; the sandbox is the second line, for code that reaches a system
 * call anyway (a function of the C library found by arithmetic, in code
 * the checks missed).  Before the test's body runs, the process installs
 * a seccomp filter (no privilege needed: PR_SET_NO_NEW_PRIVS first) that
 * allows the system calls a graded run makes and nothing else: any other
 * fails with EPERM, whoever makes it.  The list is what the simulator,
 * the C library and the sanitizers' runtimes (ASan's, UBSan's, TSan's)
 * were seen to ask for while every lab was graded:
 *
 *   memory             brk, munmap, mremap, madvise; mmap, mprotect and
 *                      pkey_mprotect without PROT_EXEC
 *   files it has       read, write, readv, writev, pread64, close, lseek,
 *                      fstat, newfstatat, statx; fcntl to read or set
 *                      FD_CLOEXEC; ioctl TCGETS (isatty()) alone
 *   files it reads     open and openat without a bit that writes or
 *                      creates; readlink(at), getcwd
 *   signals            rt_sigaction, rt_sigprocmask, rt_sigreturn,
 *                      sigaltstack; kill, tkill, tgkill and
 *                      rt_(tg)sigqueueinfo to itself only
 *   threads            clone with CLONE_THREAD (a sanitizer's own), not
 *                      a process; futex, set_robust_list, rseq,
 *                      sched_yield, sched_getaffinity
 *   time and the rest  clock_gettime, clock_getres, gettimeofday,
 *                      nanosleep, clock_nanosleep, getrandom, sysinfo,
 *                      uname, getpid, gettid, getrusage, prlimit64 and
 *                      getrlimit to read a limit, restart_syscall, exit,
 *                      exit_group
 *
 * So no new process or program, no signal to another, no file written or
 * created, no executable memory (by mmap or by System V shared memory:
 * shmat() with SHM_EXEC, like every IPC call, is not on the list), no
 * socket, no ptrace or process_vm_writev, no userfaultfd, no raised
 * limit, no io_uring (which seccomp cannot see into), nothing of the
 * machine.  A call the C library makes on its own that is not listed
 * fails too (clone3: ENOSYS, so that glibc falls back to clone).  What
 * that leaves a hostile test process is its own memory and its own
 * report: the runner decides from the report, the transcript, its exit
 * status and what it measured itself (time, memory), never from memory
 * it shares with the test.
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
#define TCGETS_NR		0x5401U

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

static void ret(struct prog *p, uint32_t what)
{
	emit(p, STMT(BPF_RET_K, what));
}

#define ALLOW		SECCOMP_RET_ALLOW
#define DENY		(SECCOMP_RET_ERRNO | EPERM)

/* System call @nr: allowed. */
static void allow(struct prog *p, uint32_t nr)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 1));
	ret(p, ALLOW);
}

/* System call @nr: allowed if argument @arg has none of @bits. */
static void allow_without(struct prog *p, uint32_t nr, int arg, uint32_t bits)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 4));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	emit(p, JUMP(BPF_JSET_K, bits, 1, 0));
	ret(p, ALLOW);
	ret(p, DENY);
}

/* System call @nr: allowed if argument @arg has @bit (clone's thread). */
static void allow_with(struct prog *p, uint32_t nr, int arg, uint32_t bit)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 4));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	emit(p, JUMP(BPF_JSET_K, bit, 0, 1));
	ret(p, ALLOW);
	ret(p, DENY);
}

/* System call @nr: allowed if argument @arg is @value (our pid; NULL). */
static void allow_only(struct prog *p, uint32_t nr, int arg, uint32_t value)
{
	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, 6));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_HI(arg)));
	emit(p, JUMP(BPF_JEQ_K, 0, 0, 3));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	emit(p, JUMP(BPF_JEQ_K, value, 0, 1));
	ret(p, ALLOW);
	ret(p, DENY);
}

/* System call @nr: allowed if the low word of argument @arg is one of @v. */
static void allow_one_of(struct prog *p, uint32_t nr, int arg,
			 const uint32_t *v, int n)
{
	int i;

	emit(p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(p, JUMP(BPF_JEQ_K, nr, 0, n + 3));
	emit(p, STMT(BPF_LD_W_ABS, SD_ARG_LO(arg)));
	for (i = 0; i < n; i++)
		emit(p, JUMP(BPF_JEQ_K, v[i], n - i, 0));
	ret(p, DENY);
	ret(p, ALLOW);
}

/* What any graded run may ask for, whatever its arguments. */
static const uint32_t allowed[] = {
	/* memory (mmap and mprotect: below, without PROT_EXEC) */
	SYS_brk, SYS_munmap, SYS_mremap, SYS_madvise,
	/* the files it has */
	SYS_read, SYS_write, SYS_readv, SYS_writev, SYS_pread64, SYS_close,
	SYS_lseek, SYS_fstat, SYS_newfstatat, SYS_statx, SYS_readlink,
	SYS_readlinkat, SYS_getcwd,
	/* signals (to another process: below) */
	SYS_rt_sigaction, SYS_rt_sigprocmask, SYS_rt_sigreturn,
	SYS_sigaltstack,
	/* threads of its own */
	SYS_futex, SYS_set_robust_list, SYS_rseq, SYS_sched_yield,
	SYS_sched_getaffinity,
	/* time, identity, the end */
	SYS_clock_gettime, SYS_clock_getres, SYS_gettimeofday, SYS_nanosleep,
	SYS_clock_nanosleep, SYS_getrandom, SYS_sysinfo, SYS_uname,
	SYS_getpid, SYS_gettid, SYS_getrusage, SYS_getrlimit,
	SYS_restart_syscall, SYS_exit, SYS_exit_group,
};

/* fcntl(): FD_CLOEXEC read or set, the flags read; ioctl(): isatty(). */
static const uint32_t fcntl_cmds[] = { 1 /* F_GETFD */, 2 /* F_SETFD */,
				       3 /* F_GETFL */ };
static const uint32_t ioctl_cmds[] = { TCGETS_NR };

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
	ret(&p, SECCOMP_RET_KILL_PROCESS);
	/* the x32 numbers are another door to the same calls */
	emit(&p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(&p, JUMP(BPF_JGE_K, 0x40000000U, 0, 1));
	ret(&p, DENY);
	for (i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++)
		allow(&p, allowed[i]);
	allow_without(&p, SYS_mmap, 2, PROT_EXEC_BIT);
	allow_without(&p, SYS_mprotect, 2, PROT_EXEC_BIT);
	allow_without(&p, SYS_pkey_mprotect, 2, PROT_EXEC_BIT);
	allow_without(&p, SYS_open, 1, OPEN_WRITE_BITS);
	allow_without(&p, SYS_openat, 2, OPEN_WRITE_BITS);
	allow_one_of(&p, SYS_fcntl, 1, fcntl_cmds,
		     sizeof(fcntl_cmds) / sizeof(fcntl_cmds[0]));
	allow_one_of(&p, SYS_ioctl, 1, ioctl_cmds,
		     sizeof(ioctl_cmds) / sizeof(ioctl_cmds[0]));
	allow_only(&p, SYS_kill, 0, self);
	allow_only(&p, SYS_tkill, 0, self);
	allow_only(&p, SYS_tgkill, 0, self);
	allow_only(&p, SYS_rt_sigqueueinfo, 0, self);
	allow_only(&p, SYS_rt_tgsigqueueinfo, 0, self);
	/* a limit read (its new value NULL), never set */
	allow_only(&p, SYS_prlimit64, 2, 0);
	/* a thread, yes (a sanitizer's); a process, no */
	allow_with(&p, SYS_clone, 0, CLONE_THREAD_BIT);
	/* clone3's flags are behind a pointer: glibc falls back to clone */
	emit(&p, STMT(BPF_LD_W_ABS, SD_NR));
	emit(&p, JUMP(BPF_JEQ_K, SYS_clone3, 0, 1));
	ret(&p, SECCOMP_RET_ERRNO | ENOSYS);
	ret(&p, DENY);
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
