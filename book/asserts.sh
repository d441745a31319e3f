#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/asserts.sh - what the prose says about a run, checked on the run
#
#   sh book/asserts.sh FILE...        check every assertion of the FILEs
#   sh book/asserts.sh --list FILE... print them, one a line, unchecked
#
# A sentence of the book that says what a generated run shows (who sleeps
# where, which step is the preemption, how many executions) carries, next
# to it in the Markdown, an HTML comment that states the same on the
# fragment the build wrote (build/book/gen/FRAGMENT, FRAGMENT a name of
# book/fragments).  Readers never see it; the build checks it:
#
#   <!-- assert FRAGMENT /ERE/ -->      some line matches the extended
#                                       regular expression ERE
#   <!-- assert! FRAGMENT /ERE/ -->     no line matches it
#   <!-- assert FRAGMENT /ERE1/ /ERE2/ ... -->
#                                       lines matching ERE1, ERE2, ... in
#                                       that order (each on a later line
#                                       than the one before); with assert!,
#                                       no such lines
#   <!-- assert FRAGMENT /ERE/ =N -->   exactly N lines match ERE
#
# One comment on one line; a pattern may hold any character but the pair
# "/ /" (slash, space, slash), which separates patterns.  Each line of the
# fragment is matched on its own, as by grep -E.  Several assertions may
# follow one sentence.  When the run changes so that an assertion no
# longer holds, the check fails, naming the file, the line, the assertion
# and the sentence before it, and `make book` (book.mk) and book/test.sh
# fail with it: the text must be brought back in line with the run, or the
# change to the model or the engine looked at again.  An assertion about a
# fragment book/fragments does not list, or one written wrong, is an
# error too.  G (default build/book/gen) and FRAGMENTS (default
# book/fragments) are for the tests.
set -eu

G=${G:-build/book/gen}
FRAGMENTS=${FRAGMENTS:-book/fragments}

list=no
if [ "${1:-}" = --list ]; then
	list=yes
	shift
fi

# The assertions of the files, fields separated by \037 (US): FILE LINE
# NEG FRAGMENT REST PROSE; NEG is "=", "!" or "bad" (a comment that starts
# like an assertion and is not one), REST the patterns and count as
# written, PROSE the last line of prose before it, for the message.
assertions() {
	awk '
	FNR == 1 { prose = "" }
	/<!--[[:space:]]*assert!?[[:space:]]/ {
		s = $0
		sub(/.*<!--[[:space:]]*/, "", s)
		if (s !~ /[[:space:]]-->[[:space:]]*$/) {
			printf "%s\037%d\037bad\037\037%s\037%s\n", FILENAME, FNR, s, prose
			next
		}
		sub(/[[:space:]]*-->[[:space:]]*$/, "", s)
		neg = (s ~ /^assert!/) ? "!" : "="
		sub(/^assert!?[[:space:]]+/, "", s)
		frag = s
		sub(/[[:space:]].*/, "", frag)
		rest = substr(s, length(frag) + 1)
		sub(/^[[:space:]]+/, "", rest)
		printf "%s\037%d\037%s\037%s\037%s\037%s\n", FILENAME, FNR, neg, frag, rest, prose
		next
	}
	/^[[:space:]]*$/ || /^<!--/ || /^\\/ { next }
	{ prose = $0 }' "$@"
}

# The fragments book/fragments lists, one a line: read once, not once for
# each assertion (a make check checks a hundred and more, and a process
# costs milliseconds here).
known_fragments() {
	sed -e 's/[[:space:]]*#.*//' -e '/^[[:space:]]*$/d' "$FRAGMENTS" |
		awk '{ print $1 }'
}

# check NEG FRAGMENT REST: in this shell (its variables are c_*, p*, m*
# and the loops' own), sets why to nothing if the assertion holds,
# else to why not.  The shell splits and counts the patterns, and one
# grep -nE a pattern both matches it and says (status 2) that it is no
# extended regular expression; every pattern is tried so before any
# verdict is drawn from what they match.
check() {
	c_neg=$1 c_frag=$2 c_rest=$3 why=
	if [ "$c_neg" = bad ]; then
		why='not an assertion (one line, ending in " -->")'
		return
	fi
	case "$nl$known$nl" in
	*"$nl$c_frag$nl"*) ;;
	*)
		why="unknown fragment '$c_frag' (not a file of $FRAGMENTS)"
		return ;;
	esac
	if [ ! -s "$G/$c_frag" ]; then
		why="fragment $G/$c_frag is missing or empty: did make book run?"
		return
	fi
	count=
	case $c_rest in
	*/\ =[0-9]*)
		count=${c_rest##*/ =}
		c_rest=${c_rest%/ =*}/
		case $count in
		*[!0-9]*) why="count '=$count' is not a number"; return ;;
		esac ;;
	esac
	case $c_rest in
	/*/) ;;
	*) why="patterns must be /ERE/, separated by a space"; return ;;
	esac
	# split "/a/ /b/" into a, b (p1, p2, ...)
	s=${c_rest#/}
	s=${s%/}
	npats=0
	while :; do
		case $s in
		*"/ /"*) p=${s%%"/ /"*} s=${s#*"/ /"} more=yes ;;
		*) p=$s more= ;;
		esac
		npats=$((npats + 1))
		eval "p$npats=\$p"
		[ -n "$more" ] || break
	done
	if [ -n "$count" ] && [ "$npats" != 1 ]; then
		why="a count goes with one pattern"
		return
	fi
	# each one's matching lines, as grep -n prints them (m1, m2, ...)
	i=0
	while [ $i -lt $npats ]; do
		i=$((i + 1))
		eval "p=\$p$i"
		if [ -z "$p" ]; then
			why="an empty pattern"
			return
		fi
		rc=0
		m=$(grep -nE -e "$p" "$G/$c_frag" 2>/dev/null) || rc=$?
		if [ $rc -gt 1 ]; then
			why="'$p' is not an extended regular expression"
			return
		fi
		eval "m$i=\$m"
	done
	if [ -n "$count" ]; then
		cnt=0
		[ -z "$m1" ] || cnt=$(printf '%s\n' "$m1" | wc -l)
		cnt=$((cnt))
		if [ "$c_neg" = "!" ]; then
			[ "$cnt" != "$count" ] ||
				why="exactly $count lines match, as it says must not be"
		else
			[ "$cnt" = "$count" ] || why="$cnt lines match, not $count"
		fi
		return
	fi
	# each pattern on a later line than the one before
	at=0 held=yes text= i=0
	while [ $i -lt $npats ]; do
		i=$((i + 1))
		eval "m=\$m$i"
		next=
		while IFS= read -r l; do
			[ -n "$l" ] || continue
			if [ "${l%%:*}" -gt "$at" ]; then
				next=${l%%:*} text=${l#*:}
				break
			fi
		done <<EOF
$m
EOF
		if [ -z "$next" ]; then
			held=no
			eval "missing=\$p$i"
			break
		fi
		at=$next
	done
	if [ "$c_neg" = "!" ] && [ $held = yes ]; then
		if [ "$npats" = 1 ]; then
			why="line $at matches: $text"
		else
			why="the lines match in that order, the last at line $at"
		fi
	elif [ "$c_neg" = "=" ] && [ $held = no ]; then
		if [ "$npats" = 1 ]; then
			why="no line matches"
		else
			why="no line matches /$missing/ after line $at"
		fi
	fi
}

n=0 failed=0
sep=$(printf '\037')
nl='
'
known=$(known_fragments)
assertions "$@" > "${TMPDIR:-/tmp}/asserts.$$" || true
trap 'rm -f "${TMPDIR:-/tmp}/asserts.$$"' EXIT
while IFS="$sep" read -r file line neg frag rest prose; do
	if [ $list = yes ]; then
		printf '%s:%s: assert%s %s %s\n' "$file" "$line" \
			"$([ "$neg" = "!" ] && echo '!')" "$frag" "$rest"
		continue
	fi
	n=$((n + 1))
	check "$neg" "$frag" "$rest"
	[ -n "$why" ] || continue
	failed=$((failed + 1))
	if [ "$neg" = bad ]; then
		printf '%s:%s: %s: %s\n' "$file" "$line" "$rest" "$why"
	else
		printf '%s:%s: assert%s %s %s: %s\n' "$file" "$line" \
			"$([ "$neg" = "!" ] && echo '!')" "$frag" "$rest" "$why"
	fi
	[ -n "$prose" ] && printf '  the text says: %s\n' "$prose"
done < "${TMPDIR:-/tmp}/asserts.$$"
[ $list = yes ] && exit 0
if [ $failed -gt 0 ]; then
	echo "book: $failed of $n assertions about runs do not hold: the text says what the run no longer shows (book/asserts.sh)"
	exit 1
fi
echo "book: $n assertions about runs hold"
