// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/kernel/workqueue.c - one kworker running system_wq
 *
 * Models:  kernel/workqueue.c (schedule_work, worker_thread)
 * Omits:   pools, concurrency management, flushing, cancelling.
 */
#include <linux/workqueue.h>
#include <linux/kthread.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

static DEFINE_SPINLOCK(wq_pool_lock);
static struct work_struct *worklist;
static DECLARE_WAIT_QUEUE_HEAD(worker_wait);

/**
 * schedule_work() - queue @work on system_wq.
 * @work: the work; must not be queued already.
 *
 * Return: true.
 */
bool schedule_work(struct work_struct *work)
{
	struct work_struct **pos;

	spin_lock(&wq_pool_lock);
	for (pos = &worklist; *pos; pos = &(*pos)->entry)
		;
	work->entry = NULL;
	WRITE_ONCE(*pos, work);
	spin_unlock(&wq_pool_lock);
	wake_up(&worker_wait);
	return true;
}

static int worker_thread(void *unused)
{
	(void)unused;
	for (;;) {
		struct work_struct *work;

		wait_event(worker_wait, READ_ONCE(worklist) != NULL);
		spin_lock(&wq_pool_lock);
		work = worklist;
		WRITE_ONCE(worklist, work->entry);
		spin_unlock(&wq_pool_lock);
		work->func(work);
	}
	return 0;
}

void workqueue_init(void)
{
	kthread_run(worker_thread, NULL, "kworker/0:1");
}
