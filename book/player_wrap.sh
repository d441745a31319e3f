#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/player_wrap.sh SRC NATIVE_OBJ RENAMES - a model file as the
# WebAssembly player compiles it (book/player.mk), on stdout.
#
# wasm-ld has no -z muldefs and no linker script, so the native per-era
# link (src/sim/world/model.lds) is redone with what clang offers, around the
# unchanged source:
#   - every global function is weak (#pragma weak): the era's overlay is
#     linked before its parents and the common tree, and the first of
#     several weak definitions wins, as -z muldefs's first definition did
#     (weak also keeps clang from inlining one definition its era
#     replaces);
#   - every variable goes into the data segment model_data (#pragma clang
#     section, with -fno-zero-initialized-in-bss), which book/player.mk
#     brackets with two markers: arena.c restores it before every run;
#   - every function is named to sim_symbol_add() (symbols.c), since a
#     wasm function's address is a table index with no symbol table to
#     read it back from;
#   - a function whose signature an era changed is linked by a name of
#     its own from that era on (RENAMES, made by book/player_renames.py:
#     "FILE FUNC NEWNAME" lines; #pragma redefine_extname), so that no
#     call meets a definition of another signature.
# The names come from the native object of the same source (nm), but
# for the constructors the compiler adds (_sub_I_*: -fsanitize=thread's,
# which the native build has for the data-race oracle and the source does
# not name).
set -e
src=$1
obj=$2
renames=$3
funcs=$(nm --defined-only "$obj" | awk '$2 == "T" || $2 == "t" { print $2, $3 }' |
	grep -E ' [A-Za-z_][A-Za-z0-9_]*$' | grep -v -E ' _sub_[ID]_' |
	sort -u -k2)
echo '#pragma clang section data="model_data"'
awk -v src="$src" '$1 == src { print "#pragma redefine_extname", $2, $3 }' \
	"$renames"
echo "$funcs" | awk '$1 == "T" { print "#pragma weak " $2 }'
echo "#include \"$src\""
echo 'void sim_symbol_add(const void *addr, const char *name);'
echo '__attribute__((constructor)) static void player_names(void)'
echo '{'
echo "$funcs" | awk 'NF == 2 { printf "\tsim_symbol_add((const void *)%s, \"%s\");\n", $2, $2 }'
echo '}'
