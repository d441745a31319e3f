#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/summary.sh - what make check says of the Check suites it ran, each
# in a process of its own (the Makefile's check-suite-SUITE targets)
#
#   sh tests/summary.sh --one DIR SUITE
#	one suite, as soon as it ended: a line with its counts and time,
#	and its failures, from DIR/SUITE.log and DIR/SUITE.rc ("EXIT SECONDS")
#   sh tests/summary.sh RUNNER DIR SUITE...
#	all of them, once every one ended: each failing suite's log whole,
#	then the totals; exit 1 if a suite failed, ran nothing, or if RUNNER
#	(`RUNNER --suites`) has a suite the list does not name
set -eu

# The Check runner's last line for a suite: "100%: Checks: 9, Failures: 0,
# Errors: 0"; its three numbers, or nothing if the runner did not get there.
counts() {
	sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\)$/\1 \2 \3/p' \
		"$1" | tail -n 1
}

one() {
	dir=$1 suite=$2
	set -- $(cat "$dir/$suite.rc")
	rc=$1 secs=$2
	c=$(counts "$dir/$suite.log")
	if [ -z "$c" ]; then
		echo "check: $suite: did not finish (exit $rc, ${secs} s)"
		return
	fi
	set -- $c
	echo "check: $suite: $1 checks, $2 failures, $3 errors (${secs} s)"
	grep -E '^[^ ]+:[0-9]+:[FE]:' "$dir/$suite.log" || true
}

if [ "${1:-}" = --one ]; then
	one "$2" "$3"
	exit 0
fi

runner=$1 dir=$2
shift 2
all="$*"
# a suite run in shares is listed as SUITE.0, SUITE.1 (the Makefile)
listed=" $(echo "$*" | sed 's/\.[0-9]*//g') "
bad=0 checks=0 failures=0 errors=0 suites=0
for suite in $("$runner" --suites); do
	case $listed in
	*" $suite "*) ;;
	*) echo "check: the runner has suite '$suite', which make check does not run (CHECK_SUITES in the Makefile)"
	   bad=1 ;;
	esac
done
for suite in "$@"; do
	if ! "$runner" --suites | grep -qx "${suite%.*}"; then
		echo "check: $suite: not in this build's runner (skipped)"
		continue
	fi
	set -- $(cat "$dir/$suite.rc")
	rc=$1
	c=$(counts "$dir/$suite.log")
	suites=$((suites + 1))
	if [ -z "$c" ] || [ "$rc" != 0 ]; then
		echo
		echo "check: ---- $suite failed (exit $rc): its log, $dir/$suite.log ----"
		cat "$dir/$suite.log"
		echo "check: ---- end of $suite ----"
		bad=1
	fi
	[ -n "$c" ] || continue
	set -- $c
	if [ "$1" = 0 ]; then
		echo "check: $suite ran no test: is it the name its suite_create() gives?"
		bad=1
	fi
	checks=$((checks + $1))
	failures=$((failures + $2))
	errors=$((errors + $3))
done
names=$(for suite in $all; do echo "${suite%.*}"; done | sort -u | wc -l)
echo "check: $names suites in $suites processes, $checks checks, $failures failures, $errors errors"
exit $bad
