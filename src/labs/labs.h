/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/labs/labs.h - real-kernel labs: the mailing lists' questions, asked of the
 *                   host kernel
 *
 * Not the model: these run real processes on the machine they run on.
 *
 *     lab         after          what it times
 *     mrelease    zhongjinji,    SIGKILL through a pidfd until waitpid()
 *                 2025           reaps the child, with and without
 *                                process_mrelease()
 *     fork-exit   Michal Hocko,  fork(), exit, waitpid(): Michal Hocko's
 *                 2017           2017 test, in Kirill Shutemov's table
 *
 * The system calls glibc may lack wrappers for (pidfd_open,
 * pidfd_send_signal, process_mrelease) are made by number.  A lab whose
 * system call the kernel lacks prints "skipped: ... (ENOSYS)" and
 * succeeds.  REAPLAB_FAKE_ENOSYS, a comma-separated list of system call
 * names ("process_mrelease", "pidfd_open", "pidfd_send_signal", "fork")
 * or "all", makes the labs behave as if the kernel lacked them: that is
 * how the skip paths are tested on a kernel that has everything.
 */
#ifndef _LABS_LABS_H
#define _LABS_LABS_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include "../bench/bench.h"

/**
 * struct lab_opts - one run of a lab.
 * @mib: memory the child touches (mrelease).
 * @samples: measurements per run (fork-exit).
 * @runs: runs (rows of fork-exit's table; runs per variant of mrelease).
 * @out: where the CSV files go.
 */
struct lab_opts {
	unsigned long mib;
	unsigned long samples;
	unsigned long runs;
	struct bench_out out;
};

/**
 * struct lab - one real-kernel lab.
 * @name: as `reaplab kernel` calls it.
 * @source: whose mailing-list measurement it repeats (author, year).
 * @summary: one line for --help.
 * @mib: default size, or 0 if the lab has none.
 * @samples: default measurements per run, or 0.
 * @runs: default runs.
 * @run: run it; returns 0 (also when skipped), 1 when a measurement
 *	 failed.
 */
struct lab {
	const char *name;
	const char *source;
	const char *summary;
	unsigned long mib;
	unsigned long samples;
	unsigned long runs;
	int (*run)(const struct lab *l, const struct lab_opts *o);
};

extern const struct lab lab_mrelease;
extern const struct lab lab_fork_exit;
extern const struct lab *const lab_list[];
extern const int nr_labs;
const struct lab *lab_by_name(const char *name);

/* sys.c: system calls by number, and REAPLAB_FAKE_ENOSYS */
bool lab_faked(const char *syscall_name);
int lab_pidfd_open(pid_t pid, unsigned int flags);
int lab_pidfd_send_signal(int pidfd, int sig, unsigned int flags);
int lab_process_mrelease(int pidfd, unsigned int flags);
pid_t lab_fork(void);
int lab_probe(const char *syscall_name);
void lab_kernel_release(char *buf, size_t len);
void lab_skipped(const char *syscall_name, const char *what);

#endif /* _LABS_LABS_H */
