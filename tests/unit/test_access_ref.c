/*
** tests/unit/test_access_ref.c: what the access study relies on without a
** GPU: the CPU reference ref_access() (experiments/access/ref_access.c) for every
** registered variant on small n and every offset 0..n-1 (strides 1..n+1),
** checked element by element against the rules of kernels/access.h written
** out independently here, with untouched elements keeping the sentinel; its
** rejection of bad arguments (C left untouched); the registry, the byte
** counts of access_traffic(), and the argument checks of access_launch() and
** access_texture_create(), which return cudaErrorInvalidValue before any CUDA
** call; the OpenMP memset/memcmp of the verification (host_bytes.h).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/access.h"
#include "tests/unit/check_registry.h"
#include "experiments/access/host_bytes.h"
#include "experiments/access/ref_access.h"
#include "experiments/harness/rng.h"

#define NMAX 70
#define SENTINEL -12345.5f

/* Sizes the reference is checked on (every offset of each). */
static const size_t anSize[] = {1, 2, 3, 7, 31, 32, 33, 64, 65};

/* Inputs: A in [1,2), B in [-2,-1) (fixed seed), so A+B differs from both. */
static float aA[NMAX], aB[NMAX];

/* Fill the inputs once. */
static int setup(void **state) {
  (void)state;
  uint64_t iSeed = 0xacce55u;
  for (int i = 0; i < NMAX; i++) {
    aA[i] = 1.0f + rng_float(&iSeed);
    aB[i] = -2.0f + rng_float(&iSeed);
  }
  return 0;
}

/* Stand-ins carrying only a pattern: ref_access() reads nothing else, so the
** hand-worked cases below name patterns, not variants. */
static const access_variant vReadOffset = {.ePattern = ACCESS_READ_OFFSET};
static const access_variant vWriteOffset = {.ePattern = ACCESS_WRITE_OFFSET};
static const access_variant vReadStride = {.ePattern = ACCESS_READ_STRIDE};
static const access_variant vLocal = {.ePattern = ACCESS_LOCAL};
static const access_variant vBadPattern = {.ePattern = (access_pattern)99};

/* Index of the first registry entry with pattern e whose flags include
** mFlags and whose flags exclude mNot; fails the test if there is none. */
static int first_with(access_pattern e, unsigned mFlags, unsigned mNot) {
  for (int i = 0; i < access_nvariant; i++)
    if (access_variants[i].ePattern == e && (access_variants[i].v.mFlags & mFlags) == mFlags &&
        !(access_variants[i].v.mFlags & mNot))
      return i;
  fail_msg("no variant with pattern %d and flags 0x%x", (int)e, mFlags);
  return -1;
}

/* Set all n elements of C to the sentinel. */
static void fill_sentinel(float *C, size_t n) {
  for (size_t i = 0; i < n; i++) C[i] = SENTINEL;
}

/* Compare C with want elementwise (bitwise) and name the first difference. */
static void assert_same(const float *C, const float *want, size_t n, const char *zKey, int k) {
  for (size_t i = 0; i < n; i++)
    if (memcmp(&C[i], &want[i], sizeof(float)) != 0)
      fail_msg("%s n=%zu k=%d: C[%zu] = %.9g, want %.9g", zKey, n, k, i, C[i], want[i]);
}

/* What a variant of pattern e writes, written out from the table in access.h. */
static void expect(access_pattern e, size_t n, int k, float *want) {
  fill_sentinel(want, n);
  if (e == ACCESS_WRITE_OFFSET) {
    for (size_t j = (size_t)k; j < n; j++) want[j] = aA[j - (size_t)k] + aB[j - (size_t)k];
  } else if (e == ACCESS_READ_STRIDE) {
    size_t m = (n + (size_t)k - 1) / (size_t)k;
    for (size_t i = 0; i < m; i++) want[i] = aA[i * (size_t)k] + aB[i * (size_t)k];
  } else if (e == ACCESS_LOCAL) {
    for (size_t i = 0; i < n; i++) {
      float sum = 0.0f;
      for (unsigned j = 0; j < 32; j++) sum += aA[i] + (float)((((unsigned)i * 7u) + j) & 31u);
      want[i] = sum;
    }
  } else {
    for (size_t i = 0; i + (size_t)k < n; i++) want[i] = aA[i + (size_t)k] + aB[i + (size_t)k];
  }
}

/* ------------------------------------------------------------ reference -- */
/* Every variant, every size, every valid offset (strides 1..n+1, local k=0). */
static void test_ref_every_offset(void **state) {
  (void)state;
  float C[NMAX], want[NMAX];
  int nCase = 0;
  for (int v = 0; v < access_nvariant; v++) {
    const char *zKey = access_variants[v].v.zKey;
    const access_axis eAxis = access_pattern_axis(access_variants[v].ePattern);
    for (size_t s = 0; s < sizeof(anSize) / sizeof(anSize[0]); s++) {
      size_t n = anSize[s];
      int kLo = eAxis == ACCESS_AXIS_STRIDE ? 1 : 0;
      int kHi = eAxis == ACCESS_AXIS_STRIDE ? (int)n + 1 : eAxis == ACCESS_AXIS_OFFSET ? (int)n - 1 : 0;
      for (int k = kLo; k <= kHi; k++) {
        fill_sentinel(C, n + 1);
        assert_int_equal(ref_access(&access_variants[v], aA, aB, C, n, k), 0);
        expect(access_variants[v].ePattern, n, k, want);
        assert_same(C, want, n, zKey, k);
        if (C[n] != SENTINEL) fail_msg("%s n=%zu k=%d wrote C[n]", zKey, n, k);
        nCase++;
      }
    }
  }
  assert_true(nCase > 500);
}

/* Worked by hand: n = 4, A = {1,2,3,4}, B = {10,20,30,40}. */
static void test_ref_hand(void **state) {
  (void)state;
  const float A[4] = {1, 2, 3, 4}, B[4] = {10, 20, 30, 40};
  const float S = SENTINEL;
  float C[4];
  const float wantRead1[4] = {22, 33, 44, S}, wantWrite1[4] = {S, 11, 22, 33};
  const float wantStride3[4] = {11, 44, S, S}, wantRead3[4] = {44, S, S, S};
  fill_sentinel(C, 4);
  assert_int_equal(ref_access(&vReadOffset, A, B, C, 4, 1), 0);
  assert_same(C, wantRead1, 4, "read-offset", 1);
  fill_sentinel(C, 4);
  assert_int_equal(ref_access(&vReadOffset, A, B, C, 4, 3), 0);
  assert_same(C, wantRead3, 4, "read-offset", 3);
  fill_sentinel(C, 4);
  assert_int_equal(ref_access(&vWriteOffset, A, B, C, 4, 1), 0);
  assert_same(C, wantWrite1, 4, "write-offset", 1);
  fill_sentinel(C, 4);
  assert_int_equal(ref_access(&vReadStride, A, B, C, 4, 3), 0);
  assert_same(C, wantStride3, 4, "read-stride", 3);
  /* local: element 0 has r = 0: sum of 1 + j for j = 0..31 = 32 + 496. */
  fill_sentinel(C, 4);
  assert_int_equal(ref_access(&vLocal, A, NULL, C, 1, 0), 0);
  assert_true(C[0] == 528.0f);
  assert_true(C[1] == S);
}

/* Bad arguments return -1 and leave C untouched. */
static void test_ref_rejects(void **state) {
  (void)state;
  float C[8];
  struct { const access_variant *pVar; size_t n; int k; } aBad[] = {
      {NULL, 4, 0},           {&vBadPattern, 4, 0},    {&vReadOffset, 0, 0},
      {&vReadOffset, 4, 4},   {&vReadOffset, 4, -1},   {&vReadOffset, 4, 9},
      {&vWriteOffset, 4, 4},  {&vWriteOffset, 4, -1},  {&vReadStride, 4, 0},
      {&vReadStride, 4, -2},  {&vLocal, 0, 0},         {&vReadOffset, 1, 1},
  };
  for (size_t i = 0; i < sizeof(aBad) / sizeof(aBad[0]); i++) {
    fill_sentinel(C, 8);
    if (ref_access(aBad[i].pVar, aA, aB, C, aBad[i].n, aBad[i].k) != -1)
      fail_msg("case %zu (pattern %d n=%zu k=%d) accepted", i, aBad[i].pVar ? (int)aBad[i].pVar->ePattern : -1,
               aBad[i].n, aBad[i].k);
    for (int j = 0; j < 8; j++) assert_true(C[j] == SENTINEL);
  }
}

/* ------------------------------------------------------------- registry -- */
/* The registry is consistent (check_registry.h), each entry has a known
** pattern, at least one output per thread and its own launcher, and this test
** links the L1-cached build. */
static void test_registry(void **state) {
  (void)state;
  check_registry(access_variants, access_nvariant, sizeof(access_variants[0]), "access");
  for (int i = 0; i < access_nvariant; i++) {
    assert_in_range(access_variants[i].ePattern, ACCESS_READ_OFFSET, ACCESS_LOCAL);
    assert_true(access_variants[i].nElemPerThread >= 1);
    assert_non_null(access_variants[i].xLaunch);
    for (int j = 0; j < i; j++)
      if (access_variants[j].xLaunch == access_variants[i].xLaunch)
        fail_msg("%s and %s share one launcher", access_variants[j].v.zKey, access_variants[i].v.zKey);
  }
  assert_string_equal(access_build_dlcm(), "ca");
}

/* Useful bytes of every variant: 2 reads and 1 write of 4 bytes per output
** (local: 1 read), 0 for a k the pattern rejects or a bad index. */
static void test_traffic(void **state) {
  (void)state;
  unsigned long long r, w;
  for (int i = 0; i < access_nvariant; i++) {
    switch (access_pattern_axis(access_variants[i].ePattern)) {
      case ACCESS_AXIS_OFFSET: /* m = n - k */
        access_traffic(i, 10, 3, &r, &w);
        assert_true(r == 56 && w == 28);
        access_traffic(i, 10, 0, &r, &w);
        assert_true(r == 80 && w == 40);
        access_traffic(i, 10, 10, &r, &w);
        assert_true(r == 0 && w == 0);
        break;
      case ACCESS_AXIS_STRIDE: /* m = ceil(n / k) */
        access_traffic(i, 10, 3, &r, &w); /* i = 0,3,6,9 */
        assert_true(r == 32 && w == 16);
        access_traffic(i, 10, 11, &r, &w);
        assert_true(r == 8 && w == 4);
        access_traffic(i, 10, 0, &r, &w);
        assert_true(r == 0 && w == 0);
        break;
      case ACCESS_AXIS_NONE: /* m = n, B not read */
        access_traffic(i, 10, 0, &r, &w);
        assert_true(r == 40 && w == 40);
        break;
    }
  }
  access_traffic(-1, 10, 0, &r, &w);
  assert_true(r == 0 && w == 0);
  access_traffic(access_nvariant, 10, 0, &r, &w);
  assert_true(r == 0 && w == 0);
}

/* The launcher refuses bad arguments before touching the GPU. */
static void test_launch_rejects(void **state) {
  (void)state;
  float *p = (float *)(uintptr_t)4096; /* never dereferenced: every call fails validation */
  int iRead = first_with(ACCESS_READ_OFFSET, 0, VARIANT_TEXTURE);
  int iTex = first_with(ACCESS_READ_OFFSET, VARIANT_TEXTURE, 0);
  int iStride = first_with(ACCESS_READ_STRIDE, 0, 0);
  const int inval = (int)cudaErrorInvalidValue;
  assert_int_equal(access_launch(-1, p, p, p, 16, 0, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(access_nvariant, p, p, p, 16, 0, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iRead, p, p, p, 16, 0, 0, 0, 48, 0), inval);
  assert_int_equal(access_launch(iRead, p, p, p, 16, 0, 0, 0, 2048, 0), inval);
  assert_int_equal(access_launch(iRead, p, p, p, 16, 0, 0, 0, 0, 0), inval);
  assert_int_equal(access_launch(iRead, p, p, p, 16, 16, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iRead, p, p, p, 16, -1, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iRead, p, p, p, 0, 0, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iRead, NULL, p, p, 16, 0, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iRead, p, NULL, p, 16, 0, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iRead, p, p, NULL, 16, 0, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iStride, p, p, p, 16, 0, 0, 0, 64, 0), inval);
  assert_int_equal(access_launch(iTex, p, p, p, 16, 0, 0, 0, 64, 0), inval);
  unsigned long long tex = 1;
  assert_int_equal(access_texture_create(NULL, 16, &tex), inval);
  assert_int_equal(access_texture_create(p, 0, &tex), inval);
  assert_int_equal(access_texture_destroy(0), 0);
}

/* host_fill_bytes() writes every byte of buffers that end inside, on and
** just past a block boundary, and no byte after them; host_same_bytes() finds
** a single byte above or below the other's in the first, a middle and the
** last (partial) block, at a block's first and last byte, and 1 for equal
** buffers (a pattern that differs from block to block). */
static void test_host_bytes(void **state) {
  (void)state;
  const size_t B = HOST_BYTES_BLOCK, nAll = 5 * B;
  const size_t anLen[] = {0, 1, B - 1, B, B + 1, 3 * B + 5};
  unsigned char *a = malloc(nAll), *b = malloc(nAll);
  assert_non_null(a);
  assert_non_null(b);
  for (size_t l = 0; l < sizeof(anLen) / sizeof(anLen[0]); l++) {
    const size_t n = anLen[l];
    memset(a, 0x11, nAll);
    host_fill_bytes(a, 0xC7, n);
    for (size_t i = 0; i < nAll; i++)
      if (a[i] != (i < n ? 0xC7 : 0x11)) fail_msg("n=%zu: byte %zu is 0x%02x after the fill", n, i, a[i]);
    for (size_t i = 0; i < n; i++) a[i] = (unsigned char)(i * 7 + i / B);
    memcpy(b, a, n);
    assert_int_equal(host_same_bytes(a, b, n), 1);
    const size_t aiAt[] = {0, B - 1, B, 2 * B + 7, n - 1};
    for (size_t j = 0; j < sizeof(aiAt) / sizeof(aiAt[0]); j++) {
      const size_t i = aiAt[j];
      if (n == 0 || i >= n) continue;
      for (int d = -1; d <= 1; d += 2) {
        b[i] = (unsigned char)(a[i] + d);
        if (host_same_bytes(a, b, n)) fail_msg("n=%zu: byte %zu differs by %d, not found", n, i, d);
      }
      b[i] = a[i];
    }
  }
  free(a);
  free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ref_every_offset), cmocka_unit_test(test_ref_hand),
      cmocka_unit_test(test_ref_rejects),      cmocka_unit_test(test_registry),
      cmocka_unit_test(test_traffic),          cmocka_unit_test(test_launch_rejects),
      cmocka_unit_test(test_host_bytes),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
