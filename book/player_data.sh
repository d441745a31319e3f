#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/player_data.sh REAPLAB [EXPLORE_ALL_MD] - what the player page
# offers, as a script setting PLAYER_DATA, on stdout: every era, its
# scenarios with the verdict the era declares, the schedules it ships,
# and for each scenario in which it has a bug the explorer's minimized
# counterexample and its preemptions (found now, by `reaplab explore`,
# not typed in); for a clean one, how many executions DPOR's proof ran,
# read from the table `reaplab explore --all --format md` wrote for the
# book (EXPLORE_ALL_MD), when given.
set -e
bin=$1
all=${2:-}
eras=$($bin list | awk 'NR > 1 && $1 ~ /^(v[0-9]|20[0-9][0-9]-)/ { print $1 }')
json() {
	printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}
printf 'window.PLAYER_DATA = { "eras": ['
sep=
for e in $eras; do
	printf '%s\n{ "id": %s, "scenarios": [' "$sep" "$(json "$e")"
	sep=,
	ssep=
	$bin show "$e" | sed -n '/^Verdicts history/,/^$/p' |
	awk 'NR > 1 && NF >= 2 { print $1, $2 }' > "${TMPDIR:-/tmp}/player-verdicts.$$"
	while read -r scn verdict; do
		cex=
		pre=null
		proof=null
		if [ "$verdict" != clean ] && [ "$verdict" != n/a ]; then
			$bin explore "$e" "$scn" --mode dpor --time 60 \
				> "${TMPDIR:-/tmp}/player-explore.$$" 2>/dev/null || true
			cex=$(sed -n 's/^  schedule: //p' \
				"${TMPDIR:-/tmp}/player-explore.$$" | head -1)
			pre=$(sed -n 's/^Counterexample (.*, \([0-9][0-9]*\) preemptions*,.*/\1/p' \
				"${TMPDIR:-/tmp}/player-explore.$$" | head -1)
			rm -f "${TMPDIR:-/tmp}/player-explore.$$"
		elif [ "$verdict" = clean ] && [ -n "$all" ] && [ -f "$all" ]; then
			proof=$(awk -F '|' -v era="$e" -v scn="$scn" '
				NR == 1 { for (i = 2; i <= NF; i++) {
						c = $i; gsub(/ /, "", c);
						if (c == scn) col = i } }
				{ r = $2; gsub(/ /, "", r) }
				r == era && col { print $col }' "$all" |
				sed -n 's/.*clean in all \([0-9][0-9]*\) executions.*/\1/p')
		fi
		printf '%s\n  { "name": %s, "verdict": %s, "counterexample": %s, "preemptions": %s, "proof": %s }' \
			"$ssep" "$(json "$scn")" "$(json "$verdict")" \
			"$(json "$cex")" "${pre:-null}" "${proof:-null}"
		ssep=,
	done < "${TMPDIR:-/tmp}/player-verdicts.$$"
	rm -f "${TMPDIR:-/tmp}/player-verdicts.$$"
	printf '],\n  "schedules": ['
	$bin show "$e" | sed -n '/^Schedules:/,$p' |
	sed -n 's|^  \([a-z-]*\)/\([a-z0-9.-]*\): \(.*\)$|\1 \2 \3|p' |
	{
		ssep=
		while read -r scn name sched; do
			printf '%s\n  { "scenario": %s, "name": %s, "schedule": %s }' \
				"$ssep" "$(json "$scn")" "$(json "$name")" \
				"$(json "$sched")"
			ssep=,
		done
	}
	printf '] }'
done
printf '\n] };\n'
