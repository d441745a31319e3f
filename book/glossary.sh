#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/glossary.sh - the book's terms, defined in one place
#
#   sh book/glossary.sh page      the entries of the page Glossary, one
#                                 anchor gl_ANCHOR a term, alphabetical
#   sh book/glossary.sh link      a filter: in the chapter it reads, the
#                                 first use of each term becomes a link
#                                 to its entry; every line stays in its
#                                 place, so Doxygen's warnings still point
#                                 at the right line
#   sh book/glossary.sh check     every line of the glossary is well
#                                 formed, no anchor and no term twice; one
#                                 line a problem (FILE:LINE), exit 1 if any
#
# The terms: book/glossary (GLOSSARY, for the tests).  `link` leaves alone
# what is not prose: fenced code, headings, Doxygen commands at the start
# of a line (\snippet, \dotfile...), HTML comments (the assertions), lines
# indented as code, and a term inside a code span or a \ref's quoted text.
#
# Doxygen 1.9 prints three kinds of Markdown as they are written, and a
# reader would see the backticks: a code span in the text of a link
# ([`x`](@ref y); so a term that is a code span is linked with
# \link gl_ANCHOR `x`\endlink instead); a code span, or *emphasis*,
# between two straight double quotes (Doxygen prints a quotation verbatim;
# before linking, `quotes` writes such a pair in prose as &quot;, which
# Doxygen prints as the same quotes and does not take for a quotation);
# and a code span holding an apostrophe (read as a `quoted' phrase; the
# apostrophe goes in as &apos;, which Doxygen prints as one).
# book/test.sh fails on a backtick left in the text of a built page:
# where Doxygen pairs the quotes otherwise than the text does (a
# quotation over three lines), write the quotes curly.
set -eu

GLOSSARY=${GLOSSARY:-book/glossary}

# entries: "ANCHOR|TERM|MATCH|DEFINITION|LINE", the spaces around the
# separators dropped
entries() {
	awk '
	/^[[:space:]]*#/ || /^[[:space:]]*$/ { next }
	{
		line = $0
		gsub(/[[:space:]]*\|[[:space:]]*/, "|", line)
		print line "|" FNR
	}' "$GLOSSARY"
}

check() {
	entries | awk -F'|' -v g="$GLOSSARY" '
	NF != 5 { printf "%s:%s: %d fields, not 4 (ANCHOR | TERM | MATCH | DEFINITION)\n", g, $NF, NF - 1; next }
	$1 !~ /^[a-z0-9_]+$/ { printf "%s:%s: anchor \"%s\": only a-z, 0-9 and _\n", g, $5, $1 }
	$2 == "" || $3 == "" || $4 == "" { printf "%s:%s: an empty field\n", g, $5 }
	$4 !~ /\.$/ { printf "%s:%s: the definition of %s does not end a sentence\n", g, $5, $1 }
	$1 in anchor { printf "%s:%s: anchor %s is used twice (line %s)\n", g, $5, $1, anchor[$1] }
	tolower($2) in term { printf "%s:%s: the term %s is defined twice (line %s)\n", g, $5, $2, term[tolower($2)] }
	$3 != "-" && $3 in match_ { printf "%s:%s: the match %s is used twice (line %s)\n", g, $5, $3, match_[$3] }
	{ anchor[$1] = $5; term[tolower($2)] = $5; if ($3 != "-") match_[$3] = $5 }'
}

# page: one list item an entry, sorted by the term's letters, case and
# punctuation aside
page() {
	entries | awk -F'|' '{
		k = tolower($2)
		gsub(/[^a-z0-9 ]/, "", k)
		print k "|" $0
	}' | sort -t'|' -k1,1 | while IFS='|' read -r key anchor term match def line; do
		printf -- '- \\anchor gl_%s <b>%s</b>: %s\n' "$anchor" "$term" "$def"
	done
	printf '\n'
}

# quotes: a filter, one paragraph of prose at a time (the lines `link`
# leaves alone break paragraphs, and pass as they are): a pair of straight
# double quotes with a code span or an *emphasis* between them becomes
# &quot;...&quot;, unless
# it is the quoted text of a Doxygen command (\ref ID "text") or an HTML
# attribute; an apostrophe inside a code span becomes &apos;.  Every line
# stays in its place.
quotes() {
	awk '
	function flush(    s, out, c, i, incode, qopen, qbt, pre, conv, apos) {
		if (nbuf == 0)
			return
		s = buf[1]
		for (i = 2; i <= nbuf; i++)
			s = s "\n" buf[i]
		incode = qopen = qbt = 0
		split("", conv)
		split("", apos)
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "`") {
				incode = !incode
				if (qopen)
					qbt = 1
			} else if (c == "\"" && !incode) {
				if (!qopen) {
					qopen = i
					qbt = 0
					continue
				}
				pre = substr(s, 1, qopen - 1)
				sub(/.*\n/, "", pre)
				if (qbt && pre !~ /\\[a-z]+[ \t]+[^ \t]+[ \t]+$/ &&
				    pre !~ /=$/) {
					conv[qopen] = "&quot;"
					conv[i] = "&quot;"
				}
				qopen = 0
			} else if (c == "\047" && incode) {
				apos[i] = 1
			} else if (c == "*" && qopen && !incode &&
				   substr(s, i - 1, 1) ~ /[ "\n]/ &&
				   substr(s, i + 1, 1) ~ /[A-Za-z]/) {
				qbt = 1		# *emphasis*, as lost as a code span
			}
		}
		out = ""
		for (i = 1; i <= length(s); i++) {
			if (i in conv)
				out = out conv[i]
			else if (i in apos)
				out = out "&apos;"
			else
				out = out substr(s, i, 1)
		}
		printf "%s\n", out
		nbuf = 0
	}
	/^[[:space:]]*(```|~~~)/ { flush(); fence = !fence; print; next }
	# a line that starts with a Doxygen command is no prose, unless the
	# command is one that runs on in a sentence (\kcommit{ID} "subject")
	/^[[:space:]]*\\(kcommit|ref|link|c|p|e|b|em|a)[^a-z]/ {
		buf[++nbuf] = $0
		next
	}
	fence || /^[[:space:]]*$/ || /^#/ || /^[[:space:]]*\\/ ||
	    /^[[:space:]]*<!--/ || /^    / {
		flush()
		print
		next
	}
	{ buf[++nbuf] = $0 }
	END { flush() }'
}

# link: the first use of each MATCH in prose becomes [MATCH](@ref gl_ANCHOR),
# or \link gl_ANCHOR MATCH\endlink for a MATCH that is a code span
link() {
	entries | awk -F'|' '$3 != "-" { print $1 "|" $3 }' > "$tmp/matches"
	quotes | awk -v matches="$tmp/matches" '
	BEGIN {
		while ((getline l < matches) > 0) {
			i = index(l, "|")
			n++
			anc[n] = substr(l, 1, i - 1)
			pat[n] = substr(l, i + 1)
		}
	}
	# state: for each character of s, "o" outside a code span (an
	# opening backtick too) and "c" inside one (its closing backtick too)
	# or inside double quotes (the quoted text of a \ref or a commit, which
	# Doxygen takes as it is); a code span or a quotation may run on
	# from the line before (incode, inq; a blank line ends both)
	function state(s,    out, c, i) {
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "`" && !inq) {
				out = out (incode ? "c" : "o")
				incode = !incode
				continue
			}
			if (!incode && c == "\"") {
				inq = !inq
				out = out "c"
				continue
			}
			out = out (incode || inq ? "c" : "o")
		}
		return out
	}
	function word(c) { return c ~ /[A-Za-z0-9_-]/ }
	# find: where pattern p starts in s (st its state) as a link may
	# go, or 0: a code span as a whole span, other text as a whole word,
	# outside code spans, never inside a link already made
	function find(s, st, p,    code, off, i, before, after, want) {
		code = substr(p, 1, 1) == "`"
		off = 0
		while ((i = index(substr(s, off + 1), p)) > 0) {
			i += off
			off = i
			before = i > 1 ? substr(s, i - 1, 1) : ""
			after = substr(s, i + length(p), 1)
			if (before == "[")
				continue
			if (code) {
				# \endlink must not run into a word after it
				want = "o" substr("cccccccccccccccccccccccccccccccccccccccc", 1, length(p) - 1)
				if (substr(st, i, length(p)) == want && !word(after))
					return i
			} else if (!word(before) && !word(after) &&
				   substr(st, i, length(p)) !~ /c/) {
				return i
			}
		}
		return 0
	}
	/^[[:space:]]*(```|~~~)/ { fence = !fence; incode = inq = 0; print; next }
	/^[[:space:]]*$/ { incode = inq = 0 }
	fence || /^#/ || /^[[:space:]]*\\/ || /^[[:space:]]*<!--/ || /^    / || /\]\(/ {
		state($0)
		print
		next
	}
	{
		line = $0
		for (k = 1; k <= n; k++) {
			if (done[k])
				continue
			was = incode
			wasq = inq
			st = state(line)
			incode = was
			inq = wasq
			i = find(line, st, pat[k])
			if (!i)
				continue
			done[k] = 1
			if (substr(pat[k], 1, 1) == "`")
				ln = "\\link gl_" anc[k] " " pat[k] "\\endlink"
			else
				ln = "[" pat[k] "](@ref gl_" anc[k] ")"
			line = substr(line, 1, i - 1) ln substr(line, i + length(pat[k]))
		}
		state(line)
		print line
	}'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case ${1:-} in
page)
	page ;;
link)
	link ;;
check)
	out=$(check)
	[ -z "$out" ] || { printf '%s\n' "$out"; exit 1; } ;;
*)
	echo "usage: sh book/glossary.sh page | link | check" >&2
	exit 2 ;;
esac
