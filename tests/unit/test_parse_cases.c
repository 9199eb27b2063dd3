/*
** tests/unit/test_parse_cases.c: the number and list parsers
** (experiments/harness/parse.c) on cases `make mutate` found unchecked: the
** reason a term is refused names the term and the cause (a difference that
** goes negative, a number that overflows), and every value of a range.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "experiments/harness/parse.h"

/* parse_int(z) fails and its reason contains zWant1 and zWant2. */
static void assert_int_refused(const char *z, const char *zWant1, const char *zWant2) {
  char zErr[256] = "";
  long long v = -7;
  if (parse_int(z, 1LL << 62, &v, zErr, sizeof zErr) != -1) fail_msg("'%s' accepted as %lld", z, v);
  if (!strstr(zErr, zWant1) || !strstr(zErr, zWant2))
    fail_msg("'%s': reason '%s' lacks '%s' or '%s'", z, zErr, zWant1, zWant2);
  assert_int_equal(v, -7); /* nothing stored */
}

/* A difference below zero is called negative, naming the whole term. */
static void test_negative_difference_named(void **state) {
  (void)state;
  assert_int_refused("5-10", "'5-10'", "negative");
  assert_int_refused("2^4-2^5", "'2^4-2^5'", "negative");
}

/* A leading sign other than '-', or a blank, is not a number (not negative). */
static void test_leading_plus_not_negative(void **state) {
  (void)state;
  const char *az[] = {"+5", " 5", "#5", "(5)", "!1"};
  for (size_t i = 0; i < sizeof az / sizeof az[0]; i++) {
    char zErr[256] = "";
    long long v = -7;
    assert_int_equal(parse_int(az[i], 1000, &v, zErr, sizeof zErr), -1);
    if (strstr(zErr, "negative") || !strstr(zErr, "not a number")) fail_msg("'%s': reason '%s'", az[i], zErr);
  }
}

/* Overflow, in the digits, the power, the exponent or the suffix, is named. */
static void test_overflow_named(void **state) {
  (void)state;
  assert_int_refused("99999999999999999999999", "'99999999999999999999999'", "overflow");
  assert_int_refused("18446744073709551616", "'18446744073709551616'", "overflow");
  assert_int_refused("2^64", "'2^64'", "overflow");
  assert_int_refused("3^41", "'3^41'", "overflow");
  assert_int_refused("1e20", "'1e20'", "overflow");
  assert_int_refused("17179869184Gi", "'17179869184Gi'", "overflow");
  /* The largest values that fit are read exactly. */
  char zErr[128];
  long long v = 0;
  assert_int_equal(parse_int("2^62", 1LL << 62, &v, zErr, sizeof zErr), 0);
  assert_true(v == 1LL << 62);
  assert_int_equal(parse_int("3^39", 1LL << 62, &v, zErr, sizeof zErr), 0);
  assert_true(v == 4052555153018976267LL);
  assert_int_equal(parse_int("4294967295Gi", 1LL << 62, &v, zErr, sizeof zErr), 0);
  assert_true(v == 4294967295LL << 30);
  assert_int_equal(parse_int("1000000000000000000", 1LL << 62, &v, zErr, sizeof zErr), 0);
  assert_true(v == 1000000000000000000LL);
}

/* Every digit is its value, the suffixes their powers of two. */
static void test_digits_and_suffixes(void **state) {
  (void)state;
  char zErr[128];
  long long v = 0;
  assert_int_equal(parse_int("1234567890", 1LL << 40, &v, zErr, sizeof zErr), 0);
  assert_true(v == 1234567890LL);
  assert_int_equal(parse_int("3Ki+5Mi+7Gi", 1LL << 40, &v, zErr, sizeof zErr), 0);
  assert_true(v == 3LL * 1024 + 5LL * 1048576 + 7LL * 1073741824);
  assert_int_equal(parse_int("2e3-1E2", 1LL << 40, &v, zErr, sizeof zErr), 0);
  assert_true(v == 1900);
}

/* Ranges list every value, steps of one or doublings, in order. */
static void test_ranges_every_value(void **state) {
  (void)state;
  long long a[64];
  int n = 0;
  char zErr[128];
  assert_int_equal(parse_int_list("3..6,1:16,9", 0, 100, a, 64, &n, zErr, sizeof zErr), 0);
  const long long aWant[] = {3, 4, 5, 6, 1, 2, 4, 8, 16, 9};
  assert_int_equal(n, 10);
  for (int i = 0; i < 10; i++) assert_true(a[i] == aWant[i]);
  assert_int_equal(parse_int_list("7..7", 0, 100, a, 64, &n, zErr, sizeof zErr), 0);
  assert_int_equal(n, 1);
  assert_true(a[0] == 7);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_negative_difference_named),
      cmocka_unit_test(test_leading_plus_not_negative),
      cmocka_unit_test(test_overflow_named),
      cmocka_unit_test(test_digits_and_suffixes),
      cmocka_unit_test(test_ranges_every_value),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
