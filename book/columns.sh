#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/columns.sh - some threads' columns of a changelog diagram
#
#   reaplab replay ... | sh book/columns.sh LETTERS
#
# Reads a changelog diagram (`reaplab replay`, DOC: The changelog diagram)
# and prints it with only the step column and the columns of the threads
# LETTERS names ("AT": A's and T's), in the diagram's order; a line above
# the heading (the schedule) passes as it is.  For a window of a run in
# which the other threads take no step: a line that had text in a column
# left out is a failure (exit 1), so the figure never hides a step.  The
# columns are found from the heading's underline (runs of '-').
set -eu
keep=$1
awk -v keep="$keep" '
	function fail(msg) {
		printf "book/columns.sh: %s\n", msg > "/dev/stderr"
		bad = 1
		exit 1
	}
	!ncol && /^ +-+( +-+)*$/ {
		# the underline: one run of dashes a column
		line = $0
		pos = 1
		while (match(substr(line, pos), /-+/)) {
			ncol++
			from[ncol] = pos + RSTART - 1
			len[ncol] = RLENGTH
			pos += RSTART + RLENGTH - 1
		}
		for (c = 1; c <= ncol; c++) {
			letter = substr(head, from[c], 1)
			want[c] = index(keep, letter) > 0
		}
		gutter = from[1] - 1
		for (i = 1; i < nbefore; i++)
			print before[i]
		print cut(head)
		print cut($0)
		next
	}
	!ncol { before[++nbefore] = $0; head = $0; next }
	{
		for (c = 1; c <= ncol; c++) {
			if (want[c])
				continue
			text = substr($0, from[c], c < ncol ? from[c + 1] - from[c] : length($0))
			if (text ~ /[^ ]/)
				fail("line " NR " has text in a column left out: " $0)
		}
		print cut($0)
	}
	function cut(s,    out, c, w) {
		out = substr(s, 1, gutter)
		for (c = 1; c <= ncol; c++) {
			if (!want[c])
				continue
			w = c < ncol ? from[c + 1] - from[c] : length(s)
			out = out substr(s, from[c], w)
		}
		sub(/ +$/, "", out)
		return out
	}
	END { if (!bad && !ncol) fail("no diagram heading") }'
