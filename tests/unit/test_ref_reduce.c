/*
** tests/unit/test_ref_reduce.c: the CPU references of the reduction study
** (experiments/reduce/ref_reduce.c): exact int sums, the compensated float sum, the
** float tolerance and the serial baselines.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "experiments/reduce/ref_reduce.h"
#include "experiments/harness/rng.h"

/* |a - b| <= tol for doubles (cmocka 1.1 only compares floats). */
#define assert_near(a, b, tol)                                                               \
  do {                                                                                       \
    double a_ = (a), b_ = (b), t_ = (tol);                                                   \
    if (!(fabs(a_ - b_) <= t_)) fail_msg("%s = %.17g, want %.17g (+/- %g)", #a, a_, b_, t_); \
  } while (0)

/* ref_reduce_i32 is the exact sum, negatives included, and does not wrap where
** an int32 sum would. */
static void test_i32_exact(void **state) {
  (void)state;
  const int32_t a[] = {1, -2, 3, -4, 5, -6, 7};
  assert_int_equal(ref_reduce_i32(a, 7), 4);
  assert_int_equal(ref_reduce_i32(a, 0), 0);
  assert_int_equal(ref_reduce_i32(a, 1), 1);
  const int32_t aNeg[] = {-8, -8, -8, -1};
  assert_true(ref_reduce_i32(aNeg, 4) == -25);
  const int32_t aBig[] = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MIN};
  assert_true(ref_reduce_i32(aBig, 4) == 3LL * INT32_MAX + INT32_MIN);
  assert_true(ref_reduce_i32(aBig, 3) == 3LL * INT32_MAX);
  /* Its 32-bit wrap is what a GPU int32 sum gives. */
  assert_int_equal((int32_t)(uint32_t)ref_reduce_i32(aBig, 3), INT32_MAX - 2);
}

/* ref_reduce_f32 equals hand-computed double sums (exact here) and reports
** the sum of absolute values. */
static void test_f32_known(void **state) {
  (void)state;
  const float a[] = {0.5f, 0.25f, -1.0f, 0.125f};
  double sumAbs = -1;
  assert_near(ref_reduce_f32(a, 4, &sumAbs), -0.125, 0);
  assert_near(sumAbs, 1.875, 0);
  const float b[] = {0.1f, 0.2f, 0.3f};
  assert_near(ref_reduce_f32(b, 3, NULL), (double)0.1f + (double)0.2f + (double)0.3f, 0);
  assert_near(ref_reduce_f32(b, 0, &sumAbs), 0.0, 0);
  assert_near(sumAbs, 0.0, 0);
  /* Negative zeros: |x| by the sign bit; sums of +0.0, as the branch on
  ** x < 0 gave (its |-0.0| was -0.0, which adds to 0.0 as +0.0). */
  const float z[] = {-0.0f, -0.0f, -0.0f};
  const double d = ref_reduce_f32(z, 3, &sumAbs);
  assert_false(signbit(d));
  assert_false(signbit(sumAbs));
  assert_near(d, 0.0, 0);
  assert_near(sumAbs, 0.0, 0);
  const float m[] = {-0.0f, -0.5f, -0.0f, 0.25f};
  assert_near(ref_reduce_f32(m, 4, &sumAbs), -0.25, 0);
  assert_near(sumAbs, 0.75, 0);
}

/* Compensation: 1e8f then 2^20 ones sums to exactly 1e8 + 2^20 (the float
** serial loop loses every one); 2^60, a thousand ones, -2^60 gives exactly 1000
** where a plain double loop gives 0. */
static void test_f32_compensated(void **state) {
  (void)state;
  const size_t n = ((size_t)1 << 20) + 1;
  float *a = malloc(n * sizeof(float));
  assert_non_null(a);
  a[0] = 1e8f;
  for (size_t i = 1; i < n; i++) a[i] = 1.0f;
  double sumAbs = 0;
  assert_near(ref_reduce_f32(a, n, &sumAbs), 1e8 + 1048576.0, 0);
  assert_near(sumAbs, 1e8 + 1048576.0, 0);
  assert_near(ref_reduce_f32_serial(a, n), 1e8, 0); /* the float loop drops the ones */
  free(a);
  float b[1002];
  b[0] = 0x1p60f;
  for (int i = 1; i <= 1000; i++) b[i] = 1.0f;
  b[1001] = -0x1p60f;
  double plain = 0;
  for (int i = 0; i < 1002; i++) plain += b[i];
  assert_near(plain, 0.0, 0); /* what no compensation gives */
  assert_near(ref_reduce_f32(b, 1002, NULL), 1000.0, 0);
}

/* The float tolerance is (ceil(log2 n) + 2048) * FLT_EPSILON * sumAbs: zero for
** sumAbs 0, proportional to sumAbs, and growing with n; finite for every
** size_t n (at most 64 levels). */
static void test_f32_tolerance(void **state) {
  (void)state;
  assert_near(ref_reduce_f32_tolerance(1024, 1.0), (10 + 2048.0) * FLT_EPSILON, 0);
  assert_near(ref_reduce_f32_tolerance(1025, 1.0), (11 + 2048.0) * FLT_EPSILON, 0);
  assert_near(ref_reduce_f32_tolerance(1, 1.0), 2048.0 * FLT_EPSILON, 0);
  assert_near(ref_reduce_f32_tolerance(1000, 0.0), 0.0, 0);
  assert_near(ref_reduce_f32_tolerance((size_t)1 << 63, 1.0), (63 + 2048.0) * FLT_EPSILON, 0);
  assert_near(ref_reduce_f32_tolerance(((size_t)1 << 63) + 1, 1.0), (64 + 2048.0) * FLT_EPSILON, 0);
  assert_near(ref_reduce_f32_tolerance(SIZE_MAX, 1.0), (64 + 2048.0) * FLT_EPSILON, 0);
  for (size_t n = 1; n < ((size_t)1 << 40); n = n * 3 + 1) {
    const double t = ref_reduce_f32_tolerance(n, 10.0);
    assert_near(ref_reduce_f32_tolerance(n, 20.0), 2 * t, 1e-12 * t);
    assert_near(ref_reduce_f32_tolerance(n, 2.5), t / 4, 1e-12 * t);
    assert_true(ref_reduce_f32_tolerance(2 * n + 1, 10.0) > t);
    assert_true(ref_reduce_f32_tolerance(n + 1, 10.0) >= t);
  }
}

/* The serial baselines: the int32 loop wraps like the GPU's int adds, the
** float loop is the plain float sum; both match the exact references where
** nothing is lost. */
static void test_serial(void **state) {
  (void)state;
  const int32_t a[] = {1, -2, 3, -4, 5, -6, 7};
  assert_int_equal(ref_reduce_i32_serial(a, 7), 4);
  const int32_t aWrap[] = {INT32_MAX, 1};
  assert_int_equal(ref_reduce_i32_serial(aWrap, 2), INT32_MIN);
  assert_int_equal(ref_reduce_i32_serial(aWrap, 2), (int32_t)(uint32_t)ref_reduce_i32(aWrap, 2));
  const float f[] = {0.5f, 0.25f, -1.0f, 0.125f};
  assert_near(ref_reduce_f32_serial(f, 4), -0.125, 0);
  /* Random input: within the serial bound n * FLT_EPSILON * sumAbs. */
  uint64_t iSeed = 42;
  enum { N = 100000 };
  static float x[N];
  static int32_t xi[N];
  for (int i = 0; i < N; i++) {
    x[i] = 2.0f * rng_float(&iSeed) - 1.0f;
    xi[i] = (int32_t)(rng_next(&iSeed) & 15) - 8;
  }
  double sumAbs = 0;
  const double ref = ref_reduce_f32(x, N, &sumAbs);
  assert_near(ref_reduce_f32_serial(x, N), ref, N * FLT_EPSILON * sumAbs);
  assert_int_equal(ref_reduce_i32_serial(xi, N), (int32_t)ref_reduce_i32(xi, N));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_i32_exact),
      cmocka_unit_test(test_f32_known),
      cmocka_unit_test(test_f32_compensated),
      cmocka_unit_test(test_f32_tolerance),
      cmocka_unit_test(test_serial),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
