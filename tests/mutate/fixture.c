// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutate/fixture.c - model-like code for the generator's own test
 *
 * Never compiled: tests/check_mutate.c lists its mutants with
 * build/mutate/mutate and checks each operator's, their ids and that
 * applying one keeps the line count.  Each function below is written for
 * one operator (see tests/mutate/mutate.c).
 */

/* del-seam, swap and unlock-early: a lock around two operations */
void queue_one(struct task_struct *tsk)
{
	spin_lock(&queue_lock);
	WRITE_ONCE(tsk->next, queue_head);
	WRITE_ONCE(queue_head, tsk);
	pr_info("queued");	/* a log line: never moved, never deleted */
	spin_unlock(&queue_lock);
}

/*
 * invert-test: a tested flag; drop-null: a shared pointer cleared;
 * mark-plain: a marked load (and queue_one()'s stores)
 */
bool detach(struct task_struct *tsk, struct mm_struct *mm)
{
	if (!test_bit(MMF_OOM_SKIP, &mm->flags) || !READ_ONCE(tsk->mm))
		return false;
	tsk->mm = NULL;
	return true;
}

/* walk-bound, walk-first, walk-last: walks over VMAs and PTEs */
int count_vmas(struct mm_struct *mm, unsigned long end)
{
	struct vm_area_struct *vma;
	int n = 0;

	for (vma = mm->mmap; vma && vma->vm_start < end; vma = vma->vm_next)
		n++;
	do {
		n--;
	} while ((vma = mas_find(&mas, end)) != NULL);
	while (vma) {
		vma = remove_vma(vma);
	}
	return n;
}
