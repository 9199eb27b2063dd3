/*
** tests/unit/test_seed_reduce.c: the reduction seed's unroll8 as written
** (reports/seed_reduce.c), the errata evidence: it drops the tail.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "experiments/harness/rng.h"
#include "experiments/reduce/ref_reduce.h"
#include "reports/seed_reduce.h"

/* Errata evidence: the seed's unroll8, launched with ceil(n/block)/8 blocks,
** drops the tail. On ones with n = 8*256*3 + 100, block 256 it sums exactly
** 8*256*3 (100 dropped). */
static void test_seed_unroll8_drops_tail(void **state) {
  (void)state;
  const size_t nFull = 8 * 256 * 3, n = nFull + 100;
  int32_t *a = malloc(n * sizeof(int32_t));
  assert_non_null(a);
  for (size_t i = 0; i < n; i++) a[i] = 1;
  assert_int_equal(seed_unroll8_as_written(a, n, 256), (int64_t)nFull);
  assert_int_equal(ref_reduce_i32(a, n) - seed_unroll8_as_written(a, n, 256), 100);
  /* At most 7 blocks' worth: the grid is 0 blocks, everything is dropped. */
  assert_int_equal(seed_unroll8_as_written(a, 7 * 256, 256), 0);
  assert_int_equal(seed_unroll8_as_written(a, 1000, 256), 0);
  /* n = 8*256 - 1 gets one block: 255 whole columns, the last keeps x[255]. */
  assert_int_equal(seed_unroll8_as_written(a, 8 * 256 - 1, 256), 255 * 8 + 1);
  free(a);
}

/* A partly filled last chunk that the seed's grid still counts keeps only the
** first element of each column that does not reach n: block 4, n 30 gives
** one block; columns 0,1 are whole (8 each), columns 2,3 keep x[2], x[3];
** n 29 (ceil(29/4) = 8 blocks exactly) still one block. */
static void test_seed_unroll8_partial_chunk(void **state) {
  (void)state;
  int32_t a[30];
  for (int i = 0; i < 30; i++) a[i] = 1;
  assert_int_equal(seed_unroll8_as_written(a, 30, 4), 2 * 8 + 2);
  for (int i = 0; i < 30; i++) a[i] = i; /* distinct values: which ones count */
  int64_t want = 0;
  for (int c = 0; c < 2; c++)
    for (int k = 0; k < 8; k++) want += c + 4 * k;
  want += 2 + 3;
  assert_int_equal(seed_unroll8_as_written(a, 30, 4), want);
  /* The grid is ceil(n/block)/8: n 29, block 4 is 8 blocks of 4, so one
  ** chunk; column 0 reaches n (x[28] is its last), columns 1..3 keep x[1..3]. */
  for (int i = 0; i < 30; i++) a[i] = 1;
  assert_int_equal(seed_unroll8_as_written(a, 29, 4), 8 + 3);
}

/* When n is a multiple of 8*block nothing is dropped: the seed's unroll8 equals
** the exact sum (random values with negatives; blocks from 1); n == 0 or
** block < 1 give 0. */
static void test_seed_unroll8_exact_when_multiple(void **state) {
  (void)state;
  const int aBlock[] = {1, 2, 32, 64, 256, 1024};
  uint64_t iSeed = 7;
  for (size_t j = 0; j < sizeof(aBlock) / sizeof(aBlock[0]); j++) {
    const size_t n = (size_t)8 * aBlock[j] * 5;
    int32_t *a = malloc(n * sizeof(int32_t));
    assert_non_null(a);
    for (size_t i = 0; i < n; i++) a[i] = (int32_t)(rng_next(&iSeed) % 2001) - 1000;
    if (seed_unroll8_as_written(a, n, aBlock[j]) != ref_reduce_i32(a, n))
      fail_msg("block %d n %zu: seed %lld, exact %lld", aBlock[j], n,
               (long long)seed_unroll8_as_written(a, n, aBlock[j]), (long long)ref_reduce_i32(a, n));
    free(a);
  }
  const int32_t one[] = {1};
  assert_int_equal(seed_unroll8_as_written(one, 0, 256), 0);
  assert_int_equal(seed_unroll8_as_written(one, 1, 0), 0);
  assert_int_equal(seed_unroll8_as_written(one, 1, -5), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_unroll8_drops_tail),
      cmocka_unit_test(test_seed_unroll8_partial_chunk),
      cmocka_unit_test(test_seed_unroll8_exact_when_multiple),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
