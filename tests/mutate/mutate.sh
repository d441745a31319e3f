#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/mutate/mutate.sh - build each mutant of the model, run the checker
# on it, and say which ones it catches
#
# usage: mutate.sh all OUT SOURCE...      every mutant (make mutate)
#        mutate.sh sample OUT SOURCE...   the sample of make check
#        mutate.sh one OUT K              internal: mutant K of OUT/plan.tsv
#        mutate.sh cell OUT BIN ERA SCN SECONDS LOG
#                                         internal: how one cell ends
#
# OUT is the build's mutate directory ($(B)/mutate), with the generator
# (OUT/mutate) and the build's settings (OUT/config.tsv) made by
# tests/mutate/mutate.mk.  How it works and how to read the report:
# tests/mutate/README.md.

set -u
LC_ALL=C
export LC_ALL

mode=$1
MB=$2
shift 2
# where a run keeps its state: the sample's apart, so that make check does
# not wipe out the last make mutate
ST=$MB
[ "$mode" != sample ] || ST=$MB/sample
HERE=$(dirname "$0")
TAB=$(printf '\t')

die() {
	echo "mutate: $*" >&2
	exit 2
}

cfg() {
	awk -F'\t' -v k="$1" '$1 == k { print $2; exit }' "$MB/config.tsv"
}

B=$(cfg b)
CC=$(cfg cc)
CFLAGS=$(cfg cflags)
# what reaplab is linked with: the model's objects are compiled with
# -fsanitize=thread for the data-race oracle's hooks, and that flag at the
# link would pull in the real TSan runtime too (its interceptors in every
# memcpy(), its shadow memory), which the Makefile's reaplab does not have
LFLAGS=$(cfg lflags)
LINK=$(cfg link)
CLI=$(cfg cli)
LDLIBS=$(cfg ldlibs)
ERAS=$(awk -F'\t' '$1 == "era" { print $2 }' "$MB/config.tsv")

# The object the Makefile builds from source $1, under object root $2.
obj_of() {
	o=${1#src/}
	echo "$2/${o%.c}.o"
}

# link_era ERA OUT ROOT LDS [SRC OBJ]: the era's relocatable object as the
# Makefile's era_rule links it, from objects under ROOT, SRC's replaced by
# OBJ.
link_era() {
	era=$1 out=$2 root=$3 lds=$4 rsrc=${5:-} robj=${6:-}
	line=$(awk -F'\t' -v e="$era" '$1 == "era" && $2 == e' \
		"$MB/config.tsv")
	sym=$(echo "$line" | cut -f3)
	objs=
	for s in $(echo "$line" | cut -f4); do
		if [ "$s" = "$rsrc" ]; then
			objs="$objs $robj"
		else
			objs="$objs $(obj_of "$s" "$root")"
		fi
	done
	# shellcheck disable=SC2086
	ld -r -z muldefs -T "$lds" -o "$out.tmp" $objs &&
	objcopy --redefine-sym "era_descriptor=$sym" \
		--redefine-sym "__era_data_begin=${sym}_data_begin" \
		--redefine-sym "__era_data_end=${sym}_data_end" \
		-G "$sym" -G "${sym}_data_begin" -G "${sym}_data_end" \
		"$out.tmp" "$out" && rm -f "$out.tmp"
}

# link_bin OUT DIR EXTRA...: reaplab with the eras' objects taken from DIR
# where there is one, else from the build.
link_bin() {
	out=$1 dir=$2
	shift 2
	eobjs=
	for e in $ERAS; do
		if [ -f "$dir/$e.o" ]; then
			eobjs="$eobjs $dir/$e.o"
		else
			eobjs="$eobjs $B/eras/$e.o"
		fi
	done
	# shellcheck disable=SC2086
	$CC $LFLAGS -o "$out" $LINK $eobjs $CLI $LDLIBS "$@"
}

now() {
	date +%s
}

mmss() {
	printf '%d:%02d' $(($1 / 60)) $(($1 % 60))
}

# run_cell BIN ERA SCN SECONDS LOG: one cell of explore --all.  Prints
# pass, killed, error, unknown, timeout or crash; the reason is left in
# LOG.  Exit 3 is explore's Unknown: the proof did not complete (a budget
# or the step limit cut it), which says nothing of the mutant's bug: no
# verdict, as a timeout is, never a kill.
run_cell() {
	timeout -s INT -k 10 "$4" "$1" explore --all --eras "$2" \
		--scenarios "$3" >"$5" 2>"$5.err"
	rc=$?
	case $rc in
	0) echo pass ;;
	1) echo killed ;;
	2) echo error ;;
	3) echo unknown ;;
	124|137) echo timeout ;;
	*) echo crash ;;
	esac
}

# Why a cell failed, in one line.
reason_of() {
	r=$(grep -m1 '^(!)' "$1" | sed 's/^(!) //')
	[ -n "$r" ] || r=$(grep -m1 -v '^explore: dpor' "$1.err")
	[ -n "$r" ] || r="$2, no message"
	echo "$r" | tr '\t' ' ' | cut -c1-200
}

# --- one mutant --------------------------------------------------------------

# build_mutant FILE N ERAS DIR: mutant N of FILE as DIR/reaplab, its ERAS
# relinked; sets status and detail if it does not build.
build_mutant() {
	bfile=$1 bidx=$2 beras=$3 w=$4
	rm -rf "$w"
	mkdir -p "$w"
	if ! "$MB/mutate" apply "$bfile" "$bidx" "$w/m.c" 2>"$w/build.log"; then
		status=build-failed
		detail=$(head -1 "$w/build.log")
	# the warnings a deleted statement provokes (a parameter no longer
	# used) are not the mutant's fault; an uninitialized read is
	elif ! $CC $CFLAGS -Wno-unused-parameter -Wno-unused-variable \
		-Wno-unused-but-set-variable -Wno-unused-function \
		-iquote "$(dirname "$bfile")" -c "$w/m.c" -o "$w/m.o" \
		>"$w/build.log" 2>&1; then
		status=build-failed
		detail=$(grep -m1 'error' "$w/build.log")
	else
		# an era that does not link is a mutant that did not
		# build: link_bin would take the tree's object in its
		# place, and judge the tree under the mutant's name
		for e in $beras; do
			if ! link_era "$e" "$w/$e.o" "$B/obj" \
				src/sim/world/model.lds "$bfile" "$w/m.o" \
				>>"$w/build.log" 2>&1; then
				status=build-failed
				detail="$e does not link: $(grep -m1 . "$w/build.log")"
				return
			fi
		done
		if ! link_bin "$w/reaplab" "$w" >>"$w/build.log" 2>&1; then
			status=build-failed
			detail=$(grep -m1 'error\|undefined' "$w/build.log")
		fi
	fi
}

# one K: build mutant K of the plan and run its cells, cheapest first,
# until one fails.  Writes OUT/results/K.tsv and a progress line.
one() {
	k=$1
	# past the budget: not started (the report counts it as not run)
	[ ! -f "$ST/deadline" ] || [ "$(now)" -lt "$(cat "$ST/deadline")" ] ||
		return 0
	row=$(awk -F'\t' -v k="$k" '$1 == k' "$ST/plan.tsv")
	file=$(echo "$row" | cut -f2)
	idx=$(echo "$row" | cut -f3)
	cells=$(echo "$row" | cut -f4 | tr ',' ' ')
	eras=$(for c in $cells; do echo "${c%%/*}"; done | sort -u)
	id=$(echo "$row" | cut -f5)
	only=$(echo "$row" | cut -f9)
	w=$ST/work/$k
	t0=$(now)
	status= detail= cell=
	build_mutant "$file" "$idx" "$eras" "$w"
	if [ -z "$status" ]; then
		status=survived
		# the cells of the eras it reaches, cheapest first
		for c in $(awk -F'\t' -v cells=" $cells " -v only="$only" \
			'index(cells, " " $1 "/" $2 " ") && (only == "" ||
						     only == $1 "/" $2) {
				print $3 "\t" $1 "/" $2 }' \
			"$ST/cells.tsv" | sort -n | cut -f2); do
			era=${c%%/*}
			scn=${c#*/}
			base=$(awk -F'\t' -v e="$era" -v s="$scn" \
				'$1 == e && $2 == s { print $3 }' "$ST/cells.tsv")
			limit=$(awk -v b="$base" 'BEGIN { t = 20 + 8 * b; print int(t) }')
			r=$(run_cell "$w/reaplab" "$era" "$scn" "$limit" "$w/cell")
			[ "$r" = pass ] && continue
			cell=$c
			case $r in
			killed|error|crash)
				status=killed
				detail="$r: $(reason_of "$w/cell" "$r")"
				cat "$w/cell" "$w/cell.err" >"$ST/logs/$k.txt" ;;
			timeout)
				status=timeout
				detail="no verdict in $limit s" ;;
			unknown)
				status=timeout
				detail="Unknown: $(reason_of "$w/cell" "the proof did not complete")" ;;
			esac
			break
		done
	fi
	secs=$(($(now) - t0))
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$status" "$cell" \
		"$(echo "$detail" | tr '\t' ' ')" "$secs" "$id" \
		>"$ST/results/$k.tsv"
	# keep a survivor's source, for the report's diff; the rest goes
	[ "$status" = survived ] && cp "$w/m.c" "$ST/survivors/$k.c"
	rm -rf "$w"
	n=$(($(ls "$ST/results" | wc -l) - $(cat "$ST/done0" 2>/dev/null || echo 0)))
	total=$(cat "$ST/torun")
	start=$(cat "$ST/start")
	el=$(($(now) - start))
	eta=$((el * (total - n) / n))
	printf '[%d/%d] %s elapsed, ETA %s  %-9s %s\n' "$n" "$total" \
		"$(mmss $el)" "$(mmss $eta)" "$status" "$id"
}

# cell BIN ERA SCN SECONDS LOG: what run_cell makes of one cell
if [ "$mode" = cell ]; then
	run_cell "$@"
	exit 0
fi

if [ "$mode" = one ]; then
	one "$1"
	exit 0
fi

# build K DIR: mutant K of the last plan, built into DIR to look at
if [ "$mode" = build ]; then
	row=$(awk -F'\t' -v k="$1" '$1 == k' "$ST/plan.tsv")
	[ -n "$row" ] || die "no mutant $1 in $ST/plan.tsv"
	status=
	detail=
	cells=$(echo "$row" | cut -f4 | tr ',' ' ')
	build_mutant "$(echo "$row" | cut -f2)" "$(echo "$row" | cut -f3)" \
		"$(for c in $cells; do echo "${c%%/*}"; done | sort -u)" "$2"
	[ -z "$status" ] || die "$status: $detail"
	echo "$2/reaplab: $(echo "$row" | cut -f5); its cells: $cells"
	exit 0
fi

# --- the plan ---------------------------------------------------------------

[ -x "$MB/mutate" ] && [ -f "$MB/config.tsv" ] ||
	die "build the generator and config first (make mutate)"
mkdir -p "$ST"
# one run at a time in a state directory: two would share work and results
exec 9>"$ST/lock"
flock -n 9 || die "another run is using $ST"
"$MB/mutate" list "$@" >"$ST/mutants.tsv" || die "mutate list failed"
N=$(wc -l <"$ST/mutants.tsv")

# baseline: every cell of the tree, its verdict and its time
baseline() {
	echo "mutate: the tree itself, every cell of explore --all"
	"$B/reaplab" explore --all >"$ST/baseline.txt" 2>/dev/null ||
		die "the tree fails explore --all: see $ST/baseline.txt"
	# "Observation v4.9/oom spurious-kill Sometimes (1 of 6 ..., 0.00 s)"
	# "Observation v4.6/mrelease n/a (...)"
	awk '/^Observation / {
		split($2, c, "/"); t = 0
		if (match($0, /[0-9.]+ s\)$/))
			t = substr($0, RSTART, RLENGTH - 3)
		printf "%s\t%s\t%s\n", c[1], c[2], t
	}' "$ST/baseline.txt" >"$ST/cells.tsv"
	[ -s "$ST/cells.tsv" ] || die "no cells in $ST/baseline.txt"
}

# coverage: which lines each era runs, in a build with --coverage whose
# counters live outside the data the simulator restores before every
# execution (the model's data section, src/sim/world/model.lds)
coverage() {
	cov=$ST/cov
	srcs=$(awk -F'\t' '$1 == "era" { print $4 }' "$MB/config.tsv" |
		tr ' ' '\n' | sort -u)
	# the same sources, the same cells: the same coverage as last time
	# shellcheck disable=SC2086
	key=$({ cat $srcs "$MB/config.tsv"; cut -f1,2 "$ST/cells.tsv"; } | cksum)
	if [ -f "$cov/key" ] && [ "$(cat "$cov/key")" = "$key" ]; then
		echo "mutate: coverage: unchanged since the last run"
		return
	fi
	rm -rf "$cov"
	mkdir -p "$cov/obj" "$cov/eras"
	{
		echo 'SECTIONS'
		echo '{'
		echo '	gcov_counters : { *(.bss.__gcov0.*) }'
		echo '	gcov_data : { *(.data.rel.local.__gcov_.* .data.rel..LPBX* .data.rel.local..LPBX*) }'
		sed -n '/model_data :/,/^	}/p' src/sim/world/model.lds
		echo '}'
	} >"$cov/model.lds"
	echo "mutate: coverage: $(echo "$srcs" | wc -l) model files with --coverage"
	for s in $srcs; do
		o=$(obj_of "$s" "$cov/obj")
		mkdir -p "$(dirname "$o")"
		echo "$s $o"
	done | xargs -P "${MUTATE_JOBS:-2}" -n 2 sh -c \
		"$CC $CFLAGS -O0 --coverage -fdata-sections -c \"\$0\" -o \"\$1\"" ||
		die "coverage build failed"
	for e in $ERAS; do
		link_era "$e" "$cov/eras/$e.o" "$cov/obj" "$cov/model.lds" ||
			die "coverage link of $e failed"
	done
	link_bin "$cov/reaplab" "$cov/eras" --coverage ||
		die "coverage link failed"
	root=$(cd "$cov/obj" && pwd)
	strip=$(echo "$root" | tr -cd / | wc -c)
	mkdir -p "$cov/lines"
	while IFS="$TAB" read -r e scn t; do
		echo "mutate: coverage: $e/$scn"
		run=$cov/run/$e/$scn
		GCOV_PREFIX=$run GCOV_PREFIX_STRIP=$strip \
			"$cov/reaplab" explore --all --eras "$e" \
			--scenarios "$scn" >/dev/null 2>&1
		for s in $(awk -F'\t' -v e="$e" '$1 == "era" && $2 == e { print $4 }' \
			"$MB/config.tsv"); do
			o=$(obj_of "$s" "$cov/obj")
			d=$run/$(dirname "${o#"$cov/obj/"}")
			[ -f "$d/$(basename "${o%.o}").gcda" ] || continue
			cp "${o%.o}.gcno" "$d/"
			# the file's own lines, not those of the headers it
			# includes; a count (maybe with '*') means it ran
			gcov -t -o "$d" "$s" 2>/dev/null | awk -v f="$s" -F: '
				$3 == "Source" { mine = $4 == f; next }
				mine && $1 ~ /[0-9]/ && $1 !~ /#|=/ {
					gsub(/ /, "", $2); print f ":" $2 }'
		done | sort -u | awk -v c="$e/$scn" '{ print $0 "\t" c }' \
			>"$cov/lines/$e.$scn"
	done <"$ST/cells.tsv"
	echo "$key" >"$cov/key"
}

# plan.tsv: K, file, index in the file, the cells (era/scenario) whose
# runs reach it,
# the id, op, function, first line; with the mutants nobody reaches apart
plan() {
	cat "$ST"/cov/lines/* >"$ST/cov/all.lines"
	awk -F'\t' -v OFS='\t' '
		FILENAME ~ /all.lines$/ { r[$1] = r[$1] (r[$1] ? "," : "") $2; next }
		{
			eras = ""; seen = ""
			for (l = $3; l <= $4; l++) {
				n = split(r[$2 ":" l], es, ",")
				for (i = 1; i <= n; i++)
					if (index("," seen ",", "," es[i] ",") == 0) {
						seen = seen (seen ? "," : "") es[i]
					}
			}
			print ++k, $2, $1, seen, $7, $5, $6, $3
		}' "$ST/cov/all.lines" "$ST/mutants.tsv" >"$ST/plan.tsv"
}

# The mutants in a random order (random seed MUTATE_SEED); those judged equivalent (equivalent.txt)
# last, so that a short budget spends itself on the others first.
order() {
	awk -F'\t' 'FNR == NR { if ($0 !~ /^#/ && NF) eq[$1] = 1; next }
		$4 != "" { print ($5 in eq) "\t" $1 }' \
		"$HERE/equivalent.tsv" "$ST/plan.tsv" |
	awk -v rseed="$MUTATE_SEED" -F'\t' 'BEGIN { srand(rseed) }
		{ printf "%s\t%.9f\t%s\n", $1, rand(), $2 }' |
	sort -k1,1n -k2,2n | cut -f3
}

if [ "${MUTATE_RESUME:-}" != 1 ] || [ "$mode" = sample ]; then
	rm -rf "$ST/results" "$ST/survivors" "$ST/logs"
fi
rm -rf "$ST/work" "$ST/deadline"
mkdir -p "$ST/results" "$ST/survivors" "$ST/work" "$ST/logs"
started=$(now)

if [ "$mode" = sample ]; then
	# tests/mutate/sample.tsv: an id and the cell that must catch it;
	# the tree must pass that cell, the mutant must fail it
	fail=0
	: >"$ST/plan.tsv"
	: >"$ST/cells.tsv"
	k=0
	while IFS="$TAB" read -r id cell; do
		case $id in '#'*|'') continue ;; esac
		k=$((k + 1))
		row=$(awk -F'\t' -v id="$id" '$7 == id' "$ST/mutants.tsv")
		[ -n "$row" ] || { echo "mutate-sample: no mutant $id"; fail=1; continue; }
		era=${cell%%/*}
		scn=${cell#*/}
		r=$(run_cell "$B/reaplab" "$era" "$scn" 300 "$ST/tree.cell")
		if [ "$r" != pass ]; then
			echo "mutate-sample: the tree fails $cell ($r)"
			fail=1
		fi
		printf '%s\t%s\t%s\t%s\t%s\t\t\t\t%s\n' "$k" \
			"$(echo "$row" | cut -f2)" "$(echo "$row" | cut -f1)" \
			"$cell" "$id" "$cell" >>"$ST/plan.tsv"
		printf '%s\t%s\t280\n' "$era" "$scn" >>"$ST/cells.tsv"
	done <"$HERE/sample.tsv"
	echo "$k" >"$ST/torun"
	echo "$started" >"$ST/start"
	for i in $(seq 1 "$k"); do
		one "$i" >/dev/null
		res=$(cat "$ST/results/$i.tsv")
		st=$(echo "$res" | cut -f2)
		printf 'mutate-sample: %-8s %s (%s)\n' "$st" \
			"$(echo "$res" | cut -f6)" "$(echo "$res" | cut -f4)"
		[ "$st" = killed ] || fail=1
	done
	[ $fail = 0 ] || die "sample: a mutant survived or the tree failed"
	echo "mutate-sample: $k of $k mutants killed, the tree passes their cells ($(($(now) - started)) s)"
	exit 0
fi

[ "$mode" = all ] || die "unknown mode $mode"
echo "mutate: $N mutants of $# files"
baseline
coverage
plan
order >"$ST/order.txt"
if [ "${MUTATE_RESUME:-}" = 1 ]; then
	# keep what earlier runs found for the same mutants, run the rest
	for r in "$ST"/results/*.tsv; do
		[ -f "$r" ] || continue
		k=$(basename "$r" .tsv)
		[ "$(cut -f6 "$r")" = "$(awk -F'\t' -v k="$k" '$1 == k { print $5 }' \
			"$ST/plan.tsv")" ] || rm -f "$r" "$ST/survivors/$k.c"
	done
	ls "$ST/results" | sed 's/\.tsv$//' | sort >"$ST/done.txt"
	awk 'FNR == NR { done[$1] = 1; next } !($1 in done)' \
		"$ST/done.txt" "$ST/order.txt" >"$ST/order.tmp"
	echo "mutate: resuming: $(wc -l <"$ST/done.txt") mutants judged already"
	mv "$ST/order.tmp" "$ST/order.txt"
fi
[ -n "${MUTATE_ONLY:-}" ] &&
	awk -F'\t' -v p="$MUTATE_ONLY" 'FNR == NR { if (index($5, p)) k[$1] = 1; next }
		$1 in k' "$ST/plan.tsv" "$ST/order.txt" >"$ST/order.tmp" &&
	mv "$ST/order.tmp" "$ST/order.txt"
if [ -n "${MUTATE_IDS:-}" ]; then
	# exactly these mutants: one id a line (a tab and anything after it,
	# as in equivalent.tsv, ignored; blank lines and '#' lines too)
	[ -r "$MUTATE_IDS" ] || die "MUTATE_IDS: cannot read $MUTATE_IDS"
	grep -v '^#' "$MUTATE_IDS" | cut -f1 | grep -v '^$' >"$ST/ids.txt"
	awk -F'\t' 'FNR == NR { want[$1] = 1; next } ($5 in want) { print $5 }' \
		"$ST/ids.txt" "$ST/plan.tsv" >"$ST/ids.found"
	grep -vxF -f "$ST/ids.found" "$ST/ids.txt" | while IFS= read -r id; do
		echo "mutate: MUTATE_IDS: no mutant $id in this tree (its file or text changed)" >&2
	done
	awk -F'\t' 'FNR == NR { want[$1] = 1; next }
		FILENAME == ARGV[2] { if ($5 in want) k[$1] = 1; next }
		$1 in k' "$ST/ids.txt" "$ST/plan.tsv" "$ST/order.txt" \
		>"$ST/order.tmp" && mv "$ST/order.tmp" "$ST/order.txt"
fi
reached=$(awk -F'\t' '$4 != ""' "$ST/plan.tsv" | wc -l)
torun=$(wc -l <"$ST/order.txt")
ls "$ST/results" | wc -l >"$ST/done0"
echo "mutate: $reached mutants reached by some cell (era x scenario), $((N - reached)) by none; $torun to run in the order of random seed $MUTATE_SEED (build/mutate/order.txt), $MUTATE_JOBS at once, none started after $MUTATE_BUDGET s"
echo "$torun" >"$ST/torun"
now >"$ST/start"
deadline=$(($(now) + MUTATE_BUDGET))
echo "$deadline" >"$ST/deadline"
# each job checks the deadline before it starts its mutant
xargs -P "$MUTATE_JOBS" -n 1 sh "$0" one "$MB" <"$ST/order.txt"
sh "$HERE/report.sh" "$ST" "$HERE/equivalent.tsv" "$(($(now) - started))"
