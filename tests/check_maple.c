// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/check_maple.c - the VMA store: forward and reverse walks
 *
 * As tools/testing/vma does with mm/vma.c, the test includes the model's
 * lib/maple_tree.c itself, so it calls the very functions the eras use.
 * Seam operations run at once here: the world is left booting.
 */
#include "testlib.h"
#include "../src/lib/maple_tree.c"

static struct sim_world mw;

static void boot_world(void)
{
	memset(&mw, 0, sizeof(mw));
	sim_world_init();
	sim_arena_init();
	sim_arena_reset();
	sim = &mw;
	mw.mode = SIM_MODE_BOOT;
}

static int entries[6];

static void fill(struct maple_tree *mt, int n)
{
	int i;

	mt_init(mt);
	/* stored out of order: the tree keeps them sorted */
	for (i = n - 1; i >= 0; i--)
		ck_assert_int_eq(mtree_store_range(mt, 100 * i, 100 * i + 49,
						   &entries[i]), 0);
}

START_TEST(test_mas_find_walks_forward)
{
	struct maple_tree mt;
	void *e;
	int i = 0;

	boot_world();
	fill(&mt, 6);
	{
		MA_STATE(mas, &mt, 0, 0);

		mas_for_each(&mas, e, ULONG_MAX) {
			ck_assert_ptr_eq(e, &entries[i]);
			i++;
		}
	}
	ck_assert_int_eq(i, 6);
	{
		/* starting inside a range finds that range first */
		MA_STATE(mas, &mt, 210, 210);

		ck_assert_ptr_eq(mas_find(&mas, ULONG_MAX), &entries[2]);
		ck_assert_ptr_eq(mas_find(&mas, 399), &entries[3]);
		ck_assert_ptr_null(mas_find(&mas, 399));
	}
}
END_TEST

START_TEST(test_mas_find_rev_walks_backward)
{
	struct maple_tree mt;
	void *e;
	int i = 5;

	boot_world();
	fill(&mt, 6);
	{
		MA_STATE(mas, &mt, ULONG_MAX, ULONG_MAX);

		mas_for_each_rev(&mas, e, 0) {
			ck_assert_ptr_eq(e, &entries[i]);
			i--;
		}
	}
	ck_assert_int_eq(i, -1);
	{
		MA_STATE(mas, &mt, 260, 260);

		ck_assert_ptr_eq(mas_find_rev(&mas, 0), &entries[2]);
		ck_assert_ptr_eq(mas_find_rev(&mas, 100), &entries[1]);
		ck_assert_ptr_null(mas_find_rev(&mas, 100));
	}
}
END_TEST

START_TEST(test_mt_find_and_destroy)
{
	struct maple_tree mt;
	unsigned long index = 160;

	boot_world();
	fill(&mt, 3);
	/* 160 is in a gap: the next entry up is [200, 249] */
	ck_assert_ptr_eq(mt_find(&mt, &index, ULONG_MAX), &entries[2]);
	ck_assert_uint_eq(index, 200);
	index = 40;
	ck_assert_ptr_eq(mt_find(&mt, &index, ULONG_MAX), &entries[0]);
	__mt_destroy(&mt);
	ck_assert_ptr_null(mt.ma_root);
	index = 0;
	ck_assert_ptr_null(mt_find(&mt, &index, ULONG_MAX));
}
END_TEST

START_TEST(test_tree_grows)
{
	static int many[40];
	struct maple_tree mt;
	void *e;
	int i;

	boot_world();
	mt_init(&mt);
	for (i = 0; i < 40; i++)
		mtree_store_range(&mt, 10 * i, 10 * i + 9, &many[i]);
	i = 0;
	{
		MA_STATE(mas, &mt, 0, 0);

		mas_for_each(&mas, e, ULONG_MAX)
			ck_assert_ptr_eq(e, &many[i++]);
	}
	ck_assert_int_eq(i, 40);
}
END_TEST

Suite *maple_suite(void)
{
	Suite *s = suite_create("maple_tree");
	TCase *tc = tcase_create("Core");

	tcase_add_test(tc, test_mas_find_walks_forward);
	tcase_add_test(tc, test_mas_find_rev_walks_backward);
	tcase_add_test(tc, test_mt_find_and_destroy);
	tcase_add_test(tc, test_tree_grows);
	suite_add_tcase(s, tc);
	return s;
}
