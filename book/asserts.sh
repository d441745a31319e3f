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

# match_lines FILE ERE: the numbers of the lines of FILE that match
match_lines() {
	grep -nE -e "$2" "$1" 2>/dev/null | cut -d: -f1 || true
}

# check ONE-ASSERTION: prints nothing if it holds, else why not
check() {
	neg=$1 frag=$2 rest=$3
	if [ "$neg" = bad ]; then
		echo "not an assertion (one line, ending in \" -->\")"
		return
	fi
	known=$(sed -e 's/[[:space:]]*#.*//' -e '/^[[:space:]]*$/d' "$FRAGMENTS" |
		awk -v f="$frag" '$1 == f { print "yes"; exit }')
	if [ -z "$known" ]; then
		echo "unknown fragment '$frag' (not a file of $FRAGMENTS)"
		return
	fi
	if [ ! -s "$G/$frag" ]; then
		echo "fragment $G/$frag is missing or empty: did make book run?"
		return
	fi
	count=
	case $rest in
	*/\ =[0-9]*)
		count=${rest##*/ =}
		rest=${rest%/ =*}/
		case $count in
		*[!0-9]*) echo "count '=$count' is not a number"; return ;;
		esac ;;
	esac
	case $rest in
	/*/) ;;
	*) echo "patterns must be /ERE/, separated by a space"; return ;;
	esac
	# split "/a/ /b/" into a, b (one a line)
	pats=$(printf '%s\n' "$rest" | awk '{
		s = substr($0, 2, length($0) - 2)
		while ((i = index(s, "/ /")) > 0) {
			print substr(s, 1, i - 1)
			s = substr(s, i + 3)
		}
		print s
	}')
	npats=$(printf '%s\n' "$pats" | wc -l)
	if [ -n "$count" ] && [ "$npats" != 1 ]; then
		echo "a count goes with one pattern"
		return
	fi
	bad=
	while IFS= read -r p; do
		if [ -z "$p" ]; then
			bad="an empty pattern"
			break
		fi
		rc=0
		printf '' | grep -E -e "$p" >/dev/null 2>&1 || rc=$?
		[ $rc -le 1 ] || { bad="'$p' is not an extended regular expression"; break; }
	done <<EOF
$pats
EOF
	if [ -n "$bad" ]; then
		echo "$bad"
		return
	fi
	if [ -n "$count" ]; then
		n=$(match_lines "$G/$frag" "$pats" | wc -l)
		if [ "$neg" = "!" ]; then
			[ "$n" != "$count" ] ||
				echo "exactly $count lines match, as it says must not be"
		else
			[ "$n" = "$count" ] ||
				echo "$n lines match, not $count"
		fi
		return
	fi
	# each pattern on a later line than the one before
	at=0 held=yes
	while IFS= read -r p; do
		next=$(match_lines "$G/$frag" "$p" |
		       awk -v at="$at" '$1 > at { print; exit }')
		if [ -z "$next" ]; then
			held=no
			missing=$p
			break
		fi
		at=$next
	done <<EOF
$pats
EOF
	if [ "$neg" = "!" ] && [ $held = yes ]; then
		if [ "$npats" = 1 ]; then
			echo "line $at matches: $(sed -n "${at}p" "$G/$frag")"
		else
			echo "the lines match in that order, the last at line $at"
		fi
	elif [ "$neg" = "=" ] && [ $held = no ]; then
		if [ "$npats" = 1 ]; then
			echo "no line matches"
		else
			echo "no line matches /$missing/ after line $at"
		fi
	fi
}

n=0 failed=0
sep=$(printf '\037')
assertions "$@" > "${TMPDIR:-/tmp}/asserts.$$" || true
trap 'rm -f "${TMPDIR:-/tmp}/asserts.$$"' EXIT
while IFS="$sep" read -r file line neg frag rest prose; do
	if [ $list = yes ]; then
		printf '%s:%s: assert%s %s %s\n' "$file" "$line" \
			"$([ "$neg" = "!" ] && echo '!')" "$frag" "$rest"
		continue
	fi
	n=$((n + 1))
	why=$(check "$neg" "$frag" "$rest")
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
