#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# exercises/classroom/workflow.sh - a GitHub Classroom workflow for a lab
#
# Simulator-only helper:
#
#   sh exercises/classroom/workflow.sh LAB > classroom.yml
#
# prints the workflow a course puts in its template repository as
# .github/workflows/classroom.yml: on every push it checks out the
# student's repository and the course's own reaplab tree (a repository
# the course names in the variable REAPLAB_REPOSITORY, at REAPLAB_REF),
# runs `make regrade` from the course's tree with the student's files
# (only LAB's, lab.conf's files:), and gives each test of the lab its
# points through GitHub Classroom's command grader, reading the test's
# status in build/grade.json.  The tests and points come from the lab's
# grade.c (`reaplab grade --list`, run on the lab's binary, which this
# builds if needed).  exercises/classroom/classroom.yml is its output for
# lab 08 (make check compares them).
set -eu

lab=${1:?usage: workflow.sh LAB}
[ -f "exercises/$lab/lab.conf" ] || { echo "workflow.sh: no lab $lab" >&2; exit 2; }
bin=${GRADE_BUILD:-build}/labs/$lab/reaplab
[ -x "$bin" ] || ${MAKE:-make} -s --no-print-directory "$bin" >&2

cat <<HEAD
# SPDX-License-Identifier: GPL-2.0-only
#
# GitHub Classroom: lab $lab, graded with the course's own reaplab tree.
# Made by exercises/classroom/workflow.sh $lab (exercises/README.md,
# "Courses").  Set the repository variable REAPLAB_REPOSITORY (owner/name
# of the course's reaplab, which the student cannot change) and, if not
# main, REAPLAB_REF.  The student's repository gives only the lab's files.
name: Autograding Tests
'on':
  - push
  - workflow_dispatch
  - repository_dispatch
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    steps:
      - name: Checkout the submission
        uses: actions/checkout@v4
        with:
          path: submission
      - name: Checkout the course's reaplab
        uses: actions/checkout@v4
        with:
          repository: \${{ vars.REAPLAB_REPOSITORY }}
          ref: \${{ vars.REAPLAB_REF || 'main' }}
          path: reaplab
      - name: Grade (make regrade, the lab's files only)
        run: |
          sudo apt-get install -y -q gcc make binutils pkg-config check perl clang python3
          make -C reaplab -s regrade SUBMISSION="\$GITHUB_WORKSPACE/submission" LAB=$lab FORMAT=tap || true
          cat reaplab/build/grade.tap
HEAD

"$bin" grade --list | while read -r name points parent title; do
	id=$(printf '%s' "$name" | tr -c 'a-zA-Z0-9\n' '-')
	cat <<STEP
      - name: $name
        id: $id
        uses: classroom-resources/autograding-command-grader@v1
        with:
          test-name: "$title"
          setup-command: ''
          command: "grep -q '\\"name\\": \\"$name\\",.*\\"status\\": \\"pass\\"' reaplab/build/grade.json"
          timeout: 1
          max-score: $points
STEP
done
ids=$("$bin" grade --list | awk '{ gsub(/[^a-zA-Z0-9]/, "-", $1); printf "%s%s", (NR > 1 ? "," : ""), $1 }')
cat <<TAIL
      - name: Autograding Reporter
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
TAIL
"$bin" grade --list | awk '{ id = $1; gsub(/[^a-zA-Z0-9]/, "-", id); u = toupper(id)
	printf "          %s_RESULTS: \"${{steps.%s.outputs.result}}\"\n", u, id }'
cat <<TAIL
        with:
          runners: $ids
TAIL
