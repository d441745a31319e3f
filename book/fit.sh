#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# book/fit.sh - scale a Graphviz figure down to the width of a book page
#
#   reaplab explore v4.9 oom --emit dot | sh book/fit.sh
#
# Adds size="10,100" (inches) to the graph: Graphviz scales a drawing wider
# than 10 inches down to that width, text included, and leaves a narrower
# one alone.  Doxygen shows a figure at its natural size, so a sequence
# diagram of three threads would otherwise run off the page.  The figure
# is not changed otherwise.  book/gen.sh runs fragments with pipefail, so
# the exit status it checks is still the one of the command before the pipe.
set -eu
sed '0,/^digraph [A-Za-z_0-9]* {$/s//&\n\tsize="10,100";/'
