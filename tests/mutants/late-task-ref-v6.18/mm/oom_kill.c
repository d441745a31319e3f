// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/mutants/late-task-ref-v6.18/mm/oom_kill.c - the late-task-ref
 * mutation (tests/mutants/late-task-ref/mm/oom_kill.c), on v6.18
 */
#include "../../late-task-ref/mm/oom_kill.c"
