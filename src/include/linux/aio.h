/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * src/include/linux/aio.h - what exit_aio() needs
 *
 * Models:  fs/aio.c (struct kioctx_table, exit_aio)
 */
#ifndef _LINUX_AIO_H
#define _LINUX_AIO_H

struct mm_struct;

/**
 * struct kioctx_table - the AIO contexts of an mm.
 * @nr: contexts with requests in flight.
 */
struct kioctx_table {
	int nr;
};

extern unsigned long aio_exit_wait;
void exit_aio(struct mm_struct *mm);

#endif /* _LINUX_AIO_H */
