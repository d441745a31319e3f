#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/mutate/report.sh - the kill rate of make mutate, and every mutant
# the checker let through
#
# usage: report.sh OUT EQUIVALENT SECONDS
#
# Reads OUT/plan.tsv (every mutant, the eras that reach it), OUT/order.txt
# (those to run, in order), OUT/results/*.tsv (what happened to each) and
# EQUIVALENT (ids judged equivalent in the real kernel, with why); writes
# OUT/report.md and prints its summary.

set -u
LC_ALL=C
export LC_ALL
MB=$1
EQ=$2
SECS=$3

cat "$MB"/results/*.tsv 2>/dev/null >"$MB/results.tsv"

awk -F'\t' -v secs="$SECS" -v rseed="${MUTATE_SEED:-1}" \
    -v budget="${MUTATE_BUDGET:-0}" -v md="$MB/report.md" '
function esc(s) { gsub(/\|/, "\\|", s); gsub(/`/, "'"'"'", s); return s }
function pct(a, b) { return b ? sprintf("%.1f%%", 100 * a / b) : "-" }
FILENAME ~ /plan.tsv$/ {
	n++; id[$1] = $5; op[$1] = $6; fn[$1] = $7; line[$1] = $8
	file[$1] = $2; eras[$1] = $4
	ops[$6]++
	if ($4 == "") { st[$1] = "unreached"; unr[$7 " (" $2 ")"]++ }
	next
}
FILENAME ~ /order.txt$/ { st[$1] = "not-run"; next }
FILENAME ~ /results.tsv$/ {
	st[$1] = $2; cell[$1] = $3; why[$1] = $4; took[$1] = $5
	next
}
FILENAME ~ /mutants.tsv$/ {
	before[$7] = $8; after[$7] = $9
	next
}
{	# the equivalence list
	if ($0 ~ /^#/ || NF < 2)
		next
	eq[$1] = $2
}
END {
	for (k = 1; k <= n; k++) {
		s = st[k]
		if (s == "survived" && id[k] in eq)
			s = st[k] = "equivalent"
		if (s == "killed" && id[k] in eq)
			wrongeq[k] = 1
		c[op[k], s]++; t[s]++
		if (s == "killed") {
			split(why[k], w, ":"); kind[w[1]]++
		}
	}
	denom = t["killed"] + t["survived"] + t["timeout"]
	nops = split("del-seam swap unlock-early invert-test drop-null walk-bound walk-first walk-last mark-plain", O, " ")

	print "# Mutation score of the checker" > md
	print "" > md
	printf "Computed by `make mutate` (tests/mutate/) in %d:%02d: every mutant of the model code (src/mm, src/kernel, src/fs, src/eras) that some era'"'"'s scenarios reach, built as its eras and judged by `reaplab explore --all`, one cell at a time, cheapest first, up to the first cell that differs from what its era declares.\n\n", secs / 60, secs % 60 > md
	printf "**Kill rate: %d of %d non-equivalent mutants killed, %s** (%d survived, %d timed out without a verdict; %d judged equivalent in the real kernel, %d did not build, %d reached by no scenario, %d not run within the budget of %d s, random seed %d).\n\n", t["killed"], denom, pct(t["killed"], denom), t["survived"], t["timeout"], t["equivalent"], t["build-failed"], t["unreached"], t["not-run"], budget, rseed > md
	print "| operator | mutants | reached by no scenario | did not build | not run | equivalent | killed | survived | timeout | kill rate |" > md
	print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|" > md
	for (i = 1; i <= nops; i++) {
		o = O[i]; d = c[o, "killed"] + c[o, "survived"] + c[o, "timeout"]
		printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n", o, ops[o], c[o, "unreached"], c[o, "build-failed"], c[o, "not-run"], c[o, "equivalent"], c[o, "killed"], c[o, "survived"], c[o, "timeout"], pct(c[o, "killed"], d) > md
	}
	printf "| all | %d | %d | %d | %d | %d | %d | %d | %d | %s |\n\n", n, t["unreached"], t["build-failed"], t["not-run"], t["equivalent"], t["killed"], t["survived"], t["timeout"], pct(t["killed"], denom) > md
	printf "How the killed were caught: %d by a verdict that differs from the era'"'"'s (an oracle fired or went quiet), %d by an error (the scenario could not be built), %d by a crash of the checker.\n\n", kind["killed"], kind["error"], kind["crash"] > md

	print "## Survivors" > md
	print "" > md
	if (!t["survived"])
		print "None." > md
	else {
		print "| mutant | line | eras run | the change |" > md
		print "|---|---|---|---|" > md
		for (k = 1; k <= n; k++)
			if (st[k] == "survived")
				printf "| `%s` | %s:%d | %s | `%s` → `%s` |\n", esc(id[k]), file[k], line[k], eras[k], esc(before[id[k]]), esc(after[id[k]]) > md
	}
	print "" > md
	if (t["timeout"]) {
		print "## Timed out (no verdict from the checker)" > md
		print "" > md
		print "| mutant | cell | |" > md
		print "|---|---|---|" > md
		for (k = 1; k <= n; k++)
			if (st[k] == "timeout")
				printf "| `%s` | %s | %s |\n", esc(id[k]), cell[k], esc(why[k]) > md
		print "" > md
	}
	print "## Equivalent in the real kernel" > md
	print "" > md
	print "Listed in tests/mutate/equivalent.tsv with why; they survive, and are not counted." > md
	print "" > md
	print "| mutant | why |" > md
	print "|---|---|" > md
	for (k = 1; k <= n; k++)
		if (st[k] == "equivalent")
			printf "| `%s` | %s |\n", esc(id[k]), esc(eq[id[k]]) > md
	for (k = 1; k <= n; k++)
		if (k in wrongeq)
			printf "| `%s` | **listed as equivalent, yet killed** (%s): the list is wrong |\n", esc(id[k]), esc(why[k]) > md
	print "" > md
	print "## Killed" > md
	print "" > md
	print "| mutant | first cell to differ | how |" > md
	print "|---|---|---|" > md
	for (k = 1; k <= n; k++)
		if (st[k] == "killed")
			printf "| `%s` | %s | %s |\n", esc(id[k]), cell[k], esc(why[k]) > md
	print "" > md
	print "## Reached by no scenario" > md
	print "" > md
	print "No scenario of any era runs these functions, so the checker can say nothing of their mutants; they are not counted." > md
	print "" > md
	print "| function (file) | mutants |" > md
	print "|---|---:|" > md
	for (f in unr)
		printf "| %s | %d |\n", f, unr[f] | "sort >> " md
	close("sort >> " md)
	if (t["unreached"]) {
		print "" >> md
		print "The mutants themselves:" >> md
		print "" >> md
		for (k = 1; k <= n; k++)
			if (st[k] == "unreached")
				printf "- `%s` (%s:%d)\n", esc(id[k]), file[k], line[k] >> md
	}
	if (t["build-failed"]) {
		print "" >> md
		print "## Did not build" >> md
		print "" >> md
		for (k = 1; k <= n; k++)
			if (st[k] == "build-failed")
				printf "- `%s`: %s\n", esc(id[k]), esc(why[k]) >> md
	}

	printf "mutate: %d mutants: %d reached by no scenario, %d did not build, %d not run (budget), %d equivalent\n", n, t["unreached"], t["build-failed"], t["not-run"], t["equivalent"]
	printf "mutate: kill rate %s: %d of %d killed, %d survived, %d timed out\n", pct(t["killed"], denom), t["killed"], denom, t["survived"], t["timeout"]
	for (i = 1; i <= nops; i++) {
		o = O[i]; d = c[o, "killed"] + c[o, "survived"] + c[o, "timeout"]
		printf "  %-13s %3d mutants, %3d killed of %3d run, %s\n", o, ops[o], c[o, "killed"], d, pct(c[o, "killed"], d)
	}
	for (k = 1; k <= n; k++)
		if (st[k] == "survived")
			printf "  survived: %s\n", id[k]
	for (k = 1; k <= n; k++)
		if (st[k] == "timeout")
			printf "  timeout:  %s\n", id[k]
	for (k = 1; k <= n; k++)
		if (k in wrongeq)
			printf "  KILLED BUT LISTED AS EQUIVALENT: %s\n", id[k]
	printf "mutate: report in %s\n", md
}' "$MB/plan.tsv" "$MB/order.txt" "$MB/results.tsv" "$MB/mutants.tsv" "$EQ"
