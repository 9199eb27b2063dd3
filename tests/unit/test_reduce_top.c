/*
** tests/unit/test_reduce_top.c: the host side of the top of the reduction
** ladder and of the read ceiling, no GPU needed: the skip rule that keeps
** the Hopper-only bulk-copy variant off older devices (with its reason), the
** tuning setter's range, the argument checks of the read-ceiling
** launcher, which all answer before any CUDA call, and the registry entry of
** the no-combine bound.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "kernels/ceiling.h"
#include "experiments/harness/device_limits.h"
#include "kernels/reduce.h"

/* tma-bulk is skipped with a reason on an A100-like GPU (8.0) through the
** study's skip rule (experiments/harness/device_limits.h, from its registry flags),
** runs on 9.0, and is the only top step so flagged. */
static void test_tma_skipped_before_hopper(void **state) {
  (void)state;
  char z[256];
  const int iTma = reduce_find("tma-bulk");
  assert_true(iTma >= 0);
  gpu_info g;
  memset(&g, 0, sizeof g);
  snprintf(g.zName, sizeof g.zName, "Test A100");
  g.nSm = 108, g.ccMajor = 8, g.ccMinor = 0, g.nGlobalBytes = 40LL << 30, g.maxThreadsPerBlock = 1024;
  const device_need need = {.nGlobalBytes = 1 << 20, .nThreadsPerBlock = 256,
                            .mFlags = reduce_variants[iTma].v.mFlags};
  const char *zWhy = device_skip(&g, &need, z, sizeof z);
  assert_non_null(zWhy);
  assert_non_null(strstr(zWhy, "9.0"));
  g.ccMajor = 9;
  assert_null(device_skip(&g, &need, z, sizeof z));
  static const char *const azOther[] = {"inflight", "one-launch", "one-launch-det"};
  for (size_t i = 0; i < sizeof(azOther) / sizeof(azOther[0]); i++)
    assert_false(reduce_variants[reduce_find(azOther[i])].v.mFlags & VARIANT_HOPPER_ONLY);
}

/* The top steps exist, are tuned, and reduce_tune takes exactly loads
** 0 (default), 1, 2, 4, 8, 16 and grid factors 0..64. */
static void test_tune_range(void **state) {
  (void)state;
  static const char *const azTop[] = {"inflight", "tma-bulk", "one-launch", "one-launch-det"};
  for (size_t i = 0; i < sizeof(azTop) / sizeof(azTop[0]); i++) {
    const int iVar = reduce_find(azTop[i]);
    if (iVar < 0) fail_msg("%s is not in the registry", azTop[i]);
    assert_true(reduce_variants[iVar].v.mFlags & VARIANT_TUNED);
  }
  static const int anOk[] = {0, 1, 2, 4, 8, 16}, anBad[] = {-1, 3, 5, 12, 32};
  for (size_t i = 0; i < sizeof(anOk) / sizeof(int); i++) assert_int_equal(reduce_tune(anOk[i], 1), 0);
  for (size_t i = 0; i < sizeof(anBad) / sizeof(int); i++)
    assert_int_equal(reduce_tune(anBad[i], 1), (int)cudaErrorInvalidValue);
  assert_int_equal(reduce_tune(8, 64), 0);
  assert_int_equal(reduce_tune(8, 65), (int)cudaErrorInvalidValue);
  assert_int_equal(reduce_tune(8, -1), (int)cudaErrorInvalidValue);
  assert_int_equal(reduce_tune(0, 0), 0);
}

/* no-combine is the registry's one bound (VARIANT_BOUND, stored as "bound"
** in table variant, where the report excludes it from every ladder and
** "best"): no ladder step (no bottleneck removed, origin "bound"), not
** tuned, not in place, with a block axis, right after small-n, whose grid
** and loads it shares; its workspace query, like every launcher's, refuses a
** bad block before any CUDA call. */
static void test_no_combine_bound(void **state) {
  (void)state;
  char z[128];
  const int iBound = reduce_find("no-combine"), iSmall = reduce_find("small-n");
  assert_true(iBound >= 0);
  assert_int_equal(iBound, iSmall + 1);
  const reduce_variant *v = &reduce_variants[iBound];
  assert_int_equal(v->v.mFlags, VARIANT_BOUND);
  assert_string_equal(variant_flags_text(v->v.mFlags, z, sizeof z), "bound");
  assert_string_equal(v->v.zBottleneck, "");
  assert_string_equal(v->v.zOrigin, "bound");
  assert_int_equal(v->nMinBlock, reduce_variants[iSmall].nMinBlock);
  for (int i = 0; i < reduce_nvariant; i++)
    if (i != iBound && (reduce_variants[i].v.mFlags & VARIANT_BOUND))
      fail_msg("%s is flagged a bound too", reduce_variants[i].v.zKey);
  assert_string_equal(variant_flags_text(VARIANT_TUNED | VARIANT_BOUND, z, sizeof z), "tuned,bound");
  assert_int_equal(reduce_workspace_bytes(iBound, REDUCE_I32, 1 << 16, 48), 0);
  assert_int_equal(reduce_workspace_bytes(iBound, REDUCE_I32, 1 << 16, 16), 0);
}

/* The read-ceiling launcher refuses unknown widths and in-flight counts,
** misaligned or odd-sized buffers and empty grids before touching the GPU. */
static void test_ceiling_args(void **state) {
  (void)state;
  static uint32_t aFake[16];
  unsigned *pSink = (unsigned *)&aFake[0];
  const void *pBuf = &aFake[4];
  int nPerSm = 0;
  const int bad = (int)cudaErrorInvalidValue;
  assert_int_equal(ceiling_read_launch(2, 1, pBuf, 16, 1, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(32, 1, pBuf, 16, 1, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(16, 3, pBuf, 16, 1, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(16, 16, pBuf, 16, 1, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(16, 4, pBuf, 24, 1, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(16, 4, (const char *)pBuf + 4, 16, 1, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(16, 4, pBuf, 16, 0, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(16, 4, NULL, 16, 1, 32, pSink, 0), bad);
  assert_int_equal(ceiling_read_launch(16, 4, pBuf, 16, 1, 32, NULL, 0), bad);
  assert_int_equal(ceiling_occupancy(12, 1, 256, &nPerSm), bad);
  assert_int_equal(ceiling_occupancy(16, 1, 256, NULL), bad);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tma_skipped_before_hopper),
      cmocka_unit_test(test_tune_range),
      cmocka_unit_test(test_ceiling_args),
      cmocka_unit_test(test_no_combine_bound),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
