#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/06-predict-2017-uncond/answers.sh - lab 06: the
# answers, found with the tools as a student finds them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the model's own output now, never stored.  The run's Chrome
# trace (reaplab trace --format json) has one line per step, with the
# thread and the operation as the diagram writes it.
set -eu
R=${REAPLAB:-build/reaplab}
json=$($R trace 2017-uncond oom - --format json)

# The trace's thread number of the thread whose diagram name starts with $1.
tid() {
	echo "$json" | sed -n "s/.*\"tid\":\([0-9]*\),\"name\":\"thread_name\",\"args\":{\"name\":\"$1 .*/\1/p"
}
steps() {
	echo "$json" | grep "\"tid\":$1,\"name\":\"[A-Za-z_]*\",\"cat\":\"op\""
}
r=$(tid R)
v=$(tid V)

# 1. The reaper's ptep_get_and_clear() that found a page there.
echo "reaper-pages: $(steps $r | grep -c 'ptep_get_and_clear.*= present')"

# 2. The victim's operations on &mm->mmap_sem, in order.
echo "exit-locks: $(steps $v | grep '"object":"&mm->mmap_sem"' |
	sed 's/.*"name":"\([a-z_]*\)".*/\1/' | tr '\n' ' ')"

# 3. The reaper's mutex_lock(&oom_lock) (or successful trylock).
echo "oom-lock: $(steps $r | grep '"object":"&oom_lock"' |
	grep -c 'mutex_lock\|mutex_trylock.*= 1' || true)"

# 4. Zero preemptions cannot do it: without a preemption a thread is
#    switched away from only when it sleeps or blocks, and whoever starts
#    zapping first neither sleeps nor blocks until it has zapped every
#    page (the other holds none of the page-table locks it needs).  One
#    is enough: stop the reaper when it has zapped its first page table;
#    the victim's exit_mmap() zaps the rest (its unmap_vmas() takes no
#    lock).  Check that it does, and count:
both='A@schedule_timeout_killable V@schedule_timeout_uninterruptible R@pte_unmap_unlock V'
bj=$($R trace 2017-uncond oom "$both" --format json)
rz=$(echo "$bj" | grep "\"tid\":$r,\"name\":\"ptep_get_and_clear\".*= present" | wc -l)
vz=$(echo "$bj" | grep "\"tid\":$v,\"name\":\"ptep_get_and_clear\".*= present" | wc -l)
[ "$rz" -gt 0 ] && [ "$vz" -gt 0 ] &&
	echo "both-zap: $($R replay 2017-uncond oom "$both" --quiet |
		sed -n 's/^Schedule: .*steps, \([0-9]*\) preemption.*/\1/p')"

# 5. (not graded) A read trylock and a write lock of one rwsem: whichever
#    comes first decides whether the other succeeds or waits.
echo "order-matters: yes"
