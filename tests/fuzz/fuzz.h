/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/fuzz/fuzz.h - what the three fuzzers share
 *
 * Each harness is a libFuzzer target (LLVMFuzzerTestOneInput) built with
 * clang, ASan and UBSan over the whole simulator (tests/fuzz/fuzz.mk).
 * Besides not crashing, an input must be handled the way the command line
 * promises: a bad one gets exactly one line on stderr (and exit status 2
 * for a command); fuzz_fail() aborts, which libFuzzer reports as a crash
 * with the input saved.
 */
#ifndef _TESTS_FUZZ_FUZZ_H
#define _TESTS_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* stderr is captured (below): the verdict goes to file descriptor 2 */
#define fuzz_fail(...) do {						\
		dprintf(2, "fuzz: " __VA_ARGS__);			\
		dprintf(2, "\n");					\
		abort();						\
	} while (0)

/* Is @s exactly one line: not empty, no newline but a final one? */
static inline int fuzz_one_line(const char *s, size_t len, int final_newline)
{
	const char *nl = memchr(s, '\n', len);

	if (!len)
		return 0;
	if (final_newline)
		return nl == s + len - 1;
	return !nl;
}

/*
 * What the code under test writes to stderr goes to a file of our own
 * (glibc's stderr is a variable), read back after each input; libFuzzer
 * and the sanitizers keep file descriptor 2.
 */
static FILE *fuzz_err;

static inline void fuzz_capture_init(void)
{
	fuzz_err = tmpfile();
	if (!fuzz_err)
		abort();
	setvbuf(fuzz_err, NULL, _IONBF, 0);
	stderr = fuzz_err;
}

static inline void fuzz_capture_start(void)
{
	fflush(fuzz_err);
	rewind(fuzz_err);
	if (ftruncate(fileno(fuzz_err), 0))
		abort();
}

/* What was written since fuzz_capture_start(), up to @len - 1 bytes. */
static inline size_t fuzz_capture_end(char *buf, size_t len)
{
	size_t n;

	fflush(fuzz_err);
	rewind(fuzz_err);
	n = fread(buf, 1, len - 1, fuzz_err);
	buf[n] = 0;
	return n;
}

/* A NUL-terminated copy of the input. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

#endif /* _TESTS_FUZZ_FUZZ_H */
