#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/navfilter.sh - Doxygen's input filter for the chapters
#
# Doxygen runs it on every chapter (FILTER_PATTERNS in book/Doxyfile) and
# reads what it prints instead of the file.  It prints the file, every
# line in its place (so warnings still point at the right line), and then
# appends, after the last line:
#
#   - on every page (chapters and labs), each \thread{KEY} expanded into
#     the thread's subject and author, linked to its entry on the page
#     References (book/refs.sh expand);
#   - on every chapter that labs go with, the section "Labs for this
#     chapter", from the labs' lab.conf (book/labs.sh section);
#   - on the page `labs`, the table of every lab (book/labs.sh table);
#   - on the page `instructors`, the chapters' "What the model leaves out"
#     sections and the model's Omits:/CUSTOM: comments, and on the page
#     `timeline`, where each commit is cited (book/gather.sh), and on the
#     page `references` every thread and commit the book cites
#     (book/refs.sh page), and on the page `glossary` every term
#     (book/glossary.sh page);
#   - on every chapter, the first use of each term of book/glossary
#     linked to its entry on the page Glossary (book/glossary.sh link);
#   - on every chapter, links to the previous and the next chapter, in the
#     order of book/chapters;
#   - on the front page (\mainpage), the table of contents: every chapter
#     but the front page, in that order.
#
# A chapter is a file of book/chapters, the reading order; its first line
# names its page: "\mainpage TITLE" (the front page, id "index") or
# "# TITLE {#ID}".  A line in book/chapters is all it takes for a chapter
# to appear in the contents and in the chain of previous/next links;
# adding a lab (exercises/NN-slug/) is all it takes to appear in its
# chapter.  The labs' own pages (build/book/gen/labs/, written by
# book/labs.sh pages) carry their links already and pass through
# unchanged.
set -eu

file=$1
dir=$(dirname "$file")
book=$(dirname "$0")

# chapters: the chapter files, in reading order (book/chapters)
chapters() {
	sed -e 's/#.*//' "$dir/chapters" 2>/dev/null |
	awk -v d="$dir" 'NF >= 2 { print d "/" $2 }'
}

# every page: \thread{KEY} becomes a link to its entry in References
if ! chapters | grep -q "/${file##*/}\$"; then
	sh "$book/refs.sh" expand < "$file"
	exit 0
fi

page_id() {
	if grep -q '^\\mainpage' "$1"; then
		echo index
	else
		sed -n -e '1s/^# .*{#\([A-Za-z0-9_]*\)}[[:space:]]*$/\1/p' "$1"
	fi
}

sh "$book/refs.sh" expand < "$file" | sh "$book/glossary.sh" link

prev= next= seen=
for f in $(chapters); do
	if [ -n "$seen" ]; then
		next=$f
		break
	fi
	if [ "$f" -ef "$file" ]; then
		seen=1
	else
		prev=$f
	fi
done

printf '\n\n'
id=$(page_id "$file")
case $id in
instructors) sh "$book/gather.sh" omits ;;
timeline) sh "$book/gather.sh" cites ;;
references) sh "$book/refs.sh" page ;;
glossary) sh "$book/glossary.sh" page ;;
esac
if [ "$id" = labs ]; then
	sh "$book/labs.sh" table
	printf '\n'
elif [ "$id" != index ]; then
	sh "$book/labs.sh" section "$id"
	printf '\n'
fi
if grep -q '^\\mainpage' "$file"; then
	printf '# Contents {#contents}\n\n'
	n=0
	for f in $(chapters); do
		id=$(page_id "$f")
		[ "$id" = index ] && continue
		n=$((n + 1))
		printf '%d. \\ref %s\n' "$n" "$id"
	done
	printf '\n'
fi
printf '<div class="booknav">\n\n'
[ -n "$prev" ] && printf 'Previous: \\ref %s' "$(page_id "$prev")"
[ -n "$prev" ] && [ -n "$next" ] && printf ' &nbsp;&middot;&nbsp; '
[ -n "$next" ] && printf 'Next: \\ref %s' "$(page_id "$next")"
printf '\n\n</div>\n'
