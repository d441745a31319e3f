#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# src/sim/layers.sh LAYER SRC CC FLAGS... - fail if a file of the engine,
# the explorer or the renderers reaches the kernel's headers
#
# DOC: The simulator's layers (src/sim/engine/engine.h): those three are
# compiled with the model's uapi folder as their only include path, so
# that a model header does not even resolve there.  The host has
# linux/ and asm/ headers of its own, though, which an include of the
# same name would find instead: this check runs the preprocessor over
# SRC with the same flags and fails on any header it reaches under the
# model's include folders but uapi/, and on SRC, or any file of src/sim/
# it reaches, that writes an include of linux/ or asm/.
# Simulator-only build helper, run by the Makefile before the compile.
set -eu
layer=$1
src=$2
shift 2
deps=$("$@" -M -MT layers "$src" | tr ' \\' '\n\n' | grep -v '^$' |
	grep -v '^layers:$' | xargs realpath -m --relative-to=.)
bad=$(echo "$deps" | grep -E '(^|/)src/include/' |
	grep -vE '(^|/)src/include/uapi/' || true)
for f in "$src" $(echo "$deps" | grep -E '(^|/)src/sim/' | grep -vxF "$src" ||
    true); do
	if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](linux|asm)/' \
	    "$f" >/dev/null; then
		bad="$bad $f"
	fi
done
if [ -n "$bad" ]; then
	echo "$src: the $layer layer must not see the kernel's headers" \
	     "(DOC: The simulator's layers, src/sim/engine/engine.h):" >&2
	for f in $bad; do
		echo "  $f" >&2
	done
	exit 1
fi
