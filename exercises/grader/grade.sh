#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/grader/grade.sh - make grade: build each lab's binary, run its
# grader, add the scores up
#
# Simulator-only build helper, run by `make grade` from the top of the tree:
#
#   grade.sh [--solutions | --variant NAME] [--no-build]
#            [--format gradescope|tap] LAB...
#
# For each lab it builds build/labs/LAB/reaplab (your files) or, with
# --solutions, build/labs/solutions/LAB/reaplab (the reference solutions);
# with --variant NAME, the submission tests/labs/LAB/NAME (the grader's own
# tests).  If your code does not compile, the lab is graded anyway with a
# binary that lacks it: the tests that need it score zero and say why, the
# others are scored.  If it breaks a rule of the lab (vet.sh: a function
# the lab does not let you change, a C library call, a constructor...), it
# is not linked at all and the lab scores zero, with the rule.  A solution
# file NAME.sh stands for the file NAME: it is run and its output graded
# (a predict lab's answers are derived by a script from the tools'
# output, never stored).  The results of every lab go to build/grade.json
# (GRADE_JSON=FILE: elsewhere); with --format gradescope, also to
# Gradescope's results.json (GRADE_RESULTS=FILE, default
# build/results.json); with --format tap, to build/grade.tap (GRADE_TAP).
# The exit status is 0 only on a full score.
#
# GRADE_BUILD is the build folder (make's B: build, build/asan, ...).
set -u

B=${GRADE_BUILD:-build}
kind=student
variant=
build=1
format=
while [ $# -gt 0 ]; do
	case "$1" in
	--solutions) kind=solutions ;;
	--variant) kind=variant; variant=$2; shift ;;
	--no-build) build= ;;
	--format) format=$2; shift ;;
	-*) echo "grade.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
if [ $# -eq 0 ]; then
	echo "grade.sh: no lab" >&2
	exit 2
fi
case "$format" in
''|gradescope|tap) ;;
*) echo "grade.sh: FORMAT=$format: gradescope or tap" >&2; exit 2 ;;
esac

total=0
max=0
json=${GRADE_JSON:-$B/grade.json}
results=${GRADE_RESULTS:-$B/results.json}
tap=${GRADE_TAP:-$B/grade.tap}
mkdir -p $(dirname $json)
printf '{"labs": [' > $json.tmp
: > $json.gs
: > $json.tap
sep=
gsep=
start=$(date +%s)

# A message of ours as a JSON string (no student text goes through here).
jstr() {
	printf '"%s"' "$(printf '%s\n' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g; s/\t/\\t/g' |
		awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }')"
}

for lab in "$@"; do
	dir=exercises/$lab
	if [ ! -f $dir/lab.conf ]; then
		echo "grade.sh: no lab $lab (labs: $(cd exercises && ls -d [0-9][0-9]-* | tr '\n' ' '))" >&2
		exit 2
	fi
	case $kind in
	student) sub=$dir; out=$B/labs/$lab ;;
	solutions) sub=exercises/solutions/$lab; out=$B/labs/solutions/$lab ;;
	variant) sub=tests/labs/$lab/$variant
		out=$B/labs/variants/$lab/$variant ;;
	esac
	if [ ! -d "$sub" ]; then
		echo "grade.sh: no submission $sub" >&2
		exit 2
	fi
	# a lab without an era of the student's is one binary for every
	# submission; with one, each submission is built as its own era
	bindir=$out
	[ -f $dir/era.c ] || bindir=$B/labs/$lab
	mkdir -p $out
	bin=$bindir/reaplab
	broken=
	if [ -n "$build" ]; then
		rm -f $out/rejected $bindir/built
		# one make (its reading of the Makefile is most of its time)
		# for both binaries: the one with the student's code, whose
		# stamp `built` is made only if it was, and the one without
		# it, for when it could not be
		${MAKE:-make} -s -k --no-print-directory $bindir/built \
			$([ -f $dir/era.c ] && echo $bindir/broken/reaplab) \
			> $out/build.log 2>&1
		if [ ! -f $bindir/built ]; then
			bin=$bindir/broken/reaplab
			broken="--broken $out/build.log"
		fi
	elif [ ! -x $bin ] && [ -x $bindir/broken/reaplab ]; then
		bin=$bindir/broken/reaplab
		broken="--broken $out/build.log"
	fi
	# broken by a rule, not by the compiler: nothing of it is graded
	if [ -n "$broken" ] && [ -s $out/rejected ]; then
		broken="--rejected $out/rejected"
	fi
	if [ ! -x $bin ]; then
		points=$(sed -n 's/^points:[[:space:]]*//p' $dir/lab.conf)
		echo "== $lab: cannot be built =="
		sed -n '1,30p' $out/build.log | cat -v | sed 's/^/    /'
		echo "  $lab: 0/$points"
		total=$((total + 0))
		max=$((max + points))
		printf '%s\n{"lab": "%s", "score": 0, "max": %s, "tests": []}' \
			"$sep" "$lab" "$points" >> $json.tmp
		sep=,
		printf '%s{"name": %s, "score": 0, "max_score": %s, "status": "failed", "visibility": "visible", "output": %s}' \
			"$gsep" "$(jstr "$lab: the lab's binary")" "$points" \
			"$(jstr "the lab's binary could not be built: see $out/build.log")" \
			>> $json.gs
		gsep=",
"
		echo "not ok - $lab: the lab's binary could not be built (0/$points)" >> $json.tap
		continue
	fi
	# solution files written as scripts: run them into a folder of files
	if [ $kind = solutions ] && ls $sub/*.sh > /dev/null 2>&1; then
		gen=$out/submission
		rm -rf $gen
		mkdir -p $gen
		cp -R $sub/. $gen/
		# with the lab's binary of this build (build/asan/... under
		# SANITIZE=address, where no build/labs may exist)
		for s in $sub/*.sh; do
			f=$(basename $s .sh)
			if ! REAPLAB=$bin sh $s > $gen/$f 2> $out/$f.err; then
				echo "grade.sh: $s failed:" >&2
				cat $out/$f.err >&2
			fi
		done
		sub=$gen
	fi
	rm -f $out/grade.json $out/results.part $out/grade.tap
	case "$format" in
	gradescope) fmt="--gradescope $out/results.part" ;;
	tap) fmt="--tap $out/grade.tap" ;;
	*) fmt= ;;
	esac
	$bin grade --sub $sub --json $out/grade.json --out $out $broken $fmt
	if [ -f $out/grade.json ]; then
		s=$(sed -n 's/.*"score": \([0-9]*\), "max": \([0-9]*\).*/\1/p' \
			$out/grade.json | head -1)
		m=$(sed -n 's/.*"score": \([0-9]*\), "max": \([0-9]*\).*/\2/p' \
			$out/grade.json | head -1)
		total=$((total + ${s:-0}))
		max=$((max + ${m:-0}))
		printf '%s\n' "$sep" >> $json.tmp
		cat $out/grade.json >> $json.tmp
		sep=,
	fi
	if [ -s $out/results.part ]; then
		printf '%s' "$gsep" >> $json.gs
		cat $out/results.part >> $json.gs
		gsep=","
	fi
	[ -f $out/grade.tap ] && cat $out/grade.tap >> $json.tap
done

seconds=$(( $(date +%s) - start ))
printf '], "score": %d, "max": %d, "seconds": %d}\n' $total $max \
	$seconds >> $json.tmp
mv $json.tmp $json
case "$format" in
gradescope)
	mkdir -p $(dirname $results)
	{
		printf '{"score": %d, "execution_time": %d, "output": %s, "output_format": "text", "test_output_format": "text", "visibility": "visible", "stdout_visibility": "hidden", "tests": [\n' \
			$total $seconds "$(jstr "${GRADE_TAKEN:-}Score: $total/$max")"
		cat $json.gs
		printf ']}\n'
	} > $results.tmp && mv $results.tmp $results
	echo "results: $results (Gradescope's format)" ;;
tap)
	mkdir -p $(dirname $tap)
	{
		echo "1..$(grep -c -E '^(ok|not ok) ' $json.tap)"
		cat $json.tap
	} > $tap.tmp && mv $tap.tmp $tap
	echo "results: $tap (TAP)" ;;
esac
rm -f $json.gs $json.tap
echo "Score: $total/$max"
[ $total -eq $max ]
