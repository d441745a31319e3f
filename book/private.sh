#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/private.sh - words of the project's own files, never the reader's
#
#   sh book/private.sh FILE...    one line a problem (FILE:LINE: ...),
#                                 exit 1 if any
#   ... | sh book/private.sh -    the same, of standard input ("-:LINE")
#
# The project was written from notes and mailing-list messages the reader
# does not have.  What the reader gets (the book, the CLI's output, the
# labs, the sources) must never point into them: no path into the notes'
# folder, and no "seed" in the sense of a source document (the word and a
# document's number, "the seeds' measurements", a table column "seed").  A reader finds a thread by its
# subject, author, date and list (\thread{KEY}, the page References), a
# commit by its id and subject.
#
# "Seed" stays where it means the seed of a random number generator, and
# only there, written so that this check can tell: "--seed", "random seed"
# or "PRNG seed" in prose, and in C the name of a variable or a member
# (.seed, ->seed, seed =, u64 seed, rand_r(&seed), "seed %#llx" in a
# format).  Every other "seed", "seeds" or "seeded" is a problem.
set -eu

awk '
function problem(why) {
	printf "%s:%d: %s: %s\n", name, FNR, why, line
	bad = 1
}
function prng(pre, word, post,   p) {
	p = tolower(pre)
	# a seed set to a string names something, it seeds nothing
	if (post ~ /^ ?= ?"/)
		return 0
	if (p ~ /--$/ || p ~ /(random|prng) $/)
		return 1
	# C: a member, an address, a declaration, an argument
	if (pre ~ /(\.|->|&|@|_|= )$/ || post ~ /^_/)
		return 1
	if (pre ~ /(^|[^A-Za-z])(int|long|u64|u32|unsigned) $/)
		return 1
	if (post ~ /^ ?(=[^=]|;|\)|,|\]|\+|%|:)/ && pre !~ /[A-Za-z] $/)
		return 1
	# a format: the seed printed in hex ("seed %#llx", or its value)
	if (post ~ /^ (%#?ll[xu]|0x[0-9a-f]+)/)
		return 1
	return 0
}
FNR == 1 { name = (FILENAME == "-" ? "-" : FILENAME) }
{
	line = $0
	if (line ~ /shar[e]d\//)
		problem("a path into the project'"'"'s own notes folder")
	# the notes on the kernel history the project was written from, by name
	if (line ~ /[Kk]ernel-history(\.md)?([^A-Za-z]|$)/)
		problem("the project'"'"'s own notes (cite the commit or \\thread{KEY})")
	s = line
	off = 0
	while (match(s, /[Ss][Ee][Ee][Dd]([Ss]|[Ee][Dd])?/)) {
		at = RSTART
		len = RLENGTH
		pre = substr(s, 1, at - 1)
		word = substr(s, at, len)
		post = substr(s, at + len)
		s = post
		# a word of its own: not "seedling", not "linseed"
		if (pre ~ /[A-Za-z]$/ || post ~ /^[A-Za-z]/)
			continue
		if (!prng(pre, word, post)) {
			problem("\"" word "\" not as a random seed (say which thread: \\thread{KEY}, or \"random seed\")")
			break
		}
	}
}
END { exit bad }' "$@"
