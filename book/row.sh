#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/row.sh - one era's row of the verdict table the build computed
#
#   sh book/row.sh ERA TABLE.md
#
# TABLE.md is `reaplab explore --all --format md` as book/fragments wrote
# it (explore-all.md).  Prints its two header lines, ERA's row and its
# caption, saying which row this is: the era chapters show their row of
# the one table every era was explored for, rather than exploring again.
# Fails if the table has no row for ERA or no caption.
set -eu
era=$1 table=$2
awk -v era="$era" '
	NR <= 2 { print; next }
	/^\| / { split($0, cell, "|"); name = cell[2]; gsub(/ /, "", name)
		 if (name == era) { print; found = 1 }; next }
	/^Computed by / { caption = $0 }
	END {
		if (!found || caption == "") {
			printf "book/row.sh: no row for %s, or no caption, in the table\n", era > "/dev/stderr"
			exit 1
		}
		print ""
		sub(/^Computed by /, "", caption)
		print "The row of " era " in the table of every era (\\ref tools_verdicts), computed by " caption
	}' "$table"
