#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/05-predict-v4.9/answers.sh - lab 05: the answers,
# found with the tools as a student finds them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the model's own output now, never stored.
set -eu
R=${REAPLAB:-build/reaplab}
run=$($R replay v4.9 oom changelog || true)

# 1. the second "Killed process N (name)" of the run
echo "killed-second: $(echo "$run" |
	sed -n 's/.*Killed process [0-9]* (\([a-z]*\)).*/\1/p' | sed -n 2p)"

# 2. the reaper's first atomic_inc_not_zero(mm_users) returns 0: it did
#    not increment, which it does only when mm_users is 0
first=$(echo "$run" | sed -n 's/.*atomic_inc_not_zero(mm_users) = \([01]\).*/\1/p' |
	head -1)
[ "$first" = 0 ] && echo "mm-users: 0"

# 3. the verdict line
echo "oracle: $(echo "$run" | sed -n 's/^Verdict: \([a-z-]*\).*/\1/p')"

# 4. explore's counterexample is minimized: fewest preemptions first
echo "preemptions: $($R explore v4.9 oom |
	sed -n 's/^Counterexample (execution [0-9]*, \([0-9]*\) preemption.*/\1/p')"

# 5. both are read-modify-writes of the same word: the order matters
echo "commute: no"
