// SPDX-License-Identifier: GPL-2.0-only
/*
 * exercises/grader/fault.c - where a test process crashed, in words
 *
 * Simulator-only.  See DOC: The grader's trust boundary in runner.c: the
 * test process reports the address of the instruction that faulted; the
 * runner, a fork of the same binary with the same layout, names its
 * function and source line.  Apart from runner.c because it needs
 * _GNU_SOURCE, under which <sys/stat.h> wants the host's <linux/types.h>
 * (the model's shadows it).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
#include "grade.h"

/**
 * grade_fault_pc() - the faulting instruction's address.
 * @ucp: the signal handler's third argument.
 *
 * Context: a signal handler; async-signal-safe.
 * Return: the address, or 0 where the architecture is not known here.
 */
uintptr_t grade_fault_pc(void *ucp)
{
#ifdef __x86_64__
	return ((ucontext_t *)ucp)->uc_mcontext.gregs[REG_RIP];
#else
	(void)ucp;
	return 0;
#endif
}

/**
 * grade_source_line() - "file:line" of code address @pc in this binary.
 * @pc: an address in this process (or in a fork of it).
 * @buf: where the answer goes.
 * @len: its size.
 *
 * Asks addr2line (binutils) about this binary's own debugging
 * information; the path is made relative to the working folder.
 *
 * Return: true if the line is known.
 */
bool grade_source_line(uintptr_t pc, char *buf, size_t len)
{
	static char exe[4096];
	char cmd[4400], line[512], cwd[2048];
	Dl_info here, there;
	bool ok = false;
	FILE *p;

	if (!exe[0] && readlink("/proc/self/exe", exe, sizeof(exe) - 1) <= 0)
		return false;
	if (!dladdr((void *)grade_source_line, &here) ||
	    !dladdr((void *)pc, &there) || here.dli_fbase != there.dli_fbase)
		return false;
	snprintf(cmd, sizeof(cmd), "addr2line -e '%s' 0x%lx 2>/dev/null", exe,
		 (unsigned long)(pc - (uintptr_t)here.dli_fbase));
	p = popen(cmd, "r");
	if (!p)
		return false;
	if (fgets(line, sizeof(line), p) && line[0] != '?') {
		char *cut = strstr(line, " (discriminator");
		size_t n, c;

		if (cut)
			*cut = 0;
		n = strcspn(line, "\n");
		line[n] = 0;
		if (getcwd(cwd, sizeof(cwd)) && (c = strlen(cwd)) &&
		    !strncmp(line, cwd, c) && line[c] == '/')
			memmove(line, line + c + 1, strlen(line + c + 1) + 1);
		n = strlen(line);
		ok = n > 2 && strcmp(line + n - 2, ":0");
		snprintf(buf, len, "%s", line);
	}
	pclose(p);
	return ok;
}
