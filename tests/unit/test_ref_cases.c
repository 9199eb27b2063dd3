/*
** tests/unit/test_ref_cases.c: the CPU references (experiments/<study>/ref_*.c) and
** the summary statistics (experiments/harness/stats.c) on cases worked out
** by hand, each guarding a property `make mutate` found unchecked: the ray
** tracer's geometry and colours, its scene's ranges on a non-square image,
** the distance tolerance on small negative values, the compensated sum on a
** case found by search, access patterns without a reference, and the
** statistics: sorting,
** quantiles that stay within the samples, the relative standard deviation of
** a negative mean.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/raytrace.h"
#include "experiments/access/ref_access.h"
#include "experiments/distance/ref_distance.h"
#include "experiments/raytrace/ref_raytrace.h"
#include "experiments/reduce/ref_reduce.h"
#include "experiments/harness/stats.h"

/* |a - b| <= tol for doubles (cmocka 1.1 only compares floats). */
#define assert_near(a, b, tol)                                                               \
  do {                                                                                       \
    double a_ = (a), b_ = (b), t_ = (tol);                                                   \
    if (!(fabs(a_ - b_) <= t_)) fail_msg("%s = %.17g, want %.17g (+/- %g)", #a, a_, b_, t_); \
  } while (0)

/* ---------------------------------------------------------- ray tracer -- */
#define RT_W 16
#define RT_H 16

/* The RGBA of pixel (x, y). */
static const unsigned char *px(const unsigned char *rgba, int x, int y) { return rgba + 4 * (y * RT_W + x); }

/* Assert a pixel's channels. */
static void assert_px(const unsigned char *rgba, int x, int y, int r, int g, int b) {
  const unsigned char *p = px(rgba, x, y);
  if (p[0] != r || p[1] != g || p[2] != b || p[3] != 255)
    fail_msg("pixel (%d,%d) = %d,%d,%d,%d, want %d,%d,%d,255", x, y, p[0], p[1], p[2], p[3], r, g, b);
}

/* One sphere of radius 5 centred at (3, -2) in image coordinates ox = x - 8,
** oy = y - 8, colour (0.5, 0.25, 0.75): at its centre dz = 5 and the colour
** is full ((int)(c * 255)); 3 to the right or 3 down (dx or dy = 3) dz =
** sqrt(25 - 9) = 4, colour * 0.8; at (3, 4) from the centre d^2 = 25 is not
** inside: black. Every value is exact in float. */
static void test_raytrace_one_sphere(void **state) {
  (void)state;
  raytrace_sphere s = {.r = 0.5f, .g = 0.25f, .b = 0.75f, .radius = 5.0f, .x = 3.0f, .y = -2.0f, .z = 10.0f};
  unsigned char rgba[4 * RT_W * RT_H];
  memset(rgba, 7, sizeof rgba);
  ref_raytrace(&s, 1, rgba, RT_W, RT_H);
  assert_px(rgba, 11, 6, 127, 63, 191);  /* centre: ox 3, oy -2 */
  assert_px(rgba, 14, 6, 102, 51, 153);  /* dx = 3: 0.5*0.8*255 = 102 */
  assert_px(rgba, 8, 6, 102, 51, 153);   /* dx = -3 */
  assert_px(rgba, 11, 9, 102, 51, 153);  /* dy = 3 */
  assert_px(rgba, 11, 3, 102, 51, 153);  /* dy = -3 */
  assert_px(rgba, 14, 10, 0, 0, 0);      /* dx 3, dy 4: on the rim, outside */
  assert_px(rgba, 0, 0, 0, 0, 0);
  int nLit = 0;
  for (int y = 0; y < RT_H; y++)
    for (int x = 0; x < RT_W; x++) {
      int dx = x - 8 - 3, dy = y - 8 + 2;
      int bIn = dx * dx + dy * dy < 25;
      nLit += bIn;
      if (!bIn) assert_px(rgba, x, y, 0, 0, 0);
      else assert_true(px(rgba, x, y)[0] > 0);
    }
  assert_int_equal(nLit, 69); /* lattice points strictly inside a circle of radius 5 */
}

/* Two overlapping spheres: each pixel shows the one whose front (dz + z) is
** nearest the viewer (largest), whichever comes first in the array. */
static void test_raytrace_nearest_wins(void **state) {
  (void)state;
  raytrace_sphere a[2] = {
      {.r = 0.5f, .g = 0.0f, .b = 0.0f, .radius = 5.0f, .x = 0.0f, .y = 0.0f, .z = 0.0f},
      {.r = 0.0f, .g = 0.5f, .b = 0.0f, .radius = 4.0f, .x = 0.0f, .y = 0.0f, .z = 3.0f},
  };
  unsigned char rgba[4 * RT_W * RT_H];
  ref_raytrace(a, 2, rgba, RT_W, RT_H);
  assert_px(rgba, 8, 8, 0, 127, 0);  /* centre: 4 + 3 = 7 beats 5 + 0 */
  assert_px(rgba, 12, 8, 76, 0, 0);  /* dx 4: only the big one, dz 3: 0.5*0.6*255 */
  raytrace_sphere b[2] = {a[1], a[0]};
  ref_raytrace(b, 2, rgba, RT_W, RT_H);
  assert_px(rgba, 8, 8, 0, 127, 0);
  assert_px(rgba, 12, 8, 76, 0, 0);
  /* Behind: z lower, the big one wins at the centre too. */
  a[1].z = 0.5f;
  ref_raytrace(a, 2, rgba, RT_W, RT_H);
  assert_px(rgba, 8, 8, 127, 0, 0);
}

/* On a 2048 x 512 image the scene scales x by 2, y by 0.5 and z and the
** radius by min(2, 0.5) = 0.5: every sphere in range, the ranges used. */
static void test_raytrace_scene_nonsquare(void **state) {
  (void)state;
  enum { N = 2000 };
  static raytrace_sphere a[N];
  ref_raytrace_scene(a, N, 3u, 2048, 512);
  float aMax[4] = {0, 0, 0, 0};
  for (int i = 0; i < N; i++) {
    assert_true(a[i].x >= -1000.0f && a[i].x < 1000.0f);
    assert_true(a[i].y >= -250.0f && a[i].y < 250.0f);
    assert_true(a[i].z >= -250.0f && a[i].z < 250.0f);
    assert_true(a[i].radius >= 10.0f && a[i].radius < 60.0f);
    assert_true(a[i].r >= 0.0f && a[i].r < 1.0f && a[i].g >= 0.0f && a[i].g < 1.0f && a[i].b >= 0.0f &&
                a[i].b < 1.0f);
    if (fabsf(a[i].x) > aMax[0]) aMax[0] = fabsf(a[i].x);
    if (fabsf(a[i].y) > aMax[1]) aMax[1] = fabsf(a[i].y);
    if (fabsf(a[i].z) > aMax[2]) aMax[2] = fabsf(a[i].z);
    if (a[i].radius > aMax[3]) aMax[3] = a[i].radius;
  }
  assert_true(aMax[0] > 950.0f && aMax[1] > 237.0f && aMax[2] > 237.0f && aMax[3] > 57.0f);
  /* The tall image: y by 2, x, z and radius by 0.5. */
  ref_raytrace_scene(a, N, 3u, 512, 2048);
  for (int i = 0; i < N; i++) {
    assert_true(a[i].x >= -250.0f && a[i].x < 250.0f);
    assert_true(a[i].radius >= 10.0f && a[i].radius < 60.0f);
  }
}

/* The comparison: a difference of 1 anywhere passes, 2 fails, and more than
** one pixel in 1000 differing fails; counts are what it says. */
static void test_raytrace_compare_counts(void **state) {
  (void)state;
  enum { W = 100, H = 20 }; /* 2000 pixels: at most 2 may differ */
  static unsigned char a[4 * W * H], b[4 * W * H];
  memset(a, 100, sizeof a);
  memset(b, 100, sizeof b);
  int maxDiff = -1;
  long nDiffer = -1;
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, &nDiffer), 0);
  assert_int_equal(maxDiff, 0);
  assert_int_equal(nDiffer, 0);
  b[0] = 101;  /* pixel 0: +1 */
  b[41] = 99;  /* pixel 10: -1 (a channel other than the first) */
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, &nDiffer), 0);
  assert_int_equal(maxDiff, 1);
  assert_int_equal(nDiffer, 2);
  b[42] = 99;  /* the same pixel again: still 2 pixels */
  assert_int_equal(ref_raytrace_compare(a, b, W, H, NULL, &nDiffer), 0);
  assert_int_equal(nDiffer, 2);
  b[80] = 101; /* a third pixel: over 1 in 1000 */
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, &nDiffer), 1);
  assert_int_equal(nDiffer, 3);
  b[80] = 100;
  b[0] = 102;  /* a difference of 2 */
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, NULL), 1);
  assert_int_equal(maxDiff, 2);
  b[0] = 0;    /* below: the difference is its magnitude */
  assert_int_equal(ref_raytrace_compare(a, b, W, H, &maxDiff, NULL), 1);
  assert_int_equal(maxDiff, 100);
}

/* ------------------------------------------------------------- distance -- */
/* The tolerance is relative to |value| for every sign and size, below 1 too. */
static void test_distance_tolerance_small_negative(void **state) {
  (void)state;
  assert_near(ref_distance_tolerance(3, -0.5), 5.0 * FLT_EPSILON * 0.5, 0);
  assert_near(ref_distance_tolerance(3, 0.25), 5.0 * FLT_EPSILON * 0.25, 0);
  assert_near(ref_distance_tolerance(1, -1e-3), 3.0 * FLT_EPSILON * 1e-3, 1e-30);
  assert_true(ref_distance_tolerance(7, -0.75) > 0);
}

/* --------------------------------------------------------------- reduce -- */
/* The Neumaier sum of three floats is their exact sum rounded once, in any
** order (a case found by search where adding both compensation branches is
** 1 ulp off). */
static void test_reduce_f32_compensated(void **state) {
  (void)state;
  const float x[] = {-0x1.ffdfd8p+62f, 0x1.ffdb66p+20f, -0x1.3ffc3p+62f};
  double sumAbs = 0;
  const double got = ref_reduce_f32(x, 3, &sumAbs);
  if (got != -0x1.9fee03ffffc00p+63) fail_msg("sum = %a, want -0x1.9fee03ffffc00p+63", got);
  assert_near(sumAbs, 0x1.ffdfd8p+62 + 0x1.ffdb66p+20 + 0x1.3ffc3p+62, 1e6);
  /* Order does not matter to a correctly rounded sum. */
  const float y[] = {x[1], x[2], x[0]};
  assert_true(ref_reduce_f32(y, 3, NULL) == got);
}

/* --------------------------------------------------------------- access -- */
/* A variant whose pattern has no reference (past the last one, or negative),
** no variant, or no elements: refused, nothing written. */
static void test_access_unknown_pattern(void **state) {
  (void)state;
  const float A[4] = {1, 2, 3, 4}, B[4] = {10, 20, 30, 40};
  float C[4] = {-1, -1, -1, -1};
  access_variant v;
  memset(&v, 0, sizeof v);
  const int aBad[] = {4, 5, 99, -1};
  for (size_t i = 0; i < sizeof aBad / sizeof aBad[0]; i++) {
    v.ePattern = (access_pattern)aBad[i];
    if (ref_access(&v, A, B, C, 4, 1) != -1) fail_msg("pattern %d accepted", aBad[i]);
  }
  assert_int_equal(ref_access(NULL, A, B, C, 4, 1), -1);
  v.ePattern = ACCESS_READ_OFFSET;
  assert_int_equal(ref_access(&v, A, B, C, 0, 0), -1);
  for (int j = 0; j < 4; j++) assert_true(C[j] == -1.0f);
  assert_int_equal(ref_access(&v, A, B, C, 4, 1), 0); /* the same call with a real pattern works */
  assert_true(C[0] == 22.0f && C[2] == 44.0f && C[3] == -1.0f);
}

/* ---------------------------------------------------------------- stats -- */
/* rsd is stdev / mean for any non-zero mean, negative ones too. */
static void test_rsd_negative_mean(void **state) {
  (void)state;
  const double a[] = {-1, -2, -3};
  stats s;
  assert_int_equal(stats_compute(a, 3, &s), 0);
  assert_near(s.mean, -2.0, 0);
  assert_near(s.stdev, 1.0, 1e-15);
  assert_near(s.rsd, -0.5, 1e-15);
}

/* A shuffled 1..101 is sorted before the order statistics are taken. */
static void test_stats_shuffled(void **state) {
  (void)state;
  double a[101];
  for (int i = 0; i < 101; i++) a[i] = (double)((i * 37) % 101 + 1); /* a permutation of 1..101 */
  stats s;
  assert_int_equal(stats_compute(a, 101, &s), 0);
  assert_near(s.min, 1, 0);
  assert_near(s.max, 101, 0);
  assert_near(s.median, 51, 0);
  assert_near(s.q1, 26, 0);
  assert_near(s.q3, 76, 0);
  assert_near(s.mean, 51, 1e-12);
  /* Ties: equal values sort together. */
  const double b[] = {2, 1, 2, 1, 2, 1, 2};
  assert_int_equal(stats_compute(b, 7, &s), 0);
  assert_near(s.median, 2, 0);
  assert_near(s.q1, 1, 0);
  assert_near(s.min, 1, 0);
}

/* A quantile reads only a[0..n): q = 1 is the last element, whatever lies
** past it. */
static void test_quantile_within(void **state) {
  (void)state;
  const double a[] = {1, 2, 3, NAN};
  assert_near(stats_quantile_sorted(a, 3, 1.0), 3, 0);
  assert_near(stats_quantile_sorted(a, 1, 1.0), 1, 0);
  assert_near(stats_quantile_sorted(a, 3, 0.5), 2, 0);
}

/* The median's noise clamps the order-statistic interval to the sample: for
** 1..6, j = floor((6 - 4.80) / 2) = 0 -> 1 and k = ceil((6 + 4.80) / 2) = 6,
** so (6 - 1) / 2 / 3.5. A median that is not positive: 1.0 (never converged). */
static void test_median_noise_clamped(void **state) {
  (void)state;
  const double a[] = {1, 2, 3, 4, 5, 6, NAN};
  assert_near(stats_median_noise_sorted(a, 6), 5.0 / 2 / 3.5, 1e-12);
  const double b[] = {-5, -4, -3, -2, -1, 0, 1};
  assert_near(stats_median_noise_sorted(b, 7), 1.0, 0);
  const double c[] = {-1, 0, 0, 0, 0, 0, 1};
  assert_near(stats_median_noise_sorted(c, 7), 1.0, 0);
}

/* Mann-Whitney with U at its mean: the continuity correction stops at zero,
** so z = 0 and p = 1 (never above). {1,4} vs {2,3}: R = 5, U = 2 = mu. */
static void test_mann_whitney_centre(void **state) {
  (void)state;
  const double a[] = {1, 4}, b[] = {2, 3};
  double u = -1, z = -1, p = -1;
  assert_int_equal(stats_mann_whitney(a, 2, b, 2, &u, &z, &p), 0);
  assert_near(u, 2, 0);
  assert_near(z, 0, 0);
  assert_near(p, 1, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_raytrace_one_sphere),
      cmocka_unit_test(test_raytrace_nearest_wins),
      cmocka_unit_test(test_raytrace_scene_nonsquare),
      cmocka_unit_test(test_raytrace_compare_counts),
      cmocka_unit_test(test_distance_tolerance_small_negative),
      cmocka_unit_test(test_reduce_f32_compensated),
      cmocka_unit_test(test_access_unknown_pattern),
      cmocka_unit_test(test_rsd_negative_mean),
      cmocka_unit_test(test_stats_shuffled),
      cmocka_unit_test(test_quantile_within),
      cmocka_unit_test(test_median_noise_clamped),
      cmocka_unit_test(test_mann_whitney_centre),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
