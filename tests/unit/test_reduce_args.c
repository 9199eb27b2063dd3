/*
** tests/unit/test_reduce_args.c: what kernels/reduce.h promises without a
** GPU: the variant registry, and the argument checks of reduce_launch(),
** reduce_workspace_bytes() and reduce_workspace_init(), which return
** cudaErrorInvalidValue before any CUDA call (reduce_launch checks the
** pointers, then reduce_dispatch checks the variant index, n >= 1 and, for
** variants with a block axis, the block size, all before a launcher runs).
**
** Not asserted here: block-size rejection for "cub" and "cub32"
** (VARIANT_NO_BLOCK: the block size is documented as ignored), and workspace
** sizes of the grid-stride variants and the CUBs, whose size query asks the
** driver for the SM count and occupancy (or calls CUB), so it needs a device.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "tests/unit/check_registry.h"
#include "experiments/harness/device_limits.h"
#include "kernels/reduce.h"

/* Stand-ins for device pointers: never dereferenced, the checks fail first. */
static int32_t aFakeIn[64], aFakeWs[64], aFakeOut[4];

static const char *dtype_name(int t) { return t == REDUCE_I32 ? "int32" : "float32"; }

/* Call reduce_launch with fake pointers; fail unless it returns
** cudaErrorInvalidValue. */
static void expect_invalid(int iVar, int eType, size_t n, int nBlock, void *d_in, void *d_ws, void *d_out) {
  int rc = reduce_launch(iVar, (reduce_dtype)eType, d_in, n, nBlock, d_ws, sizeof(aFakeWs), d_out, 0);
  if (rc != (int)cudaErrorInvalidValue)
    fail_msg("reduce_launch(%s, %s, n=%zu, block=%d) returned %d, want cudaErrorInvalidValue (%d)",
             iVar >= 0 && iVar < reduce_nvariant ? reduce_variants[iVar].v.zKey : "?", dtype_name(eType), n,
             nBlock, rc, (int)cudaErrorInvalidValue);
}

/* The registry is consistent (check_registry.h: keys, text, launcher names),
** power-of-two minimum blocks in [32, 1024], in-place variants all have a
** block axis and a fold, the host loop's key is not a kernel's. */
static void test_registry(void **state) {
  (void)state;
  check_registry(reduce_variants, reduce_nvariant, sizeof(reduce_variants[0]), "reduce");
  for (int i = 0; i < reduce_nvariant; i++) {
    const reduce_variant *v = &reduce_variants[i];
    assert_true(v->nMinBlock >= 32 && v->nMinBlock <= 1024 && (v->nMinBlock & (v->nMinBlock - 1)) == 0);
    if (v->v.mFlags & VARIANT_IN_PLACE) {
      assert_false(v->v.mFlags & VARIANT_NO_BLOCK);
      assert_true(v->nFold >= 1);
    }
    assert_non_null(v->xLaunch);
    for (int j = 0; j < i; j++)
      if (reduce_variants[j].xLaunch == v->xLaunch)
        fail_msg("%s and %s share one launcher", reduce_variants[j].v.zKey, v->v.zKey);
  }
  assert_int_equal(reduce_find("cpu-serial"), -1);
  assert_int_equal(reduce_find("CUB"), -1);
}

/* The flags as the database stores them. */
static void test_flags_text(void **state) {
  (void)state;
  char z[64];
  assert_string_equal(variant_flags_text(0, z, sizeof z), "");
  assert_string_equal(variant_flags_text(VARIANT_IN_PLACE, z, sizeof z), "in-place");
  assert_string_equal(variant_flags_text(VARIANT_IN_PLACE | VARIANT_HOPPER_ONLY, z, sizeof z),
                      "in-place,hopper-only");
  assert_string_equal(variant_flags_text(VARIANT_IN_PLACE | VARIANT_HOPPER_ONLY, z, 12), "in-place");
}

/* n == 0 is rejected by every variant and dtype, whatever the block size. */
static void test_launch_rejects_n0(void **state) {
  (void)state;
  for (int i = 0; i < reduce_nvariant; i++)
    for (int t = 0; t < 2; t++) {
      expect_invalid(i, t, 0, 256, aFakeIn, aFakeWs, aFakeOut);
      expect_invalid(i, t, 0, 48, aFakeIn, aFakeWs, aFakeOut);
      assert_int_equal(reduce_workspace_bytes(i, (reduce_dtype)t, 0, 256), 0);
    }
}

/* Variants with a block axis reject block sizes that are not a power of two
** in [nMinBlock, 1024]: 48, 2048, 0, -256, 16, 1000 (and 32 where the minimum
** is 64); their workspace query returns 0 for the same. */
static void test_launch_rejects_bad_block(void **state) {
  (void)state;
  const int aBad[] = {48, 2048, 0, -256, 16, 1000, 96, 4096};
  int nChecked = 0;
  for (int i = 0; i < reduce_nvariant; i++) {
    if (reduce_variants[i].v.mFlags & VARIANT_NO_BLOCK) continue; /* cub: block size ignored by design */
    nChecked++;
    for (int t = 0; t < 2; t++) {
      for (size_t k = 0; k < sizeof(aBad) / sizeof(aBad[0]); k++) {
        expect_invalid(i, t, 1024, aBad[k], aFakeIn, aFakeWs, aFakeOut);
        if (reduce_workspace_bytes(i, (reduce_dtype)t, 1024, aBad[k]) != 0)
          fail_msg("%s: workspace bytes for block %d not 0", reduce_variants[i].v.zKey, aBad[k]);
      }
      for (int b = 1; b < reduce_variants[i].nMinBlock; b *= 2) {
        expect_invalid(i, t, 1024, b, aFakeIn, aFakeWs, aFakeOut);
        assert_int_equal(reduce_workspace_bytes(i, (reduce_dtype)t, 1024, b), 0);
      }
    }
  }
  assert_true(nChecked >= 1);
}

/* NULL input, workspace or output pointers and out-of-range variant indices
** are rejected for every variant. */
static void test_launch_rejects_null_and_index(void **state) {
  (void)state;
  for (int i = 0; i < reduce_nvariant; i++)
    for (int t = 0; t < 2; t++) {
      expect_invalid(i, t, 1024, 256, NULL, aFakeWs, aFakeOut);
      expect_invalid(i, t, 1024, 256, aFakeIn, NULL, aFakeOut);
      expect_invalid(i, t, 1024, 256, aFakeIn, aFakeWs, NULL);
    }
  for (int t = 0; t < 2; t++) {
    expect_invalid(-1, t, 1024, 256, aFakeIn, aFakeWs, aFakeOut);
    expect_invalid(reduce_nvariant, t, 1024, 256, aFakeIn, aFakeWs, aFakeOut);
    assert_int_equal(reduce_workspace_bytes(-1, (reduce_dtype)t, 1024, 256), 0);
    assert_int_equal(reduce_workspace_bytes(reduce_nvariant, (reduce_dtype)t, 1024, 256), 0);
  }
  /* An unknown dtype is rejected too. */
  for (int i = 0; i < reduce_nvariant; i++) expect_invalid(i, 7, 1024, 256, aFakeIn, aFakeWs, aFakeOut);
}

/* The in-place ladder variants size their workspace without the driver: one
** partial per block of nBlock*nFold elements, for any n including ones that
** need the two-stage finish; a grid above INT32_MAX blocks is refused. Below
** the two-stage finish (at most 16384 partials) the workspace is the partials
** rounded up to 64: so a launcher of another fold behind this key (unroll4's
** launcher under "unroll2") fails here. */
static void test_ladder_workspace_bytes(void **state) {
  (void)state;
  const size_t an[] = {1, 31, 1000, ((size_t)1 << 20) + 1, ((size_t)1 << 24) + 7, (size_t)1 << 31};
  const int aBlock[] = {32, 64, 256, 1024};
  int nLadder = 0;
  for (int i = 0; i < reduce_nvariant; i++) {
    const reduce_variant *v = &reduce_variants[i];
    if (!(v->v.mFlags & VARIANT_IN_PLACE)) continue;
    nLadder++;
    const size_t nFold = (size_t)v->nFold;
    for (size_t j = 0; j < sizeof(an) / sizeof(an[0]); j++)
      for (size_t k = 0; k < sizeof(aBlock) / sizeof(aBlock[0]); k++) {
        if (aBlock[k] < v->nMinBlock) continue;
        for (int t = 0; t < 2; t++) {
          size_t nBytes = reduce_workspace_bytes(i, (reduce_dtype)t, an[j], aBlock[k]);
          size_t nPart = (an[j] + (size_t)aBlock[k] * nFold - 1) / ((size_t)aBlock[k] * nFold);
          if (nBytes < nPart * 4)
            fail_msg("%s n=%zu block=%d: workspace %zu bytes < %zu partials", v->v.zKey, an[j], aBlock[k],
                     nBytes, nPart);
          if (nPart <= 16384 && nBytes != (nPart + 63) / 64 * 64 * 4)
            fail_msg("%s n=%zu block=%d: workspace %zu bytes, want %zu partials (fold %zu) rounded to 64",
                     v->v.zKey, an[j], aBlock[k], nBytes, nPart, nFold);
        }
      }
    /* 2^40 elements in blocks of 32 would need 2^35 blocks. */
    if (nFold == 1) assert_int_equal(reduce_workspace_bytes(i, REDUCE_I32, (size_t)1 << 40, 32), 0);
  }
  assert_true(nLadder >= 1);
}

/* CUB at its best (issue 47): cub32, right after cub, is CUB with an int
** count (32-bit offsets), flagged VARIANT_OFFSET32 (stored as "offset32")
** beside no-block-axis, a reference like cub, and the only variant so
** flagged; cub (64-bit offsets) is not. Their descriptions name the offset
** type, for the report. Above INT32_MAX every VARIANT_OFFSET32 variant is
** refused before any CUDA call (launch and workspace query), and the study
** skips it there (experiments/reduce/reduce.c, test_reduce_cli.sh). */
static void test_cub32_offsets(void **state) {
  (void)state;
  char z[64];
  const int iCub = reduce_find("cub"), iCub32 = reduce_find("cub32");
  assert_true(iCub >= 0);
  assert_int_equal(iCub32, iCub + 1);
  const reduce_variant *v = &reduce_variants[iCub32];
  assert_int_equal(v->v.mFlags, VARIANT_NO_BLOCK | VARIANT_OFFSET32);
  assert_string_equal(variant_flags_text(v->v.mFlags, z, sizeof z), "no-block-axis,offset32");
  assert_string_equal(v->v.zOrigin, "reference");
  assert_string_equal(v->v.zOrigin, reduce_variants[iCub].v.zOrigin);
  assert_int_equal(reduce_variants[iCub].v.mFlags, VARIANT_NO_BLOCK);
  assert_non_null(strstr(v->v.zDesc, "32-bit offsets"));
  assert_non_null(strstr(reduce_variants[iCub].v.zDesc, "64-bit offsets"));
  for (int i = 0; i < reduce_nvariant; i++)
    if (i != iCub32 && (reduce_variants[i].v.mFlags & VARIANT_OFFSET32))
      fail_msg("%s is flagged offset32 too", reduce_variants[i].v.zKey);
  const size_t nOver = (size_t)INT32_MAX + 1;
  for (int t = 0; t < 2; t++) {
    expect_invalid(iCub32, t, nOver, 256, aFakeIn, aFakeWs, aFakeOut);
    expect_invalid(iCub32, t, (size_t)1 << 40, 256, aFakeIn, aFakeWs, aFakeOut);
    assert_int_equal(reduce_workspace_bytes(iCub32, (reduce_dtype)t, nOver, 256), 0);
  }
}

/* reduce_workspace_init accepts an empty workspace without touching CUDA and
** rejects a NULL pointer with a size. */
static void test_workspace_init_args(void **state) {
  (void)state;
  assert_int_equal(reduce_workspace_init(NULL, 0, 0), (int)cudaSuccess);
  assert_int_equal(reduce_workspace_init(NULL, 16, 0), (int)cudaErrorInvalidValue);
}

/* The device-limit skip rule (experiments/harness/device_limits.h): nothing is
** checked without an open GPU; otherwise each limit of the GPU's properties
** (not of one model) skips with a reason naming it, and a configuration within
** every limit runs. */
static void test_device_skip(void **state) {
  (void)state;
  char z[256];
  gpu_info g;
  memset(&g, 0, sizeof g);
  const device_need big = {.nGlobalBytes = 1LL << 40, .nThreadsPerBlock = 4096, .mFlags = VARIANT_HOPPER_ONLY};
  assert_null(device_skip(NULL, &big, z, sizeof z));
  assert_null(device_skip(&g, &big, z, sizeof z)); /* no GPU open: --list */
  snprintf(g.zName, sizeof g.zName, "Test GPU");
  g.nSm = 108, g.ccMajor = 8, g.ccMinor = 0, g.nGlobalBytes = 40LL << 30, g.maxThreadsPerBlock = 1024;
  g.nSharedPerBlock = 48 << 10, g.nConstBytes = 64 << 10, g.nTex1DLinear = 1 << 27;
  const device_need fits = {.nGlobalBytes = 40LL << 30, .nThreadsPerBlock = 1024, .nSharedPerBlock = 48 << 10,
                            .nConstBytes = 64 << 10, .nTex1DElems = 1 << 27};
  assert_null(device_skip(&g, &fits, z, sizeof z));
  const struct { device_need need; const char *zWant; } aCase[] = {
      {{.mFlags = VARIANT_HOPPER_ONLY}, "compute capability 9.0, the Test GPU has 8.0"},
      {{.nGlobalBytes = (40LL << 30) + 1}, "device memory"},
      {{.nThreadsPerBlock = 1025}, "allows 1024"},
      {{.nSharedPerBlock = (48 << 10) + 1}, "shared memory"},
      {{.nConstBytes = (64 << 10) + 1}, "constant memory"},
      {{.nTex1DElems = (1 << 27) + 1}, "texture"},
  };
  for (size_t i = 0; i < sizeof aCase / sizeof aCase[0]; i++) {
    const char *zWhy = device_skip(&g, &aCase[i].need, z, sizeof z);
    if (!zWhy || !strstr(zWhy, aCase[i].zWant))
      fail_msg("case %zu: got '%s', want a reason with '%s'", i, zWhy ? zWhy : "(runs)", aCase[i].zWant);
  }
  g.ccMajor = 9;
  assert_null(device_skip(&g, &aCase[0].need, z, sizeof z)); /* Hopper-only runs on 9.x */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_registry),
      cmocka_unit_test(test_flags_text),
      cmocka_unit_test(test_device_skip),
      cmocka_unit_test(test_launch_rejects_n0),
      cmocka_unit_test(test_launch_rejects_bad_block),
      cmocka_unit_test(test_launch_rejects_null_and_index),
      cmocka_unit_test(test_ladder_workspace_bytes),
      cmocka_unit_test(test_workspace_init_args),
      cmocka_unit_test(test_cub32_offsets),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
