// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/labs/sys.c - the labs' system calls, by number, and the switch that
 *                  pretends the kernel lacks them
 *
 * Not the model.  glibc 2.36 has no wrappers for pidfd_open(2),
 * pidfd_send_signal(2) or process_mrelease(2), so they are made with
 * syscall(2).  Their numbers are the same on every architecture that uses
 * the generic system call table (x86-64 included) since Linux 5.1.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "labs.h"

#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal	424	/* Linux 5.1 */
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open		434	/* Linux 5.3 */
#endif
#ifndef SYS_process_mrelease
#define SYS_process_mrelease	448	/* Linux 5.15 */
#endif

/**
 * lab_faked() - does REAPLAB_FAKE_ENOSYS say the kernel lacks @name?
 * @name: a system call name, e.g. "process_mrelease".
 *
 * Return: true if the variable lists @name (comma separated) or "all".
 */
bool lab_faked(const char *name)
{
	const char *list = getenv("REAPLAB_FAKE_ENOSYS");
	size_t n = strlen(name);

	while (list && *list) {
		size_t len = strcspn(list, ",");

		if ((len == n && !strncmp(list, name, n)) ||
		    (len == 3 && !strncmp(list, "all", 3)))
			return true;
		list += len;
		if (*list == ',')
			list++;
	}
	return false;
}

static int fake_enosys(void)
{
	errno = ENOSYS;
	return -1;
}

int lab_pidfd_open(pid_t pid, unsigned int flags)
{
	if (lab_faked("pidfd_open"))
		return fake_enosys();
	return syscall(SYS_pidfd_open, pid, flags);
}

int lab_pidfd_send_signal(int pidfd, int sig, unsigned int flags)
{
	if (lab_faked("pidfd_send_signal"))
		return fake_enosys();
	return syscall(SYS_pidfd_send_signal, pidfd, sig, NULL, flags);
}

int lab_process_mrelease(int pidfd, unsigned int flags)
{
	if (lab_faked("process_mrelease"))
		return fake_enosys();
	return syscall(SYS_process_mrelease, pidfd, flags);
}

pid_t lab_fork(void)
{
	if (lab_faked("fork"))
		return fake_enosys();
	return fork();
}

/**
 * lab_probe() - is system call @name there?
 * @name: "pidfd_open", "pidfd_send_signal", "process_mrelease" or "fork".
 *
 * Each is called so that it fails harmlessly if it exists (a bad file
 * descriptor: EBADF) and with ENOSYS if it does not.
 *
 * Return: 0 if it is there, else the errno that says why not.
 */
int lab_probe(const char *name)
{
	int fd;

	if (!strcmp(name, "pidfd_open")) {
		fd = lab_pidfd_open(getpid(), 0);
		if (fd < 0)
			return errno;
		close(fd);
		return 0;
	}
	if (!strcmp(name, "pidfd_send_signal")) {
		if (lab_pidfd_send_signal(-1, 0, 0) < 0 && errno != EBADF)
			return errno;
		return 0;
	}
	if (!strcmp(name, "process_mrelease")) {
		if (lab_process_mrelease(-1, 0) < 0 && errno != EBADF)
			return errno;
		return 0;
	}
	return lab_faked(name) ? ENOSYS : 0;
}

/* lab_kernel_release() - uname -r. */
void lab_kernel_release(char *buf, size_t len)
{
	struct utsname u;

	if (uname(&u))
		snprintf(buf, len, "unknown");
	else
		snprintf(buf, len, "%s", u.release);
}

/**
 * lab_skipped() - say that part of a lab cannot run here, and why.
 * @name: the missing system call.
 * @what: what is skipped ("kernel mrelease").
 */
void lab_skipped(const char *name, const char *what)
{
	bench_say("%s: skipped: %s() is not available on this kernel (ENOSYS)\n",
	       what, name);
}
