// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/sim/symbols.c - names of model functions, read from our own ELF
 *
 * Simulator-only.  The call stacks of the trace hold function addresses
 * (from -finstrument-functions).  Every era has its own copy of, say,
 * exit_mmap(), hidden as a local symbol; .symtab still names them all, so
 * the binary's own symbol table turns addresses back into kernel names.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sim.h"

struct sym {
	uintptr_t addr;
	size_t size;
	const char *name;
};

static struct sym *syms;
static size_t nsyms;
static bool loaded;

static int sym_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void symbols_load(void)
{
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh;
	const Elf64_Sym *st = NULL;
	const char *strtab = NULL;
	uintptr_t bias = 0;
	size_t i, n = 0;
	struct stat sb;
	void *map;
	int fd;

	loaded = true;
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
