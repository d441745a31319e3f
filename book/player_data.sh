#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/player_data.sh REAPLAB - what the player page offers, as a script
# setting PLAYER_DATA, on stdout: every era, its scenarios with the
# verdict the era declares, the schedules it ships, and for each
# scenario in which it has a bug the explorer's minimized counterexample
# (found now, by `reaplab explore`, not typed in).
set -e
bin=$1
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
		if [ "$verdict" != clean ] && [ "$verdict" != n/a ]; then
			cex=$($bin explore "$e" "$scn" --mode dpor --time 60 2>/dev/null |
				sed -n 's/^  schedule: //p' | head -1) || true
		fi
		printf '%s\n  { "name": %s, "verdict": %s, "counterexample": %s }' \
			"$ssep" "$(json "$scn")" "$(json "$verdict")" \
			"$(json "$cex")"
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
