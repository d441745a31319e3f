#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/lint.sh - what Doxygen cannot check about the code the book quotes
#
#   sh book/lint.sh [CHAPTER.md...]      (default: the files of book/chapters)
#
# make book runs it before Doxygen.  Doxygen already fails on a \snippet
# whose file or marker is missing; this adds, for every
#     \snippet FILE ID        (FILE relative to src/, markers //! [ID])
# in a chapter:
#
#   - the marker occurs exactly twice in src/FILE, and the code between the
#     two is not empty;
#   - every function or struct defined in the quoted code is documented:
#     the comment just above its definition names it ("name() - ..." or
#     "struct name - ..."), and if that comment is kernel-doc (/**) it has
#     an "@arg:" line for every parameter, as scripts/kernel-doc demands
#     (a SYSCALL_DEFINEn(name, type, arg, ...) is sys_name(), with its
#     args, as kernel-doc reads it).
#
# That is the book's promise that it never quotes undocumented code.  The
# sources are kernel-doc, which Doxygen would misparse (an "@arg:" is an
# unknown command to it), so they are not on its INPUT; this check stands
# in for Doxygen's "is not documented" warning, on exactly the code quoted.
# Each problem is one line, FILE:LINE: message; exit 1 if there is any.
set -eu

[ $# -gt 0 ] || set -- $(sed -e 's/#.*//' book/chapters |
			  awk 'NF >= 2 { print "book/" $2 }')
src=${BOOK_SRC:-src}
tmpfail=$(mktemp)
trap 'rm -f "$tmpfail"' EXIT

for chapter in "$@"; do
	# A \ref's quoted text ends on its own line: Doxygen reads one that
	# runs on as text, and every command after it in the page with it.
	sed 's/`[^`]*`//g' "$chapter" |
	awk -v chap="$chapter" '
	{
		s = $0
		while (match(s, /\\ref[[:space:]]+[^[:space:]]+[[:space:]]+"/)) {
			s = substr(s, RSTART + RLENGTH)
			if (!index(s, "\"")) {
				print chap ":" NR ": a \\ref whose quoted text runs on to the next line (Doxygen then prints the rest of the page raw)"
				bad = 1
				break
			}
			s = substr(s, index(s, "\"") + 1)
		}
	}
	END { exit bad }' || echo x >> "$tmpfail"
	# code spans (`\snippet` in prose) are not commands: drop them first
	sed 's/`[^`]*`//g' "$chapter" | grep -n '\\snippet' |
	while IFS= read -r hit; do
		line=${hit%%:*}
		args=$(printf '%s\n' "${hit#*:}" |
		       sed -n 's/.*\\snippet\({[a-z,]*}\)\{0,1\}[[:space:]]\{1,\}\([^[:space:]]\{1,\}\)[[:space:]]\{1,\}\([^[:space:]]\{1,\}\).*/\2 \3/p')
		if [ -z "$args" ]; then
			echo "$chapter:$line: cannot read this \\snippet (\\snippet FILE ID)"
			echo x >> "$tmpfail"
			continue
		fi
		set -- $args
		file=$1 id=$2
		if [ ! -f "$src/$file" ]; then
			echo "$chapter:$line: \\snippet $file $id: no file $src/$file"
			echo x >> "$tmpfail"
			continue
		fi
		awk -v id="$id" -v chap="$chapter:$line" -v path="$src/$file" '
		function fail(msg) { print chap ": \\snippet " id ": " msg; bad = 1 }
		{ text[NR] = $0 }
		index($0, "//! [" id "]") { mark[++nmarks] = NR }
		END {
			if (nmarks != 2) {
				fail("marker //! [" id "] occurs " (nmarks + 0) " times in " path ", not twice")
				exit 1
			}
			code = 0
			for (i = mark[1] + 1; i < mark[2]; i++)
				if (text[i] ~ /[^[:space:]]/)
					code++
			if (!code)
				fail("nothing between the markers in " path ":" mark[1])
			for (i = mark[1] + 1; i < mark[2]; i++) {
				kind = ""
				if (text[i] ~ /^struct [A-Za-z_0-9]+ \{/) {
					kind = "struct"
					name = text[i]; sub(/^struct /, "", name)
					sub(/[^A-Za-z_0-9].*/, "", name)
					sig = ""
				} else if (text[i] ~ /^[A-Za-z_]/ && text[i] !~ /;[[:space:]]*$/ &&
					   text[i] ~ /\(/) {
					# a definition if "{" alone follows its continuation lines
					j = i
					sig = text[i]
					while (j + 1 <= NR && text[j + 1] ~ /^[ \t]/ && text[j] !~ /\)[[:space:]]*$/) {
						j++
						sig = sig " " text[j]
					}
					if (text[j + 1] != "{")
						continue
					kind = "function"
					name = sig; sub(/\(.*/, "", name); sub(/.*[^A-Za-z_0-9]/, "", name)
					# SYSCALL_DEFINEn(name, type, arg, ...) is sys_name(),
					# as scripts/kernel-doc reads it
					syscall = name ~ /^SYSCALL_DEFINE[0-6]$/
					if (syscall) {
						p = sig; sub(/^[^(]*\(/, "", p)
						sub(/,.*/, "", p); gsub(/[[:space:]]/, "", p)
						name = "sys_" p
					}
				}
				if (kind == "")
					continue
				# the comment just above the definition
				k = i - 1
				if (text[k] !~ /\*\/[[:space:]]*$/) {
					fail(kind " " name " (" path ":" i ") has no comment above it")
					continue
				}
				comment = text[k]
				while (k > 1 && text[k] !~ /^[[:space:]]*\/\*/) {
					k--
					comment = text[k] "\n" comment
				}
				want = kind == "struct" ? "struct " name " - " : name "() - "
				if (!index(comment, want)) {
					fail(kind " " name " (" path ":" i "): the comment above it does not say \"" want "...\"")
					continue
				}
				if (kind == "function" && text[k] ~ /^\/\*\*/) {
					p = sig; sub(/^[^(]*\(/, "", p); sub(/\)[^)]*$/, "", p)
					n = split(p, params, ",")
					for (q = 1; q <= n; q++) {
						# a syscall lists its name, then type, arg pairs
						if (syscall && (q == 1 || q % 2 == 0))
							continue
						arg = params[q]
						gsub(/\[[^]]*\]/, "", arg)
						sub(/[[:space:]]+$/, "", arg)
						if (arg ~ /^[[:space:]]*void$/ || arg ~ /\.\.\./)
							continue
						sub(/.*[^A-Za-z_0-9]/, "", arg)
						if (!index(comment, "@" arg ":"))
							fail("function " name " (" path ":" i "): kernel-doc has no @" arg ": line")
					}
				}
			}
			exit bad
		}' "$src/$file" || echo x >> "$tmpfail"
	done
done
if [ -s "$tmpfail" ]; then
	echo "book/lint.sh: the book quotes code it cannot vouch for (see above)" >&2
	exit 1
fi
