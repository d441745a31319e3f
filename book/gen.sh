#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/gen.sh - run every command of book/fragments, write what it prints
#
#   sh book/gen.sh REAPLAB FRAGMENTS GENDIR
#
# Empties GENDIR, then runs each line of FRAGMENTS (two at a time: the
# machine has two cores) with bash -o pipefail (so that in "cmd | filter"
# the status checked is cmd's), from the top of the tree, with R set to
# REAPLAB, G to GENDIR, M to the mutants' reaplab beside GENDIR
# (GENDIR/../mutants/reaplab, see book.mk) and V to the verdict table the
# build computed once (REAPLAB's folder/verdicts: all.txt, all.md and
# all.rc, the Makefile's VERDICTS); its standard output becomes
# GENDIR/FILE, its standard error GENDIR/FILE.log.  A command that ends
# with another exit status than the line says, or prints nothing, fails the
# build with the command and the end of its log: the book never shows a
# stale or empty fragment, and never one from a run that went differently
# than the text around it says (status 1 means an oracle fired, 0 that
# none did, 2 that a replay was cut short because the era does not allow
# its schedule; "any" is for runs on real threads, whose outcome the text
# must not assume).  A command that reads another fragment (its text has
# `$G/`, e.g. an era's row of explore-all.md) runs after all those that
# do not, so that what it reads is there and complete.
set -eu

if [ "${1:-}" = --one ]; then
	# one fragment: --one R G FILE STATUS COMMAND
	R=$2 G=$3 file=$4 want=$5 cmd=$6
	# M: reaplab with the planted bugs of tests/mutants/ (book.mk)
	M=$(dirname "$G")/mutants/reaplab
	# V: the verdict table of this build (VERDICTS in the Makefile)
	V=$(dirname "$R")/verdicts
	export R G M V
	mkdir -p "$(dirname "$G/$file")"
	set +e
	bash -o pipefail -c "$cmd" > "$G/$file.tmp" 2> "$G/$file.log"
	rc=$?
	set -e
	if [ "$want" = any ] && { [ "$rc" = 0 ] || [ "$rc" = 1 ]; }; then
		want=$rc
	fi
	if [ "$rc" != "$want" ]; then
		echo "book: $file: \`$cmd\` exited $rc, the book expects $want" >&2
		tail -n 5 "$G/$file.log" | sed 's/^/  | /' >&2
		exit 1
	fi
	if [ ! -s "$G/$file.tmp" ]; then
		echo "book: $file: \`$cmd\` printed nothing" >&2
		tail -n 5 "$G/$file.log" | sed 's/^/  | /' >&2
		exit 1
	fi
	mv "$G/$file.tmp" "$G/$file"
	echo "  GEN   $G/$file"
	exit 0
fi

R=$1 list=$2 G=$3
rm -rf "$G"
mkdir -p "$G" "$G/bench"
# file, status, command (the rest of the line), NUL-separated for xargs
sed -e 's/[[:space:]]*#.*//' -e '/^[[:space:]]*$/d' "$list" |
while read -r file want cmd; do
	case $want in
	0|1|2|any) ;;
	*) echo "book: $list: $file: status must be 0, 1, 2 or any, not '$want'" >&2
	   exit 1 ;;
	esac
	[ -n "$cmd" ] || { echo "book: $list: $file: no command" >&2; exit 1; }
	case ${file##*/} in
	*.*.*) echo "book: $list: $file: one dot only, before the extension (Doxygen names a figure by what comes before the first dot)" >&2
	   exit 1 ;;
	esac
	case $cmd in
	*'$G/'*) jobs=.jobs2 ;;
	*) jobs=.jobs1 ;;
	esac
	printf '%s\0%s\0%s\0' "$file" "$want" "$cmd" >> "$G/$jobs"
done
touch "$G/.jobs1" "$G/.jobs2"
xargs -0 -n 3 -P 2 sh "$0" --one "$R" "$G" < "$G/.jobs1"
xargs -0 -n 3 -P 2 sh "$0" --one "$R" "$G" < "$G/.jobs2"
rm -f "$G/.jobs1" "$G/.jobs2"
