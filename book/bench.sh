#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/bench.sh - a measured table for the book (used by book/fragments)
#
#   sh book/bench.sh bench NAME [QUICK OPTIONS...]
#   sh book/bench.sh kernel NAME [QUICK OPTIONS...]
#   sh book/bench.sh built NAME
#
# Prints the Markdown table of `reaplab bench NAME` (or `reaplab kernel
# NAME`), caption included (command, CPUs, kernel, date).  If `make bench`
# has written a full-size one into build/bench/ since build/reaplab was
# built, that one is used; otherwise the benchmark runs here, in this
# build, with the quick options given, or, for `built`, the quick run the
# build made once for the tests and the book (BENCH_QUICK in
# src/bench/bench.mk: REAPLAB's folder/bench-quick/NAME) is used.
# Figures (NAME.svg) are copied next to the fragment, for \image.  R and
# G come from book/gen.sh.
set -eu

kind=$1 name=$2
shift 2
full=build/bench
case $kind in
bench|built) md=$name.md ;;
kernel) md=kernel-$name.md ;;
*) echo "book/bench.sh: bench, kernel or built, not '$kind'" >&2; exit 2 ;;
esac
mkdir -p "$G/bench"
quick=$(dirname "$R")/bench-quick
if [ -f "$full/$md" ] && [ "$full/$md" -nt "$R" ]; then
	echo "book/bench.sh: $md: the full-size run of make bench" >&2
	cp "$full/$md" "$G/bench/$md"
	[ -f "$full/$name.svg" ] && cp "$full/$name.svg" "$G/bench/$name.svg"
elif [ "$kind" = built ]; then
	if [ ! -f "$quick/$name.out" ] || [ "$R" -nt "$quick/$name.out" ]; then
		echo "book/bench.sh: $md: no quick run of this build in $quick (make builds it: BENCH_QUICK, src/bench/bench.mk)" >&2
		exit 1
	fi
	if [ "$(cat "$quick/$name.rc")" != 0 ]; then
		echo "book/bench.sh: $md: the build's quick run of $name exited $(cat "$quick/$name.rc"):" >&2
		tail -n 5 "$quick/$name.log" >&2
		exit 1
	fi
	echo "book/bench.sh: $md: the build's quick run of $name" >&2
	cp "$quick/$name/$md" "$G/bench/$md"
	[ -f "$quick/$name/$name.svg" ] &&
		cp "$quick/$name/$name.svg" "$G/bench/$name.svg"
else
	echo "book/bench.sh: $md: a quick run, in this build" >&2
	"$R" "$kind" "$name" "$@" --out "$G/bench" --quiet >&2
fi
cat "$G/bench/$md"
