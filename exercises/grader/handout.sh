#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/grader/handout.sh - make handout: the tree students get
#
#   handout.sh TARBALL
#
# Writes TARBALL (a .tar.gz whose files are under reaplab/): the project as
# it stands in this working tree (git's view of it: tracked and new files,
# nothing ignored; without git, every file outside build/), less what only
# instructors get: the reference solutions (exercises/solutions/) and the
# grader's own test submissions (tests/labs/, some of which are nearly
# solutions).  In the handout `make grade` scores the skeletons (zero, or
# what each lab.conf documents) and `make check` skips, saying so, the
# tests that need what was left out.  Simulator-only build helper.
set -eu

out=${1:?usage: handout.sh TARBALL}
list=$(mktemp)
trap 'rm -f "$list"' EXIT

if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
	git ls-files --cached --others --exclude-standard
else
	find . -type f ! -path './build/*' ! -path './.git/*' | sed 's,^\./,,'
fi | grep -v '^exercises/solutions/' | grep -v '^tests/labs/' |
	grep -v '^build/' | sort -u |
	while IFS= read -r f; do
		[ -f "$f" ] && printf '%s\n' "$f"
	done > "$list"

mkdir -p "$(dirname "$out")"
tar -czf "$out" --transform 's,^,reaplab/,' -T "$list"
echo "handout: $out ($(wc -l < "$list") files; no exercises/solutions, no tests/labs)"
