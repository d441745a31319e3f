// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/fs/aio.c - exit_aio(): the part of __mmput() that may take long
 *
 * Models:  fs/aio.c (io_setup, exit_aio)
 * CUSTOM:  a context is only a count of requests in flight; exit_aio()
 *          waits for them with one uninterruptible sleep of aio_exit_wait
 *          jiffies: a scheduling choice in the coop engine, a real delay
 *          on real threads.
 * Book:    chapter "v4.9: the oom_lock era" (the 2017 exit_mmap thread:
 *          "exit_aio may sleep").
 */
#include <linux/aio.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/errno.h>

unsigned long aio_exit_wait = 1;

/**
 * sys_io_setup() - give current an AIO context with requests in flight.
 * @nr_events: requests in flight.
 *
 * Return: 0 or -ENOMEM.
 */
long sys_io_setup(unsigned int nr_events)
{
	struct mm_struct *mm = current->mm;
	struct kioctx_table *table = kzalloc(sizeof(*table), GFP_KERNEL);

	if (!table)
		return -ENOMEM;
	table->nr = nr_events;
	mm->ioctx_table = table;
	return 0;
}

/**
 * exit_aio() - kill the mm's AIO contexts and wait for their requests.
 * @mm: the mm being torn down (mm_users == 0).
 *
 * Context: sleeps as long as the requests in flight take.
 */
void exit_aio(struct mm_struct *mm)
{
	struct kioctx_table *table = mm->ioctx_table;

	if (!table)
		return;
	if (table->nr)
		schedule_timeout_uninterruptible(aio_exit_wait);
	mm->ioctx_table = NULL;
	kfree(table);
}
