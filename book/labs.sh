#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/labs.sh - the labs of exercises/ in the book, from their lab.conf
#
#   sh book/labs.sh pages OUTDIR   check every lab's lab.conf, write each
#                                  lab's handout as a page of the book
#                                  (OUTDIR/lab_NN.md, from its README.md)
#                                  and print the pages' paths, in order
#   sh book/labs.sh table          the table of every lab (the page `labs`)
#   sh book/labs.sh section ID     the section "Labs for this chapter" of
#                                  the page ID (nothing if no lab is its)
#
# A lab is a folder exercises/NN-slug/ with a lab.conf (number, title,
# kind, chapter, difficulty, points: see exercises/README.md) and a
# README.md, its statement in plain Markdown for GitHub.  Nothing here
# names a lab: a folder that appears is in the book at the next build, in
# the Labs table, as a page, and in its chapter's section (navfilter.sh
# appends it to every chapter).
#
# `pages` fails, one line a problem, if a lab.conf lacks a field, if its
# number is not its folder's, if two labs share a number, or if its
# chapter is not a page of the book: neither the id of a chapter in
# book/ nor an era chapter still being written (PENDING in book/test.sh;
# such a lab names its chapter in plain text until the chapter lands).
#
# The README becomes the page lab_NN: its title from lab.conf, its own
# first heading and licence line dropped, a bare 12-hex commit id linked
# (\kcommit), `@` escaped for Doxygen, a link to another lab's README a
# \ref, a link to a file of the tree its path in the tree; code spans and
# fenced blocks are left exactly as they are.
#
# The pages of the book are those of BOOK_DIR/chapters.  LABS_DIR (default
# exercises), BOOK_DIR (default book) and PENDING
# (default: PENDING of book/test.sh) are for the tests.
set -eu

LABS_DIR=${LABS_DIR:-exercises}
BOOK_DIR=${BOOK_DIR:-book}
if [ -z "${PENDING+set}" ]; then
	PENDING=$(awk '
		/^PENDING="/ { p = 1; sub(/^PENDING="/, "") }
		p && /"/ { sub(/".*/, ""); print; exit }
		p' "$BOOK_DIR/test.sh" | tr '\n' ' ')
fi

# labs: every lab folder, in order (NN-slug)
labs() {
	for f in "$LABS_DIR"/[0-9][0-9]-*/lab.conf; do
		[ -f "$f" ] || continue
		f=${f%/lab.conf}
		echo "${f##*/}"
	done | LC_ALL=C sort
}

# conf LAB KEY: the value of KEY in the lab's lab.conf (the first line
# "KEY:", its value without the blanks around it).  Every lab.conf is read
# once, by one awk, into a function of one case statement, so that a
# lookup starts no process: the book's filter asks a lab's chapter for
# every chapter of the book, and a sed pipeline each cost over a thousand
# processes a build.
conf_case() {
	set -- "$LABS_DIR"/[0-9][0-9]-*/lab.conf
	[ -f "$1" ] || return 0
	awk '
	function q(s) { gsub(/\047/, "\047\\\047\047", s); return "\047" s "\047" }
	FNR == 1 { n = split(FILENAME, p, "/"); lab = p[n - 1] }
	match($0, /^[A-Za-z0-9_-]+:/) {
		key = substr($0, 1, RLENGTH - 1)
		if ((lab, key) in seen)
			next
		seen[lab, key] = 1
		v = substr($0, RLENGTH + 1)
		sub(/^[[:space:]]+/, "", v)
		sub(/[[:space:]]+$/, "", v)
		print q(lab "/" key) ") printf \047%s\\n\047 " q(v) " ;;"
	}' "$@"
}
eval "conf() {
	case \"\$1/\$2\" in
	$(conf_case)
	esac
}"

# chapter_ids: the page ids of the book (BOOK_DIR/chapters)
chapter_ids() {
	sed -e 's/#.*//' "$BOOK_DIR/chapters" 2>/dev/null |
	awk 'NF >= 2 { print $1 }'
}

# chapter_state ID: "written", "pending" or "missing"
chapter_state() {
	for id in $(chapter_ids); do
		[ "$id" = "$1" ] && { echo written; return; }
	done
	for id in $PENDING; do
		[ "$id" = "$1" ] && { echo pending; return; }
	done
	echo missing
}

# chapter_play ID: the player position the chapter's own "play" line
# links to (an era chapter's), or nothing: a lab plays what its chapter
# plays
chapter_play() {
	file=$(sed -e 's/#.*//' "$BOOK_DIR/chapters" 2>/dev/null |
	       awk -v id="$1" '$1 == id { print $2 }')
	[ -n "$file" ] && [ -f "$BOOK_DIR/$file" ] || return 0
	sed -n 's/.*<a href="player\/play\.html#\([^"]*\)">\([^<]*\)<\/a>.*/\1\t\2/p' \
		"$BOOK_DIR/$file" | head -n 1
}

# chapter_ref ID: a link to the chapter, or its id while it is written
chapter_ref() {
	case $(chapter_state "$1") in
	written) printf '\\ref %s' "$1" ;;
	*) printf '`%s` (being written)' "$1" ;;
	esac
}

# lab_page LAB: its page id (lab_NN)
lab_page() {
	echo "lab_${1%%-*}"
}

check() {
	seen=
	for l in $(labs); do
		for key in number title kind chapter difficulty points; do
			[ -n "$(conf "$l" "$key")" ] ||
				echo "$LABS_DIR/$l/lab.conf: no $key:"
		done
		[ -f "$LABS_DIR/$l/README.md" ] ||
			echo "$LABS_DIR/$l: no README.md (the lab's page in the book)"
		n=$(conf "$l" number)
		nn=${l%%-*}
		if [ -n "$n" ] && [ "$(printf '%02d' "$n" 2>/dev/null)" != "$nn" ]; then
			echo "$LABS_DIR/$l/lab.conf: number $n, but the folder says $nn"
		fi
		case " $seen " in
		*" $nn "*) echo "$LABS_DIR/$l: lab $nn twice (the book's page lab_$nn)" ;;
		esac
		seen="$seen $nn"
		ch=$(conf "$l" chapter)
		[ -n "$ch" ] || continue
		if [ "$(chapter_state "$ch")" = missing ]; then
			echo "$LABS_DIR/$l/lab.conf: chapter '$ch' is not a page of the book (a chapter of $BOOK_DIR/, or one in PENDING of book/test.sh)"
		fi
	done
}

# readme LAB: the README as the body of a Doxygen page (see the top)
readme() {
	awk -v dir="$1" '
	BEGIN {
		h = "[0-9a-f]"
		hex = h h h h h h h h h h h h
	}
	# a bare 12-hex commit id, as a token of its own
	function commits(s,   out, pre, c1, c2) {
		out = ""
		while (match(s, hex)) {
			pre = substr(s, 1, RSTART - 1)
			c1 = RSTART > 1 ? substr(s, RSTART - 1, 1) : ""
			c2 = substr(s, RSTART + 12, 1)
			if (c1 ~ /[0-9A-Za-z_\/#]/ || c2 ~ /[0-9A-Za-z_]/) {
				out = out pre substr(s, RSTART, 12)
			} else {
				out = out pre "\\kcommit{" substr(s, RSTART, 12) "}"
			}
			s = substr(s, RSTART + 12)
		}
		return out s
	}
	# a link target, as the book can show it
	function link(text, target,   n) {
		if (target ~ /^https?:\/\//)
			return "[" text "](" target ")"
		if (target ~ /^(\.\.\/)?[0-9][0-9]-[^\/]*\/(README\.md)?$/ ||
		    target ~ /^(\.\.\/)?[0-9][0-9]-[^\/]*$/) {
			sub(/^\.\.\//, "", target)
			return "\\ref lab_" substr(target, 1, 2) " \"" text "\""
		}
		if (target ~ /^\.\.\/\.\.\//)
			target = substr(target, 7)
		else if (target ~ /^\.\.\//)
			target = "exercises/" substr(target, 4)
		else
			target = "exercises/" dir "/" target
		return text " (`" target "`)"
	}
	# prose: links, commit ids, @
	function prose(s,   out, m, text, target, at, len) {
		out = ""
		while (match(s, /\[[^]]*\]\([^)]*\)/)) {
			at = RSTART
			len = RLENGTH
			m = substr(s, at, len)
			out = out commits(substr(s, 1, at - 1))
			text = m
			sub(/\]\(.*/, "", text)
			text = substr(text, 2)
			target = m
			sub(/^\[[^]]*\]\(/, "", target)
			sub(/\)$/, "", target)
			out = out link(text, target)
			s = substr(s, at + len)
		}
		out = out commits(s)
		gsub(/@/, "\\@", out)
		return out
	}
	NR == 1 && /^<!--.*SPDX/ { next }
	!titled && /^# / { titled = 1; next }
	/^[[:space:]]*```/ { fence = !fence; span = 0; print; next }
	fence { print; next }
	/^[[:space:]]*$/ { span = 0; print; next }
	{
		# code spans (which may run over a line end) stay as they are
		line = $0
		out = ""
		while ((i = index(line, "`")) > 0) {
			seg = substr(line, 1, i - 1)
			out = out (span ? seg : prose(seg)) "`"
			span = !span
			line = substr(line, i + 1)
		}
		print out (span ? line : prose(line))
	}' "$LABS_DIR/$1/README.md"
}

pages() {
	out=$1
	problems=$(check)
	if [ -n "$problems" ]; then
		printf 'book: %s\n' "$problems" | sed '2,$s/^/book: /' >&2
		exit 1
	fi
	mkdir -p "$out"
	rm -f "$out"/lab_*.md
	all=$(labs)
	prev=
	for l in $all; do
		next=
		found=
		for m in $all; do
			if [ -n "$found" ]; then
				next=$m
				break
			fi
			[ "$m" = "$l" ] && found=1
		done
		id=$(lab_page "$l")
		ch=$(conf "$l" chapter)
		{
			printf '# Lab %s: %s {#%s}\n' "${l%%-*}" \
				"$(conf "$l" title)" "$id"
			printf '<!-- SPDX-License-Identifier: GPL-2.0-only -->\n'
			printf '<!-- Generated by book/labs.sh from %s/%s/README.md: edit that. -->\n' \
				"$LABS_DIR" "$l"
			readme "$l"
			printf '\n\n<div class="booknav">\n\n'
			printf 'This lab goes with %s.  Its files are in `%s/%s/`; ' \
				"$(chapter_ref "$ch")" "$LABS_DIR" "$l"
			printf 'grade it with `make grade LAB=%s`.\n\n' "$l"
			play=$(chapter_play "$ch")
			[ -z "$play" ] || printf '<a href="player/play.html#%s">%s</a> in \\ref player, by clicking the threads of the real code.\n\n' \
				"${play%%	*}" "${play#*	}"
			printf 'All labs: \\ref labs'
			[ -n "$prev" ] && printf ' &nbsp;&middot;&nbsp; Previous: \\ref %s' \
				"$(lab_page "$prev")"
			[ -n "$next" ] && printf ' &nbsp;&middot;&nbsp; Next: \\ref %s' \
				"$(lab_page "$next")"
			printf '\n\n</div>\n'
		} > "$out/$id.md"
		echo "$out/$id.md"
		prev=$l
	done
}

table() {
	printf '| lab | kind | chapter | difficulty | points |\n'
	printf '|---|---|---|---|---|\n'
	for l in $(labs); do
		printf '| \\subpage %s "Lab %s: %s" | %s | %s | %s | %s |\n' \
			"$(lab_page "$l")" "${l%%-*}" "$(conf "$l" title)" \
			"$(conf "$l" kind)" "$(chapter_ref "$(conf "$l" chapter)")" \
			"$(conf "$l" difficulty)" "$(conf "$l" points)"
	done
}

section() {
	rows=
	for l in $(labs); do
		[ "$(conf "$l" chapter)" = "$1" ] || continue
		rows="$rows$(printf '| \\ref %s "Lab %s: %s" | %s | %s | %s |' \
			"$(lab_page "$l")" "${l%%-*}" "$(conf "$l" title)" \
			"$(conf "$l" kind)" "$(conf "$l" difficulty)" \
			"$(conf "$l" points)")
"
	done
	[ -n "$rows" ] || return 0
	printf '# Labs for this chapter {#%s_labs}\n\n' "$1"
	printf 'Graded labs that go with this chapter; \\ref labs says how to work on one.\n\n'
	printf '| lab | kind | difficulty | points |\n'
	printf '|---|---|---|---|\n'
	printf '%s' "$rows"
}

case ${1:-} in
pages)
	[ $# = 2 ] || { echo "usage: sh book/labs.sh pages OUTDIR" >&2; exit 2; }
	pages "$2" ;;
table)
	table ;;
section)
	[ $# = 2 ] || { echo "usage: sh book/labs.sh section PAGE-ID" >&2; exit 2; }
	section "$2" ;;
check)
	problems=$(check)
	[ -z "$problems" ] || { printf '%s\n' "$problems"; exit 1; } ;;
*)
	echo "usage: sh book/labs.sh pages OUTDIR | table | section ID | check" >&2
	exit 2 ;;
esac
