#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/grader/vet.sh - a student's C, checked before it is linked
#
# Simulator-only build helper, run by make (exercises/exercises.mk):
#
#   vet.sh --api OUT ERA_OBJ CHAIN_OBJ...
#	OUT: the model's kernel API an era's overlay may use, one name a
#	line: every global the era's own objects define (its chain, down to
#	the common tree), and every symbol its relocatable object still
#	needs from outside (the seam's primitives, kmalloc(), printk()...);
#	sanitizer hooks left out (they are the compiler's, not the model's).
#
#   VET_CPP='CC FLAGS' VET_CLANG='clang FLAGS' [VET_AST_CACHE=DIR] \
#   [VET_PYTHON=PYTHON] vet.sh --lab LAB --out REJECTED --source SRC...
#	Checks the text of each student file SRC, before anything compiles
#	it, as the preprocessor reads it: no pragma, no #include from
#	outside the model's tree; then, with VET_CPP (the compiler and the
#	model's flags), which files the preprocessor really enters; then,
#	with VET_CLANG, what the compiler sees: clang's AST against the
#	lab's allow-list (exercises/LAB/allow.conf, astcheck.py), each
#	verdict kept in VET_AST_CACHE.
#
#   vet.sh --lab LAB --api API --out REJECTED SRC=OBJ...
#	Checks OBJ, each student file SRC compiled with the model's flags
#	and no sanitizer.
#
# Either exits 0 if every file keeps to the rules; else 1 with one line
# per broken file, on stderr and in REJECTED, naming the symbol and the
# rule.
#
# DOC: What a lab's code may be
#
# A lab's C files are overlays of an era's functions, linked into the
# binary that grades them.  So before they are linked:
#
#  - they define no global but the functions lab.conf's `functions:`
#    lets the student change (static helpers and static data are fine):
#    the overlay is linked with -z muldefs, and any other definition
#    would replace the era's or the common tree's;
#  - they use nothing but the model's kernel API (the API file above):
#    no C library, no system call, nothing of the simulator or the
#    grader; memcpy(), memmove() and memset() only, which the compiler
#    calls itself to copy and clear structures;
#  - no constructor, destructor, .init_array/.fini_array entry, or any
#    section but code, data, read-only data, debugging information and
#    the notes every object has: nothing runs before or after a test;
#  - no GNU indirect function (its resolver runs at load time);
#  - code only in .text sections, never writable (a section attribute
#    can smuggle in its own flags: ".data.x,\"awx\",@progbits#"), and
#    there only functions: an array
#    put in .text by a section attribute is data disguised as code, a
#    function in a section of data is code disguised as data;
#  - no executable stack (.note.GNU-stack with its x flag, or none at
#    all): a GCC nested function whose address is taken needs one for
#    its trampoline, and it would make the whole binary's stack runnable;
#  - no system or privileged instruction in its decoded code, and no
#    system call's bytes (0f 05, 0f 34, cd 80) anywhere in its code,
#    not even in an immediate a computed jump could land inside; no
#    writable section but data (.data, .bss: a .rodata made writable by
#    a section attribute would keep state the explorer never restores);
#  - the text read as the preprocessor reads it (continuations joined,
#    comments a space, %: for #): no #include but of a literal name with
#    no absolute path and no "..", no #include_next, #import or #embed,
#    no #pragma or _Pragma (a pragma can pull in a file or change where
#    code goes), no #line (the file names the preprocessor reports, which
#    the next check reads), no raw string; and every file the
#    preprocessor enters (its line markers) is a header of the model, a
#    file of the lab's, the submission's own or a system header, never a
#    source file of the model (a whole era's mm/mmap.c: only the
#    grader's own submissions hand in a historical era that way) nor one
#    of exercises/solutions (a file of the grading machine would end up
#    in the object or in a compiler message the student reads);
#  - and above all, what the compiler sees keeps to the lab's allow-list
#    (astcheck.py, DOC: What a lab's code is checked against): the
#    functions it calls, the fields it reads and writes, the macros it
#    uses; no asm, no attribute, no cast between pointers and integers,
#    no function pointer, no pointer arithmetic, no variable of its own
#    but locals.  The checks of the object above come after it, a second
#    line for what clang and gcc might see differently.
#
# What this cannot see: bytes a relocation fills in at link time; a
# _Pragma a macro pastes together that the preprocessor itself carries
# out (once, poison, dependency: none reads a file or places code).
# exercises/README.md, "Trust", says what else stands in its way.
set -u

die() {
	echo "vet.sh: $*" >&2
	exit 2
}

# --- the API ---------------------------------------------------------------

if [ "${1:-}" = --api ]; then
	[ $# -ge 3 ] || die "usage: vet.sh --api OUT ERA_OBJ CHAIN_OBJ..."
	out=$2
	era=$3
	shift 3
	{
		# the chain's globals: functions and data, not the era's
		# descriptor nor the program's table (the grader's to read)
		nm -g --defined-only "$@" | awk 'NF == 3 { print $3 }' |
			grep -v -x -e era_descriptor -e program \
				-e '__era_data_begin' -e '__era_data_end'
		# what the era still needs from outside
		nm -u "$era" | awk '{ print $NF }'
	} | grep -v -e '^__asan' -e '^__ubsan' -e '^__tsan' -e '^__sanitizer' \
		-e '^__odr_asan' | sort -u > "$out.tmp" && mv "$out.tmp" "$out"
	exit
fi

# --- the check -------------------------------------------------------------

lab=
api=
rejected=
source=
while [ $# -gt 0 ]; do
	case "$1" in
	--lab) lab=$2; shift ;;
	--api) api=$2; shift ;;
	--out) rejected=$2; shift ;;
	--source) source=1 ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
	shift
done
[ -n "$lab" ] && [ -n "$rejected" ] && { [ -n "$source" ] || [ -n "$api" ]; } ||
	die "usage: vet.sh --lab LAB --out REJECTED (--source SRC... | --api API SRC=OBJ...)"
[ -n "$source" ] || [ -f "$api" ] || die "no API file $api"
conf=exercises/$lab/lab.conf
functions=$(sed -n 's/^functions:[[:space:]]*//p' "$conf")
[ -n "$functions" ] || die "$conf has no functions: line"
num=$(sed -n 's/^number:[[:space:]]*//p' "$conf")
num=$(printf '%02d' "$num")
# The submission's folder is how the student names nothing: SRC is shown
# relative to it (mm/mmap.c), as lab.conf's files: are.
rm -f "$rejected"
status=0

# One line for a broken file, on stderr and in REJECTED.
reject() {
	echo "$1" >> "$rejected"
	echo "$1" >&2
	status=1
}

# The lab's file name of SRC: its path below the submission.
lab_name() {
	for f in $(sed -n 's/^files:[[:space:]]*//p' "$conf"); do
		case "$1" in
		*/"$f"|"$f") echo "$f"; return ;;
		esac
	done
	echo "$1"
}

# The text as the preprocessor reads it (translation phases 1 to 3):
# lines a backslash continues joined, comments made one space, literals
# kept whole (an #include's name) or blanked (a word in a string is not
# code); a directive is a logical line whose first token is # or its
# digraph %:.  Prints the first line that breaks a rule and why:
# include (outside the tree), next (#include_next, #import, #embed),
# pragma (#pragma, _Pragma), line (#line or "# N FILE", which would make
# the preprocessor's own account of its files lie), raw (a raw string,
# which this reading could take for something else).
read_source() {
	awk '
	{ phys[NR] = $0 }
	END {
		c = 0
		for (n = 1; n <= NR; ) {
			start = n; s = phys[n++]
			# phase 2: a backslash ends the line (blanks after it
			# too: GCC joins them, with a warning)
			while (match(s, /\\[ \t]*$/) && n <= NR)
				s = substr(s, 1, RSTART - 1) phys[n++]
			if (match(s, /\\[ \t]*$/))
				s = substr(s, 1, RSTART - 1)
			o = ""; t = ""; i = 1; L = length(s)
			while (i <= L) {
				ch = substr(s, i, 1); two = substr(s, i, 2)
				if (c == 1) {
					if (two == "*/") { c = 0; i += 2; o = o " "; t = t " " }
					else i++
					continue
				}
				if (two == "/*") { c = 1; i += 2; continue }
				if (two == "//") break
				if (ch == "\"" || ch == "\047") {
					if (ch == "\"" && match(substr(s, 1, i - 1), /(^|[^A-Za-z0-9_])(R|LR|uR|UR|u8R)$/)) {
						print start, "raw"; exit
					}
					q = ch; lit = ch; i++
					while (i <= L && substr(s, i, 1) != q) {
						if (substr(s, i, 1) == "\\") { lit = lit substr(s, i, 2); i += 2; continue }
						lit = lit substr(s, i, 1); i++
					}
					lit = lit q; i++
					o = o lit; t = t " "
					continue
				}
				o = o ch; t = t ch; i++
			}
			if (match(o, /^[ \t]*(#|%:)[ \t]*/)) {
				d = substr(o, RLENGTH + 1)
				match(d, /^[A-Za-z_][A-Za-z0-9_]*/)
				word = substr(d, 1, RLENGTH)
				arg = substr(d, RLENGTH + 1)
				sub(/^[ \t]+/, "", arg)
				if (word == "include") {
					if (arg !~ /^("[^"]*"|<[^>]*>)[ \t]*$/ ||
					    arg ~ /^.\// || arg ~ /\.\./) {
						print start, "include"; exit
					}
					continue
				}
				if (word == "include_next" || word == "import" || word == "embed") {
					print start, "next", word; exit
				}
				if (word == "pragma") {
					print start, "pragma"; exit
				}
				# #line, or the marker form "# 33 FILE": the
				# account of files the preprocessor gives next
				if (word == "line" || d ~ /^[0-9]/) {
					print start, "line"; exit
				}
			}
			if (match(t, /(^|[^A-Za-z0-9_])(_Pragma|__pragma)([^A-Za-z0-9_]|$)/)) {
				print start, "pragma"; exit
			}
		}
	}' "$1"
}

# What the preprocessor itself pulls in and emits for SRC, from its
# output on standard input ($VET_CPP -E -dD, the compiler with the
# model's flags): every file it enters, from its line markers, outside
# what a lab's code may include prints "file PATH"; a #pragma that comes
# out of SRC's own text (a _Pragma a macro pasted together) prints
# "pragma LINE".  The preprocessor's own pragmas (once, poison,
# dependency...) are done and gone by then: none of them reads a file or
# places code.  (With -dD a #define stays where it was, in place of the
# empty line that keeps the line count.)
preprocessed() {
	awk -v me="$1" '
	/^# [0-9]+ "/ {
		cur = $3; gsub(/"/, "", cur); line = $2
		# (a path ending in // is the working directory -g records)
		if (cur !~ /^</ && cur !~ /\/\/$/ && !(cur in seen)) { seen[cur] = 1; print "file", cur }
		next
	}
	/^[ \t]*#[ \t]*pragma/ && cur == me && !p { p = 1; print "pragma", line }
	{ line++ }'
}

# Each PATH of standard input (one a line), resolved as `realpath -m`
# does, one a line, in order: by one realpath for them all, not a process
# for each of the hundred and more files a submission's preprocessing
# enters.  A name that resolves to more than one line (a link to a name
# with a newline) would put every later answer against the wrong file:
# then it fails, and the caller rejects the submission.
resolve_all() {
	_in=$(cat)
	[ -n "$_in" ] || return 0
	_out=$(printf '%s\n' "$_in" | xargs -r -d '\n' realpath -m --) ||
		return 1
	[ "$(printf '%s\n' "$_in" | wc -l)" = \
	  "$(printf '%s\n' "$_out" | wc -l)" ] || return 1
	printf '%s\n' "$_out"
}

# May a lab's code pull in the file whose resolved path is P (realpath
# -m)?  The submission's own files, the model (src/), the lab's own
# folder, the compiler's and the C library's headers (whose functions the
# object check refuses by name); the grader's own submissions (under
# tests/) also the rest of the tree's tests and skeletons.  Never a
# solution.
may_include() {
	p=$1
	case "$p" in
	"$sub"/*) return 0 ;;
	"$tree"/exercises/solutions/*) return 1 ;;
	"$tree"/src/*.c) [ -n "$own" ] && return 0; return 1 ;;
	"$tree"/src/*|"$tree"/exercises/"$lab"/*) return 0 ;;
	"$tree"/tests/*|"$tree"/exercises/*) [ -n "$own" ] && return 0 ;;
	esac
	for d in $sysdirs; do
		case "$p" in
		"$d"/*) return 0 ;;
		esac
	done
	return 1
}

if [ -n "$source" ]; then
	tree=$(pwd -P)
	sysdirs=
	nl='
'
	if [ -n "${VET_CPP:-}" ]; then
		dirs=$($VET_CPP -E -v -x c /dev/null 2>&1 >/dev/null | awk '
			/search starts here/ { on = 1; next }
			/^End of search list/ { on = 0 }
			on { print $1 }' | resolve_all) ||
			die "cannot resolve the compiler's include directories"
		for d in $dirs; do
			case "$d" in
			"$tree"|"$tree"/*) ;;
			*) sysdirs="$sysdirs $d" ;;
			esac
		done
	fi
	for src in "$@"; do
		name=$(lab_name "$src")
		[ -f "$src" ] || die "no $src"
		set -- $(read_source "$src")
		case "${2:-}" in
		include)
			reject "$name:$1: an #include from outside the model's tree (an absolute path, \"..\", or a name a macro computes): lab $num's code includes only the model's headers and sources"
			continue ;;
		next)
			reject "$name:$1: #$3 pulls in a file the compiler looks for by itself: lab $num's code includes only the model's headers and sources, by #include"
			continue ;;
		pragma)
			reject "$name:$1: a #pragma or _Pragma (one can pull in a file or change where code goes): lab $num's code has none"
			continue ;;
		line)
			reject "$name:$1: a #line, which changes the file name the compiler reports (and this check reads): lab $num's code has none"
			continue ;;
		raw)
			reject "$name:$1: a raw string literal (R\"...\"), whose text this check does not read: lab $num's code has none"
			continue ;;
		esac
		[ -n "${VET_CPP:-}" ] || continue
		# the submission's folder: its other lab files are its own
		srcpath=$(realpath -m "$src")
		sub=${srcpath%/"$name"}
		own=
		case "$srcpath" in
		"$tree"/tests/*) own=1 ;;
		esac
		bad=
		# what it pulls in, in order, and each file's resolved path
		# (resolve_all), taken a line at a time as the list is read
		# one run of the preprocessor, macros and all: read here for
		# what it enters, and by astcheck.py for the macros (--pre)
		cpp_out=$($VET_CPP -E -dD "$src" 2>/dev/null)
		pp=$(printf '%s\n' "$cpp_out" | preprocessed "$src")
		if ! resolved=$(printf '%s\n' "$pp" | sed -n 's/^file //p' |
				resolve_all); then
			reject "$name: a file it pulls in has a name this check cannot read: lab $num's code includes only the model's headers and sources"
			continue
		fi
		resolved="$resolved$nl"
		while IFS= read -r w; do
			case "$w" in
			"pragma "*)
				bad="$name:${w#pragma }: a _Pragma a macro puts together: lab $num's code has none"
				break ;;
			"file "*)
				p=${resolved%%"$nl"*}
				resolved=${resolved#*"$nl"}
				may_include "$p" && continue
				case "$p" in
				"$tree"/src/*)
					bad="$name pulls in ${w#file }, a source file of the model, not a header: lab $num's code includes only the model's headers" ;;
				*)
					bad="$name pulls in ${w#file }, a file outside the model's tree: lab $num's code includes only the model's headers and sources" ;;
				esac
				break ;;
			esac
		done <<EOF
$pp
EOF
		if [ -n "$bad" ]; then
			reject "$bad"
			continue
		fi
		[ -n "${VET_CLANG:-}" ] || continue
		# what the compiler sees: clang's AST against the lab's
		# allow-list (astcheck.py, DOC: What a lab's code is checked
		# against)
		bad=$(printf '%s\n' "$cpp_out" |
			${VET_PYTHON:-python3} exercises/grader/astcheck.py \
			--lab "$lab" \
			--allow "exercises/$lab/allow.conf" --name "$name" \
			${VET_AST_CACHE:+--cache "$VET_AST_CACHE"} --pre - \
			-- $VET_CLANG "$src" 2>&1)
		case $? in
		0) ;;
		1) reject "$bad" ;;
		3)
			# clang cannot read it: a compile error the build
			# reports, unless the lab's compiler reads it (a GCC
			# extension clang lacks, such as a nested function)
			if $VET_CPP -fsyntax-only "$src" > /dev/null 2>&1; then
				reject "$name: clang cannot read it ($(printf '%s' "$bad" | sed 's/^[^ ]*: error: //')): lab $num's code is checked on clang's AST, so it is C that both clang and gcc read"
			fi ;;
		*) die "astcheck.py: $bad" ;;
		esac
	done
	exit $status
fi

for pair in "$@"; do
	src=${pair%%=*}
	obj=${pair#*=}
	name=$(lab_name "$src")
	[ -f "$src" ] && [ -f "$obj" ] || die "no $src or $obj"

	# sections: what every C file has, nothing that runs by itself
	bad=$(readelf -SW "$obj" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]\{1,\}\) .*/\1/p' |
		grep -v -E -x '(\.rela)?\.(text|data|bss|rodata)(\..*)?' |
		grep -v -E -x '(\.rela)?(\.eh_frame|\.debug_.*|\.comment|\.note\.GNU-stack|\.note\.gnu\.property|\.group|\.symtab|\.strtab|\.shstrtab)' |
		head -1)
	if [ -n "$bad" ]; then
		case "$bad" in
		*init_array*|*ctors*|*preinit*|.init)
			what="a constructor: code that runs before any test" ;;
		*fini_array*|*dtors*|.fini)
			what="a destructor: code that runs after a test" ;;
		*)
			what="no section of a plain C file" ;;
		esac
		# who is in it: a function the section holds; else the symbol
		# of its first relocation, or the function at that offset
		# when it points into a section (a static one)
		idx=$(readelf -SW "$obj" | sed -n "s/^ *\[ *\([0-9]*\)\] $(printf '%s' "$bad" | sed 's/[.[\*^$]/\\&/g') .*/\1/p")
		who=$(readelf -sW "$obj" | awk -v i="$idx" \
			'$4 == "FUNC" && $7 == i { print $8; exit }')
		[ -n "$who" ] ||
		who=$(readelf -rW "$obj" | awk -v s=".rela$bad" '
			/^Relocation section/ { on = index($0, "'"'"'" s "'"'"'") > 0; next }
			on && NF >= 5 && $1 ~ /^[0-9a-f]+$/ { print $5, $NF; exit }')
		case "$who" in
		*" "*) ;;
		*) who="$who 0" ;;
		esac
		case "$who" in
		.*)
			off=${who#* }
			who=$(readelf -sW "$obj" | awk -v off="$off" '
				$4 == "FUNC" { v = $2; sub(/^0+/, "", v)
					if (v == "") v = "0"
					if (v == off) { print $8; exit } }') ;;
		*) who=${who%% *} ;;
		esac
		reject "$name puts ${who:+$who() in }$bad ($what), which lab $num does not allow"
		continue
	fi

	# the stack and the code: no executable stack (a GCC nested
	# function's trampoline needs one, and so does an object without
	# the note that says it does not); code only in .text sections,
	# which hold functions alone (an array there is code in disguise),
	# and no function outside them
	msg=$(readelf -SW "$obj" | awk -v name="$name" -v num="$num" -v obj="$obj" '
		/^ *\[ *[0-9]+\] / {
			idx = $0; sub(/^ *\[ */, "", idx); sub(/\].*/, "", idx)
			l = $0; sub(/^ *\[ *[0-9]+\] +/, "", l)
			n = split(l, f, " ")
			flags = n >= 10 ? f[7] : ""
			sec[idx] = f[1]
			if (f[1] == ".note.GNU-stack") { note = 1; if (flags ~ /X/) xstack = 1 }
			if (flags ~ /X/) exec[idx] = 1
			if (!odd && flags ~ /X/ && (flags ~ /W/ || f[1] !~ /^\.text(\..*)?$/)) {
				odd = f[1]; oddidx = idx
			}
			if (!wdata && flags ~ /W/ && flags !~ /X/ &&
			    f[1] !~ /^\.(data|bss)(\..*)?$/) {
				wdata = f[1]; wdataidx = idx
			}
		}
		END {
			if (xstack || !note) {
				# the nested function: GCC names it NAME.N
				cmd = "readelf -sW " obj
				while ((cmd | getline l) > 0) {
					split(l, s, " ")
					if (s[4] == "FUNC" && s[5] == "LOCAL" &&
					    s[8] ~ /^[A-Za-z_][A-Za-z0-9_]*\.[0-9]+$/) { nested = s[8]; break }
				}
				close(cmd)
				print name (nested ? " has the nested function " nested "()," : "") \
					" whose code needs an executable stack (a GCC nested function'"'"'s trampoline): lab " num "'"'"'s code runs with a stack that holds no code"
				exit
			}
			if (odd) {
				# who is in it (the flags of a section come from a
				# section attribute that smuggles in its own)
				cmd = "readelf -sW " obj
				while ((cmd | getline l) > 0) {
					split(l, s, " ")
					if (s[7] == oddidx && s[4] != "SECTION") { who = s[8]; break }
				}
				close(cmd)
				print name (who ? " puts " who " in " : " makes ") odd ", a section of code " \
					(odd ~ /^\.text/ ? "that can be written" : "not named .text") \
					": lab " num "'"'"'s code is only in .text, which cannot be written"
				exit
			}
			if (wdata) {
				cmd = "readelf -sW " obj
				while ((cmd | getline l) > 0) {
					split(l, s, " ")
					if (s[7] == wdataidx && s[4] != "SECTION") { who = s[8]; break }
				}
				close(cmd)
				print name (who ? " puts " who " in " : " makes ") wdata ", a section that can be written but holds no data of the model'"'"'s: lab " num "'"'"'s state is in .data and .bss, which the explorer restores before every execution"
				exit
			}
			cmd = "readelf -sW " obj
			while ((cmd | getline l) > 0) {
				n = split(l, s, " ")
				if (n < 8 || s[1] !~ /^[0-9]+:$/ || s[7] !~ /^[0-9]+$/)
					continue
				if (s[4] == "SECTION" || s[4] == "FILE")
					continue
				if ((s[7] in exec) && s[4] != "FUNC" && s[4] != "IFUNC") {
					print name " puts the data " s[8] " in " sec[s[7]] ", a section of code, which holds only functions: lab " num " does not allow it"
					exit
				}
				if (!(s[7] in exec) && (s[4] == "FUNC" || s[4] == "IFUNC")) {
					print name " puts the function " s[8] "() in " sec[s[7]] ", which holds no code: lab " num " does not allow it"
					exit
				}
			}
			close(cmd)
		}')
	if [ -n "$msg" ]; then
		reject "$msg"
		continue
	fi

	# symbols: readelf -sW: Num Value Size Type Bind Vis Ndx Name
	msg=$(readelf -sW "$obj" | awk -v funcs=" $functions " -v list="$functions" \
		-v api="$api" \
		-v name="$name" -v num="$num" '
		BEGIN {
			while ((getline l < api) > 0)
				ok[l] = 1
			# what the compiler itself calls to copy and clear
			ok["memcpy"] = ok["memmove"] = ok["memset"] = 1
		}
		NF < 8 || $1 !~ /^[0-9]+:$/ { next }
		{
			type = $4; bind = $5; ndx = $7; sym = $8
			if (type == "IFUNC") {
				if (!ifunc)
					ifunc = name " defines " sym "() as a GNU indirect function, whose resolver runs when the binary loads: lab " num " does not allow it"
				next
			}
			if (ndx == "UND") {
				if (sym == "" || (sym in ok) || index(funcs, " " sym " "))
					next
				if (sym ~ /^grade_/)
					why = "the grader'"'"'s own"
				else if (sym == "syscall")
					why = "a system call"
				else if (sym == "sim" || sym ~ /^(sim_|cli_|bench_|seam_|fiber_|coop_)/)
					why = "the simulator'"'"'s, not the kernel'"'"'s"
				else
					why = "no part of the model'"'"'s kernel API (the C library and system calls are out of reach of kernel code)"
				if (!uses)
					uses = name " uses " sym ", " why ": lab " num "'"'"'s code may call only the kernel functions of the model"
				next
			}
			if (bind == "LOCAL")
				next
			if (!index(funcs, " " sym " ")) {
				kind = type == "FUNC" ? sym "()" : sym
				if (!defines)
					defines = name " defines " kind ", which lab " num " does not let you change (yours to change: " list "; a helper of your own must be static)"
			}
		}
		# the worst first: code that runs at load, a reach into the
		# era, a call out of the model
		END { print ifunc ? ifunc : defines ? defines : uses }')
	if [ -n "$msg" ]; then
		reject "$msg"
		continue
	fi

	# code: no system or privileged instruction (asm behind a macro)
	msg=$(objdump -d --no-show-raw-insn "$obj" | awk -v name="$name" -v num="$num" '
		/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
		/^ *[0-9a-f]+:\t/ {
			split($0, f, "\t")
			split(f[2], w, " ")
			m = w[1]
			if (m ~ /^(rex|lock|rep|repz|repnz|data16|addr32|cs|ds|es|fs|gs|ss|notrack|bnd)$/)
				m = w[2]
			if (m ~ /^(syscall|sysenter|sysexit|sysret[lq]?|int|int1|int3|into|iret[lwdq]?|hlt|in|inb|inw|inl|out|outb|outw|outl|ins[bwld]?|outs[bwld]?|cli|sti|lgdt|lidt|lldt|ltr|rdmsr|wrmsr|wrpkru|vmcall|vmmcall|wrfsbase|wrgsbase|ljmp[lwq]?|lcall[lwq]?|lret[lwq]?)$/) {
				print name " has the instruction " m " in " fn "(): a system or privileged instruction, which lab " num "'"'"'s code may not have"
				exit
			}
		}')
	if [ -n "$msg" ]; then
		reject "$msg"
		continue
	fi

	# the bytes of the code: a system call's instruction (syscall 0f 05,
	# sysenter 0f 34, int 0x80 cd 80) anywhere, inside an immediate or
	# across two instructions, where a computed jump could land
	msg=$(readelf -SW "$obj" | awk '
		/^ *\[ *[0-9]+\] / {
			idx = $0; sub(/^ *\[ */, "", idx); sub(/\].*/, "", idx)
			l = $0; sub(/^ *\[ *[0-9]+\] +/, "", l)
			n = split(l, f, " ")
			if (n >= 10 && f[7] ~ /X/ && f[2] == "PROGBITS")
				print idx, f[1], f[4], f[5]
		}' | while read -r idx sec off size; do
		{ readelf -sW "$obj"; echo "--- bytes"
		  od -An -tx1 -v -j $((0x$off)) -N $((0x$size)) "$obj"; } |
		awk -v idx="$idx" -v sec="$sec" -v name="$name" -v num="$num" '
		function hex(h,   i, v) {
			v = 0
			for (i = 1; i <= length(h); i++)
				v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v
		}
		$0 == "--- bytes" { on = 1; next }
		!on {
			if (NF >= 8 && $1 ~ /^[0-9]+:$/ && $7 == idx && $4 == "FUNC") {
				fs[++nf] = $8; fv[nf] = hex(tolower($2)); fz[nf] = $3 + 0
			}
			next
		}
		{ for (i = 1; i <= NF; i++) b[n++] = $i }
		END {
			for (i = 0; i + 1 < n; i++) {
				p = b[i] b[i + 1]
				if (p == "0f05") what = "syscall"
				else if (p == "0f34") what = "sysenter"
				else if (p == "cd80") what = "int $0x80"
				else continue
				where = sec
				for (k = 1; k <= nf; k++)
					if (i >= fv[k] && i < fv[k] + fz[k])
						where = fs[k] "()"
				printf "%s has the bytes %s %s (%s) in %s, at offset 0x%x of %s: lab %s'"'"'s code may not hold a system call'"'"'s instruction, not even inside another one\n", \
					name, b[i], b[i + 1], what, where, i, sec, num
				exit
			}
		}'
	done | head -1)
	if [ -n "$msg" ]; then
		reject "$msg"
		continue
	fi
done
exit $status
