// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_layers.c - the build keeps the simulator's layers apart
 *
 * DOC: The simulator's layers (src/sim/engine/engine.h): the engine, the
 * explorer and the renderers are compiled with the model's uapi folder
 * as their only include path, and src/sim/layers.sh, run before each of
 * their compiles, fails on a kernel header they reach anyway (the
 * host's linux/ and asm/ headers resolve without the model's path, and a
 * relative path reaches the model's).  Here the check is tried on
 * planted files, and on every file of the three layers as they are.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testlib.h"

/* Run src/sim/layers.sh on @src as the Makefile does; its stderr in @err. */
static int layers(const char *src, char *err, size_t len)
{
	char cmd[1024], ename[] = "/tmp/reaplab-layers-XXXXXX";
	int fd = mkstemp(ename), rc;
	FILE *f;
	size_t n;

	ck_assert_int_ge(fd, 0);
	close(fd);
	snprintf(cmd, sizeof(cmd),
		 "sh src/sim/layers.sh engine '%s' cc -std=gnu11 -Isrc/include/uapi 2>'%s'",
		 src, ename);
	rc = system(cmd);
	f = fopen(ename, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(err, 1, len - 1, f);
	err[n] = 0;
	fclose(f);
	unlink(ename);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* A file of @text in a fresh folder outside the tree; its path in @path. */
static void plant(char *path, size_t len, const char *text)
{
	char dir[] = "/tmp/reaplab-layers-XXXXXX";
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, len, "%s/probe.c", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void unplant(const char *path)
{
	char dir[512];

	snprintf(dir, sizeof(dir), "%s", path);
	unlink(path);
	*strrchr(dir, '/') = 0;
	rmdir(dir);
}

START_TEST(test_host_kernel_header_refused)
{
	char path[256], err[4096];

	/* found among the host's headers, without the model's path */
	plant(path, sizeof(path), "#include <linux/sched.h>\nint x;\n");
	ck_assert_int_eq(layers(path, err, sizeof(err)), 1);
	ck_assert_ptr_nonnull(strstr(err, "must not see the kernel's headers"));
	ck_assert_ptr_nonnull(strstr(err, path));
	unplant(path);
}
END_TEST

START_TEST(test_model_header_by_path_refused)
{
	char path[512], text[512], cwd[256], err[4096];

	ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
	snprintf(text, sizeof(text),
		 "#include \"%s/src/include/linux/types.h\"\nint x;\n", cwd);
	plant(path, sizeof(path), text);
	ck_assert_int_eq(layers(path, err, sizeof(err)), 1);
	ck_assert_ptr_nonnull(strstr(err, "src/include/linux/types.h"));
	unplant(path);
}
END_TEST

START_TEST(test_uapi_and_engine_allowed)
{
	char path[512], text[512], cwd[256], err[4096];

	ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
	snprintf(text, sizeof(text),
		 "#include <reaplab/seam.h>\n#include \"%s/src/sim/engine/engine.h\"\nint x;\n",
		 cwd);
	plant(path, sizeof(path), text);
	ck_assert_msg(layers(path, err, sizeof(err)) == 0, "%s", err);
	unplant(path);
}
END_TEST

/* Every file of the three layers, as it is, passes (the build says so). */
START_TEST(test_layers_clean)
{
	static const char *const dirs[] = {
		"src/sim/engine", "src/sim/explore", "src/sim/render",
	};
	int checked = 0;
	size_t i;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;

		ck_assert_ptr_nonnull(d);
		while ((e = readdir(d))) {
			char path[512], err[4096];
			size_t n = strlen(e->d_name);

			if (n < 3 || strcmp(e->d_name + n - 2, ".c"))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dirs[i],
				 e->d_name);
			ck_assert_msg(layers(path, err, sizeof(err)) == 0,
				      "%s", err);
			checked++;
		}
		closedir(d);
	}
	ck_assert_int_ge(checked, 20);
}
END_TEST

Suite *layers_suite(void)
{
	Suite *s = suite_create("layers");
	TCase *tc = tcase_create("Layers");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_host_kernel_header_refused);
	tcase_add_test(tc, test_model_header_by_path_refused);
	tcase_add_test(tc, test_uapi_and_engine_allowed);
	tcase_add_test(tc, test_layers_clean);
	suite_add_tcase(s, tc);
	return s;
}
