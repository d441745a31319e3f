// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/fuzz/replay.c - a fuzzer's harness without libFuzzer: its corpus
 * and deterministic mutations of it, on any build
 *
 * Simulator-only test driver.
 *
 *   fuzz_NAME [-dict=FILE] [-mutations=N] [-artifact=FILE] DIR|FILE...
 *
 * Linked with one harness (tests/fuzz/fuzz_NAME.c) and the build's own
 * objects, gcc's or ASan's, it hands LLVMFuzzerTestOneInput() every file
 * of the corpus, then N mutations of each (a byte changed, a span cut or
 * doubled, a word of the dictionary put in, the input cut short),
 * drawn from a fixed random seed, so a failure comes back on every run.  An
 * input that breaks the harness's promises aborts, as under libFuzzer;
 * the input is then written to the artifact file first, for
 * `fuzz_NAME FILE` to replay alone.  make check runs it (DOC in
 * tests/fuzz/fuzz.mk): coverage-guided fuzzing needs clang's libFuzzer
 * and a build of its own, which the sanitizer stage has.
 */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REPLAY_MAX	(1 << 16)
#define MAX_WORDS	512

static const char *artifact = "fuzz-replay-crash";
static const uint8_t *cur;
static size_t cur_len;
static char *words[MAX_WORDS];
static size_t nwords;
static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned long long next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The input that broke a promise, kept before the abort goes on. */
static void on_abort(int sig)
{
	FILE *f = fopen(artifact, "wb");

	if (f) {
		fwrite(cur, 1, cur_len, f);
		fclose(f);
	}
	dprintf(2, "fuzz-replay: signal %d on an input of %zu bytes, kept in %s\n",
		sig, cur_len, artifact);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void run(const uint8_t *data, size_t len)
{
	cur = data;
	cur_len = len;
	LLVMFuzzerTestOneInput(data, len);
}

/* The dictionary's words: one "quoted" string a line, \xNN escapes. */
static void read_dict(const char *path)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stdout, "fuzz-replay: cannot read %s\n", path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f) && nwords < MAX_WORDS) {
		char *q = strchr(line, '"'), *e, *w, *o;

		if (!q || line[0] == '#' || !(e = strrchr(q + 1, '"')) ||
		    e == q + 1)
			continue;
		w = o = malloc(e - q);
		if (!w)
			exit(2);
		for (q++; q < e; q++) {
			unsigned int x;

			if (q[0] == '\\' && q[1] == 'x' &&
			    sscanf(q + 2, "%2x", &x) == 1) {
				*o++ = (char)x;
				q += 3;
			} else if (q[0] == '\\' && q + 1 < e) {
				*o++ = *++q;
			} else {
				*o++ = *q;
			}
		}
		*o = 0;
		words[nwords++] = w;
	}
	fclose(f);
}

/* @in (@len bytes) changed once into @out; returns the new length. */
static size_t mutate(const uint8_t *in, size_t len, uint8_t *out)
{
	size_t n = len, at = len ? next() % len : 0, span;

	memcpy(out, in, len);
	switch (next() % 5) {
	case 0:		/* a byte changed */
		if (n)
			out[at] = (uint8_t)next();
		break;
	case 1:		/* a span cut out */
		span = n ? 1 + next() % (n - at) : 0;
		memmove(out + at, out + at + span, n - at - span);
		n -= span;
		break;
	case 2:		/* a span doubled */
		span = n ? 1 + next() % (n - at) : 0;
		if (n + span <= REPLAY_MAX) {
			memmove(out + at + span, out + at, n - at);
			n += span;
		}
		break;
	case 3:		/* a word of the dictionary put in */
		if (nwords) {
			const char *w = words[next() % nwords];
			size_t wl = strlen(w);

			if (n + wl <= REPLAY_MAX) {
				memmove(out + at + wl, out + at, n - at);
				memcpy(out + at, w, wl);
				n += wl;
			}
		}
		break;
	default:	/* cut short */
		n = at;
		break;
	}
	return n;
}

static uint8_t *corpus[4096];
static size_t corpus_len[4096], ncorpus;

static void add_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = malloc(REPLAY_MAX);
	size_t n;

	if (!f || !buf) {
		fprintf(stdout, "fuzz-replay: cannot read %s\n", path);
		exit(2);
	}
	n = fread(buf, 1, REPLAY_MAX, f);
	if (!feof(f)) {
		fprintf(stdout, "fuzz-replay: %s is over %d bytes\n", path,
			REPLAY_MAX);
		exit(2);
	}
	fclose(f);
	if (ncorpus == sizeof(corpus) / sizeof(corpus[0])) {
		fprintf(stdout, "fuzz-replay: more than %zu inputs\n", ncorpus);
		exit(2);
	}
	corpus[ncorpus] = buf;
	corpus_len[ncorpus++] = n;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder's files, in the order of their names (the same every run). */
static void add_dir(const char *dir)
{
	struct dirent *d;
	char *names[4096], path[4096];
	size_t n = 0, i;
	DIR *dp = opendir(dir);

	if (!dp) {
		fprintf(stdout, "fuzz-replay: cannot read %s\n", dir);
		exit(2);
	}
	while ((d = readdir(dp)) && n < sizeof(names) / sizeof(names[0]))
		if (d->d_name[0] != '.')
			names[n++] = strdup(d->d_name);
	closedir(dp);
	qsort(names, n, sizeof(names[0]), by_name);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		add_file(path);
		free(names[i]);
	}
}

int main(int argc, char **argv)
{
	static uint8_t buf[2][REPLAY_MAX];
	unsigned long mutations = 0, runs = 0, k;
	struct stat st;
	size_t i, n;
	int a, out, m;

	for (a = 1; a < argc; a++) {
		if (!strncmp(argv[a], "-dict=", 6))
			read_dict(argv[a] + 6);
		else if (!strncmp(argv[a], "-mutations=", 11))
			mutations = strtoul(argv[a] + 11, NULL, 10);
		else if (!strncmp(argv[a], "-artifact=", 10))
			artifact = argv[a] + 10;
		else if (argv[a][0] == '-') {
			if (strcmp(argv[a], "--help"))
				fprintf(stdout, "fuzz-replay: unknown option %s\n",
					argv[a]);
			fprintf(stdout, "usage: %s [-dict=FILE] [-mutations=N] [-artifact=FILE] DIR|FILE...\n",
				argv[0]);
			return strcmp(argv[a], "--help") ? 2 : 0;
		} else if (!stat(argv[a], &st) && S_ISDIR(st.st_mode))
			add_dir(argv[a]);
		else
			add_file(argv[a]);
	}
	if (!ncorpus) {
		fprintf(stdout, "fuzz-replay: no input\n");
		return 2;
	}
	signal(SIGABRT, on_abort);
	signal(SIGSEGV, on_abort);
	signal(SIGBUS, on_abort);
	/* the harness may take stdout and stderr for itself */
	fflush(stdout);
	out = dup(1);
	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 0; i < ncorpus; i++, runs++)
		run(corpus[i], corpus_len[i]);
	/* one to three changes of an input of the corpus */
	for (k = 0; k < mutations; k++, runs++) {
		i = next() % ncorpus;
		n = mutate(corpus[i], corpus_len[i], buf[0]);
		for (m = next() % 3; m > 0; m--) {
			n = mutate(buf[0], n, buf[1]);
			memcpy(buf[0], buf[1], n);
		}
		run(buf[0], n);
	}
	dprintf(out, "%zu inputs and %lu mutations of them, every promise kept\n",
		ncorpus, runs - ncorpus);
	return 0;
}
