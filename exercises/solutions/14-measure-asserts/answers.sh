#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/14-measure-asserts/answers.sh - lab 14: the answers,
# found with the tools as a student finds them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the model's own output now, never stored.  The scenarios
# lookup, lookup-unlocked and lookup-other are the lab's own: its binary
# runs them.
set -eu
R=${REAPLAB:-build/labs/14-measure-asserts/reaplab}

# 1. Every era, the lock forgotten: exit status 1 is an oracle firing.
eras=
for e in $($R list | awk 'NR > 1 && /^[v0-9]/ { print $1 }'); do
	$R replay $e lookup-unlocked - --quiet > /dev/null || [ $? != 1 ] ||
		eras="$eras $e"
done
echo "catch-eras:${eras:- none}"

# 2. The verdict names it.
echo "oracle: $($R replay v5.15 lookup-unlocked - --quiet |
	sed -n 's/^Verdict: \([a-z-]*\).*/\1/p')"

# 3. G holds the lock for read while F looks up without it.
if $R replay v5.15 lookup-other 'G1 F G' --quiet > /dev/null; then
	echo "other-holds: no"
else
	echo "other-holds: yes"
fi

# 4. The same locked lookup with and without the assertion: the steps.
steps() {
	$R replay $1 lookup - --quiet |
		sed -n 's/^Schedule: .*(\([0-9]*\) steps.*/\1/p'
}
echo "assert-steps: $(( $(steps v5.15) - $(steps v4.14) ))"

# The timing questions are not graded, and are yours to measure: a
# solution has no business knowing how fast your machine is.
