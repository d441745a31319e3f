#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/17-predict-explorer/answers.sh - lab 17: the
# answers, found with the tools as a student finds them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the explorer's own output now, never stored.
set -eu
R=${REAPLAB:-build/labs/17-predict-explorer/reaplab}
P="flag-and-count program"

# 1. Every thread always makes the same steps: count each thread's in one
#    run (the Chrome trace has one line per step), and interleave them:
#    (a + b + c)! / (a! b! c!).
$R trace $P - --format json | grep '"cat":"op"' |
	sed 's/.*"tid":\([0-9]*\).*/\1/' | sort | uniq -c | awk '
	function fact(n,  f) { f = 1; while (n > 1) f *= n--; return f }
	{ total += $1; div *= fact($1) }
	BEGIN { div = 1 }
	END { printf "interleavings: %d\n", fact(total) / div }'

# 2, 3. Source-DPOR with sleep sets runs one execution per trace, plus
#    those it abandons as redundant ("sleep-blocked"): the traces are the
#    executions it ran to their end.
line=$($R explore $P --mode dpor | head -1)
n=$(echo "$line" | sed -n 's/.* of \([0-9]*\) executions.*/\1/p')
blocked=$(echo "$line" | sed -n 's/.*, \([0-9]*\) sleep-blocked.*/\1/p')
echo "traces: $((n - blocked))"
echo "dpor: $n"

# 4. Two atomic_inc() of one counter: neither returns what it read, and
#    either order leaves the counter the same: they commute.
echo "incs-commute: yes"

# 5. A write and a read of one word: the read sees 0 or 1 depending on
#    the order.
echo "flag-commutes: no"

# 6. (not graded)
echo "sleep: $($R explore $P --mode sleep | head -1 |
	sed -n 's/.* of \([0-9]*\) executions.*/\1/p')"
