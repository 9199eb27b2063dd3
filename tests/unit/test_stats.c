/*
** tests/unit/test_stats.c: stats_compute() and stats_quantile_sorted()
** (experiments/harness/stats.c) on samples with known summaries; the
** convergence rule and Mann-Whitney U on samples whose answers were
** derived by hand.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "experiments/harness/stats.h"

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

/* The noise of 1..100: the 95% order-statistic interval of the median is
** x_(40)..x_(60) (j = floor((100 - 19.6) / 2), k = ceil((100 + 19.6) / 2)),
** so (60 - 40) / 2 / 50.5. Fewer than 6 samples: 1.0 (never converged). */
static void test_median_noise(void **state) {
  (void)state;
  double a[100];
  for (int i = 0; i < 100; i++) a[i] = i + 1;
  assert_near(stats_median_noise_sorted(a, 100), 10.0 / 50.5, 1e-12);
  assert_near(stats_median_noise_sorted(a, 5), 1.0, 0);
  for (int i = 0; i < 100; i++) a[i] = 3.0;
  assert_near(stats_median_noise_sorted(a, 100), 0.0, 0);
}

/* The normal quantile against published values (two-sided 95% and 90%,
** the tails, the centre), symmetric; NaN outside (0, 1). */
static void test_normal_quantile(void **state) {
  (void)state;
  assert_near(stats_normal_quantile(0.975), 1.959963984540054, 1e-13);
  assert_near(stats_normal_quantile(0.95), 1.644853626951472, 1e-13);
  assert_near(stats_normal_quantile(0.5), 0, 1e-15);
  assert_near(stats_normal_quantile(0.001), -3.090232306167813, 1e-12);
  assert_near(stats_normal_quantile(1e-10), -6.361340902404056, 1e-10);
  assert_near(stats_normal_quantile(0.3) + stats_normal_quantile(0.7), 0, 1e-14);
  assert_true(isnan(stats_normal_quantile(0)) && isnan(stats_normal_quantile(1)));
}

/* Student's t against published values: df 1 (tan), 2, 3, 30, a
** fractional df, a large df near the normal; symmetric; NaN for bad input. */
static void test_t_quantile(void **state) {
  (void)state;
  assert_near(stats_t_quantile(0.975, 1), 12.706204736174698, 1e-9);
  assert_near(stats_t_quantile(0.975, 2), 4.302652729749464, 1e-10);
  assert_near(stats_t_quantile(0.975, 3), 3.182446305284263, 1e-10);
  assert_near(stats_t_quantile(0.975, 30), 2.042272456301238, 1e-10);
  assert_near(stats_t_quantile(0.95, 10), 1.812461122811676, 1e-10);
  assert_near(stats_t_quantile(0.975, 2.5), 3.574654842004, 1e-8); /* numerically integrated density */
  assert_near(stats_t_quantile(0.975, 1e7), 1.959964, 1e-5);
  assert_near(stats_t_quantile(0.025, 3), -3.182446305284263, 1e-10);
  assert_true(isnan(stats_t_quantile(0.975, 0)) && isnan(stats_t_quantile(1.5, 3)));
}

/* The order statistics of the median's interval: 95% of 100 is x_(40)..x_(60);
** 90% narrower (41..59); tiny n clamps to 1..n. */
static void test_median_ci_ranks(void **state) {
  (void)state;
  int j, k;
  stats_median_ci_ranks(100, 95, &j, &k);
  assert_int_equal(j, 40);
  assert_int_equal(k, 60);
  stats_median_ci_ranks(100, 90, &j, &k);
  assert_int_equal(j, 41);
  assert_int_equal(k, 59);
  stats_median_ci_ranks(3, 95, &j, &k);
  assert_int_equal(j, 1);
  assert_int_equal(k, 3);
  stats_median_ci_ranks(1, 95, &j, &k);
  assert_int_equal(j, 1);
  assert_int_equal(k, 1);
}

/* The stop rule's order: fixed count; converged only past the minimum count
** and time; the store's limit; the time cap (never before the minimum count,
** nor before STATS_MIN_SAMPLES however small the minimum asked for). */
static void test_stop_rule(void **state) {
  (void)state;
  stats_rule r = {0.005, 20, 1000, 5.0, 100.0};
  assert_int_equal(stats_stop_rule(&r, 19, 50, 0.001), STATS_GO_ON);     /* too few */
  assert_int_equal(stats_stop_rule(&r, 20, 4.9, 0.001), STATS_GO_ON);    /* too soon */
  assert_int_equal(stats_stop_rule(&r, 20, 5.0, 0.005), STATS_CONVERGED);
  assert_int_equal(stats_stop_rule(&r, 500, 50, 0.0051), STATS_GO_ON);   /* noisy */
  assert_int_equal(stats_stop_rule(&r, 500, 100, 0.0051), STATS_TIME_CAP);
  assert_int_equal(stats_stop_rule(&r, 1, 500, 0.5), STATS_GO_ON);       /* one sample */
  assert_int_equal(stats_stop_rule(&r, 19, 500, 0.5), STATS_GO_ON);      /* the budget spent, under nMin */
  assert_int_equal(stats_stop_rule(&r, 20, 500, 0.5), STATS_TIME_CAP);
  stats_rule lo = {0.005, 2, 1000, 0, 100.0};                            /* a minimum below the floor */
  assert_int_equal(stats_stop_rule(&lo, STATS_MIN_SAMPLES - 1, 500, 0.5), STATS_GO_ON);
  assert_int_equal(stats_stop_rule(&lo, STATS_MIN_SAMPLES, 500, 0.5), STATS_TIME_CAP);
  assert_int_equal(stats_stop_rule(&r, 1000, 50, 0.01), STATS_MAX_REPS);
  assert_int_equal(stats_stop_rule(&r, 1000, 500, 0.001), STATS_CONVERGED);
  stats_rule f = {0, 1, 30, 0, 0};
  assert_int_equal(stats_stop_rule(&f, 29, 1e9, 0), STATS_GO_ON);
  assert_int_equal(stats_stop_rule(&f, 30, 0, 1), STATS_FIXED);
  assert_string_equal(stats_stop_name(STATS_CONVERGED), "converged");
  assert_string_equal(stats_stop_name(STATS_TIME_CAP), "time-cap");
  assert_string_equal(stats_stop_name(STATS_MAX_REPS), "max-reps");
  assert_string_equal(stats_stop_name(STATS_FIXED), "fixed");
  assert_string_equal(stats_stop_name(STATS_PLATEAU), "plateau");
  assert_null(stats_stop_name(STATS_GO_ON));
}

/* The plateau rule: at most 2x the target and not 5% below either of the two
** previous checks' noises; off for a fixed count and with fewer than two
** previous checks; only the last two count. */
static void test_plateau(void **state) {
  (void)state;
  const double aFlat[] = {0.5, 0.015, 0.015}, aFalling[] = {0.02, 0.018}, aOnce[] = {0.02, 0.0155}, aHalf[] = {0.5, 0.5}, aZero[] = {0, 0};
  assert_int_equal(stats_plateau(0.01, 0.015, aFlat + 1, 2), 1);       /* flat */
  assert_int_equal(stats_plateau(0.01, 0.015, aFlat, 3), 1);           /* the older 0.5 no longer counts */
  assert_int_equal(stats_plateau(0.01, 0.02, aFlat + 1, 2), 1);        /* exactly 2x the target */
  assert_int_equal(stats_plateau(0.01, 0.0201, aFlat + 1, 2), 0);      /* above 2x */
  assert_int_equal(stats_plateau(0.01, 0.015, aFalling, 2), 0);        /* 0.015 < 0.95 x 0.018: still narrowing */
  assert_int_equal(stats_plateau(0.01, 0.01425, aFlat + 1, 2), 1);     /* 0.95 x 0.015: not fallen 5% */
  assert_int_equal(stats_plateau(0.01, 0.0142, aFlat + 1, 2), 0);      /* fallen more than 5% */
  assert_int_equal(stats_plateau(0.01, 0.015, aOnce, 2), 0);           /* fell from the check before the last */
  assert_int_equal(stats_plateau(0.01, 0.015, aFlat + 2, 1), 0);       /* one previous check only */
  assert_int_equal(stats_plateau(0, 0.015, aFlat + 1, 2), 0);          /* a fixed count: never */
  assert_int_equal(stats_plateau(0, 0, aZero, 2), 0);                   /* ... even at zero noise */
  assert_int_equal(stats_plateau(0.25, 0.475, aHalf, 2), 1);            /* exactly 0.95 x: not fallen 5% */
}

/* Mann-Whitney U, hand-derived. {1,2,3} vs {4,5,6}: U = 0, mu = 4.5,
** var = 9/12 x 7 = 5.25, z = -(4.5 - 0.5)/sqrt(5.25) = -1.74574,
** p = erfc(1.74574/sqrt 2) = 0.0808556. With ties, {1,2,2} vs {2,3,4}: the
** three 2s share rank 3, R = 1+3+3 = 7, U = 1, var = 0.75 x (7 - 24/30) =
** 4.65, z = -3/sqrt(4.65) = -1.39121, p = 0.164160. Swapping the samples
** flips z's sign and keeps p; all values tied is an error. */
static void test_mann_whitney(void **state) {
  (void)state;
  const double a[] = {1, 2, 3}, b[] = {4, 5, 6}, c[] = {1, 2, 2}, d[] = {2, 3, 4}, e[] = {7, 7};
  double u, z, p;
  assert_int_equal(stats_mann_whitney(a, 3, b, 3, &u, &z, &p), 0);
  assert_near(u, 0, 0);
  assert_near(z, -1.7457431218879391, 1e-9);
  assert_near(p, 0.0808555983700523, 1e-9);
  assert_int_equal(stats_mann_whitney(b, 3, a, 3, &u, &z, &p), 0);
  assert_near(u, 9, 0);
  assert_near(z, 1.7457431218879391, 1e-9);
  assert_near(p, 0.0808555983700523, 1e-9);
  assert_int_equal(stats_mann_whitney(c, 3, d, 3, &u, &z, &p), 0);
  assert_near(u, 1, 0);
  assert_near(z, -1.3912166872805, 1e-6);
  assert_near(p, 0.16415972847851523, 1e-9);
  assert_int_equal(stats_mann_whitney(e, 2, e, 2, &u, &z, &p), -1);
  assert_int_equal(stats_mann_whitney(a, 0, b, 3, &u, &z, &p), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plateau),
      cmocka_unit_test(test_quartiles_linear),   cmocka_unit_test(test_median_odd),
      cmocka_unit_test(test_single_sample),      cmocka_unit_test(test_constant_rsd_zero),
      cmocka_unit_test(test_sample_stdev),       cmocka_unit_test(test_rsd_zero_mean),
      cmocka_unit_test(test_unsorted_not_modified), cmocka_unit_test(test_empty_fails),
      cmocka_unit_test(test_quantile_sorted),    cmocka_unit_test(test_median_noise),
      cmocka_unit_test(test_stop_rule),
      cmocka_unit_test(test_mann_whitney),       cmocka_unit_test(test_normal_quantile),
      cmocka_unit_test(test_t_quantile),         cmocka_unit_test(test_median_ci_ranks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
