#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/16-measure-exit-lock/answers.sh - lab 16: the
# answers, found with the tools as a student finds them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the model's own output now, never stored.  The exit the
# benchmark times is that of a process killed by SIGKILL, alone: in the
# scenario mrelease with M first, then V, V makes the same exit.  Its
# mmap_lock operations are read off the run's trace (--format json: one
# event per operation, with its thread).
set -eu
R=${REAPLAB:-build/reaplab}
eras="v4.9 2017-cond v5.17 v6.1"

# the names of the mmap_lock operations of V in one run, one per line
vops() {
	json=$($R trace "$1" "$2" "$3" --format json 2>/dev/null || true)
	vt=$(echo "$json" |
		sed -n 's/.*"tid":\([0-9]*\),"name":"thread_name","args":{"name":"V .*/\1/p')
	echo "$json" | grep "\"tid\":$vt,.*\"cat\":\"op\"" |
		grep 'mmap_sem\|mmap_lock\|"op":"mmap_' |
		sed -n 's/.*"name":"\([a-z_]*\)".*/\1/p'
}

w= r= v= n=
for e in $eras; do
	x=$(vops $e mrelease 'M V')
	echo "$x" | grep -q 'write' && w="$w $e"
	echo "$x" | grep -q 'read' && r="$r $e"
	[ $e = v6.1 ] && n=$(echo "$x" | grep -c .)
	# as an OOM victim: oom, V running as soon as it is killed
	y=$(vops $e oom 'A@schedule_timeout_killable V')
	if echo "$y" | grep -q 'write' && ! echo "$x" | grep -q 'write'; then
		v="$v $e"
	fi
done
echo "write-lock:${w:- none}"
echo "read-lock:${r:- none}"
echo "lock-ops: $n"
echo "victims-only:${v:- none}"
