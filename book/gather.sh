#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/gather.sh - what the book says in many places, gathered in one
#
#   sh book/gather.sh omits      the chapters' "What the model leaves out"
#                                sections, chapter by chapter, and the
#                                model's Omits:, CUSTOM: and STUB: comments
#                                (for the page instructors)
#   sh book/gather.sh cites      every commit a chapter cites (\kcommit),
#                                with the chapters that cite it (for the
#                                page timeline)
#
# navfilter.sh appends the output to those two pages as Doxygen reads
# them, so it is as current as the chapters and the sources: a chapter
# that lands with a "What the model leaves out" section, or cites a
# commit, is in the lists at the next build with no edit here.
#
# A chapter's section is found by its heading, "# What the model leaves
# out {#..._omits}", and runs to the next level-1 heading.  A comment is a
# line " * Omits: ...", " * CUSTOM: ..." or " * STUB: ..." in src/, with
# the lines that continue it (up to an empty comment line, the comment's
# end, or the next "Field:").  BOOK_DIR (default book) and BOOK_SRC
# (default src) are for the tests.
set -eu

BOOK_DIR=${BOOK_DIR:-book}
BOOK_SRC=${BOOK_SRC:-src}

# chapters: the chapter files, in reading order (BOOK_DIR/chapters)
chapters() {
	sed -e 's/#.*//' "$BOOK_DIR/chapters" 2>/dev/null |
	awk -v d="$BOOK_DIR" 'NF >= 2 { print d "/" $2 }'
}

# page_id FILE: "index" for the front page, else the {#id} of line 1
page_id() {
	if head -n 1 "$1" | grep -q '^\\mainpage'; then
		echo index
	else
		sed -n -e '1s/^# .*{#\([A-Za-z0-9_]*\)}[[:space:]]*$/\1/p' "$1"
	fi
}

omits_chapters() {
	printf '# The simplifications, chapter by chapter {#instructors_omits_chapters}\n\n'
	printf 'Each chapter'"'"'s section "What the model leaves out", gathered here when\n'
	printf 'the book was built (`book/gather.sh`), in reading order.\n\n'
	n=0
	for f in $(chapters); do
		id=$(page_id "$f")
		[ "$id" = instructors ] && continue
		body=$(awk '
			/^# / { inside = ($0 ~ /^# What the model leaves out/); next }
			inside' "$f")
		[ -n "$(printf '%s' "$body" | tr -d '[:space:]')" ] || continue
		n=$((n + 1))
		printf 'From \\ref %s, its own list:\n\n%s\n\n' "$id" "$body"
	done
	[ "$n" -gt 0 ] || printf 'No chapter has such a section yet.\n\n'
}

omits_comments() {
	printf '# The simplifications, in the model'"'"'s comments {#instructors_omits_comments}\n\n'
	printf 'Every `Omits:`, `CUSTOM:` and `STUB:` comment of the model and the\n'
	printf 'simulator, as the sources say it today (`src/`, gathered by\n'
	printf '`book/gather.sh`): `Omits` is what a file leaves out of the kernel\n'
	printf 'code it models, `CUSTOM` where it does something the kernel does\n'
	printf 'differently, and why.\n\n'
	printf '| file | | what the comment says |\n|---|---|---|\n'
	find "$BOOK_SRC" -name '*.[ch]' | LC_ALL=C sort | while read -r file; do
		awk -v file="${file#"$BOOK_SRC"/}" '
		function flush() {
			if (kind == "")
				return
			gsub(/[[:space:]]+/, " ", text)
			sub(/^ /, "", text)
			sub(/ $/, "", text)
			gsub(/\\/, "\\\\", text)
			gsub(/@/, "\\@", text)
			gsub(/</, "\\&lt;", text)
			gsub(/>/, "\\&gt;", text)
			gsub(/\|/, "\\|", text)
			printf "| `%s` | %s | %s |\n", file, kind, text
			kind = ""
		}
		/^ \* (Omits|CUSTOM|STUB):/ {
			flush()
			kind = $2
			sub(/:$/, "", kind)
			text = $0
			sub(/^ \* [A-Za-z]+:[[:space:]]*/, "", text)
			next
		}
		kind != "" && (/^ \*[[:space:]]*$/ || /^ \*\// || /^ \* [A-Z][A-Za-z]*:/ || !/^ \*/) {
			flush()
			next
		}
		kind != "" {
			line = $0
			sub(/^ \*/, "", line)
			text = text " " line
		}
		END { flush() }' "$file"
	done
	printf '\n'
}

cites() {
	printf '# Where the book cites each commit {#timeline_cites}\n\n'
	printf 'Every commit a chapter links to, with the chapters that do, in the\n'
	printf 'order the book first cites them (gathered from the chapters by\n'
	printf '`book/gather.sh` when the book was built).  A commit that no era'"'"'s\n'
	printf 'descriptor names is not in the table above: the chapter that cites\n'
	printf 'it says what it is.\n\n'
	printf '| commit | cited in |\n|---|---|\n'
	for f in $(chapters); do
		id=$(page_id "$f")
		grep -o '\\kcommit{[0-9a-f]*}' "$f" | sed 's/.*{\(.*\)}/\1/' |
			awk -v id="$id" '!seen[$0]++ { print $0, id }'
	done | awk '
	{ if (!($1 in where)) { order[++n] = $1; where[$1] = "" }
	  if (index(" " where[$1] " ", " " $2 " ") == 0)
		where[$1] = where[$1] " " $2 }
	END {
		for (i = 1; i <= n; i++) {
			c = order[i]
			split(substr(where[c], 2), ids, " ")
			refs = ""
			for (j = 1; ids[j] != ""; j++)
				refs = refs (j > 1 ? ", " : "") "\\ref " ids[j]
			printf "| \\kcommit{%s} | %s |\n", c, refs
		}
	}'
	printf '\n'
}

case ${1:-} in
omits)
	omits_chapters
	omits_comments ;;
cites)
	cites ;;
*)
	echo "usage: sh book/gather.sh omits|cites" >&2
	exit 2 ;;
esac
