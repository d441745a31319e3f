// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/engine/symbols.c - names of model functions, read from our own ELF
 *
 * Simulator-only.  The call stacks of the trace hold function addresses
 * (from -finstrument-functions).  Every era has its own copy of, say,
 * exit_mmap(), hidden as a local symbol; .symtab still names them all, so
 * the binary's own symbol table turns addresses back into kernel names.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "engine.h"

struct sym {
	uintptr_t addr;
	size_t size;
	const char *name;
};

static struct sym *syms;
static size_t nsyms;
static bool loaded;
/* where the binary was loaded: an address minus this is its ELF address */
static uintptr_t bias;

static int sym_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/*
 * A build with no ELF file of its own (the WebAssembly player: a
 * function's address there is its index in the table of functions) is
 * told its model functions' names by the functions' own translation units
 * (book/player.mk generates the calls), before the first look-up.
 */
static struct sym *given;
static size_t ngiven, given_cap;

/**
 * sim_symbol_add() - name the function at @addr.
 * @addr: the function.
 * @name: its name, kept.
 */
void sim_symbol_add(const void *addr, const char *name)
{
	if (ngiven == given_cap) {
		struct sym *n;

		given_cap = given_cap ? 2 * given_cap : 512;
		n = realloc(given, given_cap * sizeof(*given));
		if (!n)
			return;
		given = n;
	}
	given[ngiven++] = (struct sym){ (uintptr_t)addr, 1, name };
}

static void symbols_load(void)
{
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	const Elf64_Sym *st = NULL;
	const char *strtab = NULL;
	size_t i, n = 0;
	struct stat sb;
	void *map;
	int fd;

	loaded = true;
	if (ngiven) {
		syms = given;
		nsyms = ngiven;
		qsort(syms, nsyms, sizeof(*syms), sym_cmp);
		return;
	}
	fd = open("/proc/self/exe", O_RDONLY);
	if (fd < 0)
		return;
	if (fstat(fd, &sb) || sb.st_size < (off_t)sizeof(*eh)) {
		close(fd);
		return;
	}
	map = mmap(NULL, sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return;
	eh = map;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64)
		return;
	sh = (const Elf64_Shdr *)((const char *)map + eh->e_shoff);
	for (i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_SYMTAB)
			continue;
		st = (const Elf64_Sym *)((const char *)map + sh[i].sh_offset);
		n = sh[i].sh_size / sizeof(*st);
		strtab = (const char *)map + sh[sh[i].sh_link].sh_offset;
	}
	if (!st)
		return;
	syms = calloc(n, sizeof(*syms));
	if (!syms)
		return;
	for (i = 0; i < n; i++) {
		int type = ELF64_ST_TYPE(st[i].st_info);

		if ((type != STT_FUNC && type != STT_OBJECT) || !st[i].st_value)
			continue;
		syms[nsyms].addr = st[i].st_value;
		syms[nsyms].size = st[i].st_size ? st[i].st_size : 1;
		syms[nsyms].name = strtab + st[i].st_name;
		if (!strcmp(syms[nsyms].name, "sim_symbol"))
			bias = (uintptr_t)sim_symbol - st[i].st_value;
		nsyms++;
	}
	for (i = 0; i < nsyms; i++)
		syms[i].addr += bias;
	qsort(syms, nsyms, sizeof(*syms), sym_cmp);
}

/**
 * sim_symbols_load() - read the table now, if it is not read yet.
 *
 * Real threads name functions too (a fault's report,
 * sim_thread_fault_report()), and two of them that both found the table
 * unread would both read it: the engines that run real threads read it
 * before they start them.
 */
void sim_symbols_load(void)
{
	if (!loaded)
		symbols_load();
}

/**
 * sim_symbol() - the name of the function or variable at @addr.
 * @addr: an address inside the binary.
 *
 * Return: the name, or "?".
 */
const char *sim_symbol(const void *addr)
{
	uintptr_t a = (uintptr_t)addr;
	size_t lo = 0, hi;

	if (!loaded)
		symbols_load();
	hi = nsyms;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (syms[mid].addr + syms[mid].size <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < nsyms && syms[lo].addr <= a)
		return syms[lo].name;
	return "?";
}

/*
 * Source lines come from the binary's own DWARF, read by addr2line
 * (binutils, a dependency of the build): only for a report of the model
 * (a fault, a race), once per address, never on the way of an ordinary
 * step.  Each lookup starts one, unless a process that is about to lose
 * the right to start programs (the grader's sandboxed test process,
 * exercises/grader/sandbox.c) has started one before, which then answers
 * one address at a time over a pipe, as addr2line does when it reads
 * its addresses from standard input (sim_source_lines_serve()).
 *
 * DOC: One line server for a grading
 *
 * The grader starts the server once, before its first test, and every
 * test process it forks inherits it: a grading of a dozen tests starts
 * one addr2line, not a dozen (each costs a fork, an exec and the reading
 * of a 5-MB binary's symbols, and most tests never ask).  The processes
 * take turns, never two at once (the runner waits for each test), but a
 * test killed between its question and the answer leaves that answer in
 * the pipe.  So the server echoes each address before its line (-a), an
 * answer is taken only after its own address, and what comes before is
 * skipped: a stale echo with the line after it, a stale line alone.  A
 * question is one write() of less than PIPE_BUF bytes, never split, and
 * the answer is read a byte at a time, so that no process keeps in a
 * buffer of its own what the next one needs.
 */
#define MAX_LINES	64

static int serve_fd = -1;	/* the server's standard input */
static int serve_in = -1;	/* and its output */
static pid_t serve_pid;

static struct {
	const void *pc;
	const char *file;
	int line;
} lines[MAX_LINES];
static int nlines;

/* Our sources are named from the top of the tree: drop what is before. */
static const char *tree_path(const char *path)
{
	static const char *const tops[] = {
		"/src/", "/tests/", "/exercises/",
	};
	const char *best = NULL, *p;
	size_t i;

	if (path[0] != '/')
		return path;
	for (i = 0; i < sizeof(tops) / sizeof(tops[0]); i++)
		if ((p = strstr(path, tops[i])) && (!best || p < best))
			best = p;
	return best ? best + 1 : path;
}

/* One line of the server's output, without its newline; false at its end. */
static bool serve_line(char *out, size_t len)
{
	size_t n = 0;
	char c;

	for (;;) {
		ssize_t r = read(serve_in, &c, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		if (c == '\n')
			break;
		if (n + 1 < len)
			out[n++] = c;
	}
	out[n] = 0;
	return true;
}

/* The server's line for @addr (DOC: One line server for a grading). */
static bool serve_ask(unsigned long addr, char *out, size_t len)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	char q[32];
	int n = snprintf(q, sizeof(q), "%#lx\n", addr);
	bool sent;

	/* a server that is gone is no reason to die of SIGPIPE */
	sigaction(SIGPIPE, &ign, &old);
	sent = write(serve_fd, q, n) == n;
	sigaction(SIGPIPE, &old, NULL);
	if (!sent)
		return false;
	while (serve_line(out, len)) {
		if (strncmp(out, "0x", 2))
			continue;	/* a line whose echo was read */
		if (strtoul(out, NULL, 16) == addr)
			return serve_line(out, len);
		if (!serve_line(out, len))	/* another's, and its line */
			return false;
	}
	return false;
}

/**
 * sim_source_lines_serve() - start addr2line now, to answer
 * sim_source_line() later without starting a program.
 *
 * Its child ends when the last process that can ask it does (its input
 * closes).  A process forked after this call asks the same server (DOC:
 * One line server for a grading); called again there, it does nothing.
 * Return: 0, or -1 if it could not start or did not answer a first
 * address (then each lookup tries its own addr2line, as before).
 */
int sim_source_lines_serve(void)
{
	char exe[64], out[512];
	int to[2], from[2];
	pid_t pid;
	bool ok;

	if (serve_fd >= 0)
		return 0;
	snprintf(exe, sizeof(exe), "/proc/%d/exe", (int)getpid());
	if (pipe(to))
		return -1;
	if (pipe(from)) {
		close(to[0]);
		close(to[1]);
		return -1;
	}
	/* the server must not hold its own input's write end */
	fcntl(to[1], F_SETFD, FD_CLOEXEC);
	fcntl(from[0], F_SETFD, FD_CLOEXEC);
	fflush(NULL);
	pid = fork();
	if (!pid) {
		/* dup2() leaves the copies open across the exec */
		if (dup2(to[0], 0) == 0 && dup2(from[1], 1) == 1) {
			int null = open("/dev/null", O_WRONLY);

			if (null >= 0)
				dup2(null, 2);
			execlp("addr2line", "addr2line", "-a", "-e", exe,
			       (char *)NULL);
		}
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	if (pid < 0) {
		close(from[0]);
		close(to[1]);
		return -1;
	}
	serve_in = from[0];
	serve_fd = to[1];
	serve_pid = pid;
	/* it answers, or it is not there (no addr2line: exit 127) */
	ok = serve_ask(0, out, sizeof(out));
	if (!ok) {
		close(serve_in);
		close(serve_fd);
		serve_in = serve_fd = -1;
		serve_pid = 0;
		return -1;
	}
	return 0;
}

/**
 * sim_source_lines_pid() - the server sim_source_lines_serve() started.
 *
 * Return: its pid, 0 if none.  The grader's runner leaves it running when
 * it kills what a test left behind.
 */
pid_t sim_source_lines_pid(void)
{
	return serve_pid;
}

/**
 * sim_source_lines_fd() - is @fd one of the two descriptors this process
 * talks to the line server through?
 * @fd: a file descriptor.
 *
 * Return: true if so.  The grader's runner leaves both open when it
 * closes what a test inherited.
 */
bool sim_source_lines_fd(int fd)
{
	return serve_fd >= 0 && (fd == serve_fd || fd == serve_in);
}

/**
 * sim_source_line() - the source file and line of the instruction at @pc.
 * @pc: an address in our own binary (a faulting model instruction).
 * @file: set to the file, from the top of the tree (kept for good).
 * @line: set to the line.
 *
 * Return: false when it is not known (no addr2line, no debug
 * information, an address outside the binary).
 */
bool sim_source_line(const void *pc, const char **file, int *line)
{
	char cmd[128], out[512], *colon;
	FILE *p;
	int i;

	for (i = 0; i < nlines; i++)
		if (lines[i].pc == pc)
			goto found;
	if (!loaded)
		symbols_load();
	if (!strcmp(sim_symbol(pc), "?") || nlines == MAX_LINES)
		return false;
	/* the address of the instruction, as the ELF file numbers it */
	out[0] = 0;
	if (serve_fd >= 0) {
		if (!serve_ask((unsigned long)((uintptr_t)pc - bias), out,
			       sizeof(out)))
			return false;
	} else {
		snprintf(cmd, sizeof(cmd),
			 "addr2line -e /proc/%d/exe %#lx 2>/dev/null",
			 (int)getpid(), (unsigned long)((uintptr_t)pc - bias));
		p = popen(cmd, "r");
		if (!p)
			return false;
		if (!fgets(out, sizeof(out), p))
			out[0] = 0;
		pclose(p);
	}
	colon = strrchr(out, ':');
	if (!colon || out[0] == '?' || atoi(colon + 1) <= 0)
		return false;
	*colon = 0;
	lines[nlines].pc = pc;
	lines[nlines].file = strdup(tree_path(out));
	lines[nlines].line = atoi(colon + 1);
	if (!lines[nlines].file)
		return false;
	i = nlines++;
found:
	*file = lines[i].file;
	*line = lines[i].line;
	return true;
}
