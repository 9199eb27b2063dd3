/*
** tests/unit/test_format.c: the report's one formatter (reports/format.c)
** through SQL, as the sections call it: each kind's digits and unit, the
** interval's ends with the value's digits, a range that says it is one,
** NULLs, an unknown kind refused, the level from the declarations, and one
** phrase for every GPU (fmt_fold: every GPU alike, groups in order).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "reports/format.h"
#include "reports/sqlstats.h"

static sqlite3 *open_db(void) {
  sqlite3 *pDb = NULL;
  assert_int_equal(sqlite3_open(":memory:", &pDb), SQLITE_OK);
  assert_int_equal(sqlstats_register(pDb), SQLITE_OK);
  assert_int_equal(format_register(pDb), SQLITE_OK);
  return pDb;
}

/* The text of zSql's first column ("NULL" for NULL, "ERROR" on an error). */
static const char *t(sqlite3 *pDb, const char *zSql) {
  static char z[256];
  sqlite3_stmt *pStmt = NULL;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK) fail_msg("%s: %s", zSql, sqlite3_errmsg(pDb));
  int rc = sqlite3_step(pStmt);
  if (rc != SQLITE_ROW) snprintf(z, sizeof(z), "ERROR");
  else if (sqlite3_column_type(pStmt, 0) == SQLITE_NULL) snprintf(z, sizeof(z), "NULL");
  else snprintf(z, sizeof(z), "%s", (const char *)sqlite3_column_text(pStmt, 0));
  sqlite3_finalize(pStmt);
  return z;
}

static void test_kinds(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_string_equal(t(pDb, "SELECT fmt('x', 1.2749)"), "1.27x");
  assert_string_equal(t(pDb, "SELECT fmt('x', 11.44)"), "11.4x");
  assert_string_equal(t(pDb, "SELECT fmt('x', 127.6)"), "128x");
  assert_string_equal(t(pDb, "SELECT fmt('x', 9.996)"), "10.0x");
  assert_string_equal(t(pDb, "SELECT fmt('x', 0.851)"), "0.851x");
  assert_string_equal(t(pDb, "SELECT fmt('pct', 93.44)"), "93.4%");
  assert_string_equal(t(pDb, "SELECT fmt('share', 0.9456)"), "94.6%");
  assert_string_equal(t(pDb, "SELECT fmt('us', 0.004391)"), "4.39 us");
  assert_string_equal(t(pDb, "SELECT fmt('us', 0.02291)"), "22.9 us");
  assert_string_equal(t(pDb, "SELECT fmt('us', 0.2384)"), "238 us");
  assert_string_equal(t(pDb, "SELECT fmt('ms', 1.2749)"), "1.27 ms");
  assert_string_equal(t(pDb, "SELECT fmt('ms', 0.04391)"), "0.0439 ms");
  assert_string_equal(t(pDb, "SELECT fmt('gbps', 4461.6)"), "4462 GB/s");
  assert_string_equal(t(pDb, "SELECT fmt('mhz', 1980.2)"), "1980 MHz");
  assert_string_equal(t(pDb, "SELECT fmt('int', 9436)"), "9436");
  assert_string_equal(t(pDb, "SELECT fmt('n', 16777216)"), "2^24^");
  assert_string_equal(t(pDb, "SELECT fmt('n', 1000000)"), "1000000");
  assert_string_equal(t(pDb, "SELECT fmt('n', 512)"), "512");
  assert_string_equal(t(pDb, "SELECT fmt('num', 0.3049)"), "0.305");
  assert_string_equal(t(pDb, "SELECT fmt('sci', 1.234e-7)"), "1.2e-07");
  assert_string_equal(t(pDb, "SELECT fmt('sci', 0)"), "0");
  assert_string_equal(t(pDb, "SELECT fmt('x', NULL)"), "NULL");
  assert_string_equal(t(pDb, "SELECT fmt('furlong', 1)"), "ERROR");
  assert_string_equal(t(pDb, "SELECT fmt(NULL, 1)"), "ERROR");
  sqlite3_close(pDb);
}

static void test_interval_and_range(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_string_equal(t(pDb, "SELECT fmt_ci('x', 1.2749, 1.251, 1.2949)"), "1.27x [1.25, 1.29]");
  assert_string_equal(t(pDb, "SELECT fmt_ci('us', 0.004391, 0.00431, 0.00447)"), "4.39 us [4.31, 4.47]");
  assert_string_equal(t(pDb, "SELECT fmt_ci('share', 0.945, 0.935, 0.954)"), "94.5% [93.5, 95.4]");
  /* the ends take the value's digits, whatever their own size */
  assert_string_equal(t(pDb, "SELECT fmt_ci('x', 9.95, 9.2, 10.7)"), "9.95x [9.20, 10.70]");
  assert_string_equal(t(pDb, "SELECT fmt_range('us', 0.00438, 0.00273, 0.00443)"), "4.38 us (range 2.73 to 4.43 us)");
  assert_string_equal(t(pDb, "SELECT fmt_ci('x', 1.27, NULL, 1.3)"), "1.27x");
  assert_string_equal(t(pDb, "SELECT fmt_ci('x', NULL, 1, 2)"), "NULL");
  assert_string_equal(t(pDb, "SELECT fmt_range('bogus', 1, 1, 2)"), "ERROR");
  sqlite3_close(pDb);
}

static void test_level(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  char zWant[16];
  snprintf(zWant, sizeof(zWant), "%d%%", sqlstats_level("interval"));
  assert_string_equal(t(pDb, "SELECT fmt_level('interval')"), zWant);
  assert_string_equal(t(pDb, "SELECT fmt_level('no such')"), "ERROR");
  sqlite3_close(pDb);
}

static void test_fold(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_string_equal(t(pDb, "WITH r(p, l) AS (VALUES ('holds', 'H100'), ('holds', 'H200')) SELECT fmt_fold(p, l, 2) FROM r"),
                      "holds on every GPU");
  /* not every GPU: named, even with one phrase */
  assert_string_equal(t(pDb, "WITH r(p, l) AS (VALUES ('holds', 'H100'), ('holds', 'H200')) SELECT fmt_fold(p, l, 3) FROM r"),
                      "holds on the H100, the H200");
  assert_string_equal(t(pDb, "WITH r(p, l) AS (VALUES ('1.2x', 'A'), ('1.3x', 'B'), ('1.2x', 'C'))"
                             " SELECT fmt_fold(p, l, 3) FROM r"),
                      "1.2x on the A, the C; 1.3x on the B");
  assert_string_equal(t(pDb, "WITH r(p, l) AS (VALUES ('holds', 'A')) SELECT fmt_fold(p, l, 1) FROM r"), "holds on the A");
  assert_string_equal(t(pDb, "WITH r(p, l) AS (VALUES (NULL, 'A'), ('x', 'B')) SELECT fmt_fold(p, l, 2) FROM r"),
                      "x on the B");
  assert_string_equal(t(pDb, "SELECT fmt_fold('x', 'A', 1) FROM (SELECT 1 WHERE 0)"), "NULL");
  sqlite3_close(pDb);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_kinds),
      cmocka_unit_test(test_interval_and_range),
      cmocka_unit_test(test_level),
      cmocka_unit_test(test_fold),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
