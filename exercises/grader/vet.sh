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
#   vet.sh --lab LAB --out REJECTED --source SRC...
#	Checks the text of each student file SRC, before anything compiles
#	it: no asm, no #include from outside the model's tree.
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
#  - no asm in the file's text, and no system or privileged instruction
#    in its code (asm hidden behind a macro shows there);
#  - no #include but of the model's headers and sources: no absolute
#    path, no "..", no computed name (a file of the grading machine,
#    say a solution, would end up in the object or in a compiler
#    message the student reads).
#
# What this cannot see: plain C that computes the address of something
# it does not name (exploitation, not a fix).  exercises/README.md, "The
# grader's trust boundary", says what else stands in its way.
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

# asm in the text itself: comments, literals and #include lines left
# out, then any token asm, __asm or __asm__ (its line number).
asm_line() {
	awk '
	BEGIN { c = 0 }		# 0 code, 1 block comment
	# an #include names a file (<asm/tlb.h>), not an instruction
	c == 0 && /^[ \t]*#[ \t]*include[ \t]*[<"]/ { next }
	{
		s = $0; o = ""
		i = 1
		while (i <= length(s)) {
			ch = substr(s, i, 1); two = substr(s, i, 2)
			if (c == 1) {
				if (two == "*/") { c = 0; i += 2; o = o "  " }
				else { i++; o = o " " }
				continue
			}
			if (two == "/*") { c = 1; i += 2; o = o "  "; continue }
			if (two == "//") break
			if (ch == "\"" || ch == "\047") {
				q = ch; i++; o = o " "
				while (i <= length(s) && substr(s, i, 1) != q) {
					if (substr(s, i, 1) == "\\") i++
					i++
				}
				i++; o = o " "
				continue
			}
			o = o ch; i++
		}
		if (match(o, /(^|[^A-Za-z0-9_])(asm|__asm|__asm__)([^A-Za-z0-9_]|$)/)) {
			print NR
			exit
		}
	}' "$1"
}

# An #include that reaches outside the model's tree: its line number.
include_line() {
	awk '
	/^[ \t]*#[ \t]*include/ {
		l = $0
		sub(/^[ \t]*#[ \t]*include[ \t]*/, "", l)
		if (l !~ /^[<"]/ || l ~ /^.\// || l ~ /\.\./) {
			print NR
			exit
		}
	}' "$1"
}

if [ -n "$source" ]; then
	for src in "$@"; do
		name=$(lab_name "$src")
		[ -f "$src" ] || die "no $src"
		line=$(asm_line "$src")
		if [ -n "$line" ]; then
			reject "$name:$line: asm: lab $num's code is plain C (no inline assembly)"
			continue
		fi
		line=$(include_line "$src")
		if [ -n "$line" ]; then
			reject "$name:$line: an #include from outside the model's tree (an absolute path, \"..\", or a name a macro computes): lab $num's code includes only the model's headers and sources"
		fi
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
done
exit $status
