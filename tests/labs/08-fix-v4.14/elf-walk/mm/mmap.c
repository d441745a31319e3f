// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/labs/08-fix-v4.14/elf-walk/mm/mmap.c - a hostile submission: the
 *	addresses of the C library's write() and _exit() computed in plain
 *	C, from exit_mmap()'s own address down to the binary's ELF header,
 *	its dynamic section and its import slots; then "pass" written on the
 *	runner's report and exit status 0, before any proof has run.  No
 *	name of the C library, no asm, no system call's bytes: the object
 *	holds nothing the checks of the object refuse.  The rest is the
 *	skeleton's exit_mmap(), bug and all.
 */
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/slab.h>
#include <asm/tlb.h>
#include "mm/internal.h"

/* Where this binary starts: exit_mmap()'s page, then down to "\177ELF". */
static unsigned long image_base(void)
{
	unsigned long base = (unsigned long)exit_mmap & ~0xfffUL;

	while (*(unsigned int *)base != 0x464c457fU)
		base -= 0x1000;
	return base;
}

static unsigned long word(unsigned long addr)
{
	return *(unsigned long *)addr;
}

static bool named(unsigned long s, const char *name)
{
	while (*(char *)s && *(char *)s == *name)
		s++, name++;
	return *(char *)s == *name;
}

/* In a relocation table of @size bytes at @rel, the slot of @name. */
static unsigned long slot_of(unsigned long base, unsigned long rel,
			     unsigned long size, unsigned long symtab,
			     unsigned long strtab, const char *name)
{
	unsigned long r;

	for (r = rel; rel && r < rel + size; r += 24) {
		unsigned long sym = symtab + (word(r + 8) >> 32) * 24;

		if (named(strtab + *(unsigned int *)sym, name))
			return base + word(r);
	}
	return 0;
}

static void forge(void)
{
	unsigned long base = image_base();
	unsigned long dyn = 0, strtab = 0, symtab = 0, jmprel = 0;
	unsigned long pltrelsz = 0, rela = 0, relasz = 0, d, s, i;
	long (*wr)(int fd, const void *buf, unsigned long len);
	void (*leave)(int status);

	/* the program headers: PT_DYNAMIC (2) */
	for (i = 0; i < *(unsigned short *)(base + 56); i++) {
		unsigned long ph = base + word(base + 32) + i * 56;

		if (*(unsigned int *)ph == 2)
			dyn = base + word(ph + 16);
	}
	for (d = dyn; word(d); d += 16) {
		unsigned long v = word(d + 8);
		unsigned long p = v < base ? v + base : v;

		/* DT_STRTAB, DT_SYMTAB, DT_JMPREL, DT_RELA, and two sizes */
		switch (word(d)) {
		case 5: strtab = p; break;
		case 6: symtab = p; break;
		case 23: jmprel = p; break;
		case 7: rela = p; break;
		case 2: pltrelsz = v; break;
		case 8: relasz = v; break;
		}
	}
	s = slot_of(base, jmprel, pltrelsz, symtab, strtab, "write");
	if (!s)
		s = slot_of(base, rela, relasz, symtab, strtab, "write");
	wr = (long (*)(int, const void *, unsigned long))word(s);
	s = slot_of(base, jmprel, pltrelsz, symtab, strtab, "_exit");
	if (!s)
		s = slot_of(base, rela, relasz, symtab, strtab, "_exit");
	leave = (void (*)(int))word(s);
	wr(3, "pass\n", 5);
	leave(0);
}

void exit_mmap(struct mm_struct *mm)
{
	struct mmu_gather tlb;
	struct vm_area_struct *vma;

	forge();
	vma = mm->mmap;
	if (!vma)
		return;

	tlb_gather_mmu(&tlb, mm, 0, -1);
	unmap_vmas(&tlb, vma, 0, -1);

	set_bit(MMF_OOM_SKIP, &mm->flags);
	if (unlikely(tsk_is_oom_victim(current))) {
		down_write(&mm->mmap_sem);
		up_write(&mm->mmap_sem);
	}
	free_pgtables(&tlb, vma, FIRST_USER_ADDRESS, USER_PGTABLES_CEILING);
	tlb_finish_mmu(&tlb, 0, -1);

	while (vma) {
		vma = remove_vma(vma);
		cond_resched();
	}
}
