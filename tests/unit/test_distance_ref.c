/*
** tests/unit/test_distance_ref.c: what the distance study relies on without a
** GPU: the CPU reference of the distance field
** (experiments/distance/ref_distance.c) and its tolerance, and the argument
** checks of distance_launch(), which returns cudaErrorInvalidValue before
** any CUDA call; the verification's comparison ref_distance_compare()
** against the serial loop it replaced, on several thread counts.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "tests/unit/check_registry.h"
#include "kernels/distance.h"
#include "experiments/distance/ref_distance.h"
#include "experiments/harness/rng.h"

/* |a - b| <= tol for doubles (cmocka 1.1 only compares floats). */
#define assert_near(a, b, tol)                                                               \
  do {                                                                                       \
    double a_ = (a), b_ = (b), t_ = (tol);                                                   \
    if (!(fabs(a_ - b_) <= t_)) fail_msg("%s = %.17g, want %.17g (+/- %g)", #a, a_, b_, t_); \
  } while (0)

/* ------------------------------------------------------ distance field -- */
/* A 2 x 2 grid (coordinates 0 and 2.5) and the points (0,0), (1,2): every
** value is exact in float, worked by hand. */
static void test_distance_hand(void **state) {
  (void)state;
  const float xy[] = {0.0f, 0.0f, 1.0f, 2.0f};
  float out[4] = {-1, -1, -1, -1};
  ref_distance(xy, 2, out, 2, 2);
  assert_near(out[0], 0.0 + (1.0 + 4.0), 0);             /* (0, 0) */
  assert_near(out[1], 6.25 + (2.25 + 4.0), 0);           /* (2.5, 0) */
  assert_near(out[2], 6.25 + (1.0 + 0.25), 0);           /* (0, 2.5) */
  assert_near(out[3], 12.5 + (2.25 + 0.25), 0);          /* (2.5, 2.5) */
  assert_near(ref_distance_point(xy, 2, 1, 1, 2, 2), 15.0, 0);
  assert_near(ref_distance_point(xy, 1, 1, 1, 2, 2), 12.5, 0);
}

/* Non-square grids use pitch W and fy = y * 5 / H rounded to float: a 3 x 2
** grid equals ref_distance_point() cell by cell, and a 1 x 1 grid is the
** distance to the origin. */
static void test_distance_shape(void **state) {
  (void)state;
  const float xy[] = {0.5f, 4.0f, 3.0f, 1.0f, 4.75f, 4.75f};
  float out[6];
  ref_distance(xy, 3, out, 3, 2);
  for (int y = 0; y < 2; y++)
    for (int x = 0; x < 3; x++) assert_near(out[y * 3 + x], (float)ref_distance_point(xy, 3, x, y, 3, 2), 0);
  /* (x=2, y=1): fx = fl(10/3), fy = 2.5 */
  double fx = (float)(10.0f / 3.0f);
  double want = (fx - 0.5) * (fx - 0.5) + 1.5 * 1.5 + (fx - 3.0) * (fx - 3.0) + 1.5 * 1.5 +
                (fx - 4.75) * (fx - 4.75) + 2.25 * 2.25;
  assert_near(ref_distance_point(xy, 3, 2, 1, 3, 2), want, 1e-12);
  float one;
  ref_distance(xy, 1, &one, 1, 1);
  assert_near(one, 0.25 + 16.0, 0);
}

/* The tolerance is (P + 2) * FLT_EPSILON relative, zero for a zero value,
** and covers float sums of the terms in the orders the kernels may use
** (forward from any rotation, fused or not) for the largest P. */
static void test_distance_tolerance(void **state) {
  (void)state;
  assert_near(ref_distance_tolerance(1, 1.0), 3.0 * FLT_EPSILON, 0);
  assert_near(ref_distance_tolerance(DISTANCE_MAX_POINTS, 2.0), 2.0 * (DISTANCE_MAX_POINTS + 2) * FLT_EPSILON, 0);
  assert_near(ref_distance_tolerance(20, 0.0), 0.0, 0);
  assert_near(ref_distance_tolerance(20, -3.0), ref_distance_tolerance(20, 3.0), 0);
  const int P = DISTANCE_MAX_POINTS;
  float *xy = malloc(2 * sizeof(float) * P);
  assert_non_null(xy);
  uint64_t s = 7;
  for (int i = 0; i < 2 * P; i++) xy[i] = 5.0f * rng_float(&s);
  const int aX[] = {0, 17, 255}, aY[] = {0, 100, 255};
  for (int c = 0; c < 3; c++) {
    float fx = (float)aX[c] * 5.0f / 256.0f, fy = (float)aY[c] * 5.0f / 256.0f;
    double ref = ref_distance_point(xy, P, aX[c], aY[c], 256, 256);
    for (int o = 0; o < P; o += P / 4 + 1) {
      float acc = 0.0f, accFma = 0.0f;
      for (int j = 0; j < P; j++) {
        int i = (j + o) % P;
        float dx = fx - xy[2 * i], dy = fy - xy[2 * i + 1];
        float dx2 = dx * dx, dy2 = dy * dy;
        float t = dx2 + dy2;
        acc += t;
        accFma = fmaf(dy, dy, fmaf(dx, dx, accFma));
      }
      assert_true(fabs(acc - ref) <= ref_distance_tolerance(P, ref));
      assert_true(fabs(accFma - ref) <= ref_distance_tolerance(P, ref));
    }
  }
  free(xy);
}

/* distance_launch() and distance_set_constant() reject bad arguments before
** any CUDA call (the constant bank holds no points in this process). */
static void test_distance_args(void **state) {
  (void)state;
  _Alignas(16) static float aFake[64]; /* 8-byte aligned: only the bad argument fails */
  const int eInv = (int)cudaErrorInvalidValue;
  check_registry(distance_variants, distance_nvariant, sizeof(distance_variants[0]), "distance");
  for (int i = 0; i < distance_nvariant; i++)
    for (int j = 0; j < i; j++)
      if (distance_variants[i].xLaunch == distance_variants[j].xLaunch)
        fail_msg("%s and %s share one launcher", distance_variants[j].v.zKey, distance_variants[i].v.zKey);
  assert_int_equal(distance_launch(-1, aFake, 1, 1, aFake, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(distance_nvariant, aFake, 1, 1, aFake, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, 0, 1, aFake, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, DISTANCE_MAX_POINTS + 1, 1, aFake, 4, 4, 16, 16, 0), eInv);
  const int aBadK[] = {0, 3, 6, 64, -1};
  for (int i = 0; i < 5; i++) assert_int_equal(distance_launch(0, aFake, 8, aBadK[i], aFake, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, 8, 1, aFake, 0, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, 8, 1, aFake, 4, 0, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, 8, 1, NULL, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(0, NULL, 8, 1, aFake, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, 8, 1, aFake, 4, 4, 64, 32, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, 8, 1, aFake, 4, 4, 0, 16, 0), eInv);
  assert_int_equal(distance_launch(0, aFake, 8, 1, aFake, 4, 70000, 1, 1, 0), eInv);   /* grid y > 65535 */
  assert_int_equal(distance_launch(0, (float *)((char *)aFake + 4), 8, 1, aFake, 4, 4, 16, 16, 0), eInv);
  assert_int_equal(distance_launch(1, NULL, 1, 1, aFake, 4, 4, 16, 16, 0), eInv); /* constant bank empty */
  assert_int_equal(distance_set_constant(NULL, 1), eInv);
  assert_int_equal(distance_set_constant(aFake, 0), eInv);
  assert_int_equal(distance_set_constant(aFake, DISTANCE_MAX_POINTS + 1), eInv);
}

/* The study's serial comparison as it was (distance.c's check_cell() over
** rows, then columns, stopping at the first failure): the index of the first
** failing cell or -1, and the largest relative error up to it. */
static long long serial_compare(const float *got, const float *ref, int P, int W, int H, double *pMax) {
  *pMax = 0;
  for (long long i = 0; i < (long long)W * H; i++) {
    const double r = ref[i], err = fabs((double)got[i] - r);
    const double rel = err / (r > FLT_MIN ? r : FLT_MIN);
    if (rel > *pMax || isnan(err)) *pMax = isnan(err) ? HUGE_VAL : rel;
    if (!(err <= ref_distance_tolerance(P, r))) return i;
  }
  return -1;
}

/* ref_distance_compare() gives the serial loop's first failing cell and
** largest relative error, on 1, 2, 3 and 7 threads: all cells within the
** bound, one failure, two (the first counts; a larger error after it does
** not, even in the next cell), a NaN before and after the first failure, an
** infinite value, and the largest within-bound error, exactly on the bound,
** in the last cell. */
static void test_distance_compare(void **state) {
  (void)state;
  enum { W = 37, H = 23, N = W * H, P = 20 };
  float ref[N], got[N];
  uint64_t iSeed = 0xd15;
  for (int i = 0; i < N; i++) {
    ref[i] = 0.5f + 40.0f * rng_float(&iSeed);
    /* within the bound: a few ulps, random per cell */
    got[i] = ref[i] * (1.0f + (float)(rng_next(&iSeed) % 5) * FLT_EPSILON);
  }
  ref[N - 1] = 1.0f;
  got[N - 1] = 1.0f + (P + 2) * FLT_EPSILON; /* the largest within-bound error, on the bound: last */
  const struct {
    int i;
    float v;
  } aCase[][3] = {
      {{-1, 0}, {-1, 0}, {-1, 0}},               /* all pass */
      {{400, 1e3f}, {-1, 0}, {-1, 0}},           /* one failure */
      {{400, 1e3f}, {600, 1e9f}, {-1, 0}},       /* the first of two; the larger after it */
      {{400, 1e3f}, {401, 1e9f}, {-1, 0}},       /* ... right after it */
      {{100, NAN}, {400, 1e3f}, {-1, 0}},        /* a NaN first */
      {{400, 1e3f}, {700, NAN}, {-1, 0}},        /* a NaN after the first failure */
      {{0, INFINITY}, {-1, 0}, {-1, 0}},         /* the first cell, infinite */
      {{N - 1, 2.0f}, {-1, 0}, {-1, 0}},         /* the last cell */
  };
  const int anThread[] = {1, 2, 3, 7};
  for (size_t c = 0; c < sizeof(aCase) / sizeof(aCase[0]); c++) {
    float bad[N];
    memcpy(bad, got, sizeof(bad));
    for (int j = 0; j < 3; j++)
      if (aCase[c][j].i >= 0) bad[aCase[c][j].i] = aCase[c][j].v;
    double wantMax;
    const long long iWant = serial_compare(bad, ref, P, W, H, &wantMax);
    if ((c == 0) != (iWant == -1)) fail_msg("case %zu: the serial loop says %lld", c, iWant);
    for (size_t t = 0; t < sizeof(anThread) / sizeof(anThread[0]); t++) {
      omp_set_dynamic(0);
      omp_set_num_threads(anThread[t]);
      double gotMax = -1;
      const long long iGot = ref_distance_compare(bad, ref, P, W, H, &gotMax);
      if (iGot != iWant) fail_msg("case %zu, %d threads: first failure %lld, want %lld", c, anThread[t], iGot, iWant);
      if (memcmp(&gotMax, &wantMax, sizeof(double)))
        fail_msg("case %zu, %d threads: largest error %.17g, want %.17g", c, anThread[t], gotMax, wantMax);
    }
  }
}

/* ref_distance_compare() on small fields where the largest error is not the
** failing cell's: an empty field; a denormal reference off by one ulp (its
** error relative to FLT_MIN, not to itself); a failure against a zero
** reference smaller, relative to FLT_MIN, than a passing cell before it. */
static void test_distance_compare_edges(void **state) {
  (void)state;
  const float fDen = 6e-40f, fDenUp = nextafterf(6e-40f, 1.0f);
  const struct {
    float ref[3], got[3];
    long long iWant;
  } aCase[] = {
      {{1.0f, fDen, 1.0f}, {1.0f, fDenUp, 1.0f}, -1},
      {{1.0f, 0.0f, 1.0f}, {1.0f + 20 * FLT_EPSILON, 1e-44f, 5.0f}, 1},
  };
  for (int t = 1; t <= 3; t += 2) {
    omp_set_dynamic(0);
    omp_set_num_threads(t);
    double gotMax = -1;
    assert_int_equal(ref_distance_compare(aCase[0].got, aCase[0].ref, 20, 0, 3, &gotMax), -1);
    assert_true(gotMax == 0.0);
    for (size_t c = 0; c < sizeof(aCase) / sizeof(aCase[0]); c++) {
      double wantMax;
      const long long iWant = serial_compare(aCase[c].got, aCase[c].ref, 20, 3, 1, &wantMax);
      assert_int_equal(iWant, aCase[c].iWant);
      const long long iGot = ref_distance_compare(aCase[c].got, aCase[c].ref, 20, 3, 1, &gotMax);
      assert_int_equal(iGot, iWant);
      if (memcmp(&gotMax, &wantMax, sizeof(double)))
        fail_msg("case %zu, %d threads: largest error %.17g, want %.17g", c, t, gotMax, wantMax);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_distance_hand),      cmocka_unit_test(test_distance_shape),
      cmocka_unit_test(test_distance_tolerance), cmocka_unit_test(test_distance_args),
      cmocka_unit_test(test_distance_compare),   cmocka_unit_test(test_distance_compare_edges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
