// SPDX-License-Identifier: GPL-2.0-only
/* tests/labs/08-fix-v4.14/special-case/mm/oom_kill.c - the skeleton's */
#include "exercises/08-fix-v4.14/mm/oom_kill.c"
