#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/15-measure-reap-order/answers.sh - lab 15: the
# answers, counted in the tools' output as a student counts them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the model's own output now, never stored.  Each run is read
# from its Chrome trace (reaplab trace --format json), one line per step:
# a zapper's visit of a page table starts with spin_lock(&pt->ptl), and
# the page it unmaps there is a ptep_get_and_clear() that found it
# present.  The diagram names the tables ptdesc#0 to ptdesc#3 in the
# order they were allocated: the address order.
set -eu
R=${REAPLAB:-build/reaplab}
turns='M@pte_unmap_unlock V@pte_unmap_unlock M@pte_unmap_unlock V@pte_unmap_unlock M@pte_unmap_unlock V@pte_unmap_unlock M@pte_unmap_unlock V@pte_unmap_unlock'

# visits ERA: "thread table pages" per visit, in order (V is thread 1).
visits() {
	$R trace $1 mrelease "$turns" -o vmas=4 --format json |
		grep '"cat":"op"' | awk '
		/"name":"READ_ONCE".*pmd->pmd.*ptdesc#/ {
			match($0, /ptdesc#[0-9]+/)
			table = substr($0, RSTART + 7, RLENGTH - 7)
		}
		/"name":"spin_lock".*&pt->ptl/ {
			if (n) print who, at, pages
			match($0, /"tid":[0-9]+/)
			who = substr($0, RSTART + 6, RLENGTH - 6) == 1 ? "V" : "M"
			at = table; pages = 0; n++
		}
		/"name":"ptep_get_and_clear".*= present/ { pages++ }
		END { if (n) print who, at, pages }'
}

for e in v6.1 v6.18; do
	v=$(visits $e)
	echo "exit-pages-$e: $(echo "$v" | awk '$1 == "V" { p += $3 } END { print p + 0 }')"
	echo "meets-$e: $(echo "$v" | awk 'NR > 1 && $1 != who && $2 == at { m++ }
		{ who = $1; at = $2 } END { print m + 0 }')"
done

# The timing questions are not graded, and are yours to measure: a
# solution has no business knowing how fast your machine is.
