#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/golden/update.sh - rewrite the golden files from the renderers
#
# Run from the top of the tree, after `make`, when a change to a renderer
# or to the model is meant to change the figures; then read
# `git diff tests/golden` line by line before committing it: a golden file
# is only as good as that review.  The command is the one test_golden in
# tests/check_render.c runs (exit status 1: the run is a use-after-free).
set -e
for format in ascii dot msc json; do
	ext=$format
	[ "$format" = ascii ] && ext=txt
	rc=0
	build/reaplab trace v5.15 mrelease changelog -o vmas=1,pages=1 \
		--format "$format" > "tests/golden/v5.15-mrelease.$ext" || rc=$?
	if [ "$rc" != 1 ]; then
		echo "update.sh: reaplab trace exited $rc, not 1" >&2
		exit 1
	fi
done
