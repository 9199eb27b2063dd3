/*
** tests/unit/test_parse.c: the strict command-line parsers of
** experiments/harness/parse.c: parse_int, parse_int_list, parse_name_list,
** parse_escape.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/parse.h"

/* Parse z with parse_int under iMax; fail the test unless it gives want. */
static void expect_int(const char *z, long long iMax, long long want) {
  char zErr[256] = "";
  long long v = -12345;
  if (parse_int(z, iMax, &v, zErr, sizeof(zErr)) != 0)
    fail_msg("parse_int('%s') rejected: %s", z, zErr);
  if (v != want) fail_msg("parse_int('%s') = %lld, want %lld", z, v, want);
}

/* Parse z with parse_int under iMax; fail the test unless it is rejected with
** a reason and the output left untouched. */
static void expect_int_error(const char *z, long long iMax) {
  char zErr[256] = "";
  long long v = -12345;
  if (parse_int(z, iMax, &v, zErr, sizeof(zErr)) != -1)
    fail_msg("parse_int('%s') accepted: %lld", z ? z : "(null)", v);
  if (v != -12345) fail_msg("parse_int('%s') wrote %lld on error", z, v);
  if (zErr[0] == 0) fail_msg("parse_int('%s') gave no reason", z);
  if (strchr(zErr, '\n')) fail_msg("parse_int('%s') reason is not one line: %s", z, zErr);
}

/* Parse a list; fail unless it gives exactly the nWant values aWant. */
static void expect_list(const char *z, long long iMin, long long iMax, int nMax,
                        const long long *aWant, int nWant) {
  char zErr[256] = "";
  long long a[64];
  int n = -1;
  assert_true(nMax <= 64);
  if (parse_int_list(z, iMin, iMax, a, nMax, &n, zErr, sizeof(zErr)) != 0)
    fail_msg("parse_int_list('%s') rejected: %s", z, zErr);
  if (n != nWant) fail_msg("parse_int_list('%s') gave %d values, want %d", z, n, nWant);
  for (int i = 0; i < n; i++)
    if (a[i] != aWant[i]) fail_msg("parse_int_list('%s')[%d] = %lld, want %lld", z, i, a[i], aWant[i]);
}

/* Parse a list; fail unless it is rejected with a one-line reason and *pn untouched. */
static void expect_list_error(const char *z, long long iMin, long long iMax, int nMax) {
  char zErr[256] = "";
  long long a[64];
  int n = -7;
  assert_true(nMax <= 64);
  if (parse_int_list(z, iMin, iMax, a, nMax, &n, zErr, sizeof(zErr)) != -1)
    fail_msg("parse_int_list('%s') accepted (%d values)", z, n);
  if (n != -7) fail_msg("parse_int_list('%s') set the count on error", z);
  if (zErr[0] == 0 || strchr(zErr, '\n')) fail_msg("parse_int_list('%s') reason: '%s'", z, zErr);
}

/* Every documented spelling of an integer is accepted with its exact value. */
static void test_parse_int_accepts(void **state) {
  (void)state;
  const long long iMax = LLONG_MAX;
  expect_int("0", iMax, 0);
  expect_int("1000000", iMax, 1000000);
  expect_int("2^24", iMax, 1LL << 24);
  expect_int("1e6", iMax, 1000000);
  expect_int("3e2", iMax, 300);
  expect_int("1E3", iMax, 1000);
  expect_int("2^24+7", iMax, (1LL << 24) + 7);
  expect_int("2^24-1", iMax, (1LL << 24) - 1);
  expect_int("2^10+2^4-3", iMax, 1024 + 16 - 3);
  expect_int("64Ki", iMax, 64LL << 10);
  expect_int("3Mi", iMax, 3LL << 20);
  expect_int("1Gi", iMax, 1LL << 30);
  expect_int("2^62", iMax, 1LL << 62);
  expect_int("9223372036854775807", iMax, LLONG_MAX);
  expect_int("1024", 1024, 1024); /* iMax itself is allowed */
}

/* Garbage, signs, incomplete terms, overflow and values above iMax are
** rejected with a reason, never wrapped or truncated. */
static void test_parse_int_rejects(void **state) {
  (void)state;
  const long long iMax = LLONG_MAX;
  const char *az[] = {"",    "-5",   "-0",    "+5",   "abc", "12x",  "2^",  "2^64",
                      "2^63+2^63", "99999999999999999999999", "1e30", "1e", "e6", " 1",
                      "1 ",  "0x10", "1.5",   "2^24+", "2^24--1", "1-2", "Ki", "1Ki2",
                      "1Ti", "2^3^2", "1,2",  "1:4",  "1..4", "99999999999Gi", "1e19", "2^63"};
  for (size_t i = 0; i < sizeof(az) / sizeof(az[0]); i++) expect_int_error(az[i], iMax);
  expect_int_error(NULL, iMax);
  expect_int_error("1025", 1024);
  expect_int_error("2^31", (1LL << 31) - 1);
  expect_int_error("1Ki+1", 1024);
}

/* Ranges and lists expand in order: 'LO:HI' doubles, 'LO..HI' counts. */
static void test_parse_int_list_accepts(void **state) {
  (void)state;
  const long long aPow[] = {1024, 2048, 4096, 8192};
  expect_list("2^10:2^13", 1, LLONG_MAX, 64, aPow, 4);
  const long long aLin[] = {1, 2, 3, 4};
  expect_list("1..4", 1, LLONG_MAX, 64, aLin, 4);
  const long long aTwo[] = {64, 128};
  expect_list("64,128", 1, LLONG_MAX, 64, aTwo, 2);
  const long long aOne[] = {7};
  expect_list("7..7", 1, 100, 64, aOne, 1);
  const long long aMix[] = {32, 64, 128, 1000000, (1LL << 24) + 7};
  expect_list("32:128,1e6,2^24+7", 1, LLONG_MAX, 64, aMix, 5);
  const long long aTop[] = {1LL << 61, 1LL << 62};
  expect_list("2^61:2^62", 1, LLONG_MAX, 64, aTop, 2);
  const long long aExact[] = {1, 2, 3};
  expect_list("1..3", 1, 3, 3, aExact, 3); /* exactly nMax values, up to iMax */
}

/* Malformed lists and ranges, bounds and the value cap are errors. */
static void test_parse_int_list_rejects(void **state) {
  (void)state;
  expect_list_error("3:8", 1, 1 << 20, 64);   /* LO not a power of two */
  expect_list_error("4:12", 1, 1 << 20, 64);  /* HI not a power of two */
  expect_list_error("0:8", 0, 1 << 20, 64);   /* 0 is not a power of two */
  expect_list_error("8:4", 1, 1 << 20, 64);   /* empty power range */
  expect_list_error("4..1", 1, 1 << 20, 64);  /* empty linear range */
  expect_list_error("1,,2", 1, 1 << 20, 64);
  expect_list_error(",", 1, 1 << 20, 64);
  expect_list_error("1,", 1, 1 << 20, 64);
  expect_list_error(",1", 1, 1 << 20, 64);
  expect_list_error("", 1, 1 << 20, 64);
  expect_list_error(NULL, 1, 1 << 20, 64);
  expect_list_error("abc", 1, 1 << 20, 64);
  expect_list_error("1:", 1, 1 << 20, 64);
  expect_list_error(":4", 1, 1 << 20, 64);
  expect_list_error("1..", 1, 1 << 20, 64);
  expect_list_error("1:2:4", 1, 1 << 20, 64);
  expect_list_error("-1", 1, 1 << 20, 64);
  expect_list_error("0", 1, 1 << 20, 64);           /* below iMin */
  expect_list_error("64,16", 32, 1 << 20, 64);      /* second value below iMin */
  expect_list_error("16:64", 32, 1 << 20, 64);      /* range starts below iMin */
  expect_list_error("2^21", 1, 1 << 20, 64);        /* above iMax */
  expect_list_error("2^10:2^21", 1, 1 << 20, 64);   /* range ends above iMax */
  expect_list_error("1..5", 1, 1 << 20, 4);         /* more than nMax values */
  expect_list_error("1:16", 1, 1 << 20, 4);         /* 5 values > nMax 4 */
  expect_list_error("1,2,3,4,5", 1, 1 << 20, 4);
  expect_list_error("1..2^40", 1, LLONG_MAX, 64);   /* huge range stops at nMax */
}

/* A linear range ending at LLONG_MAX stops there (no signed overflow past HI). */
static void test_parse_int_list_top_of_range(void **state) {
  (void)state;
  const long long aTop[] = {LLONG_MAX - 2, LLONG_MAX - 1, LLONG_MAX};
  expect_list("9223372036854775805..9223372036854775807", 1, LLONG_MAX, 64, aTop, 3);
}

/* Names split on commas into pointers into one owned copy; the input is not
** modified. */
static void test_parse_name_list_splits(void **state) {
  (void)state;
  char zErr[256] = "";
  const char *az[8];
  char *zBuf = NULL;
  int n = 0;
  const char *zIn = "cub,single-pass,int32";
  assert_int_equal(parse_name_list(zIn, &zBuf, az, 8, &n, zErr, sizeof(zErr)), 0);
  assert_non_null(zBuf);
  assert_int_equal(n, 3);
  assert_string_equal(az[0], "cub");
  assert_string_equal(az[1], "single-pass");
  assert_string_equal(az[2], "int32");
  assert_string_equal(zIn, "cub,single-pass,int32");
  assert_true(az[0] >= zBuf && az[2] < zBuf + strlen(zIn));
  free(zBuf);
  assert_int_equal(parse_name_list("one", &zBuf, az, 1, &n, zErr, sizeof(zErr)), 0);
  assert_int_equal(n, 1);
  assert_string_equal(az[0], "one");
  free(zBuf);
}

/* Empty names anywhere, an empty list and more than nMax names are errors,
** with *pzBuf NULL (nothing for the caller to free). */
static void test_parse_name_list_rejects(void **state) {
  (void)state;
  const char *azBad[] = {"", ",", "a,", ",a", "a,,b"};
  for (size_t i = 0; i < sizeof(azBad) / sizeof(azBad[0]); i++) {
    char zErr[256] = "";
    const char *az[8];
    char *zBuf = (char *)1;
    int n = -7;
    if (parse_name_list(azBad[i], &zBuf, az, 8, &n, zErr, sizeof(zErr)) != -1)
      fail_msg("parse_name_list('%s') accepted", azBad[i]);
    if (zBuf != NULL) fail_msg("parse_name_list('%s') left a buffer on error", azBad[i]);
    if (n != -7 || !zErr[0]) fail_msg("parse_name_list('%s'): count set or no reason", azBad[i]);
  }
  char zErr[256] = "";
  const char *az[2];
  char *zBuf = (char *)1;
  int n = -7;
  assert_int_equal(parse_name_list("a,b,c", &zBuf, az, 2, &n, zErr, sizeof(zErr)), -1);
  assert_null(zBuf);
  assert_true(zErr[0] != 0);
}

/* A sign on zero is refused without calling it negative; a negative is. */
static void test_parse_int_signs(void **state) {
  (void)state;
  char zErr[256] = "";
  long long v;
  assert_int_equal(parse_int("-0", 100, &v, zErr, sizeof(zErr)), -1);
  assert_string_equal(zErr, "'-0': write 0 without a sign");
  assert_int_equal(parse_int("-00", 100, &v, zErr, sizeof(zErr)), -1);
  assert_null(strstr(zErr, "negative"));
  assert_int_equal(parse_int("-1", 100, &v, zErr, sizeof(zErr)), -1);
  assert_string_equal(zErr, "'-1' is negative");
  assert_int_equal(parse_int("-", 100, &v, zErr, sizeof(zErr)), -1);
  assert_string_equal(zErr, "'-' is negative");
}

/* Control characters become \xNN; other bytes stay; the output always fits. */
static void test_parse_escape(void **state) {
  (void)state;
  char z[32];
  parse_escape(z, sizeof(z), "a\x1b[1mb\nc\td\x7f\xc3\xa9");
  assert_string_equal(z, "a\\x1b[1mb\\x0ac\\x09d\\x7f\xc3\xa9");
  parse_escape(z, 6, "ab\ncd"); /* no room for a whole escape: cut before it */
  assert_string_equal(z, "ab");
  parse_escape(z, 7, "ab\ncd");
  assert_string_equal(z, "ab\\x0a");
  parse_escape(z, 1, "abc");
  assert_string_equal(z, "");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse_int_accepts),
      cmocka_unit_test(test_parse_int_rejects),
      cmocka_unit_test(test_parse_int_list_accepts),
      cmocka_unit_test(test_parse_int_list_rejects),
      cmocka_unit_test(test_parse_int_list_top_of_range),
      cmocka_unit_test(test_parse_name_list_splits),
      cmocka_unit_test(test_parse_name_list_rejects),
      cmocka_unit_test(test_parse_int_signs),
      cmocka_unit_test(test_parse_escape),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
