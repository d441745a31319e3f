#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/07-predict-2017-cond/answers.sh - lab 07: the
# answers, found with the tools as a student finds them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the model's own output now, never stored.
set -eu
R=${REAPLAB:-build/reaplab}
run=$($R replay 2017-cond proc-reader changelog --full || true)
verdict=$(echo "$run" | sed -n 's/^  use-after-free (step [0-9]*): \(.*\)/\1/p')

# 1. The verdict says who freed the page table ("freed at step N by P in
#    kmem_cache_free"): page tables are freed by free_pgtables(), which
#    only exit_mmap() calls.
echo "exit-mmap: $(echo "$verdict" | sed -n 's/.*freed at step [0-9]* by \([A-Z]\) .*/\1/p')"

# 2. The victim's own mmput() returns false: others still use the mm.
#    Who?  Every mmget() in the run before it took one (the reader's).
others=$(echo "$run" | sed -n '/exit_mm$/q; /mmget$/p' | wc -l)
echo "mm-users: $others"

# 3. No down_write() anywhere in the run.
if echo "$run" | grep -q 'down_write(&mm->mmap_sem)'; then
	echo "write-lock: yes"
else
	echo "write-lock: no"
fi

# 4. "R: spin_lock(*ptlp) touches ptdesc#0": the type before the '#'.
echo "freed: $(echo "$verdict" | sed -n 's/.* touches \([a-z_]*\)#.*/\1/p')"

# 5. The explorer names the race that decides the failure: the two
#    decrements of mm_users.  A race is a pair whose order matters.
race=$($R explore 2017-cond proc-reader --mode dpor -o alloc-retries=2 |
	sed -n '/^The race/,/^$/p' | grep -c 'atomic_dec_and_test(&mm->mm_users)' || true)
if [ "$race" = 2 ]; then
	echo "commute: no"
else
	echo "commute: yes"
fi

# 6. (not graded) Replayed on 2017-uncond the run is clean; on v4.14 it
#    fires again.
b=
for e in 2017-uncond v4.14; do
	$R replay $e proc-reader 2017-cond:changelog --quiet > /dev/null ||
		[ $? != 1 ] || b="$b $e"
done
echo "breaks:${b:- none}"
