/*
** tests/unit/test_ref_threads.c: the CPU references and input generators run
** on OpenMP threads, and their results must not depend on how many: each is
** run on 1 thread and on several, and the outputs compared bit for bit. Also
** rng_at() (experiments/harness/rng.h), the counter-based form the parallel
** fills use, against the serial splitmix64 stream it replaces.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/access/ref_access.h"
#include "experiments/distance/ref_distance.h"
#include "experiments/harness/rng.h"
#include "experiments/raytrace/ref_raytrace.h"
#include "experiments/reduce/ref_reduce.h"
#include "experiments/stencil/ref_stencil.h"
#include "kernels/raytrace.h"

/* The thread counts every result is compared across (the first is the
** reference): more threads than this machine has cores is fine and intended. */
static const int anThread[] = {1, 2, 3, 7, 16};
#define NTHREAD ((int)(sizeof(anThread) / sizeof(anThread[0])))

/* Use exactly nThread threads in the next parallel regions (fails the test
** when the environment caps it, e.g. OMP_THREAD_LIMIT, so no check is vacuous). */
static void use_threads(int nThread) {
  omp_set_dynamic(0);
  omp_set_num_threads(nThread);
  int nGot = 0;
#pragma omp parallel
  {
#pragma omp single
    nGot = omp_get_num_threads();
  }
  if (nGot != nThread) fail_msg("asked for %d OpenMP threads, got %d", nThread, nGot);
}

/* n floats in [-1, 1) with every 97th scaled by 2^20, so the order of the
** additions shows in the low bits of a sum. */
static float *random_floats(size_t n, uint64_t iSeed) {
  float *a = malloc(n * sizeof(float));
  assert_non_null(a);
  for (size_t i = 0; i < n; i++) a[i] = (2.0f * rng_float_at(iSeed, i) - 1.0f) * (i % 97 == 0 ? 1048576.0f : 1.0f);
  return a;
}

/* rng_at(seed, i) is the i-th rng_next() from seed, rng_float_at the i-th
** rng_float(): the parallel fills give the values the serial loops gave. */
static void test_rng_at_is_the_stream(void **state) {
  (void)state;
  const uint64_t aSeed[] = {0, 42, 0x5eed0003u + (1u << 29), UINT64_MAX};
  for (size_t s = 0; s < sizeof(aSeed) / sizeof(aSeed[0]); s++) {
    uint64_t iState = aSeed[s], iState2 = aSeed[s];
    for (uint64_t i = 0; i < 1000; i++) {
      const uint64_t want = rng_next(&iState);
      if (rng_at(aSeed[s], i) != want) fail_msg("seed %zu draw %llu differs from the stream", s, (unsigned long long)i);
      const float f = rng_float(&iState2);
      assert_true(memcmp(&f, &(float){rng_float_at(aSeed[s], i)}, sizeof(f)) == 0);
    }
  }
}

/* ref_reduce_f32 (sum and sum of |x|) and ref_reduce_i32 give the same bits
** on every thread count, for one chunk, several and a ragged tail. */
static void test_reduce_any_threads(void **state) {
  (void)state;
  const size_t an[] = {1000, 65536, 3 * 65536 + 12345, 40 * 65536 + 1};
  for (size_t c = 0; c < sizeof(an) / sizeof(an[0]); c++) {
    const size_t n = an[c];
    float *x = random_floats(n, 7 + c);
    int32_t *xi = malloc(n * sizeof(int32_t));
    assert_non_null(xi);
    for (size_t i = 0; i < n; i++) xi[i] = (int32_t)(rng_at(99, i) & 0xffff) - 30000;
    double sum0 = 0, abs0 = 0;
    int64_t i0 = 0;
    for (int t = 0; t < NTHREAD; t++) {
      use_threads(anThread[t]);
      double sumAbs = -1;
      const double sum = ref_reduce_f32(x, n, &sumAbs);
      const int64_t iSum = ref_reduce_i32(xi, n);
      if (t == 0) {
        sum0 = sum, abs0 = sumAbs, i0 = iSum;
        continue;
      }
      if (memcmp(&sum, &sum0, sizeof(sum)) != 0)
        fail_msg("n=%zu: f32 sum on %d threads %.17g, on 1 thread %.17g", n, anThread[t], sum, sum0);
      if (memcmp(&sumAbs, &abs0, sizeof(sumAbs)) != 0)
        fail_msg("n=%zu: sum of |x| on %d threads %.17g, on 1 thread %.17g", n, anThread[t], sumAbs, abs0);
      if (iSum != i0) fail_msg("n=%zu: i32 sum on %d threads %lld, on 1 thread %lld", n, anThread[t], (long long)iSum,
                               (long long)i0);
    }
    free(x);
    free(xi);
  }
}

/* The partition is chunks of 2^16 elements, each summed serially: 2^24 then
** tiny values of a quarter of its double ulp (2^-30). Within the first chunk
** every tiny value rounds away in the plain sum of |x|; the second chunk's
** 2^16 of them add up to 2^-14 on their own, which 2^24 + 2^-14 keeps. A
** chunk of 2^15 would give 2^24 + 3 * 2^-15, one of 2^17 or more 2^24. */
static void test_reduce_partition(void **state) {
  (void)state;
  enum { N = 1 << 17 };
  float *x = malloc(N * sizeof(float));
  assert_non_null(x);
  x[0] = 16777216.0f;
  for (size_t i = 1; i < N; i++) x[i] = 1.0f / 1073741824.0f;
  for (int t = 0; t < NTHREAD; t++) {
    use_threads(anThread[t]);
    double sumAbs = -1;
    (void)ref_reduce_f32(x, N / 2, &sumAbs);
    if (sumAbs != 16777216.0) fail_msg("one chunk on %d threads: sum |x| %.17g, want 2^24", anThread[t], sumAbs);
    (void)ref_reduce_f32(x, N, &sumAbs);
    if (sumAbs != 16777216.0 + 1.0 / 16384.0)
      fail_msg("two chunks on %d threads: sum |x| %.17g, want 2^24 + 2^-14", anThread[t], sumAbs);
  }
  free(x);
}

/* One output buffer per thread count; fails at the first byte that differs
** from the 1-thread output. */
static void assert_same_bytes(const void *pGot, const void *pWant, size_t nBytes, const char *zWhat, int nThread) {
  const unsigned char *a = pGot, *b = pWant;
  for (size_t i = 0; i < nBytes; i++)
    if (a[i] != b[i]) fail_msg("%s on %d threads: byte %zu is 0x%02x, on 1 thread 0x%02x", zWhat, nThread, i, a[i], b[i]);
}

/* ref_access: every pattern (with a k of each kind) writes the same C. */
static void test_access_any_threads(void **state) {
  (void)state;
  enum { N = 100003 };
  float *A = random_floats(N, 1), *B = random_floats(N, 2);
  float *C0 = malloc(N * sizeof(float)), *C = malloc(N * sizeof(float));
  assert_non_null(C0);
  assert_non_null(C);
  const struct {
    access_pattern e;
    int k;
  } aCase[] = {{ACCESS_READ_OFFSET, 0}, {ACCESS_READ_OFFSET, 11}, {ACCESS_WRITE_OFFSET, 128},
               {ACCESS_READ_STRIDE, 1}, {ACCESS_READ_STRIDE, 7},  {ACCESS_LOCAL, 0}};
  for (size_t c = 0; c < sizeof(aCase) / sizeof(aCase[0]); c++) {
    const access_variant *pVar = NULL;
    for (int v = 0; v < access_nvariant && !pVar; v++)
      if (access_variants[v].ePattern == aCase[c].e) pVar = &access_variants[v];
    assert_non_null(pVar);
    for (int t = 0; t < NTHREAD; t++) {
      use_threads(anThread[t]);
      float *pOut = t == 0 ? C0 : C;
      memset(pOut, 0xA5, N * sizeof(float));
      assert_int_equal(ref_access(pVar, A, B, pOut, N, aCase[c].k), 0);
      if (t) assert_same_bytes(C, C0, N * sizeof(float), pVar->v.zKey, anThread[t]);
    }
  }
  free(A);
  free(B);
  free(C0);
  free(C);
}

/* ref_stencil, ref_distance and ref_raytrace: the same image on every count. */
static void test_images_any_threads(void **state) {
  (void)state;
  enum { W = 257, H = 131, P = 20, NSPH = 20 };
  float *in = random_floats((size_t)W * H, 3);
  float *out0 = malloc(sizeof(float) * W * H), *out = malloc(sizeof(float) * W * H);
  float *pts = random_floats(2 * P, 4);
  unsigned char *rgba0 = malloc(4 * (size_t)W * H), *rgba = malloc(4 * (size_t)W * H);
  raytrace_sphere aSph[NSPH];
  assert_true(out0 && out && rgba0 && rgba);
  ref_raytrace_scene(aSph, NSPH, 7, W, H);
  for (int t = 0; t < NTHREAD; t++) {
    use_threads(anThread[t]);
    assert_int_equal(ref_stencil(in, W, t ? out : out0, W, H), 0);
    if (t) assert_same_bytes(out, out0, sizeof(float) * W * H, "ref_stencil", anThread[t]);
  }
  for (int t = 0; t < NTHREAD; t++) {
    use_threads(anThread[t]);
    ref_distance(pts, P, t ? out : out0, W, H);
    if (t) assert_same_bytes(out, out0, sizeof(float) * W * H, "ref_distance", anThread[t]);
  }
  for (int t = 0; t < NTHREAD; t++) {
    use_threads(anThread[t]);
    ref_raytrace(aSph, NSPH, t ? rgba : rgba0, W, H);
    if (t) assert_same_bytes(rgba, rgba0, 4 * (size_t)W * H, "ref_raytrace", anThread[t]);
  }
  free(in);
  free(out0);
  free(out);
  free(pts);
  free(rgba0);
  free(rgba);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rng_at_is_the_stream),
      cmocka_unit_test(test_reduce_any_threads),
      cmocka_unit_test(test_reduce_partition),
      cmocka_unit_test(test_access_any_threads),
      cmocka_unit_test(test_images_any_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
