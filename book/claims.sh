#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/claims.sh - the claims ledger: every checkable fact the book states,
# with the source it was checked against
#
#   sh book/claims.sh check [PAGE...]  every page against its ledger, and
#                                      the PAGEs named in full even if they
#                                      are pending; one line a problem,
#                                      FILE:LINE first, exit 1 if any
#   sh book/claims.sh count            per page: its tokens, its ledger's
#                                      entries, the tokens no entry backs,
#                                      pending or checked; then the commit
#                                      ids the book prints and those the
#                                      ledger backs
#   sh book/claims.sh tokens PAGE      the page's checkable tokens, one an
#                                      occurrence, each with the entries
#                                      that back it (or "no entry"): the
#                                      worklist of an expert pass
#
# A page is a chapter of book/chapters (page name: its file without .md),
# a lab's handout exercises/NN-slug/README.md (lab-NN), the glossary
# (book/glossary.md and the entries of book/glossary) or the references
# (book/references.md, the lines of book/references and the eras' commits
# the page lists, from the table commits-timeline.md under G).  Its ledger is
# book/claims/PAGE.claims: one entry a claim, each naming the tokens of
# the page it backs, the claim, and the source it was checked against
# (book/README.md, "Facts: the claims ledger", has the format and the
# rules).  The tokens are what a reader could check: commit ids, release
# labels, dates, percentages, CVE ids, figures with a unit and links;
# code (fences and code spans, but for commit and CVE ids), HTML comments
# (the assertions about runs) and Doxygen's file arguments are not prose.
#
# `check` fails on a token of a checked page that no entry of its ledger
# names; on an entry whose token is no longer on its page (stale), that
# is malformed, or whose id another entry has; on a source of kind tree
# without FILE:LINE, a commit source that book/references and the eras do
# not know or whose subject is not theirs (book/refs.sh commits), a
# thread that is not in book/references, a repo source whose file or line
# does not exist; on an unverified entry whose page does not say
# "unverified" next to its token; and on a commit id a checked page prints
# that is neither in book/references nor an era's.  make book runs it
# before Doxygen, book/test.sh again and on planted faults.
#
# PENDING: the pages whose expert pass is still to come.  `check` skips
# their coverage (a token with no entry) and says how many it skipped;
# every other rule holds for them too.  A pass removes its page from the
# list when its ledger is complete; the list empty is the issue resolved.
# CLAIMS_PENDING in the environment replaces the list (for the tests);
# BOOK_DIR, LABS_DIR, CLAIMS_DIR, REFS and G move the inputs likewise.
set -eu

PENDING="
"

BOOK_DIR=${BOOK_DIR:-book}
LABS_DIR=${LABS_DIR:-exercises}
CLAIMS_DIR=${CLAIMS_DIR:-$BOOK_DIR/claims}
G=${G:-${BOOK_GEN:-build/book/gen}}
export G
if [ "${CLAIMS_PENDING+set}" = set ]; then
	PENDING=$CLAIMS_PENDING
fi

# pages: "PAGE MODE FILE" a line: every file a page is read from, MODE how
# (md: Markdown; glossary: the DEFINITION of each line of book/glossary;
# references: the dates, releases, ids and notes of book/references;
# timeline: the id and release of each era's commit, as the page prints)
pages() {
	sed -e 's/#.*//' "$BOOK_DIR/chapters" | awk 'NF >= 2 { print $2 }' |
	while read -r f; do
		name=${f%.md}
		echo "$name md $BOOK_DIR/$f"
		case $name in
		glossary|references)
			[ -f "$BOOK_DIR/$name" ] &&
				echo "$name $name $BOOK_DIR/$name" ;;
		esac
		# the References page lists the eras' commits as well, from
		# the table `reaplab list --timeline --format md` writes
		if [ "$name" = references ] && [ -f "$G/commits-timeline.md" ]; then
			echo "$name timeline $G/commits-timeline.md"
		fi
	done
	for r in "$LABS_DIR"/[0-9][0-9]-*/README.md; do
		[ -f "$r" ] || continue
		n=${r#"$LABS_DIR"/}
		echo "lab-${n%%-*} md $r"
	done
}

# The tokenizer: reads the files named on its command line, each preceded
# by page=NAME mode=MODE, and prints one line an occurrence:
#   PAGE<TAB>FILE<TAB>LINE<TAB>KIND<TAB>TOKEN<TAB>UNVERIFIED
# UNVERIFIED is 1 when the paragraph, list item, table row or (glossary,
# references) line the token stands in says "unverified".  Written for
# POSIX awk as mawk runs it: no {n} intervals, no back-references.
TOKENIZE='
function blank(n,   s) {
	s = ""
	while (n-- > 0)
		s = s "~"
	return s
}
function ch(s, i) {
	return (i < 1 || i > length(s)) ? "" : substr(s, i, 1)
}
# cut(start, len): the token found at w[start..] is consumed
function cut(start, len) {
	w = substr(w, 1, start - 1) blank(len) substr(w, start + len)
}
function emit(kind, tok) {
	ntok++
	tkind[ntok] = kind
	ttok[ntok] = tok
	tline[ntok] = FNR
	tpage[ntok] = page
	tfile[ntok] = FILENAME
}
# flush(): the unit (paragraph, item, row, line) is over: print its tokens
function flush(   i) {
	for (i = 1; i <= ntok; i++)
		printf "%s\t%s\t%s\t%s\t%s\t%d\n", tpage[i], tfile[i],
			tline[i], tkind[i], ttok[i], unver
	ntok = 0
	unver = 0
}
# scan(re, kind): every match of re in w whose ends are token boundaries
function scan(re, kind,   pos, t, start, len, m, b, a, a2, num, unit) {
	pos = 1
	while (pos <= length(w)) {
		t = substr(w, pos)
		if (!match(t, re))
			return
		start = pos + RSTART - 1
		len = RLENGTH
		m = substr(w, start, len)
		b = ch(w, start - 1)
		a = ch(w, start + len)
		a2 = ch(w, start + len + 1)
		pos = start + 1
		if (kind == "commit") {
			if (b ~ /[0-9A-Za-z_]/ || a ~ /[0-9A-Za-z_]/)
				continue
			emit("commit", substr(m, 1, 12))
		} else if (kind == "cve") {
			if (b ~ /[0-9A-Za-z_]/ || a ~ /[0-9]/)
				continue
			emit("cve", m)
		} else if (kind == "iso") {
			if (b ~ /[0-9A-Za-z_-]/ || a ~ /[0-9A-Za-z_]/)
				continue
			emit("date", m)
		} else if (kind == "month") {
			if (b ~ /[0-9A-Za-z_]/ || a ~ /[0-9A-Za-z_]/)
				continue
			gsub(/[ \t]+/, " ", m)
			emit("date", m)
		} else if (kind == "percent") {
			if (b ~ /[0-9A-Za-z_.,]/ || a ~ /[0-9A-Za-z_]/)
				continue
			num = m
			sub(/ ?(%|percent)$/, "", num)
			emit("percent", num "%")
		} else if (kind == "figure") {
			if (b ~ /[0-9A-Za-z_.,]/ || a ~ /[0-9A-Za-z_]/)
				continue
			num = m
			sub(/[^0-9.,].*$/, "", num)
			unit = substr(m, length(num) + 1)
			sub(/^[ -]/, "", unit)
			# a count of repetitions is a figure from two digits
			# on: "it runs", "0 runs the teardown" are verbs
			if (unit ~ /^(run|sample|iteration|time|loop)s?$/ &&
			    length(num) < 2)
				continue
			emit("figure", num " " unit)
		} else if (kind == "linux") {
			if (b ~ /[0-9A-Za-z_]/ || a ~ /[0-9A-Za-z_]/ ||
			    (a == "." && a2 ~ /[0-9]/))
				continue
			sub(/^Linux[ \t]+/, "", m)
			emit("release", "v" m)
		} else if (kind == "vrel") {
			if (b ~ /[0-9A-Za-z_.-]/ || a ~ /[0-9A-Za-z_]/ ||
			    (a == "." && a2 ~ /[0-9]/))
				continue
			emit("release", m)
		} else if (kind == "bare") {
			if (b ~ /[0-9A-Za-z_.,\/~-]/ || a ~ /[0-9A-Za-z_%~]/ ||
			    (a == "." && a2 ~ /[0-9A-Za-z]/))
				continue
			emit("release", "v" m)
		} else if (kind == "year") {
			if (b ~ /[0-9A-Za-z_.,\/~]/ || a ~ /[0-9A-Za-z_~]/ ||
			    (a == "-" && a2 ~ /[A-Za-z]/) ||
			    (b == "-" && ch(w, start - 2) !~ /[0-9]/))
				continue
			emit("date", m)
		}
		cut(start, len)
		pos = start + len
	}
}
# tokens(s, code): the tokens of one line of prose; in code only commit
# and CVE ids count
function tokens(s, code) {
	w = s
	# a message id or a mail address (a word with an @) is an address:
	# the digits of 20170626130346.26314-1-mhocko@kernel.org are no
	# commit id
	gsub(/[^ \t\[\]()<>"`]*@[^ \t\[\]()<>"`]*/, " ", w)
	scan("CVE-[0-9]+-[0-9]+", "cve")
	scan("[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*", "commit")
	if (code)
		return
	scan("[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]", "iso")
	scan("(January|February|March|April|May|June|July|August|September|October|November|December)[ \t]+([0-9][0-9]?,[ \t]+)?[12][0-9][0-9][0-9]", "month")
	scan("[0-9]([0-9.,]*[0-9])? ?(%|percent)", "percent")
	scan("[0-9]([0-9.,]*[0-9])?[ -]?(ns|µs|μs|us|ms|s|sec|secs|second|seconds|min|mins|minute|minutes|hour|hours|KB|kB|MB|GB|TB|KiB|MiB|GiB|TiB|MHz|GHz|core|cores|CPU|CPUs|cpu|cpus|run|runs|sample|samples|iteration|iterations|time|times|loop|loops|x|×)", "figure")
	scan("Linux[ \t]+[2-6]\\.[0-9]+(\\.[0-9]+)?(-rc[0-9]+)?", "linux")
	scan("v[2-6]\\.[0-9]+(\\.[0-9]+)?(-rc[0-9]+)?", "vrel")
	scan("[3-6]\\.[0-9]+(\\.[0-9]+)?(-rc[0-9]+)?", "bare")
	scan("(19[89][0-9]|20[0-3][0-9])", "year")
}
# prose(s): a line of Markdown outside fences and comments
function prose(s,   t, u) {
	if (tolower(s) ~ /unverified/)
		unver = 1
	# Doxygen commands whose arguments are files or ids, not prose
	gsub(/\\snippet(\{[^}]*\})?[ \t]+[^ \t]+[ \t]+[^ \t]+/, " ", s)
	gsub(/\\(include|includedoc|verbinclude|dotfile|mscfile|htmlinclude)(\{[^}]*\})?[ \t]+[^ \t]+/, " ", s)
	gsub(/\\image[ \t]+[a-z]+[ \t]+[^ \t]+/, " ", s)
	gsub(/\\(ref|anchor|subpage|page|section)[ \t]+[A-Za-z0-9_]+/, " ", s)
	gsub(/\{#[A-Za-z0-9_]+\}/, " ", s)
	gsub(/\\thread\{[^}]*\}/, " ", s)
	gsub(/\\kcommit\{/, " ", s)
	# code spans: commit and CVE ids only
	while (match(s, /`[^`]*`/)) {
		t = substr(s, RSTART + 1, RLENGTH - 2)
		s = substr(s, 1, RSTART - 1) " " substr(s, RSTART + RLENGTH)
		tokens(t, 1)
	}
	# links: the address is one token; the text is prose
	while (match(s, /\]\([^)]*\)/)) {
		u = substr(s, RSTART + 2, RLENGTH - 3)
		if (u ~ /^https?:\/\//)
			emit("link", u)
		s = substr(s, 1, RSTART) " " substr(s, RSTART + RLENGTH)
	}
	while (match(s, /https?:\/\/[^ \t<>"`)]+/)) {
		u = substr(s, RSTART, RLENGTH)
		sub(/[.,;:]+$/, "", u)
		emit("link", u)
		s = substr(s, 1, RSTART - 1) " " substr(s, RSTART + RLENGTH)
	}
	tokens(s, 0)
}
FNR == 1 {
	flush()
	fence = 0
	comment = 0
}
mode == "md" {
	line = $0
	if (comment) {
		if (!match(line, /-->/))
			next
		line = substr(line, RSTART + 3)
		comment = 0
	}
	if (line ~ /^[ \t]*(```|~~~)/) {
		flush()
		fence = !fence
		next
	}
	if (fence)
		next
	while (match(line, /<!--/)) {
		rest = substr(line, RSTART + 4)
		if (match(rest, /-->/)) {
			line = substr(line, 1, index(line, "<!--") - 1) " " substr(rest, RSTART + 3)
		} else {
			line = substr(line, 1, index(line, "<!--") - 1)
			comment = 1
		}
	}
	# a new unit: a blank line, a heading, a list item, a table row
	if (line ~ /^[ \t]*$/) {
		flush()
		next
	}
	if (line ~ /^#|^[ \t]*([-*+]|[0-9]+\.)[ \t]|^[ \t]*\|/)
		flush()
	prose(line)
	if (line ~ /^#|^[ \t]*\|/)
		flush()
	next
}
mode == "glossary" {
	if ($0 ~ /^[ \t]*(#|$)/)
		next
	n = split($0, f, / \| /)
	prose(f[n])
	flush()
	next
}
mode == "timeline" {
	# | date | [id](link) | subject | author | release | eras |: the
	# page prints the id, subject, author and release of each commit;
	# an unmerged patch (no hex id) is a thread of book/references
	if ($0 !~ /^\| [0-9]/)
		next
	n = split($0, f, / \| /)
	id = f[2]
	sub(/^\[/, "", id)
	sub(/\].*/, "", id)
	if (n < 6 || id !~ /^[0-9a-f]+$/)
		next
	prose(id " " f[5])
	flush()
	next
}
mode == "references" {
	if ($0 ~ /^[ \t]*(#|$)/)
		next
	n = split($0, f, / \| /)
	# thread KEY | SUBJECT | AUTHOR | DATE | LISTS | MESSAGE-ID | NOTE
	# commit ID | SUBJECT | AUTHOR | RELEASE | NOTE
	# the subject is the source quoted, the message id an address
	if ($1 == "thread")
		prose(f[4] " " f[7])
	else
		prose(f[1] " " f[4] " " f[5])
	flush()
	next
}
END {
	flush()
}
'

# tokenize [PAGE...]: the occurrences of every page (or of the PAGEs)
tokenize() {
	pages > "$tmp/pages"
	want=" $* "
	while read -r name mode file; do
		if [ "$want" != "  " ]; then
			case $want in *" $name "*) ;; *) continue ;; esac
		fi
		printf '%s\n' "page=$name" "mode=$mode" "$file"
	done < "$tmp/pages" > "$tmp/args"
	[ -s "$tmp/args" ] || return 0
	# one awk, the files and their assignments as arguments
	tr '\n' '\0' < "$tmp/args" | xargs -0 awk "$TOKENIZE"
}

# The checker: reads "known" lines (commits, threads, pending pages, pages
# and their files), the occurrences, and the ledgers; prints the problems
# and, on stderr, the summary.
CHECK='
function err(msg) {
	print msg
	nerr++
}
function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}
# kindof(t): the kind of a token as a ledger writes it, "" if none
function kindof(t,   d) {
	if (t ~ /^[0-9a-f]+$/ && length(t) == 12)
		return "commit"
	if (t ~ /^CVE-[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9]*$/)
		return "cve"
	if (t ~ /^v[2-6]\.[0-9]+(\.[0-9]+)?(-rc[0-9]+)?$/)
		return "release"
	if (t ~ /^[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]$/ ||
	    t ~ /^(19[89][0-9]|20[0-3][0-9])$/ ||
	    t ~ /^(January|February|March|April|May|June|July|August|September|October|November|December) ([0-9][0-9]?, )?[12][0-9][0-9][0-9]$/)
		return "date"
	if (t ~ /^[0-9]([0-9.,]*[0-9])?%$/)
		return "percent"
	if (t ~ /^[0-9]([0-9.,]*[0-9])? [^ ]+$/)
		return "figure"
	if (t ~ /^https?:\/\/[^ ]+$/)
		return "link"
	return ""
}
# entry_end(): the entry being read is complete: check its form
function entry_end(   i, n, s, k) {
	if (eid == "")
		return
	if (!have["tokens"])
		err(FILENAME ":" eline ": entry " eid ": no tokens: line")
	if (!have["claim"] || trim(val["claim"]) == "")
		err(FILENAME ":" eline ": entry " eid ": no claim: line (the claim, paraphrased)")
	if (nsrc == 0)
		err(FILENAME ":" eline ": entry " eid ": no source: line")
	for (i = 1; i <= nsrc; i++) {
		if (src_unver[i] && !src_why[i])
			err(FILENAME ":" src_line[i] ": entry " eid ": an unverified source needs a why: line (why no source was found)")
		else if (!src_unver[i] && !src_says[i])
			err(FILENAME ":" src_line[i] ": entry " eid ": a source needs a says: line (what it says, paraphrased)")
	}
	# "-": a claim the page states without a token, checked all the same
	n = trim(val["tokens"]) == "-" ? 0 : split(trim(val["tokens"]), s, /[ \t]*;[ \t]*/)
	if (have["tokens"] && n == 0 && trim(val["tokens"]) != "-")
		err(FILENAME ":" eline ": entry " eid ": tokens: is empty (write - for a claim without a token)")
	for (i = 1; i <= n; i++) {
		if (s[i] == "")
			continue
		if (kindof(s[i]) == "") {
			err(FILENAME ":" eline ": entry " eid ": \"" s[i] "\" is not a token (a commit id of 12 hex digits, a release vX.Y, a date, a percentage N%, a CVE id, a figure \"N unit\" or a link)")
			continue
		}
		k = epage SUBSEP s[i]
		backs[k] = 1
		nent_tok++
		etok_page[nent_tok] = epage
		etok_tok[nent_tok] = s[i]
		etok_id[nent_tok] = eid
		etok_file[nent_tok] = FILENAME
		etok_line[nent_tok] = eline
		etok_unver[nent_tok] = eunver
		if (kindof(s[i]) == "commit")
			ledger_commit[s[i]] = 1
	}
	entries[epage]++
	eid = ""
}
# source(s, line): one source: line of the entry
function source(s, line,   kind, rest, id, subj, key, path, ln, f, cnt, l) {
	nsrc++
	src_line[nsrc] = line
	src_says[nsrc] = 0
	src_why[nsrc] = 0
	src_unver[nsrc] = 0
	kind = s
	sub(/[ \t].*/, "", kind)
	rest = trim(substr(s, length(kind) + 1))
	where = FILENAME ":" line ": entry " eid
	if (kind == "tree") {
		if (rest !~ /^v[2-9]\.[0-9]+(\.[0-9]+)?(-rc[0-9]+)? [^ \/]+\/[^ ]+ [^ :]+:[0-9]+(-[0-9]+)?([ \t].*)?$/)
			err(where ": a tree source is \"tree TAG OWNER/REPO FILE:LINE[-LINE] [what]\" (the release read, the stored repository it was read in, the file and line): \"" rest "\"")
	} else if (kind == "commit") {
		id = rest
		sub(/[ \t].*/, "", id)
		subj = trim(substr(rest, length(id) + 1))
		if (id !~ /^[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*$/ || subj !~ /^".+"$/)
			err(where ": a commit source is \"commit ID \"SUBJECT\"\": \"" rest "\"")
		else if (!(substr(id, 1, 12) in commit))
			err(where ": commit " id " is neither in book/references nor an era'"'"'s commit")
		else if (substr(subj, 2, length(subj) - 2) != commit[substr(id, 1, 12)])
			err(where ": commit " id ": the subject is not the one book/references or its era gives: \"" commit[substr(id, 1, 12)] "\"")
	} else if (kind == "thread") {
		key = rest
		sub(/[ ,;:].*/, "", key)
		if (rest ~ /^"/) {
			if (rest !~ /^".+", [^,]+, [12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9], [^ ].*$/)
				err(where ": a thread not in book/references is \"thread \"SUBJECT\", AUTHOR, YYYY-MM-DD, LIST\": \"" rest "\"")
		} else if (!(key in thread))
			err(where ": thread " key " is not in book/references")
	} else if (kind == "cve") {
		if (rest !~ /^CVE-[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]/)
			err(where ": a cve source is \"cve CVE-YYYY-NNNN [which record]\": \"" rest "\"")
	} else if (kind == "repo") {
		path = rest
		sub(/[ \t].*/, "", path)
		ln = path
		sub(/.*:/, "", ln)
		sub(/:[^:]*$/, "", path)
		if (rest !~ /^[^ :]+:[0-9]+(-[0-9]+)?([ \t].*)?$/)
			err(where ": a repo source is \"repo PATH:LINE [what]\", a file of this repository: \"" rest "\"")
		else {
			last = ln
			sub(/-.*/, "", ln)
			sub(/.*-/, "", last)
			cnt = 0
			while ((getline l < path) > 0)
				text[++cnt] = l
			close(path)
			if (cnt == 0)
				err(where ": repo " path ": no such file (or it is empty)")
			else if (ln + 0 < 1 || ln + 0 > cnt)
				err(where ": repo " path ":" ln ": the file has " cnt " lines")
			else if (last + 0 < ln + 0 || last + 0 > cnt)
				err(where ": repo " path ":" ln "-" last ": the file has " cnt " lines")
			else {
				what = rest
				sub(/^[^ \t]+[ \t]*/, "", what)
				repo_names(where, path, ln + 0, last + 0, what, cnt)
			}
		}
	} else if (kind == "unverified") {
		src_unver[nsrc] = 1
		eunver = 1
		if (rest != "")
			err(where ": \"unverified\" takes nothing after it; say why on a why: line")
	} else
		err(where ": unknown source kind \"" kind "\" (tree, commit, thread, cve, repo or unverified)")
}
# moved(name, a, cnt): where an excerpt missing from its lines is now, the
# line nearest a that has it, for the message (the ledger is still edited
# by hand: a line that moved is read again before its range is).
function moved(name, a, cnt,    i, best) {
	best = 0
	for (i = 1; i <= cnt; i++)
		if (index(text[i], name) && (!best ||
		    (i > a ? i - a : a - i) < (best > a ? best - a : a - best)))
			best = i
	return best ? " (the nearest line with it is " best ")" : ""
}
# repo_names(where, path, a, b, what, cnt): the lines a-b of path (in
# text[1..cnt]) are where the words of the source say: inside the DOC:
# block it names; for each function it names (name()), its definition
# line, or lines inside the function (from its comment above to its
# closing brace); each excerpt it quotes ("..."), as written, on one of
# them.  So a line cited stays the line meant when the file changes
# around it, and an excerpt, what the claim read there: a source that
# names nothing of its lines is an error.
function repo_names(where, path, a, b, what, cnt,    title, i, d, c, e, name, rest2, re, sys, named) {
	named = 0
	rest2 = what
	while (match(rest2, /"[^"]+"/)) {
		name = substr(rest2, RSTART + 1, RLENGTH - 2)
		rest2 = substr(rest2, RSTART + RLENGTH)
		named = 1
		for (i = a; i <= b && !index(text[i], name); i++)
			;
		if (i > b)
			err(where ": repo " path ":" a "-" b ": no \"" name "\" on those lines" moved(name, a, cnt))
	}
	# the rest of the words, the excerpts taken out
	gsub(/"[^"]+"/, "", what)
	if (what ~ /DOC: /) {
		title = what
		sub(/.*DOC: /, "", title)
		d = 0
		# the title, then the end of the line or what is not a word
		for (i = 1; i <= cnt && !d; i++)
			if (index(text[i], "* DOC: " title) &&
			    substr(text[i], index(text[i], "* DOC: " title) + length("* DOC: " title)) !~ /^[A-Za-z0-9_]/)
				d = i
		if (!d) {
			err(where ": repo " path ": no \"DOC: " title "\" there")
			return
		}
		for (e = d + 1; e <= cnt && text[e] !~ /^[ \t]*\*\// && text[e] !~ /DOC: /; e++)
			;
		if (a < d - 1 || b > e)
			err(where ": repo " path ":" a "-" b ": DOC: " title " is lines " d "-" e)
		return
	}
	if (!named && what !~ /[A-Za-z_][A-Za-z0-9_]*\(\)/ &&
	    what !~ /(^|[ \t])(\.[a-z_][a-z0-9_]*|[A-Z][A-Z0-9_][A-Z0-9_]+)([ \t,;]|$)/)
		err(where ": repo " path ":" a "-" b ": the source names nothing of its lines: a function (name()), a DOC: title, a field (.name), a macro (NAME) or an excerpt in quotes (\"...\") that must be there")
	# a field (.name) or a macro (NAME) named: on the lines themselves
	rest2 = what
	while (match(rest2, /(^|[ \t])(\.[a-z_][a-z0-9_]*|[A-Z][A-Z0-9_][A-Z0-9_]+)([ \t,;]|$)/)) {
		name = substr(rest2, RSTART, RLENGTH)
		rest2 = substr(rest2, RSTART + RLENGTH)
		gsub(/[ \t,;]/, "", name)
		for (i = a; i <= b && !index(text[i], name); i++)
			;
		if (i > b)
			err(where ": repo " path ":" a "-" b ": no " name " on those lines")
	}
	rest2 = what
	while (match(rest2, /[A-Za-z_][A-Za-z0-9_]*\(\)/)) {
		name = substr(rest2, RSTART, RLENGTH - 2)
		rest2 = substr(rest2, RSTART + RLENGTH)
		sys = name
		sub(/^sys_/, "", sys)
		# its definition: the last at or before line b, else the next
		d = 0
		re = "(^|[^A-Za-z0-9_])" name "\\("
		for (i = 1; i <= cnt && (!d || i <= b); i++) {
			if (text[i] ~ /;[ \t]*$/ || text[i] ~ /^([ \t]|#|\/[*\/])/)
				continue
			if (text[i] ~ re || text[i] ~ ("^SYSCALL_DEFINE[0-9]\\(" sys "[,)]"))
				d = i
		}
		if (!d) {
			err(where ": repo " path ":" a "-" b ": " name "() is not defined in that file")
			continue
		}
		for (e = d; e <= cnt && text[e] != "}"; e++)
			;
		# from its comment, the lines of comment just above it
		for (c = d; c > 1 && (text[c - 1] ~ /^[ \t]*(\/\*|\*)/ || text[c - 1] ~ /^(static |const |struct |unsigned |int |long |bool |void )/ && c == d); c--)
			;
		# the lines hold its definition, or lie inside it
		if (!(a <= d && d <= b) && (a < c || b > e))
			err(where ": repo " path ":" a "-" b ": " name "() is lines " d "-" e " (its comment from " c ")")
	}
}
# field(name, value, line): one field of the current entry
function field(name, value, line) {
	if (name == "id") {
		entry_end()
		eid = trim(value)
		eline = line
		epage = lpage
		eunver = 0
		nsrc = 0
		delete have
		delete val
		if (eid !~ /^[a-z0-9][a-z0-9.-]*$/)
			err(FILENAME ":" line ": entry id \"" eid "\": lower-case letters, digits, . and - only")
		if (eid in idat)
			err(FILENAME ":" line ": entry id " eid " is used twice (also " idat[eid] ")")
		else
			idat[eid] = FILENAME ":" line
		return
	}
	if (eid == "") {
		err(FILENAME ":" line ": \"" name ":\" before any id: line (an entry starts with id:)")
		return
	}
	if (name == "tokens" || name == "claim") {
		if (have[name])
			err(FILENAME ":" line ": entry " eid ": " name ": given twice")
		have[name] = 1
		val[name] = value
		return
	}
	if (name == "source") {
		source(trim(value), line)
		return
	}
	if (name == "says" || name == "why") {
		if (nsrc == 0 || src_says[nsrc] || src_why[nsrc])
			err(FILENAME ":" line ": entry " eid ": " name ": belongs under a source: line")
		else if (trim(value) == "")
			err(FILENAME ":" line ": entry " eid ": " name ": is empty")
		else if (name == "says")
			src_says[nsrc] = 1
		else
			src_why[nsrc] = 1
		return
	}
	err(FILENAME ":" line ": entry " eid ": unknown field \"" name ":\" (id, tokens, claim, source, says, why)")
}
# pending field: the continuation lines of a field join it
function pfield_end() {
	if (pname != "")
		field(pname, pvalue, pline)
	pname = ""
}
FILENAME == known {
	if ($1 == "commit") {
		commit[$2] = substr($0, length($1) + length($2) + 3)
	} else if ($1 == "thread")
		thread[$2] = 1
	else if ($1 == "pending")
		pending[$2] = 1
	else if ($1 == "page")
		page[$2] = 1
	next
}
FILENAME == occ {
	split($0, o, "\t")
	nocc++
	opage[nocc] = o[1]
	ofile[nocc] = o[2]
	oline[nocc] = o[3]
	okind[nocc] = o[4]
	otok[nocc] = o[5]
	onver[nocc] = o[6]
	onpage[o[1] SUBSEP o[5]] = 1
	if (o[6])
		unver_at[o[1] SUBSEP o[5]] = 1
	if (o[4] == "commit")
		printed_commit[o[5]] = 1
	next
}
FNR == 1 {
	pfield_end()
	entry_end()
	lpage = FILENAME
	sub(/.*\//, "", lpage)
	sub(/\.claims$/, "", lpage)
	ledger[lpage] = FILENAME
	if (!(lpage in page))
		err(FILENAME ": a ledger for no page \"" lpage "\" (a page is a chapter, lab-NN, glossary or references)")
}
/^[ \t]*#/ {
	next
}
/^[ \t]*$/ {
	pfield_end()
	entry_end()
	next
}
/^[ \t]/ {
	if (pname == "")
		err(FILENAME ":" FNR ": a continuation line outside any field")
	else
		pvalue = pvalue " " trim($0)
	next
}
{
	pfield_end()
	if (!match($0, /^[a-z]+:/)) {
		err(FILENAME ":" FNR ": not \"field: value\": " $0)
		next
	}
	pname = substr($0, 1, RLENGTH - 1)
	pvalue = substr($0, RLENGTH + 1)
	pline = FNR
}
END {
	pfield_end()
	entry_end()
	# stale tokens, unverified claims the page does not mark
	for (i = 1; i <= nent_tok; i++) {
		k = etok_page[i] SUBSEP etok_tok[i]
		if (!(k in onpage))
			err(etok_file[i] ":" etok_line[i] ": entry " etok_id[i] ": " etok_tok[i] " is no longer on its page (stale): drop the token, or the entry")
		else if (etok_unver[i] && !(k in unver_at))
			err(etok_file[i] ":" etok_line[i] ": entry " etok_id[i] " is unverified, but its page never says \"unverified\" where it gives " etok_tok[i])
	}
	# every token of a page checked has an entry; its commit ids are known
	for (i = 1; i <= nocc; i++) {
		k = opage[i] SUBSEP otok[i]
		if (opage[i] in pending && !(opage[i] in only))
			continue
		if (!(k in backs))
			err(ofile[i] ":" oline[i] ": " okind[i] " " otok[i] ": no entry in " dir "/" opage[i] ".claims")
		if (okind[i] == "commit" && !(otok[i] in commit))
			err(ofile[i] ":" oline[i] ": commit " otok[i] ": neither in book/references nor an era'"'"'s commit")
	}
	exit nerr > 0
}
'

# known: what the checker checks against, "KIND KEY [VALUE]" a line
known() {
	sh "$(dirname "$0")/refs.sh" commits | sed -e 's/^/commit /' -e 's/|/ /'
	sh "$(dirname "$0")/refs.sh" keys | sed -e 's/^/thread /'
	for p in $PENDING; do
		echo "pending $p"
	done
	awk '{ print "page " $1 }' "$tmp/pages" | sort -u
}

check() {
	tokenize > "$tmp/occ"
	known > "$tmp/known"
	# a PENDING page that is no page
	for p in $PENDING; do
		grep -q "^$p " "$tmp/pages" ||
			echo "book/claims.sh: PENDING lists \"$p\", which is no page of the book"
	done
	# a page named that is no page
	for p in "$@"; do
		grep -q "^$p " "$tmp/pages" ||
			echo "book/claims.sh: no page \"$p\" (a chapter's file without .md, lab-NN, glossary or references)"
	done
	only=" $* "
	set +e
	awk -v known="$tmp/known" -v occ="$tmp/occ" -v dir="$CLAIMS_DIR" \
	    -v onlylist="$only" "BEGIN { n = split(onlylist, a, \" \"); for (i = 1; i <= n; i++) only[a[i]] = 1 } $CHECK" \
	    "$tmp/known" "$tmp/occ" $(ls "$CLAIMS_DIR"/*.claims 2>/dev/null)
	set -e
}

# summary: the line make book prints, whatever the outcome
summary() {
	npages=$(awk '{ print $1 }' "$tmp/pages" | sort -u | wc -l)
	# one line a pending page (printf alone would print an empty line
	# for an empty list, and count it)
	npend=$(for p in $PENDING; do echo "$p"; done | sort -u | wc -l)
	printf 'claims: %d pages, %d checked against their ledgers, %d pending (book/claims.sh PENDING)\n' \
		"$npages" $((npages - npend)) "$npend"
}

count() {
	tokenize > "$tmp/occ"
	known > "$tmp/known"
	# the entries: "PAGE ID TOKEN" a line, from the ledgers as written
	for f in "$CLAIMS_DIR"/*.claims; do
		[ -f "$f" ] || continue
		p=${f##*/}
		p=${p%.claims}
		awk -v p="$p" '
		/^id:/ { id = $2 }
		/^tokens:/ {
			s = $0
			sub(/^tokens:[ \t]*/, "", s)
			n = split(s, t, /[ \t]*;[ \t]*/)
			for (i = 1; i <= n; i++)
				if (t[i] != "")
					print p "\t" id "\t" t[i]
		}' "$f"
	done > "$tmp/entries"
	awk '{ print $1 }' "$tmp/pages" | uniq > "$tmp/names"
	awk -F'\t' -v pend=" $(echo $PENDING) " '
	FILENAME == ARGV[1] {
		order[++n] = $1
		next
	}
	FILENAME == ARGV[2] {
		if (!(($1 SUBSEP $5) in tok)) {
			tok[$1 SUBSEP $5] = 1
			ntok[$1]++
		}
		if ($4 == "commit")
			printed[$5] = 1
		next
	}
	{
		if (!(($1 SUBSEP $2) in ent)) {
			ent[$1 SUBSEP $2] = 1
			nent[$1]++
		}
		backed[$1 SUBSEP $3] = 1
		if ($3 ~ /^[0-9a-f]+$/ && length($3) == 12)
			ledger[$3] = 1
	}
	END {
		printf "%-16s %7s %8s %8s  %s\n", "page", "tokens", "entries", "no entry", "state"
		for (i = 1; i <= n; i++) {
			p = order[i]
			miss = 0
			for (k in tok) {
				split(k, a, SUBSEP)
				if (a[1] == p && !(k in backed))
					miss++
			}
			state = index(pend, " " p " ") ? "pending" : "checked"
			printf "%-16s %7d %8d %8d  %s\n", p, ntok[p], nent[p], miss, state
			if (state == "pending")
				np++
			else
				nc++
		}
		for (c in printed) {
			nprinted++
			if (c in ledger)
				nboth++
		}
		for (c in ledger)
			nledger++
		printf "\npages: %d checked, %d pending\n", nc, np
		printf "commit ids the book prints: %d distinct; in the ledger: %d (of those printed: %d)\n", nprinted, nledger, nboth
	}' "$tmp/names" "$tmp/occ" "$tmp/entries"
}

# tokens PAGE: every occurrence, with the entries that back it
tokens_of() {
	tokenize "$1" > "$tmp/occ"
	grep -q "^$1 " "$tmp/pages" || {
		echo "book/claims.sh: no page \"$1\"" >&2
		return 2
	}
	f="$CLAIMS_DIR/$1.claims"
	[ -f "$f" ] || f=/dev/null
	awk -F'\t' '
	FILENAME == ARGV[1] {
		if ($0 ~ /^id:/) {
			id = $0
			sub(/^id:[ \t]*/, "", id)
		}
		if ($0 ~ /^tokens:/) {
			s = $0
			sub(/^tokens:[ \t]*/, "", s)
			n = split(s, t, /[ \t]*;[ \t]*/)
			# (mawk creates the element on the left first)
			for (i = 1; i <= n; i++) {
				if (t[i] in by)
					by[t[i]] = by[t[i]] " " id
				else
					by[t[i]] = id
			}
		}
		next
	}
	{ occ[++m] = $0 }
	END {
		for (i = 1; i <= m; i++) {
			split(occ[i], o, "\t")
			printf "%s:%s: %s %s: %s\n", o[2], o[3], o[4], o[5],
				(o[5] in by) ? by[o[5]] : "no entry"
		}
	}' "$f" "$tmp/occ"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case ${1:-} in
check)
	shift
	out=$(check "$@")
	summary >&2
	if [ -n "$out" ]; then
		printf '%s\n' "$out"
		echo "claims: $(printf '%s\n' "$out" | wc -l) problem(s): see book/README.md, \"Facts: the claims ledger\"" >&2
		exit 1
	fi ;;
count)
	pages > "$tmp/pages"
	count ;;
tokens)
	[ $# = 2 ] || { echo "usage: sh book/claims.sh tokens PAGE" >&2; exit 2; }
	tokens_of "$2" ;;
*)
	echo "usage: sh book/claims.sh check [PAGE...] | count | tokens PAGE" >&2
	exit 2 ;;
esac
