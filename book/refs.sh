#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/refs.sh - the book's sources: threads and commits, from one place
#
#   sh book/refs.sh page          the entries of the page References
#   sh book/refs.sh expand        a filter: \thread{KEY} in the text it
#                                 reads becomes a link to the thread's
#                                 entry, named by its subject and author
#   sh book/refs.sh check FILE... every \thread{KEY} and \kcommit{ID} of
#                                 the FILEs has an entry; one line a
#                                 problem (FILE:LINE), exit 1 if any
#   sh book/refs.sh keys          the thread keys, one a line
#   sh book/refs.sh commits       the commits with an entry, "ID|SUBJECT"
#                                 a line (book/claims.sh checks a
#                                 ledger's commit sources against them)
#
# The entries: the threads and the extra commits of book/references, and
# every commit an era's descriptor cites (`reaplab list --timeline
# --format md`, the fragment commits-timeline.md under G).  \kcommit{ID} is an
# alias of book/Doxyfile, a \ref to the commit's entry (anchor commit_ID);
# \thread{KEY} is expanded here (navfilter.sh runs every page through
# `expand`), because its text, the subject, lives in book/references.  A
# key or an id with no entry fails `check`, which make book runs before
# Doxygen and book/test.sh again; Doxygen would fail too, on the \ref, with
# a less helpful message.  REFS (default book/references) and G (default
# build/book/gen) are for the tests.
set -eu

REFS=${REFS:-book/references}
G=${G:-${BOOK_GEN:-build/book/gen}}

# entries: "thread|KEY|SUBJECT|AUTHOR|DATE|LISTS|MSGID|NOTE" and
# "commit|ID|SUBJECT|AUTHOR|RELEASE|NOTE|ERAS", separators "|" with the
# spaces around them dropped; the eras' commits first, oldest first
entries() {
	if [ -f "$G/commits-timeline.md" ]; then
		awk '
		/^\| [0-9]/ {
			n = split($0, c, / \| /)
			if (n < 6)
				next
			id = c[2]
			sub(/^\[/, "", id)
			sub(/\].*/, "", id)
			# an unmerged patch of an era is a thread, listed below
			if (id !~ /^[0-9a-f]+$/)
				next
			eras = c[6]
			sub(/ \|[[:space:]]*$/, "", eras)
			# the subject as the commit has it: the table escapes
			# what Markdown would read (_ * < >), the page and the
			# ledgers want it plain (md() escapes what it must)
			subj = c[3]
			gsub(/\\_/, "_", subj)
			gsub(/\\\*/, "*", subj)
			gsub(/\\</, "<", subj)
			gsub(/\\>/, ">", subj)
			printf "commit|%s|%s|%s|%s||%s\n", id, subj, c[4], c[5], eras
		}' "$G/commits-timeline.md"
	fi
	sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$REFS" |
	sed -e 's/^\(thread\|commit\) /\1|/' -e 's/[[:space:]]*|[[:space:]]*/|/g' \
	    -e '/^commit|/s/$/|/'
}

# md TEXT: safe in Doxygen's Markdown (a lone * would start emphasis);
# text in double quotes is not Markdown to Doxygen, and takes no escape
md() {
	printf '%s' "$1" | sed -e 's/\*/\\*/g'
}

page() {
	printf '# Mailing-list threads {#references_threads}\n\n'
	printf 'Each thread by the subject of the message it cites (its first, or\n'
	printf 'the patch in it when a cover letter or an earlier posting came\n'
	printf 'first), its author, the date of that message and the lists it went\n'
	printf 'to; the link is that message on lore.kernel.org, in its thread.\n'
	printf 'The chapters cite a thread by its subject, linked here.\n\n'
	entries | awk -F'|' '$1 == "thread"' | while IFS='|' read -r kind key subj author date lists msgid note; do
		printf -- '- \\anchor thread_%s **%s**, %s, %s, %s: [lore.kernel.org](https://lore.kernel.org/all/%s/).\n  %s\n' \
			"$key" "$(md "$subj")" "$author" "$date" "$lists" \
			"$(printf '%s' "$msgid" | sed 's/@/%40/g')" "$(md "$note")"
	done
	printf '\n# Commits {#references_commits}\n\n'
	printf 'Every commit the book cites, by its id (linked to git.kernel.org),\n'
	printf 'its subject, its author and the first release that has it; first\n'
	printf 'those an era of the model is built from (the eras of `reaplab\n'
	printf 'list`), oldest first, then the others the chapters cite.'
	# the legend only while some release carries a mark
	if entries | awk -F'|' '$1 == "commit" && $5 ~ /\((inferred|unverified)\)/ { f = 1 }
	    END { exit !f }'; then
		printf '  A\nrelease marked "inferred" or "unverified" was not checked against\n'
		printf 'the release itself.'
	fi
	printf '\n\n'
	entries | awk -F'|' '$1 == "commit"' | while IFS='|' read -r kind id subj author rel note eras; do
		printf -- '- \\anchor commit_%s [%s](https://git.kernel.org/torvalds/c/%s) "%s", %s, %s.' \
			"$id" "$id" "$id" "$subj" "$author" "$rel"
		if [ -n "$eras" ]; then
			printf ' Cited by the era%s %s.\n' \
				"$(case $eras in *,*) echo s ;; esac)" "$eras"
		else
			printf ' %s\n' "$(md "$note")"
		fi
	done
	printf '\n'
}

# expand: \thread{KEY} -> “\ref thread_KEY "SUBJECT"” (AUTHOR, DATE)
expand() {
	entries | awk -F'|' '$1 == "thread" { print $2 "|" $3 "|" $4 "|" $5 }' > "$tmp/threads"
	awk -v threads="$tmp/threads" '
	BEGIN {
		while ((getline l < threads) > 0) {
			split(l, f, "|")
			s = f[2]
			while (s ~ /^\[[^]]*\] /)
				sub(/^\[[^]]*\] /, "", s)
			gsub(/"/, "", s)
			text[f[1]] = "“\\ref thread_" f[1] " \"" s "\"” (" f[3] ", " f[4] ")"
		}
	}
	{
		line = $0
		out = ""
		while (match(line, /\\thread\{[^}]*\}/)) {
			key = substr(line, RSTART + 8, RLENGTH - 9)
			out = out substr(line, 1, RSTART - 1)
			out = out (key in text ? text[key] : "\\ref thread_" key)
			line = substr(line, RSTART + RLENGTH)
		}
		print out line
	}'
}

check() {
	entries > "$tmp/entries"
	page > "$tmp/page.md"
	awk -F'|' '{ print $1 " " $2 }' "$tmp/entries" | sort | uniq -d |
	while read -r kind key; do
		echo "$REFS: $kind $key has two entries (an era cites it, or it is listed twice)"
	done
	awk -F'|' '
	$1 == "thread" && NF != 8 { print FILENAME ": thread " $2 ": " NF - 1 " fields, not 7" }
	$1 == "commit" && NF != 7 { print FILENAME ": commit " $2 ": " NF - 2 " fields, not 5" }
	$1 == "commit" && $2 !~ /^[0-9a-f]+$/ { print FILENAME ": commit " $2 ": not a commit id" }
	' "$tmp/entries" | sed "s|^$tmp/entries|$REFS|"
	awk -v entries="$tmp/entries" '
	BEGIN {
		while ((getline l < entries) > 0) {
			split(l, f, "|")
			have[f[1] " " f[2]] = 1
		}
	}
	{
		line = $0
		# code spans name the commands, they do not cite
		gsub(/`[^`]*`/, "", line)
		while (match(line, /\\(thread|kcommit)\{[^}]*\}/)) {
			m = substr(line, RSTART, RLENGTH)
			kind = m ~ /^\\thread/ ? "thread" : "commit"
			key = m
			sub(/^[^{]*\{/, "", key)
			sub(/\}$/, "", key)
			if (!((kind " " key) in have))
				printf "%s:%d: %s: no %s %s in book/references nor among the eras'"'"' commits\n", FILENAME, FNR, m, kind, key
			line = substr(line, RSTART + RLENGTH)
		}
	}' "$@" "$tmp/page.md" | sed "s|^$tmp/page.md:[0-9]*|$REFS|"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case ${1:-} in
page)
	page ;;
expand)
	expand ;;
keys)
	entries | awk -F'|' '$1 == "thread" { print $2 }' ;;
commits)
	# the subjects as the commits have them (entries() unescapes the
	# eras' table)
	entries | awk -F'|' '$1 == "commit" { print $2 "|" $3 }' ;;
check)
	shift
	out=$(check "$@")
	[ -z "$out" ] || { printf '%s\n' "$out"; exit 1; } ;;
*)
	echo "usage: sh book/refs.sh page | expand | keys | commits | check FILE..." >&2
	exit 2 ;;
esac
