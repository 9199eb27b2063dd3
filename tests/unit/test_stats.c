/*
** tests/unit/test_stats.c: stats_compute() and stats_quantile_sorted()
** (experiments/harness/stats.c) on samples with known summaries.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "stats.h"

/* |a - b| <= tol for doubles (cmocka 1.1 only compares floats). */
#define assert_near(a, b, tol)                                                     \
  do {                                                                             \
    double a_ = (a), b_ = (b), t_ = (tol);                                         \
    if (!(fabs(a_ - b_) <= t_)) fail_msg("%s = %.17g, want %.17g (+/- %g)", #a, a_, b_, t_); \
  } while (0)

/* Quartiles of {1,2,3,4} interpolate linearly between order statistics
** (numpy 'linear'): q1 1.75, median 2.5, q3 3.25; min/max/mean/n exact. */
static void test_quartiles_linear(void **state) {
  (void)state;
  const double a[] = {1, 2, 3, 4};
  stats s;
  assert_int_equal(stats_compute(a, 4, &s), 0);
  assert_int_equal(s.n, 4);
  assert_near(s.min, 1.0, 1e-12);
  assert_near(s.max, 4.0, 1e-12);
  assert_near(s.q1, 1.75, 1e-12);
  assert_near(s.median, 2.5, 1e-12);
  assert_near(s.q3, 3.25, 1e-12);
  assert_near(s.mean, 2.5, 1e-12);
}

/* An odd count takes the middle order statistic as the median. */
static void test_median_odd(void **state) {
  (void)state;
  const double a[] = {5, 1, 3};
  stats s;
  assert_int_equal(stats_compute(a, 3, &s), 0);
  assert_near(s.median, 3.0, 1e-12);
  assert_near(s.q1, 2.0, 1e-12);
  assert_near(s.q3, 4.0, 1e-12);
}

/* A single sample: every location statistic is that sample, stdev and rsd 0. */
static void test_single_sample(void **state) {
  (void)state;
  const double a[] = {7.25};
  stats s;
  assert_int_equal(stats_compute(a, 1, &s), 0);
  assert_int_equal(s.n, 1);
  assert_near(s.min, 7.25, 0);
  assert_near(s.max, 7.25, 0);
  assert_near(s.q1, 7.25, 0);
  assert_near(s.median, 7.25, 0);
  assert_near(s.q3, 7.25, 0);
  assert_near(s.mean, 7.25, 0);
  assert_near(s.stdev, 0.0, 0);
  assert_near(s.rsd, 0.0, 0);
}

/* A constant sample has zero spread: stdev 0, rsd 0 (no NaN). */
static void test_constant_rsd_zero(void **state) {
  (void)state;
  double a[10];
  for (int i = 0; i < 10; i++) a[i] = 0.125;
  stats s;
  assert_int_equal(stats_compute(a, 10, &s), 0);
  assert_near(s.stdev, 0.0, 0);
  assert_near(s.rsd, 0.0, 0);
  assert_false(isnan(s.rsd));
}

/* stdev is the sample (n-1) standard deviation: {2,4,4,4,5,5,7,9} has mean 5
** and stdev sqrt(32/7) = 2.13809 (the population value would be 2). */
static void test_sample_stdev(void **state) {
  (void)state;
  const double a[] = {2, 4, 4, 4, 5, 5, 7, 9};
  stats s;
  assert_int_equal(stats_compute(a, 8, &s), 0);
  assert_near(s.mean, 5.0, 1e-12);
  assert_near(s.stdev, sqrt(32.0 / 7.0), 1e-12);
  assert_near(s.stdev, 2.138089935, 1e-9);
  assert_near(s.rsd, sqrt(32.0 / 7.0) / 5.0, 1e-12);
}

/* A mean of zero gives rsd 0, not a division by zero. */
static void test_rsd_zero_mean(void **state) {
  (void)state;
  const double a[] = {-1, 1};
  stats s;
  assert_int_equal(stats_compute(a, 2, &s), 0);
  assert_near(s.mean, 0.0, 0);
  assert_near(s.rsd, 0.0, 0);
  assert_true(s.stdev > 0);
}

/* Unsorted input is summarised as if sorted, and the caller's array is left
** exactly as it was. */
static void test_unsorted_not_modified(void **state) {
  (void)state;
  double a[] = {9, 1, 8, 2, 7, 3, 6, 4, 5};
  double b[sizeof(a) / sizeof(a[0])];
  memcpy(b, a, sizeof(a));
  stats s;
  assert_int_equal(stats_compute(a, 9, &s), 0);
  assert_memory_equal(a, b, sizeof(a));
  assert_near(s.min, 1, 0);
  assert_near(s.max, 9, 0);
  assert_near(s.median, 5, 0);
  assert_near(s.q1, 3, 0);
  assert_near(s.q3, 7, 0);
}

/* n < 1 is an error (-1) and leaves the output alone. */
static void test_empty_fails(void **state) {
  (void)state;
  const double a[] = {1};
  stats s;
  memset(&s, 0x5a, sizeof(s));
  stats st0 = s;
  assert_int_equal(stats_compute(a, 0, &s), -1);
  assert_int_equal(stats_compute(a, -3, &s), -1);
  assert_memory_equal(&s, &st0, sizeof(s));
}

/* stats_quantile_sorted hits the end points exactly and interpolates between. */
static void test_quantile_sorted(void **state) {
  (void)state;
  const double a[] = {10, 20, 30, 40, 50};
  assert_near(stats_quantile_sorted(a, 5, 0.0), 10, 0);
  assert_near(stats_quantile_sorted(a, 5, 1.0), 50, 0);
  assert_near(stats_quantile_sorted(a, 5, 0.5), 30, 0);
  assert_near(stats_quantile_sorted(a, 5, 0.1), 14, 1e-12);
  assert_near(stats_quantile_sorted(a, 5, 0.9), 46, 1e-12);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_quartiles_linear),   cmocka_unit_test(test_median_odd),
      cmocka_unit_test(test_single_sample),      cmocka_unit_test(test_constant_rsd_zero),
      cmocka_unit_test(test_sample_stdev),       cmocka_unit_test(test_rsd_zero_mean),
      cmocka_unit_test(test_unsorted_not_modified), cmocka_unit_test(test_empty_fails),
      cmocka_unit_test(test_quantile_sorted),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
