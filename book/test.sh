#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/test.sh - the book's tests (make check runs them, after make book)
#
#   sh book/test.sh
#   BOOK_BUILT=1 sh book/test.sh   (make check: the HTML was built by
#                                   make book, which ran lint and asserts)
#
# What they hold the book to, whatever chapters are added:
#
#   pages      the chapters are the files of book/chapters, in reading
#              order: every line names a file of book/ whose first line
#              has the line's page id, each id and each file once, the
#              front page (index) first; every Markdown file of book/ but
#              README.md is listed there;
#   eras       every era of `reaplab list` has its chapter era_<id>, except
#              the eras in PENDING (chapters not written yet: see below);
#   commits    every era chapter names every commit its era's descriptor
#              cites (`reaplab list --commits ERA`);
#   markers    every //! [id] marker in src/ is quoted by some \snippet, and
#              every \snippet quotes a marker that exists (twice);
#   fragments  every file a chapter pulls in (\include, \verbinclude,
#              \dotfile, \mscfile, \image, \htmlinclude) is a hand-drawn
#              figure in figures/ or a fragment of book/fragments; every
#              fragment is used (a benchmark's NAME.svg counts as its
#              report bench/NAME.md), was written by this build (newer than
#              build/reaplab) and is not empty, and none is committed;
#   labs       every lab of exercises/ has its page (lab_NN.html), is in
#              the table of the page labs, and is in the section "Labs for
#              this chapter" of its chapter (once that chapter is written),
#              all in the built HTML; book/labs.sh check passes;
#   asserts    every assertion about a run next to the prose (chapters and
#              labs' READMEs: `<!-- assert FRAGMENT /ERE/ -->`, see
#              book/asserts.sh) holds on the fragments this build wrote;
#   gathered   the page instructors gathers every chapter's "What the
#              model leaves out" and the page timeline every commit a
#              chapter cites (book/gather.sh), in the built HTML;
#   refs       every \thread{KEY} and \kcommit{ID} of the chapters and the
#              labs has its entry (book/refs.sh check), and the built page
#              References has an anchor for each, that the chapters link to;
#   glossary   every line of book/glossary is well formed, no anchor and
#              no term twice (book/glossary.sh check); the built page
#              Glossary has an anchor for each term, and chapters link a
#              term's first use to it;
#   backticks  no built page shows a backtick in its text outside code
#              (Markdown Doxygen printed as written: book/glossary.sh);
#   claims     every checkable token (commit id, release, date, percentage,
#              CVE, figure, link) of a page out of PENDING has its entry
#              in book/claims/PAGE.claims, and every ledger is well formed
#              and current (book/claims.sh check);
#   private    no path into the notes and no "seed" but a random one
#              (book/private.sh) in the book's sources and HTML, the CLI's
#              output, the labs, src/ and tests/;
#   guards     the checks that keep the book honest do fail: book/lint.sh
#              on undocumented or empty quoted code, Doxygen (with the
#              book's Doxyfile) on a broken \ref and a missing snippet, and
#              the checks above on a chapter that breaks them; asserts.sh
#              on a false assertion planted in the v4.9 chapter, and on
#              each form written wrong; refs.sh on an unknown thread and
#              commit, a duplicate and a short entry; glossary.sh on a
#              malformed line, an anchor and a term twice, and its links
#              on the first prose use only, a code span between quotes and
#              an apostrophe in one written so that Doxygen renders them;
#              the backtick check on a planted page; claims.sh on a commit id
#              planted unledgered in a copy of the book, on one token of
#              each other kind, a stale entry, malformed entries and
#              sources, repo sources whose lines do not hold the function,
#              DOC: block or macro they name (and not on those that do),
#              an unverified entry its page does not mark, and
#              not on what is code, a comment, a message id or a pending
#              page; the References page's tokens take in the eras'
#              commits;
#              private.sh on each
#              kind of private word, and not on a random seed; labs.sh on a
#              lab whose chapter is no page of the book, and it picks up a
#              lab nobody told it about.
#
# PENDING lists the era chapters phase 2 of issue 8 is writing; each writer
# removes an era from it when its chapter lands, and the test fails if a
# listed era already has a chapter, so the list cannot go stale.  When the
# list is empty every era has its chapter.
set -eu

R=${R:-build/reaplab}
G=${G:-build/book/gen}

# Era chapters not written yet (phase 2 empties this list).
PENDING=""

failures=0
checks=0
fail() {
	echo "book/test.sh: FAIL: $*"
	failures=$((failures + 1))
}

# page_id FILE: "index" for the front page, else the {#id} of line 1.
page_id() {
	if head -n 1 "$1" | grep -q '^\\mainpage'; then
		echo index
	else
		sed -n -e '1s/^# .*{#\([A-Za-z0-9_]*\)}[[:space:]]*$/\1/p' "$1"
	fi
}

# chapters DIR: the chapter files of DIR/chapters, in reading order (those
# that are there: check_pages says which are not)
chapters() {
	sed -e 's/#.*//' "$1/chapters" 2>/dev/null |
	awk -v d="$1" 'NF >= 2 { print d "/" $2 }' |
	while read -r f; do
		[ -f "$f" ] && echo "$f"
	done
	return 0
}

# era_page ERA: the page id of an era's chapter (v4.9 -> era_v4_9).
era_page() {
	echo "era_$1" | tr '.-' '__'
}

eras() {
	"$R" list --format md | sed -n 's/^| \([^ |]*\) | .*/\1/p' | grep -v '^era$'
}

# --- the checks: each takes the book directory, prints one line a problem --

check_pages() {
	list=$1/chapters
	if [ ! -f "$list" ]; then
		echo "$list: missing: the chapters, in reading order"
		return
	fi
	seen= files= n=0
	sed -e 's/#.*//' "$list" | awk 'NF' | {
	while read -r want file extra; do
		n=$((n + 1))
		if [ -z "$file" ] || [ -n "$extra" ]; then
			echo "$list: '$want $file $extra': a line is a page id and a file"
			continue
		fi
		f=$1/$file
		case " $files " in
		*" $file "*) echo "$list: $file is listed twice" ;;
		esac
		files="$files $file"
		case " $seen " in
		*" $want "*) echo "$list: page id '$want' is used twice" ;;
		esac
		seen="$seen $want"
		if [ ! -f "$f" ]; then
			echo "$list: $file: no such file in $1/"
			continue
		fi
		id=$(page_id "$f")
		if [ -z "$id" ]; then
			printf '%s: line 1 must be "\\mainpage TITLE" or "# TITLE {#id}"\n' "$f"
		elif [ "$id" != "$want" ]; then
			echo "$f: its page id is '$id', $list says '$want'"
		fi
		[ $n = 1 ] && [ "$want" != index ] &&
			echo "$list: the front page (index) comes first, not '$want'"
	done
	for f in "$1"/*.md; do
		[ -f "$f" ] || continue
		base=${f##*/}
		[ "$base" = README.md ] && continue
		case " $files " in
		*" $base "*) ;;
		*) echo "$f: not in $list: add a line (page id, file) where it belongs in the reading order" ;;
		esac
	done
	}
}

check_eras() {
	ids=$(for f in $(chapters "$1"); do page_id "$f"; done)
	for era in $(eras); do
		page=$(era_page "$era")
		have=no
		for id in $ids; do
			[ "$id" = "$page" ] && have=yes
		done
		pending=no
		for p in $PENDING; do
			[ "$p" = "$page" ] && pending=yes
		done
		if [ $have = no ] && [ $pending = no ]; then
			echo "era $era has no chapter (page $page)"
		elif [ $have = yes ] && [ $pending = yes ]; then
			echo "era $era has its chapter now: remove $page from PENDING in book/test.sh"
		fi
	done
}

check_commits() {
	for f in $(chapters "$1"); do
		id=$(page_id "$f")
		case $id in era_*) ;; *) continue ;; esac
		era=
		for e in $(eras); do
			[ "$(era_page "$e")" = "$id" ] && era=$e
		done
		if [ -z "$era" ]; then
			echo "$f: page $id names no era of \`reaplab list\`"
			continue
		fi
		for c in $("$R" list --commits "$era" |
			   sed -n 's/^  \([0-9a-f]\{12\}\)  .*/\1/p'); do
			grep -q "$c" "$f" ||
				echo "$f: era $era cites commit $c; its chapter never names it"
		done
	done
}

# The \snippet commands of a book: "FILE ID" per line (code spans, where
# prose names a command, are left out).
snippets() {
	cat $(chapters "$1") /dev/null | sed 's/`[^`]*`//g' |
	sed -n 's/.*\\snippet\({[a-z,]*}\)\{0,1\}[[:space:]]\{1,\}\([^[:space:]]\{1,\}\)[[:space:]]\{1,\}\([^[:space:]]\{1,\}\).*/\2 \3/p' |
	sort -u
}

check_markers() {
	book=$1 src=$2
	used=$(snippets "$book")
	grep -rn '//! \[' "$src" |
	sed -n 's/^\([^:]*\):\([0-9]*\):.*\/\/! \[\([^]]*\)\].*/\1 \2 \3/p' |
	while read -r file line id; do
		rel=${file#"$src"/}
		printf '%s\n' "$used" | grep -qxF "$rel $id" ||
			printf '%s:%s: marker [%s] is quoted by no \\snippet in %s/\n' \
				"$file" "$line" "$id" "$book"
	done
	printf '%s\n' "$used" | while read -r file id; do
		[ -n "$file" ] || continue
		n=$(grep -cF "//! [$id]" "$src/$file" 2>/dev/null || true)
		[ "${n:-0}" = 2 ] ||
			printf '\\snippet %s %s: marker found %s times in %s, not twice\n' \
				"$file" "$id" "${n:-0}" "$src/$file"
	done
}

# Every file a chapter pulls in: "COMMAND FILE" per line.
pulled_in() {
	cat $(chapters "$1") /dev/null | sed 's/`[^`]*`//g' |
	sed -n -e 's/.*\\\(include\|includedoc\|verbinclude\|dotfile\|mscfile\|htmlinclude\)\({[a-z,]*}\)\{0,1\}[[:space:]]\{1,\}\([^[:space:]"]\{1,\}\).*/\1 \3/p' \
	       -e 's/.*\\image[[:space:]]\{1,\}html[[:space:]]\{1,\}\([^[:space:]"]\{1,\}\).*/image \1/p'
}

check_fragments() {
	book=$1 list=$2
	listed=$(sed -e 's/[[:space:]]*#.*//' -e '/^[[:space:]]*$/d' "$list" |
		 awk '{ print $1 }' | tr '\n' ' ')
	all=$(pulled_in "$book" | awk '{ print $2 }' | tr '\n' ' ')
	pulled_in "$book" | while read -r cmd file; do
		if [ "$cmd" = dotfile ] && [ -f "figures/$file" ]; then
			continue
		fi
		# a benchmark's figure, written beside its report (bench.sh)
		case "$cmd $file" in
		"image "*.svg)
			case " $listed " in
			*" bench/${file%.svg}.md "*) continue ;;
			esac ;;
		esac
		case " $listed " in
		*" $file "*|*" bench/$file "*) ;;
		*) printf '\\%s %s: not a fragment of %s, nor a figure in figures/\n' \
			"$cmd" "$file" "$list" ;;
		esac
	done
	for file in $listed; do
		case " $all " in
		*" $file "*|*" ${file#bench/} "*) ;;
		*) echo "$list: $file is used by no chapter: drop it or use it" ;;
		esac
		[ "$list" = book/fragments ] || continue
		if [ ! -s "$G/$file" ]; then
			echo "$G/$file: missing or empty: did make book run?"
		elif [ ! "$G/$file" -nt "$R" ]; then
			echo "$G/$file: older than $R: not regenerated by this build"
		fi
		if git ls-files --error-unmatch "book/$file" >/dev/null 2>&1; then
			echo "book/$file: a committed copy of a generated fragment"
		fi
	done
	if [ -n "$(git ls-files build 2>/dev/null)" ]; then
		echo "build/ has committed files: the book's fragments come from the build"
	fi
}

# Every lab in the built book: its page, the table of all labs, its
# chapter's section (the chapter's HTML links to the lab's page).
check_labs() {
	html=$1
	for conf in exercises/[0-9][0-9]-*/lab.conf; do
		[ -f "$conf" ] || continue
		lab=${conf%/lab.conf}
		lab=${lab#exercises/}
		page=lab_${lab%%-*}
		ch=$(sed -n 's/^chapter:[[:space:]]*//p' "$conf")
		[ -s "$html/$page.html" ] ||
			echo "$lab: no page $html/$page.html"
		grep -q "href=\"$page.html\"" "$html/labs.html" 2>/dev/null ||
			echo "$lab: not in the table of $html/labs.html"
		if [ -f "$html/$ch.html" ]; then
			grep -q "href=\"$page.html\"" "$html/$ch.html" ||
				echo "$lab: its chapter $ch.html does not list it"
		else
			case " $(echo $PENDING) " in
			*" $ch "*) ;;
			*) echo "$lab: its chapter $ch has no page $html/$ch.html" ;;
			esac
		fi
	done
	PENDING="$PENDING" sh book/labs.sh check
}

# The gathered lists, in the built HTML: every chapter with a section
# "What the model leaves out" is named in the instructors' page under the
# gathered heading, and every commit a chapter cites is in the timeline.
check_gathered() {
	html=$1
	gathered=$(sed -n '/instructors_omits_chapters/,/instructors_omits_comments/p' \
		   "$html/instructors.html" 2>/dev/null)
	for f in $(chapters book); do
		id=$(page_id "$f")
		[ "$id" = instructors ] && continue
		grep -q '^# What the model leaves out' "$f" || continue
		printf '%s\n' "$gathered" | grep -q "href=\"$id.html\"" ||
			echo "$html/instructors.html does not gather what $f leaves out"
	done
	grep -q 'instructors_omits_comments' "$html/instructors.html" 2>/dev/null ||
		echo "$html/instructors.html has no list of the sources' Omits/CUSTOM comments"
	for c in $(cat $(chapters book) | grep -o '\\kcommit{[0-9a-f]*}' |
		   sed 's/.*{\(.*\)}/\1/' | sort -u); do
		grep -q "href=\"references.html#commit_$c\"" "$html/timeline.html" 2>/dev/null ||
			echo "$html/timeline.html does not list $c, which a chapter cites"
	done
}

# The page References, in the built HTML: an entry for every thread key
# and every commit a chapter or a lab cites; \kcommit and \thread link to
# them.
check_references() {
	html=$1
	for k in $(sh book/refs.sh keys); do
		grep -q "id=\"thread_$k\"" "$html/references.html" 2>/dev/null ||
			echo "$html/references.html: no entry for the thread $k"
	done
	for c in $(cat $(chapters book) build/book/gen/labs/*.md 2>/dev/null |
		   grep -o '\\kcommit{[0-9a-f]*}' | sed 's/.*{\(.*\)}/\1/' | sort -u); do
		grep -q "id=\"commit_$c\"" "$html/references.html" 2>/dev/null ||
			echo "$html/references.html: no entry for the commit $c, which the book cites"
	done
	grep -q 'href="references.html#commit_e2fe14564d33"' "$html/era_v4_9.html" 2>/dev/null ||
		echo "$html/era_v4_9.html: \\kcommit{e2fe14564d33} does not link to its entry in References"
	grep -q 'href="references.html#thread_exit-mmap-race-2017"' "$html/era_v4_9.html" 2>/dev/null ||
		echo "$html/era_v4_9.html: no link to the 2017 thread's entry in References"
}

# The page Glossary, in the built HTML: an anchor for every term of
# book/glossary; the primer links its first use of mm_users there, and
# tools its first "oracle".
check_glossary() {
	html=$1
	for a in $(sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' \
		   -e 's/[[:space:]]*|.*//' book/glossary); do
		grep -q "id=\"gl_$a\"" "$html/glossary.html" 2>/dev/null ||
			echo "$html/glossary.html: no entry for the term $a"
	done
	grep -q 'href="glossary.html#gl_mm_users"' "$html/primer.html" 2>/dev/null ||
		echo "$html/primer.html: mm_users does not link to its entry in Glossary"
	grep -q 'href="glossary.html#gl_oracle"' "$html/tools.html" 2>/dev/null ||
		echo "$html/tools.html: oracle does not link to its entry in Glossary"
}

# Backticks a reader sees: Markdown that Doxygen printed as it was written
# (a code span in a link's text, between straight double quotes, or holding
# an apostrophe: book/glossary.sh says how the chapters avoid each).  Every
# built page's text outside code (<pre>, <code>, a fragment, a script, a
# style, a comment, the tags themselves) must hold no backtick; one line a
# page's line that does.
check_backticks() {
	for f in "$1"/*.html; do
		awk -v f="$f" '
		# end[S]: the text that closes a region opened by S
		BEGIN {
			end["<pre"] = "</pre>"
			end["<code"] = "</code>"
			end["<div class=\"fragment\""] = "</div><!-- fragment -->"
			end["<script"] = "</script>"
			end["<style"] = "</style>"
			end["<!--"] = "-->"
		}
		{
			s = $0
			while (s != "") {
				if (skip != "") {
					i = index(s, skip)
					if (!i)
						next
					s = substr(s, i + length(skip))
					skip = ""
					continue
				}
				if (intag) {
					i = index(s, ">")
					if (!i)
						next
					s = substr(s, i + 1)
					intag = 0
					continue
				}
				i = index(s, "<")
				text = i ? substr(s, 1, i - 1) : s
				if (index(text, "`")) {
					sub(/^[ \t]+/, "", text)
					printf "%s:%d: a backtick outside code: %s\n", f, FNR, substr(text, 1, 100)
				}
				if (!i)
					next
				s = substr(s, i)
				for (k in end)
					if (substr(s, 1, length(k)) == k)
						skip = end[k]
				# a region opened: its end is searched for from here,
				# the opening tag with it
				if (skip == "")
					intag = 1
				s = substr(s, 2)
			}
		}' "$f"
	done
}

# Private words (book/private.sh) in everything a reader gets: the book's
# sources and its HTML (text and links), the CLI's output (every --help,
# list, show of every era, the tour up to its verdict table), the labs,
# the sources and the tests.
check_private() {
	p=$(mktemp -d)
	mkdir -p "$p/cli" "$p/html"
	for c in "" list show diff replay explore stress trace tour bench kernel; do
		"$R" $c --help > "$p/cli/help-${c:-reaplab}.txt" 2>&1 || true
	done
	"$R" list > "$p/cli/list.txt"
	"$R" list --commits > "$p/cli/list-commits.txt"
	"$R" list --timeline --format md > "$p/cli/list-timeline.txt"
	for e in $(eras); do
		"$R" show "$e" > "$p/cli/show-$e.txt"
	done
	# the tour's stories and replays come first, the verdict table last,
	# which is explore --all (its words are the book's table, checked in
	# the HTML): the tour is stopped once it says the table comes, which
	# it prints and flushes first.  The file is made before the tour
	# starts: the shell that starts it in the background may open it only
	# after the loop's first grep (it did, on a busy machine)
	: > "$p/cli/tour.txt"
	"$R" tour > "$p/cli/tour.txt" 2>&1 &
	tour=$!
	i=0
	while [ $i -lt 200 ] &&
	      ! grep -q '^This is `reaplab explore --all`' "$p/cli/tour.txt"; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -INT $tour 2>/dev/null || true
	wait $tour || true
	grep -q '^v6.18 ' "$p/cli/tour.txt" ||
		echo "$p/cli/tour.txt: the tour did not reach v6.18 in 20 s: not all of it was checked"
	for f in build/book/html/*.html; do
		b=${f##*/}
		sed -e 's/<[^>]*>//g' -e 's/&gt;/>/g' -e 's/&lt;/</g' \
		    -e 's/&quot;/"/g' -e 's/&amp;/\&/g' "$f" > "$p/html/$b.txt"
		grep -o '\(href\|id\|src\|name\)="[^"]*"' "$f" > "$p/html/$b.attr" || true
	done
	# (book/README.md states the rule, so it names the words; it is the
	# book's maintainers' page, not the reader's)
	sh book/private.sh $(chapters book) book/references book/glossary book/fragments \
		README.md "$p"/cli/*.txt "$p"/html/* \
		$(grep -rlI . exercises src figures tests | grep -v '^tests/fuzz/corpus/') |
		sed "s|^$p/|build output: |"
	rm -rf "$p"
}

# run NAME OUTPUT: one check; each line of OUTPUT is a failure.
run() {
	checks=$((checks + 1))
	[ -z "$2" ] && return 0
	while IFS= read -r l; do
		fail "$1: $l"
	done <<EOF
$2
EOF
}

# must_fail NAME EXPECTED OUTPUT: a guard's own test: OUTPUT must say EXPECTED.
must_fail() {
	checks=$((checks + 1))
	printf '%s\n' "$3" | grep -q -- "$2" ||
		fail "$1: expected \"$2\", got: $(printf '%s' "$3" | head -n 3)"
}

# --- the book as it is ------------------------------------------------------

run pages "$(check_pages book)"
run eras "$(check_eras book)"
run commits "$(check_commits book)"
run markers "$(check_markers book src)"
run fragments "$(check_fragments book book/fragments)"
# lint and asserts are what make book itself runs before Doxygen, on the
# same chapters, fragments and sources: make check, which builds the book
# just before (book.mk: book-test), says so (BOOK_BUILT=1), and they are
# not run twice (asserts.sh reruns every command a chapter asserts about:
# 9 s).  Run by hand, this script runs them.
built=${BOOK_BUILT:-}
if [ -z "$built" ]; then
	run lint "$(sh book/lint.sh 2>&1 || true)"
fi
run labs "$(check_labs build/book/html 2>&1)"
run gathered "$(check_gathered build/book/html)"
if [ -z "$built" ]; then
	run asserts "$(G=$G sh book/asserts.sh $(chapters book) exercises/[0-9][0-9]-*/README.md | grep -v '^book: [0-9]* assertions about runs hold$' || true)"
fi
run refs "$(G=$G sh book/refs.sh check $(chapters book) build/book/gen/labs/*.md 2>&1 || true)"
run references "$(check_references build/book/html)"
run glossary "$(sh book/glossary.sh check 2>&1 || true)"
run glossary-html "$(check_glossary build/book/html)"
run backticks "$(check_backticks build/book/html)"
run private "$(check_private 2>&1)"
run claims "$(G=$G sh book/claims.sh check 2>/dev/null)"

# --- the guards, on books that break them ---------------------------------

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# lint: undocumented, half-documented, empty and missing quoted code
mkdir -p "$tmp/src/mm" "$tmp/book"
cat > "$tmp/src/mm/x.c" <<'EOF'
//! [good]
/**
 * foo() - documented, with every parameter.
 * @a: one.
 * @b: two.
 */
static int foo(int a,
	       int *b)
{
	return a + *b;
}
//! [good]

//! [nodoc]
static int bar(int a)
{
	return a;
}
//! [nodoc]

//! [noparam]
/**
 * baz() - one parameter is not described.
 * @a: one.
 */
int baz(int a, int b)
{
	return a + b;
}
//! [noparam]

//! [empty]
//! [empty]

//! [syscall]
/**
 * sys_foo() - a system call, named as scripts/kernel-doc names it.
 * @a: one.
 * @b: two.
 */
SYSCALL_DEFINE2(foo, int, a, unsigned int, b)
{
	return a + b;
}
//! [syscall]

//! [syscall-noparam]
/**
 * sys_qux() - a system call with one parameter not described.
 * @a: one.
 */
SYSCALL_DEFINE2(qux, int, a, unsigned int, b)
{
	return a + b;
}
//! [syscall-noparam]
EOF
printf '# T {#primer}\n\\snippet mm/x.c good\n\\snippet mm/x.c syscall\n' > "$tmp/book/01-good.md"
checks=$((checks + 1))
out=$(BOOK_SRC="$tmp/src" sh book/lint.sh "$tmp/book/01-good.md" 2>&1) ||
	fail "lint: rejects documented code: $out"
printf '# T {#primer}\nsee (\\ref primer "the\nprimer") here\n' > "$tmp/book/01-ref.md"
out=$(BOOK_SRC="$tmp/src" sh book/lint.sh "$tmp/book/01-ref.md" 2>&1 || true)
must_fail lint-ref-wrap "01-ref.md:2: a .ref whose quoted text runs on" "$out"
printf '# T {#primer}\n\\snippet mm/x.c nodoc\n\\snippet mm/x.c noparam\n\\snippet mm/x.c empty\n\\snippet mm/x.c gone\n\\snippet mm/x.c syscall-noparam\n' \
	> "$tmp/book/01-bad.md"
out=$(BOOK_SRC="$tmp/src" sh book/lint.sh "$tmp/book/01-bad.md" 2>&1 || true)
must_fail lint-undocumented "function bar (.*) has no comment above it" "$out"
must_fail lint-kernel-doc "function baz (.*): kernel-doc has no @b: line" "$out"
must_fail lint-syscall "function sys_qux (.*): kernel-doc has no @b: line" "$out"
must_fail lint-empty "nothing between the markers" "$out"
must_fail lint-missing "marker //! \[gone\] occurs 0 times" "$out"
must_fail lint-status "the book quotes code it cannot vouch for" "$out"

# markers: a marker nobody quotes, a snippet of a marker that is not there
rm "$tmp/book/01-bad.md"
printf '# T {#tools}\n\\snippet mm/x.c gone\n' > "$tmp/book/gone.md"
printf 'tools gone.md\n' > "$tmp/book/chapters"
out=$(check_markers "$tmp/book" "$tmp/src")
must_fail markers-unused "marker \[nodoc\] is quoted by no" "$out"
must_fail markers-missing "snippet mm/x.c gone: marker found 0 times" "$out"
rm "$tmp/book/gone.md"

# pages: a chapter nobody listed, a listed file that is not there, an id
# that is not the file's, an id or a file twice, the front page not first;
# and a new chapter is one file plus one line: it is in the contents and
# between its neighbours' previous/next links (navfilter.sh)
mkdir "$tmp/pages"
printf '# P {#primer}\n' > "$tmp/pages/primer.md"
printf '# X {#tools}\n' > "$tmp/pages/x.md"
printf '# P {#tools}\n' > "$tmp/pages/tools.md"
printf '# Not listed {#stray}\n' > "$tmp/pages/stray.md"
printf '# Readme, not a chapter\n' > "$tmp/pages/README.md"
printf 'primer primer.md\ntools x.md\ntools tools.md\nera_v9 era-v9.md\ntools2 tools.md\nprimer\n' \
	> "$tmp/pages/chapters"
out=$(check_pages "$tmp/pages")
must_fail pages-unlisted "stray.md: not in $tmp/pages/chapters" "$out"
must_fail pages-missing "era-v9.md: no such file" "$out"
must_fail pages-id "tools.md: its page id is 'tools', $tmp/pages/chapters says 'tools2'" "$out"
must_fail pages-twice "page id 'tools' is used twice" "$out"
must_fail pages-file-twice "tools.md is listed twice" "$out"
must_fail pages-front "the front page (index) comes first, not 'primer'" "$out"
must_fail pages-line "'primer  ': a line is a page id and a file" "$out"
checks=$((checks + 1))
printf '%s\n' "$out" | grep -q README && fail "pages-readme: README.md is taken for a chapter"
mkdir "$tmp/nav"
printf '\\mainpage Start\n' > "$tmp/nav/index.md"
printf '# A {#era_a}\n' > "$tmp/nav/era-a.md"
printf '# C {#era_c}\n' > "$tmp/nav/era-c.md"
printf 'index index.md\nera_a era-a.md\nera_c era-c.md\n' > "$tmp/nav/chapters"
printf '# B {#era_b}\n' > "$tmp/nav/era-b.md"
printf 'index index.md\nera_a era-a.md\nera_b era-b.md\nera_c era-c.md\n' > "$tmp/nav/chapters"
out=$(check_pages "$tmp/nav")
checks=$((checks + 1))
[ -z "$out" ] || fail "pages-new: a new chapter and its line: $out"
out=$(sh book/navfilter.sh "$tmp/nav/era-b.md")
must_fail pages-new-prev 'Previous: \\ref era_a' "$out"
must_fail pages-new-next 'Next: \\ref era_c' "$out"
out=$(sh book/navfilter.sh "$tmp/nav/index.md")
must_fail pages-new-contents '^2\. \\ref era_b$' "$out"
out=$(sh book/navfilter.sh "$tmp/nav/era-c.md")
must_fail pages-new-after 'Previous: \\ref era_b' "$out"

# eras and commits: the v4.9 chapter without one of its commits; the v4.9
# chapter missing although v4.9 is not PENDING; a PENDING era that has its
# chapter already
mkdir "$tmp/eras"
grep -v 'e2fe14564d33' book/era-v4.9.md > "$tmp/eras/era-v4.9.md"
printf 'era_v4_9 era-v4.9.md\n' > "$tmp/eras/chapters"
out=$(check_commits "$tmp/eras")
must_fail commits-missing "era v4.9 cites commit e2fe14564d33; its chapter never names it" "$out"
out=$(check_eras "$tmp/pages")
must_fail eras-missing "era v4.9 has no chapter (page era_v4_9)" "$out"
out=$(PENDING="$PENDING era_v4_9"; check_eras book)
must_fail eras-pending "remove era_v4_9 from PENDING" "$out"

# fragments: a chapter pulling in a file nobody generates, a fragment
# nobody uses
printf '# P {#primer}\n\\verbinclude typed-in.txt\n' > "$tmp/book/frag.md"
printf 'primer frag.md\n' > "$tmp/book/chapters"
printf 'unused.md 0 $R list\n' > "$tmp/fragments"
out=$(check_fragments "$tmp/book" "$tmp/fragments")
must_fail fragments-typed "verbinclude typed-in.txt: not a fragment" "$out"
must_fail fragments-unused "unused.md is used by no chapter" "$out"

# labs: a lab whose chapter is no page of the book, or a page not written
# and not pending, fails the build; a new lab appears in its chapter's
# section and in the table with nothing but its folder; its README becomes
# a page (commit linked, @ escaped, a link to another lab a \ref, code
# left alone)
mkdir -p "$tmp/ex/42-new" "$tmp/ex/43-bad" "$tmp/labbook"
printf '# P {#primer}\n' > "$tmp/labbook/primer.md"
printf 'primer primer.md\n' > "$tmp/labbook/chapters"
conf() {	# conf DIR NUMBER CHAPTER
	printf 'number: %s\ntitle: T%s\nkind: find\nchapter: %s\ndifficulty: easy\npoints: 10\n' \
		"$2" "$2" "$3" > "$1/lab.conf"
}
conf "$tmp/ex/42-new" 42 primer
cat > "$tmp/ex/42-new/README.md" <<'EOF'
<!-- SPDX-License-Identifier: GPL-2.0-only -->
# Lab 42: T42

Run `R@mmget_not_zero` as R@mmget_not_zero says; see 212925802454 and
[lab 43](../43-bad/README.md) and [the grader](grade.c).

```
replay v4.9 oom 'A1 R@x'
```
EOF
conf "$tmp/ex/43-bad" 43 no_such_page
printf '# Lab 43\n' > "$tmp/ex/43-bad/README.md"
labs() { LABS_DIR="$tmp/ex" BOOK_DIR="$tmp/labbook" PENDING="${P:-}" sh book/labs.sh "$@"; }
out=$(labs pages "$tmp/labout" 2>&1 && echo "exit 0" || echo "exit $?")
must_fail labs-chapter "43-bad/lab.conf: chapter 'no_such_page' is not a page of the book" "$out"
must_fail labs-status "exit 1" "$out"
conf "$tmp/ex/43-bad" 43 tools
out=$(labs pages "$tmp/labout" 2>&1 || true)
must_fail labs-unwritten "chapter 'tools' is not a page of the book" "$out"
out=$(P=tools labs pages "$tmp/labout" 2>&1 || true)
must_fail labs-pages "$tmp/labout/lab_43.md" "$out"
must_fail labs-pending '`tools` (being written)' "$(cat "$tmp/labout/lab_43.md")"
# without PENDING in the environment, labs.sh reads book/test.sh's; one
# that is empty leaves no chapter pending, one that lists tools does
printf 'PENDING=""\nx="y"\n' > "$tmp/labbook/test.sh"
out=$(env -u PENDING LABS_DIR="$tmp/ex" BOOK_DIR="$tmp/labbook" \
      sh book/labs.sh pages "$tmp/labout" 2>&1 || true)
must_fail labs-pending-empty "chapter 'tools' is not a page of the book" "$out"
printf 'PENDING="era_x\ntools"\nx="y"\n' > "$tmp/labbook/test.sh"
out=$(env -u PENDING LABS_DIR="$tmp/ex" BOOK_DIR="$tmp/labbook" \
      sh book/labs.sh pages "$tmp/labout" 2>&1 || true)
must_fail labs-pending-read "$tmp/labout/lab_43.md" "$out"
out=$(labs section primer)
must_fail labs-section '\\ref lab_42 "Lab 42: T42"' "$out"
out=$(P=tools labs table)
must_fail labs-table '\\subpage lab_43 "Lab 43: T43"' "$out"
page=$(cat "$tmp/labout/lab_42.md")
must_fail labs-title '^# Lab 42: T42 {#lab_42}$' "$page"
must_fail labs-code 'Run `R@mmget_not_zero` as R\\@mmget_not_zero says' "$page"
must_fail labs-commit '\\kcommit{212925802454}' "$page"
must_fail labs-link '\\ref lab_43 "lab 43"' "$page"
must_fail labs-file 'the grader (`exercises/42-new/grade.c`)' "$page"
must_fail labs-fence "^replay v4.9 oom 'A1 R@x'$" "$page"
checks=$((checks + 1))
[ "$(grep -c '^# ' "$tmp/labout/lab_42.md")" = 1 ] ||
	fail "labs-heading: the README's own title is not dropped"

# gather: a chapter's omits section and a source comment are gathered,
# escaped for Doxygen; commits are listed once, with every chapter citing
# them
mkdir -p "$tmp/gb" "$tmp/gsrc/mm"
printf '# A {#primer}\n\\kcommit{aaaaaaaaaaaa}\n# What the model leaves out {#primer_omits}\n\n- Unicorns are absent.\n\n# Next {#primer_next}\n- not this\n' \
	> "$tmp/gb/a.md"
printf '# B {#tools}\n\\kcommit{aaaaaaaaaaaa} \\kcommit{bbbbbbbbbbbb}\n' > "$tmp/gb/b.md"
printf 'primer a.md\ntools b.md\n' > "$tmp/gb/chapters"
printf '/*\n * x.c - x\n *\n * CUSTOM:  a <pid> and @arg | bar,\n *          on two lines.\n * Book:    not this\n */\n' \
	> "$tmp/gsrc/mm/x.c"
out=$(BOOK_DIR="$tmp/gb" BOOK_SRC="$tmp/gsrc" sh book/gather.sh omits)
must_fail gather-omits '^- Unicorns are absent.$' "$out"
must_fail gather-omits-from 'From \\ref primer' "$out"
checks=$((checks + 1))
printf '%s\n' "$out" | grep -q 'not this' && fail "gather-omits: reads past the section or the comment"
must_fail gather-comment '| `mm/x.c` | CUSTOM | a &lt;pid&gt; and \\@arg \\| bar, on two lines. |' "$out"
out=$(BOOK_DIR="$tmp/gb" sh book/gather.sh cites)
must_fail gather-cites '| \\kcommit{aaaaaaaaaaaa} | \\ref primer, \\ref tools |' "$out"
must_fail gather-cites-once '| \\kcommit{bbbbbbbbbbbb} | \\ref tools |' "$out"

# refs: a \thread{} or \kcommit{} with no entry fails, naming the file and
# the line; an entry listed twice, or with a field missing, fails; a known
# key expands to its subject and author, linked
mkdir -p "$tmp/refs"
printf 'thread t-1 | [PATCH] x: a subject | A. Author | 2020-01-02 | linux-mm | 1@x | What it is.\ncommit abcdefabcdef | sub | Au Thor | v9.9 | What it is.\n' \
	> "$tmp/refs/references"
printf 'ok \\thread{t-1} and \\kcommit{abcdefabcdef}\nbad \\thread{t-2} and \\kcommit{000000000000}\n`\\thread{in-code}` is not a citation\n' \
	> "$tmp/refs/c.md"
out=$(REFS="$tmp/refs/references" G="$tmp/refs" sh book/refs.sh check "$tmp/refs/c.md" 2>&1 && echo "exit 0" || echo "exit $?")
must_fail refs-thread "c.md:2: \\\\thread{t-2}: no thread t-2" "$out"
must_fail refs-commit "c.md:2: \\\\kcommit{000000000000}: no commit 000000000000" "$out"
must_fail refs-status "exit 1" "$out"
checks=$((checks + 1))
printf '%s\n' "$out" | grep -q 'in-code\|c.md:1:' && fail "refs-code: a known key or a code span is reported: $out"
out=$(printf '%s\n' 'see \thread{t-1}.' | REFS="$tmp/refs/references" G="$tmp/refs" sh book/refs.sh expand)
must_fail refs-expand '^see “\\ref thread_t-1 "x: a subject"” (A. Author, 2020-01-02)\.$' "$out"
printf 'commit abcdefabcdef | twice | Au Thor | v9.9 | Again.\nthread t-3 | s | a | 2020-01-01 | l | m\n' >> "$tmp/refs/references"
out=$(REFS="$tmp/refs/references" G="$tmp/refs" sh book/refs.sh check "$tmp/refs/c.md" 2>&1 || true)
must_fail refs-twice "commit abcdefabcdef has two entries" "$out"
must_fail refs-fields "thread t-3: 6 fields, not 7" "$out"

# glossary: a well-formed glossary passes; a malformed line, an anchor
# twice and a term twice fail, naming the line; links go on the first
# prose use of a term only, never into code or quoted text
mkdir -p "$tmp/gl"
printf '# c\nab | `ab_c` | `ab_c` | Ab.\nxy | xy word | xy | Xy.\n' > "$tmp/gl/good"
checks=$((checks + 1))
out=$(GLOSSARY="$tmp/gl/good" sh book/glossary.sh check 2>&1) ||
	fail "glossary-good: rejects a good glossary: $out"
out=$(GLOSSARY="$tmp/gl/good" sh book/glossary.sh page)
must_fail glossary-page '^- \\anchor gl_ab <b>`ab_c`</b>: Ab\.$' "$out"
must_fail glossary-sorted '^- \\anchor gl_xy' "$(printf '%s\n' "$out" | sed -n 2p)"
printf '"xy quoted" `ab_c` and xy, `xy` here\n`ab_c` and xy again\n```\nxy\n```\n# xy heading\n' > "$tmp/gl/c.md"
out=$(GLOSSARY="$tmp/gl/good" sh book/glossary.sh link < "$tmp/gl/c.md")
must_fail glossary-link '^"xy quoted" \\link gl_ab `ab_c`\\endlink and \[xy\](@ref gl_xy), `xy` here$' "$out"
must_fail glossary-link-once '^`ab_c` and xy again$' "$out"
must_fail glossary-link-fence '^xy$' "$out"
must_fail glossary-link-heading '^# xy heading$' "$out"
# what Doxygen would print as written: a code span between straight
# quotes (the pair becomes &quot;, but not a \ref's text), and an apostrophe in
# a code span; every line in its place
printf 'say "is the *it* running\n`ab_c` now?" or \\ref p "a `b`"\n\n`q(victims'"'"' RSS)` too\n' > "$tmp/gl/q.md"
out=$(GLOSSARY="$tmp/gl/good" sh book/glossary.sh link < "$tmp/gl/q.md")
must_fail glossary-quotes '^say &quot;is the \*it\* running$' "$(printf '%s\n' "$out" | sed -n 1p)"
must_fail glossary-quotes-close '^\\link gl_ab `ab_c`\\endlink now?&quot; or \\ref p "a `b`"$' "$(printf '%s\n' "$out" | sed -n 2p)"
must_fail glossary-apostrophe '^`q(victims&apos; RSS)` too$' "$(printf '%s\n' "$out" | sed -n 4p)"
[ "$(printf '%s\n' "$out" | wc -l)" = 4 ] || fail "glossary-lines: the link filter moved lines: $out"
# a backtick in a built page's text fails, one in code does not
mkdir -p "$tmp/bt"
printf '<p>a <code>`ok`</code> and <pre>\n`ok`\n</pre>\n<div class="fragment"><div class="line">`ok`</div>\n</div><!-- fragment -->\n<p>`shown` <a title="`ok`">x</a></p>\n' > "$tmp/bt/p.html"
out=$(check_backticks "$tmp/bt")
must_fail backticks-planted "p.html:6: a backtick outside code: \`shown\`" "$out"
[ "$(printf '%s\n' "$out" | grep -c .)" = 1 ] || fail "backticks-code: backticks in code reported: $out"
{ cat "$tmp/gl/good"
  printf 'ab | other | other | Twice.\nzz | XY word | zz | Twice too.\nbad line | x\nq | q | q | no full stop\n'
} > "$tmp/gl/bad"
out=$(GLOSSARY="$tmp/gl/bad" sh book/glossary.sh check 2>&1 && echo "exit 0" || echo "exit $?")
must_fail glossary-anchor-twice "bad:4: anchor ab is used twice (line 2)" "$out"
must_fail glossary-term-twice "bad:5: the term XY word is defined twice (line 3)" "$out"
must_fail glossary-malformed "bad:6: 2 fields, not 4" "$out"
must_fail glossary-sentence "bad:7: the definition of q does not end a sentence" "$out"
must_fail glossary-status "exit 1" "$out"

# private words: a source document called a seed, a path into the notes, in
# the book, the CLI, the labs or the sources, is found; a random seed is
# not (the words are built here, so that this file is not itself a find)
s=se
d=shar
printf 'the %sed 003 table\nas in the %seds'"'"' numbers\n.%sed = "000",\nsee %sed/%seds/x\nrun with --%sed 7, a random %sed, u64 %sed = o->%sed;\n' \
	"$s" "$s" "$s" "$d" "$s" "$s" "$s" "$s" "$s" > "$tmp/private.txt"
out=$(sh book/private.sh "$tmp/private.txt" 2>&1 && echo "exit 0" || echo "exit $?")
must_fail private-number "private.txt:1: \"${s}ed\" not as a random ${s}ed" "$out"
must_fail private-possessive "private.txt:2: \"${s}eds\" not as a random" "$out"
must_fail private-field "private.txt:3: \"${s}ed\" not as a random" "$out"
must_fail private-path "private.txt:4: a path into the project's own notes folder" "$out"
h=history
printf 'as the kernel-%s.md says\n' "$h" > "$tmp/private-notes.txt"
out=$(sh book/private.sh "$tmp/private-notes.txt" 2>&1 && echo "exit 0" || echo "exit $?")
must_fail private-notes "private-notes.txt:1: the project's own notes" "$out"
must_fail private-status "exit 1" "$out"
checks=$((checks + 1))
printf '%s\n' "$out" | grep -q 'private.txt:5:' &&
	fail "private-prng: a random ${s}ed is reported: $out"

# asserts: a false assertion planted in the v4.9 chapter, on this build's
# own run, fails naming the file, the line, the assertion and the sentence;
# so does each form written wrong, and true ones pass
mkdir -p "$tmp/as"
{ cat book/era-v4.9.md
  printf '\nV sleeps in exit_aio(), or so this planted line denies.\n'
  printf '<!-- assert! v4_9-explore.txt /^ +[0-9]+ +exit_aio:/ -->\n'
} > "$tmp/as/era-v4.9.md"
planted=$(($(wc -l < "$tmp/as/era-v4.9.md")))
out=$(G=$G sh book/asserts.sh "$tmp/as/era-v4.9.md" 2>&1 && echo "exit 0" || echo "exit $?")
must_fail asserts-planted "era-v4.9.md:$planted: assert! v4_9-explore.txt /^ +\[0-9\]+ +exit_aio:/: line [0-9]* matches" "$out"
must_fail asserts-sentence "the text says: V sleeps in exit_aio(), or so" "$out"
must_fail asserts-status "exit 1" "$out"
mkdir -p "$tmp/asg"
printf 'one.txt 0 true\n' > "$tmp/asg/fragments"
printf 'step 1 A x\nstep 2 V sleeps\nstep 3 R reaps\nstep 4 R reaps\n' > "$tmp/asg/one.txt"
cat > "$tmp/as/x.md" <<'EOF'
All true, in every form.
<!-- assert one.txt /V sleeps/ -->
<!-- assert! one.txt /W wakes/ -->
<!-- assert one.txt /A x/ /R reaps/ -->
<!-- assert one.txt /R reaps/ =2 -->
<!-- assert! one.txt /R reaps/ /V sleeps/ -->
EOF
checks=$((checks + 1))
out=$(G="$tmp/asg" FRAGMENTS="$tmp/asg/fragments" sh book/asserts.sh "$tmp/as/x.md" 2>&1) ||
	fail "asserts-true: rejects true assertions: $out"
cat > "$tmp/as/y.md" <<'EOF'
Each of these is false or wrong.
<!-- assert one.txt /W wakes/ -->
<!-- assert! one.txt /V sleeps/ -->
<!-- assert one.txt /R reaps/ /V sleeps/ -->
<!-- assert one.txt /R reaps/ =3 -->
<!-- assert two.txt /x/ -->
<!-- assert one.txt x -->
<!-- assert one.txt /x/
<!-- assert one.txt /(/ -->
<!-- assert one.txt /R reaps/ // -->
<!-- assert one.txt /V sleeps/ /W wakes/ =1 -->
EOF
out=$(G="$tmp/asg" FRAGMENTS="$tmp/asg/fragments" sh book/asserts.sh "$tmp/as/y.md" 2>&1 || true)
must_fail asserts-none "y.md:2: assert one.txt /W wakes/: no line matches" "$out"
must_fail asserts-neg "y.md:3: assert! one.txt /V sleeps/: line 2 matches" "$out"
must_fail asserts-order "y.md:4: .*no line matches /V sleeps/ after line 3" "$out"
must_fail asserts-count "y.md:5: .*2 lines match, not 3" "$out"
must_fail asserts-unknown "y.md:6: .*unknown fragment 'two.txt'" "$out"
must_fail asserts-syntax "y.md:7: .*patterns must be /ERE/" "$out"
must_fail asserts-unclosed "y.md:8: .*not an assertion" "$out"
must_fail asserts-ere "y.md:9: .*not an extended regular expression" "$out"
must_fail asserts-empty "y.md:10: .*an empty pattern" "$out"
must_fail asserts-count-one "y.md:11: .*a count goes with one pattern" "$out"
must_fail asserts-all "book: 10 of 10 assertions about runs do not hold" "$out"

# claims: a commit id planted, unledgered, in a copy of the book fails
# naming the file, the line and the id; so does one token of each other
# kind, a stale entry, each malformed entry and source, an unverified
# entry its page does not mark; code, comments, Doxygen's file arguments
# and era ids are not tokens; a pending page is skipped, and counted
mkdir -p "$tmp/cb"
cp -R book "$tmp/cb/book"
cp -R exercises "$tmp/cb/exercises"
claims() {	# claims DIR ARGS...: book/claims.sh on the copy in DIR
	d=$1
	shift
	BOOK_DIR="$d/book" LABS_DIR="$d/exercises" G=$G sh book/claims.sh "$@" 2>&1
}
checks=$((checks + 1))
out=$(claims "$tmp/cb" check) || fail "claims-copy: the copy of the book does not pass: $out"
# the planted id goes into the chapter munmap, checked whatever PENDING says
pending=$(sed -n '/^PENDING="/,/^"/p' book/claims.sh | sed -e '1d' -e '$d')
target=munmap.md
printf '\nA planted commit, 0123456789ab, that no ledger backs.\n' >> "$tmp/cb/book/$target"
n=$(wc -l < "$tmp/cb/book/$target")
out=$(CLAIMS_PENDING="$(printf '%s\n' $pending | grep -vx munmap)" claims "$tmp/cb" check &&
      echo "exit 0" || echo "exit $?")
must_fail claims-planted "book/$target:$n: commit 0123456789ab: no entry in $tmp/cb/book/claims/munmap.claims" "$out"
must_fail claims-planted-unknown "book/$target:$n: commit 0123456789ab: neither in book/references nor an era's commit" "$out"
must_fail claims-planted-status "exit 1" "$out"
# the same plant in a pending page passes, and the summary counts it;
# named, a pending page is checked in full
cp book/$target "$tmp/cb/book/$target"
printf '\nA planted commit, 0123456789ab, in a pending page.\n' >> "$tmp/cb/book/index.md"
P="$pending index"
npend=$(printf '%s\n' $P | sort -u | wc -l)
out=$(CLAIMS_PENDING="$P" claims "$tmp/cb" check && echo "exit 0" || echo "exit $?")
must_fail claims-pending "claims: [0-9]* pages, [0-9]* checked against their ledgers, $npend pending" "$out"
must_fail claims-pending-status "exit 0" "$out"
out=$(CLAIMS_PENDING="$P" claims "$tmp/cb" check index nosuchpage || true)
must_fail claims-named "index.md:[0-9]*: commit 0123456789ab: no entry" "$out"
must_fail claims-named-nopage "no page \"nosuchpage\"" "$out"
# the References page lists the eras' commits too: their ids and releases
# are its tokens, read from the table of reaplab list --timeline
out=$(claims "$tmp/cb" tokens references)
must_fail claims-references-eras "commits-timeline.md:[0-9]*: commit aac453635549: " "$out"
must_fail claims-references-eras-release "commits-timeline.md:[0-9]*: release v4.6: " "$out"

# a small book: a chapter with a token of each kind, a lab, a glossary
mkdir -p "$tmp/cs/book/claims" "$tmp/cs/exercises/01-a"
printf 'index index.md\nch ch.md\nglossary glossary.md\n' > "$tmp/cs/book/chapters"
printf '\\mainpage T\n' > "$tmp/cs/book/index.md"
printf '# G {#glossary}\n' > "$tmp/cs/book/glossary.md"
printf 'x | x | x | Since Linux 4.6, a term.\n' > "$tmp/cs/book/glossary"
cat > "$tmp/cs/book/ch.md" <<'CHAPTER'
# C {#ch}
<!-- SPDX-License-Identifier: GPL-2.0-only -->
\kcommit{abcdefabcdef} went into v4.20, on 2018-07-27 (July 2018), and
cost 15% on 32 cores, 80 GB in 2.5 s; CVE-2020-29369, see
[the thread 20170626130346.26314-1-x@y](https://lore.kernel.org/all/x@y/).

Some later claim, about 2019, unverified here.

```
v9.9 2018 80 GB in a fence is code
```
`v9.8` in a code span is code, `Fixes: abcdefabcdef` is still a commit.
<!-- assert x.txt /v9.7 and 2016/ -->
\snippet eras/v4.14/mm/mmap.c v4.14-cycle
The 2017-cond era is no date; it runs 0 runs.
CHAPTER
printf '# Lab 01: A\n\nSince v4.14.\n' > "$tmp/cs/exercises/01-a/README.md"
cat > "$tmp/cs/book/claims/ch.claims" <<'LEDGER'
# a comment
id:      ch-merge
tokens:  abcdefabcdef; v4.20; 2018-07-27; July 2018
claim:   The commit went into v4.20.
source:  commit abcdefabcdef "sub"
says:    It is the commit.
source:  tree v4.20 someone/linux-4.20 mm/mmap.c:2714-2820 __do_munmap()
says:    The code is there,
         on two lines.

id:      ch-cost
tokens:  15%; 32 cores; 80 GB; 2.5 s; CVE-2020-29369
claim:   What it cost.
source:  thread t-1, the second message
says:    The figures.
source:  cve CVE-2020-29369 (cve.org)
says:    The record.

id:      ch-link
tokens:  https://lore.kernel.org/all/x@y/
claim:   The thread.
source:  thread "Re: a subject", A. Author, 2018-07-28, linux-mm
says:    It is there.

id:      ch-later
tokens:  2019
claim:   Some later claim.
source:  unverified
why:     Nothing found.

id:      ch-none
tokens:  -
claim:   A claim the page makes without a token.
source:  repo book/chapters:1 "SPDX-License-Identifier"
says:    Checked all the same.
LEDGER
cat > "$tmp/cs/book/claims/glossary.claims" <<'LEDGER'
id:      gl-46
tokens:  v4.6
claim:   Since v4.6.
source:  repo book/chapters:1 "SPDX-License-Identifier"
says:    Whatever.
LEDGER
cat > "$tmp/cs/book/claims/lab-01.claims" <<'LEDGER'
id:      lab-01-414
tokens:  v4.14
claim:   Since v4.14.
source:  unverified
why:     A test.
LEDGER
printf 'thread t-1 | [PATCH] x: a subject | A. Author | 2020-01-02 | linux-mm | 1@x | What.\ncommit abcdefabcdef | sub | Au Thor | v9.9 | What.\n' \
	> "$tmp/cs/refs"
sclaims() {	# book/claims.sh on the small book, P its pending pages
	BOOK_DIR="$tmp/cs/book" LABS_DIR="$tmp/cs/exercises" REFS="$tmp/cs/refs" \
	G="$tmp/cs" CLAIMS_PENDING="${P-}" sh book/claims.sh "$@" 2>&1
}
out=$(P= sclaims check && echo "exit 0" || echo "exit $?")
must_fail claims-lab-unverified "lab-01.claims:1: entry lab-01-414 is unverified, but its page never says \"unverified\" where it gives v4.14" "$out"
checks=$((checks + 1))
[ "$(printf '%s\n' "$out" | grep -c 'ch\.md\|ch\.claims\|glossary')" = 0 ] ||
	fail "claims-good: a good entry, or code, a comment, an era id reported: $out"
printf '# Lab 01: A\n\nSince v4.14 (unverified).\n' > "$tmp/cs/exercises/01-a/README.md"
checks=$((checks + 1))
out=$(P= sclaims check) || fail "claims-good-all: rejects a complete, well-formed ledger: $out"
out=$(P= sclaims count)
must_fail claims-count '^ch  *11  *5  *0  checked$' "$out"
must_fail claims-count-commits 'commit ids the book prints: 1 distinct; in the ledger: 1' "$out"
out=$(P= sclaims tokens ch)
must_fail claims-tokens 'ch.md:3: commit abcdefabcdef: ch-merge$' "$out"
# one token of each kind, unledgered
printf '\nLater: cafe01234567, v5.1, 2019-01-02, 42%%, CVE-2099-0001, 7 GB, https://x.org/y, March 2020.\n' \
	>> "$tmp/cs/book/ch.md"
out=$(P= sclaims check || true)
for t in "commit cafe01234567" "release v5.1" "date 2019-01-02" "percent 42%" \
	 "cve CVE-2099-0001" "figure 7 GB" "link https://x.org/y" "date March 2020"; do
	must_fail "claims-kind-${t%% *}" "ch.md:17: $t: no entry in $tmp/cs/book/claims/ch.claims" "$out"
done
# stale, malformed, and sources written wrong
cat >> "$tmp/cs/book/claims/ch.claims" <<'LEDGER'

id:      ch-stale
tokens:  v3.9
claim:   A release the page no longer names.
source:  unverified
why:     Gone.

id:      ch-link
tokens:  v4.20
claim:   An id twice.
source:  commit abcdefabcdef "another subject"
says:    x

id:      ch-bad
tokens:  v4.20; not-a-token
colour:  blue
source:  tree v4.20 someone/linux-4.20 mm/mmap.c
says:    No line.
source:  commit 999999999999 "unknown"
says:    x
source:  thread no-such-key
says:    x
source:  repo no/such/file.c:3
says:    x
source:  repo book/chapters:999
says:    x
source:  blog somewhere
says:    x
source:  cve CVE-2020-29369

id:      ch-empty
claim:

id:      ch-notok
tokens:
claim:   No token, and no - to say so.
source:  unverified
why:     x
LEDGER
# repo sources whose lines are not where their words say
cat > "$tmp/cs/f.c" <<'SOURCE'
/* a comment */
#define NAME_X 1

/* moved() - a function, lines 4-9 with its comment */
static int moved(int a)
{
	return a;
}

/*
 * DOC: A title
 *
 * Its text.
 */
SOURCE
cat >> "$tmp/cs/book/claims/ch.claims" <<LEDGER

id:      ch-lines
tokens:  -
claim:   Lines cited by what they hold.
source:  repo $tmp/cs/f.c:4-9 moved()
says:    Good: the function with its comment.
source:  repo $tmp/cs/f.c:7 moved()
says:    Good: a line inside it.
source:  repo $tmp/cs/f.c:11-14 DOC: A title
says:    Good: the block.
source:  repo $tmp/cs/f.c:2 NAME_X
says:    Good: the macro's line.
source:  repo $tmp/cs/f.c:1-2 moved()
says:    Bad: above it.
source:  repo $tmp/cs/f.c:9-13 DOC: A title
says:    Bad: half of it before the block.
source:  repo $tmp/cs/f.c:3 NAME_X
says:    Bad: not the macro's line.
source:  repo $tmp/cs/f.c:3 gone()
says:    Bad: no such function.
source:  repo $tmp/cs/f.c:5-7 moved() "return a;"
says:    Good: the excerpt is on one of the lines.
source:  repo $tmp/cs/f.c:1-2 the comment "a function, lines 4-9"
says:    Bad: the excerpt is two lines further down.
source:  repo $tmp/cs/f.c:1-2 the macro and a comment
says:    Bad: it names nothing of its lines.
LEDGER
out=$(P= sclaims check || true)
must_fail claims-repo-fn "entry ch-lines: repo $tmp/cs/f.c:1-2: moved() is lines 5-8 (its comment from 4)" "$out"
must_fail claims-repo-doc "entry ch-lines: repo $tmp/cs/f.c:9-13: DOC: A title is lines 11-14" "$out"
must_fail claims-repo-macro "entry ch-lines: repo $tmp/cs/f.c:3-3: no NAME_X on those lines" "$out"
must_fail claims-repo-nofn "entry ch-lines: repo $tmp/cs/f.c:3-3: gone() is not defined in that file" "$out"
must_fail claims-repo-excerpt "entry ch-lines: repo $tmp/cs/f.c:1-2: no \"a function, lines 4-9\" on those lines" "$out"
must_fail claims-repo-unnamed "entry ch-lines: repo $tmp/cs/f.c:1-2: the source names nothing of its lines" "$out"
checks=$((checks + 1))
[ "$(printf '%s\n' "$out" | grep -c 'entry ch-lines')" = 6 ] ||
	fail "claims-repo-good: a source whose lines hold what it names is reported: $out"
must_fail claims-stale "ch.claims:[0-9]*: entry ch-stale: v3.9 is no longer on its page (stale)" "$out"
must_fail claims-dup "entry id ch-link is used twice (also .*ch.claims:[0-9]*)" "$out"
must_fail claims-subject "entry ch-link: commit abcdefabcdef: the subject is not the one book/references or its era gives: \"sub\"" "$out"
must_fail claims-not-token "entry ch-bad: \"not-a-token\" is not a token" "$out"
must_fail claims-field "entry ch-bad: unknown field \"colour:\"" "$out"
must_fail claims-tree "entry ch-bad: a tree source is \"tree TAG OWNER/REPO FILE:LINE" "$out"
must_fail claims-commit-unknown "entry ch-bad: commit 999999999999 is neither in book/references" "$out"
must_fail claims-thread "entry ch-bad: thread no-such-key is not in book/references" "$out"
must_fail claims-repo-file "entry ch-bad: repo no/such/file.c: no such file" "$out"
must_fail claims-repo-line "entry ch-bad: repo book/chapters:999: the file has [0-9]* lines" "$out"
must_fail claims-kind "entry ch-bad: unknown source kind \"blog\"" "$out"
must_fail claims-says "entry ch-bad: a source needs a says: line" "$out"
must_fail claims-no-tokens "entry ch-empty: no tokens: line" "$out"
must_fail claims-no-claim "entry ch-empty: no claim: line" "$out"
must_fail claims-no-source "entry ch-empty: no source: line" "$out"
must_fail claims-empty-tokens "entry ch-notok: tokens: is empty (write - for a claim without a token)" "$out"
printf 'id: x\n' > "$tmp/cs/book/claims/nopage.claims"
printf 'nonsense\n' >> "$tmp/cs/book/claims/lab-01.claims"
out=$(P="ch nowhere" sclaims check && echo "exit 0" || echo "exit $?")
must_fail claims-nopage "nopage.claims: a ledger for no page \"nopage\"" "$out"
must_fail claims-pending-nopage "PENDING lists \"nowhere\", which is no page" "$out"
must_fail claims-line "lab-01.claims:[0-9]*: not \"field: value\"" "$out"
must_fail claims-status "exit 1" "$out"
checks=$((checks + 1))
printf '%s\n' "$out" | grep -q 'ch\.md:17: .*no entry' &&
	fail "claims-pending-skip: a pending page's tokens are reported: $out"

# Doxygen, with the book's own Doxyfile: a broken \ref, a missing snippet
mkdir -p "$tmp/dox" "$tmp/gen/bench"
printf '\\mainpage T\n\nSee \\ref no_such_page.\n\n\\snippet mm/oom_kill.c no-such-marker\n' \
	> "$tmp/dox/00-index.md"
out=$(BOOK_INPUT="$tmp/dox/00-index.md" BOOK_OUT="$tmp/out" \
      BOOK_GEN="$tmp/gen" doxygen book/Doxyfile 2>&1 && echo "exit 0" ||
      echo "exit $?")
must_fail doxygen-ref "unable to resolve reference to 'no_such_page'" "$out"
must_fail doxygen-snippet "no-such-marker" "$out"
must_fail doxygen-status "exit 1" "$out"

if [ "$failures" -gt 0 ]; then
	echo "book/test.sh: $failures failure(s) in $checks checks"
	exit 1
fi
echo "book/test.sh: $checks checks passed ($(chapters book | wc -l) chapters; era chapters pending: $(echo $PENDING | wc -w))${built:+; lint and asserts: run by the make book that built this HTML}"
