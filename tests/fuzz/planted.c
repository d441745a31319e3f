// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/fuzz/planted.c - a harness with a planted failure, for
 * tests/fuzz/replay.c to find (make fuzz-replay checks that it does)
 *
 * Simulator-only test.  It aborts on an input that holds "oom", a word
 * of the dictionary that no input of the params corpus holds: only a
 * mutation that puts the word in finds it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t i;

	for (i = 0; i + 3 <= size; i++)
		if (!memcmp(data + i, "oom", 3))
			abort();
	return 0;
}
