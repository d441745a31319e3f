#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/grader/regrade.sh - make regrade: grade a submission as a
# course does, taking nothing from it but the lab's files
#
# Simulator-only build helper, run by `make regrade` from the top of a
# tree the course trusts (its own checkout, or the handout):
#
#   regrade.sh [--format gradescope|tap] SUBMISSION LAB...
#
# SUBMISSION is a student's tree (a clone of their repository, an
# unpacked upload) or a folder holding their files.  For each LAB, each
# file lab.conf's `files:` lists is looked for as
# SUBMISSION/exercises/LAB/FILE, then SUBMISSION/LAB/FILE, then (one lab
# only) SUBMISSION/FILE; a regular file of at most 1 MiB is taken (no
# symbolic link, nothing outside SUBMISSION).  Everything else of the
# submission (a Makefile, a grade.c, the grader, the model) is ignored:
# the lab is graded in a fresh tree made from this one's handout
# (handout.sh), built from scratch but for the objects of this tree's
# model and simulator, which no lab file changes.  The report says which
# files were taken; the results go where `make grade` puts them, in this
# tree's build folder.
set -u

B=${GRADE_BUILD:-build}
format=
while [ $# -gt 0 ]; do
	case "$1" in
	--format) format=$2; shift ;;
	-*) echo "regrade.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
if [ $# -lt 2 ]; then
	echo "usage: make regrade SUBMISSION=DIR [LAB=NN-slug] [FORMAT=gradescope|tap]" >&2
	exit 2
fi
sub=$1
shift
labs="$*"
one=
[ $# -eq 1 ] && one=1
if [ ! -d "$sub" ]; then
	echo "regrade: SUBMISSION=$sub is no folder" >&2
	exit 2
fi
subreal=$(cd "$sub" && pwd -P)
top=$(pwd -P)
tree=$top/$B/regrade
rm -rf "$tree"
mkdir -p "$tree"

# the handout of this tree, unpacked: the grader, the model, the labs
sh exercises/grader/handout.sh "$tree/handout.tar.gz" > /dev/null || exit 2
tar -xzf "$tree/handout.tar.gz" -C "$tree" || exit 2
work=$tree/reaplab

# This tree's objects of the model and simulator (mtimes kept, so make
# sees them up to date): nothing a lab's files change.  Not the labs'.
if [ -d "$B/obj" ]; then
	mkdir -p "$work/$B"
	(cd "$B" && find obj gen eras reaplab -maxdepth 0 2>/dev/null) |
	while read -r d; do
		cp -pR "$B/$d" "$work/$B/"
	done
	rm -rf "$work/$B/obj/exercises/"[0-9]* "$work/$B/obj/tests" \
		"$work/$B/eras/lab."* "$work/$B/eras/sol."* \
		"$work/$B/eras/var."* "$work/$B/eras/prog."*
	# the labs' programs are built from lab folders: rebuilt too
	for l in $labs; do
		for p in $(sed -n 's/^programs:[[:space:]]*//p' \
				"exercises/$l/lab.conf"); do
			rm -f "$work/$B/eras/$p.o"
		done
	done
fi

# A submitted file, if it may be taken: regular, not a link, inside
# SUBMISSION, at most 1 MiB.  Prints its path, or nothing.
candidate() {
	for c in "$@"; do
		[ -e "$c" ] || [ -L "$c" ] || continue
		if [ -L "$c" ] || [ ! -f "$c" ]; then
			echo "regrade: $c is not a regular file: not taken" >&2
			return
		fi
		real=$(cd "$(dirname "$c")" && pwd -P)/$(basename "$c")
		case "$real" in
		"$subreal"/*) ;;
		*) echo "regrade: $c is outside $sub: not taken" >&2; return ;;
		esac
		if [ "$(wc -c < "$c")" -gt 1048576 ]; then
			echo "regrade: $c is larger than 1 MiB: not taken" >&2
			return
		fi
		echo "$c"
		return
	done
}

taken_all=
for lab in "$@"; do
	conf=exercises/$lab/lab.conf
	taken=
	kept=
	for f in $(sed -n 's/^files:[[:space:]]*//p' "$conf"); do
		if [ -n "$one" ]; then
			c=$(candidate "$sub/exercises/$lab/$f" "$sub/$lab/$f" \
				"$sub/$f")
		else
			c=$(candidate "$sub/exercises/$lab/$f" "$sub/$lab/$f")
		fi
		if [ -n "$c" ]; then
			mkdir -p "$(dirname "$work/exercises/$lab/$f")"
			cp "$c" "$work/exercises/$lab/$f"
			taken="$taken $f"
		else
			kept="$kept $f"
		fi
	done
	line="$lab: took${taken:- nothing} from $sub${kept:+; the handout's skeleton for$kept}"
	echo "regrade: $line"
	taken_all="$taken_all$line
"
done

# Grade there, with that tree's Makefile and grader; results here.
abs() {
	case "$1" in
	/*) echo "$1" ;;
	*) echo "$top/$1" ;;
	esac
}
GRADE_JSON=$(abs "${GRADE_JSON:-$B/grade.json}") \
GRADE_RESULTS=$(abs "${GRADE_RESULTS:-$B/results.json}") \
GRADE_TAP=$(abs "${GRADE_TAP:-$B/grade.tap}") GRADE_TAKEN="$taken_all" \
	${MAKE:-make} -C "$work" --no-print-directory -s \
	${SANITIZE:+SANITIZE=$SANITIZE} grade LAB="$labs" ${format:+FORMAT=$format}
