#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/solutions/13-measure-munmap/answers.sh - lab 13: the answers,
# counted in the tools' output as a student counts them
#
# make grade SOLUTIONS=1 runs it and grades what it prints: the answers are
# read off the model's own output now, never stored.  The scenarios
# vm-munmap and munmap are the lab's own: its binary runs them.  Each run
# is read from its Chrome trace (reaplab trace --format json): one line per
# step, "tid", "name" (the primitive) and "object", in the order they ran.
set -eu
R=${REAPLAB:-build/labs/13-measure-munmap/reaplab}

# steps SCENARIO SCHEDULE: "tid primitive object" per step, in order.
steps() {
	$R trace v5.17 "$1" "$2" --format json | grep '"cat":"op"' |
		sed 's/.*"tid":\([0-9]*\),"name":"\([A-Za-z_]*\)".*"object":"\([^"]*\)".*/\1 \2 \3/'
}

# U's steps from the one that takes mmap_lock for write to the one that
# lets go of it (up_write) or downgrades it, both included.  U is thread 1.
held() {
	steps "$1" - | awk '$1 == 1 && $2 == "down_write_killable" { on = 1 }
		$1 == 1 && on { n++ }
		$1 == 1 && ($2 == "up_write" || $2 == "downgrade_write") { on = 0 }
		END { print n }'
}
echo "hold-vm-munmap: $(held vm-munmap)"
echo "hold-munmap: $(held munmap)"

# 3. downgrade_write comes before the first page is zapped.
echo "zap-lock: $(steps munmap - | awk '$2 == "downgrade_write" { d = 1 }
	$2 == "ptep_get_and_clear" { print d ? "read" : "write"; exit }')"

# 4, 5. P tries as soon as U holds the write lock, and is let in as soon
# as it can be: after up_write() without downgrade, after
# downgrade_write() with it.  Count U's steps between P's last step
# before its down_read() and the down_read() (P is thread 2).
waited() {
	steps "$1" "U@down_write_killable P U@$2 P" | awk '
		$1 == 2 && $2 == "down_read" { print n; exit }
		$1 == 2 { n = 0 }
		$1 == 1 { n++ }'
}
echo "wait-vm-munmap: $(waited vm-munmap up_write)"
echo "wait-munmap: $(waited munmap downgrade_write)"

# The timing questions are not graded, and are yours to measure: a
# solution has no business knowing how fast your machine is.
