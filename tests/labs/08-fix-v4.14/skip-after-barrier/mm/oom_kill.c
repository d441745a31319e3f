// SPDX-License-Identifier: GPL-2.0-only
/* tests/labs/08-fix-v4.14/skip-after-barrier/mm/oom_kill.c - the fix's */
#include "exercises/solutions/08-fix-v4.14/mm/oom_kill.c"
