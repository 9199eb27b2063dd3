/*
** tests/unit/test_sqlstats.c: the analysis's statistics (reports/sqlstats.c)
** through SQL, as the views call them: the median of odd and even counts
** and of three values unequally spaced (the running-count bug gave the mean
** of the two lowest), the leave-one-out median as a window function, the
** split-conformal rank, the size bands at their limits, the Wilson interval,
** the claims' verdicts: on an interval against a threshold (at the
** threshold, on either side, straddling it, with NULLs) and over several
** configurations (all, none, some of each); a seed's claim judged by its
** rule (claim_judge: direction, threshold, magnitude, range, band, over
** parts); a result's samples (the
** samples_* functions): the text refused where it is not whole nanoseconds
** or holds an impossible value, each statistic against a hand value, the
** interval of the median against the harness's stopping rule, the parts in
** sampling order, the decoding shared by one row's functions.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/stats.h"
#include "reports/sqlstats.h"

static sqlite3 *open_db(void) {
  sqlite3 *pDb = NULL;
  assert_int_equal(sqlite3_open(":memory:", &pDb), SQLITE_OK);
  assert_int_equal(sqlstats_register(pDb), SQLITE_OK);
  return pDb;
}

/* The first column of the first row of zSql: *pNull says whether it is NULL
** (then NaN), else its value as a double. */
static double q_or_null(sqlite3 *pDb, const char *zSql, int *pNull) {
  sqlite3_stmt *pStmt = NULL;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK) fail_msg("%s: %s", zSql, sqlite3_errmsg(pDb));
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  *pNull = sqlite3_column_type(pStmt, 0) == SQLITE_NULL;
  double v = *pNull ? NAN : sqlite3_column_double(pStmt, 0);
  sqlite3_finalize(pStmt);
  return v;
}

/* The same, failing on NULL: cmocka's assert_float_equal passes a NaN (its
** test is |a - b| > epsilon), so a NULL must never reach it. */
static double q(sqlite3 *pDb, const char *zSql) {
  int bNull;
  double v = q_or_null(pDb, zSql, &bNull);
  if (bNull) fail_msg("%s: NULL", zSql);
  return v;
}

/* Whether the first column of the first row of zSql is NULL. */
static int is_null(sqlite3 *pDb, const char *zSql) {
  int bNull;
  q_or_null(pDb, zSql, &bNull);
  return bNull;
}

/* The first column of every row of zSql, comma-separated with %g. */
static const char *rows(sqlite3 *pDb, const char *zSql) {
  static char z[512];
  sqlite3_stmt *pStmt = NULL;
  z[0] = 0;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK) fail_msg("%s: %s", zSql, sqlite3_errmsg(pDb));
  while (sqlite3_step(pStmt) == SQLITE_ROW)
    snprintf(z + strlen(z), sizeof(z) - strlen(z), "%s%g", z[0] ? "," : "",
             sqlite3_column_type(pStmt, 0) == SQLITE_NULL ? NAN : sqlite3_column_double(pStmt, 0));
  sqlite3_finalize(pStmt);
  return z;
}

static void test_median(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_true(is_null(pDb, "SELECT median(x) FROM (SELECT NULL AS x WHERE 0)"));
  assert_true(is_null(pDb, "SELECT median(NULL)"));
  assert_float_equal(q(pDb, "SELECT median(column1) FROM (VALUES (7))"), 7, 0);
  assert_float_equal(q(pDb, "SELECT median(column1) FROM (VALUES (1), (10))"), 5.5, 0);
  /* three machines: the middle one, not the mean of the two lowest (1.5) */
  assert_float_equal(q(pDb, "SELECT median(column1) FROM (VALUES (10), (1), (2))"), 2, 0);
  /* four, unsorted: the mean of the middle two */
  assert_float_equal(q(pDb, "SELECT median(column1) FROM (VALUES (4), (100), (1), (2))"), 3, 0);
  assert_float_equal(q(pDb, "SELECT median(column1) FROM (VALUES (5), (1), (9), (3), (7))"), 5, 0);
  /* nine, shuffled: the sort puts every one in its place */
  assert_float_equal(q(pDb, "SELECT median(column1) FROM (VALUES (9), (3), (7), (1), (8), (2), (6), (4), (5))"), 5, 0);
  /* NULLs are left out */
  assert_float_equal(q(pDb, "SELECT median(column1) FROM (VALUES (1), (NULL), (3), (NULL), (8))"), 3, 0);
  /* grouped: each group its own */
  assert_string_equal(rows(pDb, "SELECT median(column2) FROM (VALUES ('a', 1), ('b', 5), ('a', 3), ('b', 6), ('a', 2))"
                                " GROUP BY column1 ORDER BY column1"),
                      "2,5.5");
  sqlite3_close(pDb);
}

/* As a window: the whole partition, and the others (EXCLUDE CURRENT ROW). */
static void test_median_window(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  const char *zOthers = "SELECT median(column1) OVER (ORDER BY column1 ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED"
                        " FOLLOWING EXCLUDE CURRENT ROW) FROM (VALUES (1), (2), (4), (10)) ORDER BY column1";
  assert_string_equal(rows(pDb, zOthers), "4,4,2,2");
  assert_string_equal(rows(pDb, "SELECT median(column1) OVER () FROM (VALUES (1), (2), (10))"), "2,2,2");
  /* a moving frame: rows leave it (the window's inverse step) */
  assert_string_equal(rows(pDb, "SELECT median(column1) OVER (ORDER BY column1 ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)"
                                " FROM (VALUES (20), (1), (4), (2), (10)) ORDER BY column1"),
                      "1.5,2,4,10,15");
  /* a NULL leaving the frame takes no value with it (a 0 beside it stays) */
  assert_string_equal(rows(pDb, "SELECT median(column2) OVER (ORDER BY column1 ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"
                                " FROM (VALUES (1, NULL), (2, 0), (3, 5)) ORDER BY column1"),
                      "nan,0,2.5");
  /* one row: the others are none */
  assert_string_equal(rows(pDb, "SELECT median(column1) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"
                                " EXCLUDE CURRENT ROW) FROM (VALUES (3))"),
                      "nan");
  /* partitions apart; equal values leave one copy each time */
  assert_string_equal(rows(pDb, "SELECT median(column2) OVER (PARTITION BY column1 ROWS BETWEEN UNBOUNDED PRECEDING AND"
                                " UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW) FROM (VALUES (1, 2), (1, 2), (1, 8), (2, 5),"
                                " (2, 1)) ORDER BY column1, column2"),
                      "5,5,2,5,1");
  sqlite3_close(pDb);
}

/* The ceil(pct (n + 1) / 100)-th smallest, at most the n-th. */
static void test_conformal(void **state) {
  (void)state;
  assert_int_equal(sqlstats_conformal_rank(1, 95), 1);
  assert_int_equal(sqlstats_conformal_rank(19, 95), 19);
  assert_int_equal(sqlstats_conformal_rank(20, 95), 20);
  assert_int_equal(sqlstats_conformal_rank(30, 95), 30);
  assert_int_equal(sqlstats_conformal_rank(39, 95), 38);
  assert_int_equal(sqlstats_conformal_rank(40, 95), 39);
  assert_int_equal(sqlstats_conformal_rank(99, 95), 95);
  assert_int_equal(sqlstats_conformal_rank(9, 50), 5);
  /* the ceiling where pct (n + 1) is one above a multiple of 100 */
  assert_int_equal(sqlstats_conformal_rank(100, 1), 2);
  sqlite3 *pDb = open_db();
  /* 40 values 1..40 in reverse: the 39th smallest */
  assert_float_equal(q(pDb, "WITH RECURSIVE i(i) AS (SELECT 40 UNION ALL SELECT i - 1 FROM i WHERE i > 1)"
                            " SELECT conformal(i, 95) FROM i"),
                     39, 0);
  assert_float_equal(q(pDb, "SELECT conformal(column1, 50) FROM (VALUES (3), (1), (2), (NULL))"), 2, 0);
  assert_true(is_null(pDb, "SELECT conformal(x, 95) FROM (SELECT 1 AS x WHERE 0)"));
  sqlite3_stmt *pStmt = NULL;
  assert_int_equal(sqlite3_prepare_v2(pDb, "SELECT conformal(1, 100)", -1, &pStmt, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ERROR);
  sqlite3_finalize(pStmt);
  sqlite3_close(pDb);
}

static void test_size_band(void **state) {
  (void)state;
  assert_int_equal(sqlstats_size_band(0.0199999), 1);
  assert_int_equal(sqlstats_size_band(0.02), 2);
  assert_int_equal(sqlstats_size_band(0.0999999), 2);
  assert_int_equal(sqlstats_size_band(0.1), 3);
  sqlite3 *pDb = open_db();
  assert_float_equal(q(pDb, "SELECT size_band(0.05)"), 2, 0);
  assert_true(is_null(pDb, "SELECT size_band(NULL)"));
  assert_float_equal(q(pDb, "SELECT size_band_label(1) = 'under 20 us' AND size_band_label(2) = '20-100 us'"
                            " AND size_band_label(3) = '100 us or more' AND size_band_label(0) = 'all'"),
                     1, 0);
  assert_true(is_null(pDb, "SELECT size_band_label(4)"));
  assert_float_equal(q(pDb, "SELECT min_deviations()"), 20, 0);
  sqlite3_close(pDb);
}

/* Wilson's score interval, z = 1.96: 95 of 100 is [0.8883, 0.9785]. */
static void test_wilson(void **state) {
  (void)state;
  double lo, hi;
  sqlstats_wilson(95, 100, &lo, &hi);
  assert_float_equal(lo, 0.888250, 1e-5);
  assert_float_equal(hi, 0.978456, 1e-5);
  sqlstats_wilson(0, 10, &lo, &hi);
  assert_float_equal(lo, 0, 1e-12);
  assert_float_equal(hi, 0.277533, 1e-5);
  sqlite3 *pDb = open_db();
  assert_float_equal(q(pDb, "SELECT wilson_lo(95, 100)"), 0.888250, 1e-5);
  assert_float_equal(q(pDb, "SELECT wilson_hi(95, 100)"), 0.978456, 1e-5);
  assert_true(is_null(pDb, "SELECT wilson_lo(0, 0)"));
  sqlite3_close(pDb);
}

/* The first column of the first row of zSql as text; "NULL" for NULL. */
static const char *text(sqlite3 *pDb, const char *zSql) {
  static char z[64];
  sqlite3_stmt *pStmt = NULL;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK) fail_msg("%s: %s", zSql, sqlite3_errmsg(pDb));
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  const unsigned char *zCol = sqlite3_column_text(pStmt, 0);
  snprintf(z, sizeof(z), "%s", zCol ? (const char *)zCol : "NULL");
  sqlite3_finalize(pStmt);
  return z;
}

/* A verdict function's cases: three arguments (NaN for NULL), the words. */
typedef struct VerdictCase {
  double a[3];
  const char *zWant;
} VerdictCase;

/* Each case through C (xVerdict) and through SQL (zFn); the function takes
** three arguments and no other count, and gives the same words as zCase, a
** CASE over a, b and c, on a grid of values and NULLs. */
static void check_verdicts(const char *zFn, const char *(*xVerdict)(double, double, double), const VerdictCase *aCase,
                           size_t nCase, const char *zCase) {
  sqlite3 *pDb = open_db();
  char zSql[512];
  for (size_t i = 0; i < nCase; i++) {
    char z[3][32];
    const double *a = aCase[i].a;
    for (int k = 0; k < 3; k++) snprintf(z[k], sizeof(z[k]), isnan(a[k]) ? "NULL" : "%.17g", a[k]);
    snprintf(zSql, sizeof(zSql), "SELECT %s(%s, %s, %s)", zFn, z[0], z[1], z[2]);
    assert_string_equal(xVerdict(a[0], a[1], a[2]), aCase[i].zWant);
    assert_string_equal(text(pDb, zSql), aCase[i].zWant);
  }
  /* a text value, equal to the CASE's literal */
  snprintf(zSql, sizeof(zSql), "SELECT typeof(%s(1, 1, 1))", zFn);
  assert_string_equal(text(pDb, zSql), "text");
  sqlite3_stmt *pStmt = NULL;
  snprintf(zSql, sizeof(zSql), "SELECT %s(1, 2)", zFn);
  assert_int_equal(sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL), SQLITE_ERROR);
  snprintf(zSql, sizeof(zSql), "SELECT %s(1, 2, 3, 4)", zFn);
  assert_int_equal(sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL), SQLITE_ERROR);
  snprintf(zSql, sizeof(zSql),
           "WITH v(x) AS (VALUES (NULL), (0), (0.5), (1), (1.1), (1.5), (2), (3)) SELECT count(*) FROM v a, v b, v c"
           " WHERE %s(a.x, b.x, c.x) IS NOT %s",
           zFn, zCase);
  assert_string_equal(text(pDb, zSql), "0");
  sqlite3_close(pDb);
}

/* verdict_at_least(lo, hi, thr): holds from lo = thr on, does not hold
** only with hi below thr (hi = thr is not below), inconclusive between and
** wherever a NULL makes a comparison not true, exactly as the CASE it
** replaces. */
static void test_verdict_at_least(void **state) {
  (void)state;
  static const VerdictCase aCase[] = {
      {{1.2, 1.5, 1.1}, "holds"},
      {{1.1, 1.5, 1.1}, "holds"}, /* the low end at the threshold */
      {{2, 3, 2}, "holds"},       /* integers in SQL */
      {{0x1.1999999999999p+0, 1.5, 1.1}, "inconclusive"}, /* the double just below 1.1 */
      {{0.9, 1.1, 1.1}, "inconclusive"},                  /* the high end at it is not below it */
      {{0.9, 0x1.1999999999999p+0, 1.1}, "does not hold"},
      {{1, 1, 2}, "does not hold"},
      {{NAN, 1.0, 1.1}, "does not hold"},
      {{NAN, 1.2, 1.1}, "inconclusive"},
      {{1.2, NAN, 1.1}, "holds"},
      {{1.0, NAN, 1.1}, "inconclusive"},
      {{1.0, 1.2, NAN}, "inconclusive"},
      {{NAN, NAN, NAN}, "inconclusive"},
  };
  check_verdicts("verdict_at_least", sqlstats_verdict_at_least, aCase, sizeof(aCase) / sizeof(aCase[0]),
                 "CASE WHEN a.x >= c.x THEN 'holds' WHEN b.x < c.x THEN 'does not hold' ELSE 'inconclusive' END");
}

/* target_at_least(lo, hi, thr): verdict_at_least's rule in a target's
** words; target_at_most(lo, hi, thr): met from hi = thr down, missed only
** with lo above thr (lo = thr is not above), inconclusive between and
** wherever a NULL makes a comparison not true, as the CASEs they replace in
** reports/analysis/ (40-, 45-, 46-, 75-*.sql). */
static void test_target_at_least(void **state) {
  (void)state;
  static const VerdictCase aCase[] = {
      {{1.2, 1.5, 1.1}, "met"},
      {{1.1, 1.5, 1.1}, "met"},
      {{0x1.1999999999999p+0, 1.5, 1.1}, "inconclusive"},
      {{0.9, 1.1, 1.1}, "inconclusive"},
      {{0.9, 0x1.1999999999999p+0, 1.1}, "missed"},
      {{NAN, 1.0, 1.1}, "missed"},
      {{1.2, NAN, 1.1}, "met"},
      {{1.0, 1.2, NAN}, "inconclusive"},
  };
  check_verdicts("target_at_least", sqlstats_target_at_least, aCase, sizeof(aCase) / sizeof(aCase[0]),
                 "CASE WHEN a.x >= c.x THEN 'met' WHEN b.x < c.x THEN 'missed' ELSE 'inconclusive' END");
}
static void test_target_at_most(void **state) {
  (void)state;
  static const VerdictCase aCase[] = {
      {{0.1, 0.25, 0.3}, "met"},
      {{0.1, 0.3, 0.3}, "met"}, /* the high end at the goal */
      {{-0.5, -0.1, 0.3}, "met"},
      {{0.1, 0x1.3333333333334p-2, 0.3}, "inconclusive"}, /* the double just above 0.3 */
      {{0.3, 0.5, 0.3}, "inconclusive"},                   /* the low end at it is not above it */
      {{0x1.3333333333334p-2, 0.5, 0.3}, "missed"},
      {{2, 3, 1}, "missed"}, /* integers in SQL */
      {{NAN, 0.2, 0.3}, "met"},
      {{NAN, 0.5, 0.3}, "inconclusive"},
      {{0.5, NAN, 0.3}, "missed"},
      {{0.1, NAN, 0.3}, "inconclusive"},
      {{0.1, 0.2, NAN}, "inconclusive"},
      {{NAN, NAN, NAN}, "inconclusive"},
  };
  check_verdicts("target_at_most", sqlstats_target_at_most, aCase, sizeof(aCase) / sizeof(aCase[0]),
                 "CASE WHEN b.x <= c.x THEN 'met' WHEN a.x > c.x THEN 'missed' ELSE 'inconclusive' END");
}

/* verdict_over(n, hold, not): all n hold, all n do not, some of each, or
** neither all nor some of each; NULLs as the CASE it replaces. */
static void test_verdict_over(void **state) {
  (void)state;
  static const VerdictCase aCase[] = {
      {{4, 4, 0}, "holds"},
      {{4, 0, 4}, "does not hold"},
      {{4, 1, 1}, "holds in part"},
      {{4, 3, 1}, "holds in part"},
      {{4, 3, 0}, "inconclusive"}, /* some hold, the others inconclusive */
      {{4, 0, 3}, "inconclusive"},
      {{4, 0, 0}, "inconclusive"},
      {{1, 1, 0}, "holds"},
      {{NAN, 4, 0}, "inconclusive"},
      {{4, NAN, 4}, "does not hold"},
      {{4, NAN, 1}, "inconclusive"},
      {{4, 4, NAN}, "holds"},
      {{4, 1, NAN}, "inconclusive"},
  };
  check_verdicts("verdict_over", sqlstats_verdict_over, aCase, sizeof(aCase) / sizeof(aCase[0]),
                 "CASE WHEN b.x = a.x THEN 'holds' WHEN c.x = a.x THEN 'does not hold'"
                 " WHEN b.x > 0 AND c.x > 0 THEN 'holds in part' ELSE 'inconclusive' END");
}

/* The SQL error of zSql (its step or prepare fails), or "" if it runs. */
static const char *sql_error(sqlite3 *pDb, const char *zSql) {
  static char z[300];
  sqlite3_stmt *pStmt = NULL;
  z[0] = 0;
  if (sqlite3_prepare_v2(pDb, zSql, -1, &pStmt, NULL) != SQLITE_OK || sqlite3_step(pStmt) == SQLITE_ERROR)
    snprintf(z, sizeof(z), "%s", sqlite3_errmsg(pDb));
  sqlite3_finalize(pStmt);
  return z;
}

/* claim_judge(): one part under each rule, through C and through SQL (as
** an aggregate over one row): the direction of a claim without a magnitude
** is above 1, strictly (the interval ends 1.049 and 1.051 of issue 46 read
** alike: a 2-4% gain wholly above 1 holds; equal counts do not); a stated
** threshold is reached at it; a magnitude (A) splits the holds from those
** below it, judged on the interval; a range above its top does not hold; a
** band (within) holds inside, not wholly outside. */
typedef struct ClaimCase {
  const char *zRule;
  double thr, a, b, lo, hi;
  const char *zWant;
} ClaimCase;

static void test_claim_judge_part(void **state) {
  (void)state;
  static const ClaimCase aCase[] = {
      {"at least", NAN, NAN, NAN, 1.02, 1.04, "holds"},   /* 003-complete: a 2-4% gain */
      {"at least", NAN, NAN, NAN, 1.049, 1.07, "holds"},  /* no 1.05 threshold: */
      {"at least", NAN, NAN, NAN, 1.051, 1.07, "holds"},  /* both ends read alike */
      {"at least", NAN, NAN, NAN, 1.0, 1.0, "does not hold"}, /* equal: no saving */
      {"at least", NAN, NAN, NAN, 0.93, 0.95, "does not hold"},
      {"at least", NAN, NAN, NAN, 0.99, 1.01, "inconclusive"},
      {"at least", 0.95, NAN, NAN, 0.95, 0.99, "holds"},  /* a stated threshold: at it holds */
      {"at least", 0.95, NAN, NAN, 0.90, 0.949, "does not hold"},
      {"at least", 0.95, NAN, NAN, 0.94, 0.96, "inconclusive"},
      {"at least", NAN, 1.35, NAN, 2.18, 2.22, "holds"},  /* 003-interleaved: the seed's 1.8x less 25% */
      {"at least", NAN, 1.35, NAN, 1.20, 1.34, "holds, below the claim's magnitude"},
      {"at least", NAN, 1.35, NAN, 1.30, 1.40, "inconclusive"}, /* on the interval, not the point */
      {"at least", NAN, 1.35, NAN, 0.90, 1.40, "inconclusive"},
      {"at least", NAN, 12, NAN, 0.99, 0.996, "does not hold"}, /* 000-broadcast */
      {"range", NAN, 8, 32, 11.14, 11.16, "holds"},      /* 000-serialise */
      {"range", NAN, 8, 32, 3, 4, "holds, below the claim's magnitude"},
      {"range", NAN, 8, 32, 40, 41, "does not hold"},
      {"range", NAN, 8, 32, 30, 33, "inconclusive"},
      {"range", NAN, 8, 32, 7, 9, "inconclusive"},
      {"range", NAN, 8, 32, 0.9, 0.99, "does not hold"},
      {"within", NAN, 0.9, 1.1, 0.96, 1.05, "holds"},    /* 004-flat */
      {"within", NAN, 0.9, 1.1, 0.9, 1.1, "holds"},
      {"within", NAN, 0.9, 1.1, 1.11, 1.2, "does not hold"},
      {"within", NAN, 0.9, 1.1, 0.5, 0.89, "does not hold"},
      {"within", NAN, 0.9, 1.1, 1.05, 1.15, "inconclusive"},
      {"within", NAN, 0.9, 1.1, NAN, 1.0, "inconclusive"},
  };
  sqlite3 *pDb = open_db();
  char zSql[512];
  static const char *const azWord[] = {"inconclusive", "does not hold", "holds, below the claim's magnitude", "holds"};
  for (size_t i = 0; i < sizeof(aCase) / sizeof(aCase[0]); i++) {
    const ClaimCase *c = &aCase[i];
    double ad[5] = {c->thr, c->a, c->b, c->lo, c->hi};
    char z[5][32];
    for (int k = 0; k < 5; k++) snprintf(z[k], sizeof(z[k]), isnan(ad[k]) ? "NULL" : "%.17g", ad[k]);
    int v = sqlstats_claim_part(c->zRule, c->thr, c->a, c->b, c->lo, c->hi);
    assert_true(v >= 0 && v <= 3);
    if (strcmp(azWord[v], c->zWant)) fail_msg("case %zu (%s %s..%s): %s, want %s", i, c->zRule, z[3], z[4], azWord[v], c->zWant);
    snprintf(zSql, sizeof(zSql), "SELECT claim_judge('%s', %s, %s, %s, %s, %s)", c->zRule, z[0], z[1], z[2], z[3], z[4]);
    assert_string_equal(text(pDb, zSql), c->zWant);
  }
  sqlite3_close(pDb);
}

/* claim_judge() over several parts: every part holds, none does, all hold
** some below the magnitude, some hold and some do not (in part, whatever
** the inconclusive ones), else inconclusive; no part gives NULL; an unknown
** rule is an SQL error naming it; one part's verdict by GROUP BY. */
static void test_claim_judge_over(void **state) {
  (void)state;
  assert_string_equal(sqlstats_claim_verdict(4, 4, 0, 0), "holds");
  assert_string_equal(sqlstats_claim_verdict(4, 0, 0, 4), "does not hold");
  assert_string_equal(sqlstats_claim_verdict(4, 2, 2, 0), "holds, below the claim's magnitude");
  assert_string_equal(sqlstats_claim_verdict(4, 0, 4, 0), "holds, below the claim's magnitude");
  assert_string_equal(sqlstats_claim_verdict(4, 1, 0, 1), "holds in part");
  assert_string_equal(sqlstats_claim_verdict(4, 0, 1, 3), "holds in part");
  assert_string_equal(sqlstats_claim_verdict(4, 3, 0, 0), "inconclusive");
  assert_string_equal(sqlstats_claim_verdict(4, 0, 0, 3), "inconclusive");
  assert_null(sqlstats_claim_verdict(0, 0, 0, 0));
  assert_int_equal(sqlstats_claim_part("above", NAN, NAN, NAN, 1, 2), -1);
  assert_int_equal(sqlstats_claim_part(NULL, NAN, NAN, NAN, 1, 2), -1);
  sqlite3 *pDb = open_db();
  /* 20 configurations, 18 holding and 2 inconclusive: inconclusive (000-faster on #eb49 before) */
  assert_string_equal(text(pDb, "WITH RECURSIVE p(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM p WHERE i < 20)"
                                " SELECT claim_judge('at least', NULL, NULL, NULL, CASE WHEN i <= 18 THEN 1.06 ELSE 1.0 END, 1.1) FROM p"),
                      "inconclusive");
  assert_string_equal(text(pDb, "WITH p(lo, hi) AS (VALUES (1.02, 1.04), (1.2, 1.3), (0.5, 0.9))"
                                " SELECT claim_judge('at least', NULL, NULL, NULL, lo, hi) FROM p"),
                      "holds in part");
  assert_string_equal(text(pDb, "WITH p(lo, hi) AS (VALUES (1.02, 1.04), (1.2, 1.3))"
                                " SELECT claim_judge('at least', NULL, 1.1, NULL, lo, hi) FROM p"),
                      "holds, below the claim's magnitude");
  assert_string_equal(text(pDb, "WITH p(k, lo, hi) AS (VALUES (1, 1.02, 1.04), (2, 0.5, 0.9))"
                                " SELECT group_concat(v, '; ') FROM (SELECT claim_judge('at least', NULL, NULL, NULL, lo, hi) AS v"
                                " FROM p GROUP BY k ORDER BY k)"),
                      "holds; does not hold");
  assert_true(is_null(pDb, "SELECT claim_judge('at least', NULL, NULL, NULL, 1, 2) FROM (SELECT 1 WHERE 0)"));
  assert_string_equal(sql_error(pDb, "SELECT claim_judge('above', NULL, NULL, NULL, 1, 2)"),
                      "claim_judge(): unknown rule 'above' (at least, range, within)");
  sqlite3_close(pDb);
}


/* The samples text: whole nanoseconds, single spaces, each from 1 to 1e13;
** anything else is refused with an error naming the sample, in C and in
** SQL; NULL gives NULL. */
static void test_samples_decode(void **state) {
  (void)state;
  double *a = NULL;
  int n = -1;
  char zErr[200];
  assert_int_equal(sqlstats_samples_decode("2048 1 10000000000000", 21, &a, &n, zErr, sizeof(zErr)), 0);
  assert_int_equal(n, 3);
  assert_float_equal(a[0], 2048, 0);
  assert_float_equal(a[1], 1, 0);
  assert_float_equal(a[2], 1e13, 0);
  free(a);
  static const struct { const char *z, *zWhy; } aBad[] = {
      {"", "no sample"},
      {"0", "sample 1: 0 ns: impossible"},
      {"5 0 7", "sample 2: 0 ns: impossible"},
      {"5 -1", "sample 2: negative"},
      {"10000000000001", "sample 1: absurd"},
      {"99999999999999999999999", "sample 1: absurd"},
      {"1e3", "sample 1: not a whole number"},
      {"1.5", "sample 1: not a whole number"},
      {"Inf", "sample 1: not a whole number"},
      {"NaN", "sample 1: not a whole number"},
      {"+5", "sample 1: not a whole number"},
      {"07", "sample 1: not a whole number"},
      {"1  2", "sample 2: not a whole number"},
      {" 1", "sample 1: not a whole number"},
      {"1 ", "sample 2: a space at the end"},
      {"1\t2", "sample 1: not a whole number"},
      {"1,2", "sample 1: not a whole number"},
  };
  sqlite3 *pDb = open_db();
  for (size_t i = 0; i < sizeof(aBad) / sizeof(aBad[0]); i++) {
    a = NULL;
    if (sqlstats_samples_decode(aBad[i].z, (int)strlen(aBad[i].z), &a, &n, zErr, sizeof(zErr)) != -1 ||
        !strstr(zErr, aBad[i].zWhy) || a)
      fail_msg("'%s': %s, want %s", aBad[i].z, zErr, aBad[i].zWhy);
    char zSql[200];
    snprintf(zSql, sizeof(zSql), "SELECT samples_median('%s')", aBad[i].z);
    const char *zSqlErr = sql_error(pDb, zSql);
    if (strncmp(zSqlErr, "samples: ", 9) || !strstr(zSqlErr, aBad[i].zWhy))
      fail_msg("%s: error '%s', want '%s'", zSql, zSqlErr, aBad[i].zWhy);
  }
  /* every samples function decodes, and refuses, alike */
  static const char *const azFn[] = {"samples_count(X)", "samples_median(X)", "samples_mean(X)", "samples_min(X)",
                                     "samples_max(X)", "samples_rsd(X)", "samples_json(X)",
                                     "samples_quantile(X, 0.5)", "samples_ci_lo(X, 95)", "samples_ci_hi(X, 95)",
                                     "samples_part_median(X, 1, 2)"};
  for (size_t i = 0; i < sizeof(azFn) / sizeof(azFn[0]); i++) {
    char zSql[200];
    snprintf(zSql, sizeof(zSql), "WITH t(X) AS (VALUES ('3 0')) SELECT %s FROM t", azFn[i]);
    if (!strstr(sql_error(pDb, zSql), "sample 2: 0 ns: impossible")) fail_msg("%s runs", zSql);
    snprintf(zSql, sizeof(zSql), "WITH t(X) AS (VALUES (NULL)) SELECT %s IS NULL FROM t", azFn[i]);
    assert_float_equal(q(pDb, zSql), 1, 0);
  }
  sqlite3_close(pDb);
}

/* The statistics of samples, in milliseconds, against values by hand. */
static void test_samples_stats(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  /* odd: the middle; even: the mean of the middle two (the order taken does not matter) */
  assert_float_equal(q(pDb, "SELECT samples_median('3000 1000 2000')"), 0.002, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_median('4000 100000 1000 2000')"), 0.003, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_median('2049 2048')"), 0.0020485, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_count('7 7 7 8')"), 4, 0);
  assert_float_equal(q(pDb, "SELECT samples_min('5 3 9')"), 3e-6, 1e-21);
  assert_float_equal(q(pDb, "SELECT samples_max('5 3 9')"), 9e-6, 1e-21);
  assert_float_equal(q(pDb, "SELECT samples_mean('1000 2000 6000')"), 0.003, 1e-18);
  /* quartiles interpolate linearly: 1..5 at 0.25 is 2, at 0.1 is 1.4 */
  assert_float_equal(q(pDb, "SELECT samples_quantile('5000 1000 4000 2000 3000', 0.25)"), 0.002, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_quantile('5000 1000 4000 2000 3000', 0.1)"), 0.0014, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_quantile('5000 1000 4000 2000 3000', 1)"), 0.005, 1e-18);
  /* rsd: stdev (n - 1) over the mean; 1, 2, 3: 1 / 2; one sample: 0 */
  assert_float_equal(q(pDb, "SELECT samples_rsd('1 2 3')"), 0.5, 1e-15);
  assert_float_equal(q(pDb, "SELECT samples_rsd('2 4 4 4 5 5 7 9')"), sqrt(32.0 / 7.0) / 5.0, 1e-15);
  assert_float_equal(q(pDb, "SELECT samples_rsd('77')"), 0, 0);
  /* exact milliseconds for export: 2048 ns is 0.002048 ms */
  char zJson[100];
  snprintf(zJson, sizeof(zJson), "%s", rows(pDb, "SELECT json_array_length(samples_json('2048 1000000 7 1500000'))"));
  assert_string_equal(zJson, "4");
  sqlite3_stmt *pStmt = NULL;
  assert_int_equal(sqlite3_prepare_v2(pDb, "SELECT samples_json('2048 1000000 7 1500000 10000000000000')", -1, &pStmt,
                                      NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  assert_string_equal((const char *)sqlite3_column_text(pStmt, 0), "[0.002048,1,0.000007,1.5,10000000]");
  sqlite3_finalize(pStmt);
  assert_string_equal(sql_error(pDb, "SELECT samples_quantile('1 2', 1.5)"),
                      "samples_quantile(): the quantile must be from 0 to 1");
  sqlite3_close(pDb);
}

/* The distribution-free interval of the median: ranks j, k from the normal
** quantile of the level, computed (1.959963984540054 at 95%); for n = 10 at
** 95% the ranks are 1 and 9 ((10 -/+ 6.198) / 2), at 50% 3 and 7 ((10 -/+
** 2.133) / 2); n = 1
** gives the sample twice; a level that is not a whole percent from 1 to 99
** is refused. It is the rule of the harness's stopping noise
** (stats_median_noise_sorted): the same ranks, from the same function
** (stats_median_ci_ranks, experiments/harness/stats.c), for every n. */
static void test_samples_ci(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  int j, k;
  stats_median_ci_ranks(10, 95, &j, &k);
  assert_int_equal(j, 1);
  assert_int_equal(k, 9);
  stats_median_ci_ranks(10, 50, &j, &k);
  assert_int_equal(j, 3);
  assert_int_equal(k, 7);
  stats_median_ci_ranks(1, 95, &j, &k);
  assert_int_equal(j, 1);
  assert_int_equal(k, 1);
  assert_string_equal(rows(pDb, "SELECT samples_ci_lo('1000 2000 3000 4000 5000 6000 7000 8000 9000 10000', 95)"),
                      "0.001");
  assert_string_equal(rows(pDb, "SELECT samples_ci_hi('1000 2000 3000 4000 5000 6000 7000 8000 9000 10000', 95)"),
                      "0.009");
  assert_string_equal(rows(pDb, "SELECT samples_ci_hi('1000 2000 3000 4000 5000 6000 7000 8000 9000 10000', 50)"),
                      "0.007");
  assert_float_equal(q(pDb, "SELECT samples_ci_lo('42', 95)"), 42e-6, 1e-21);
  assert_float_equal(q(pDb, "SELECT samples_ci_hi('42', 95)"), 42e-6, 1e-21);
  assert_string_equal(sql_error(pDb, "SELECT samples_ci_lo('1 2', 100)"),
                      "samples_ci_lo/hi(): the level must be a whole percent from 1 to 99");
  assert_string_equal(sql_error(pDb, "SELECT samples_ci_hi('1 2', 0)"),
                      "samples_ci_lo/hi(): the level must be a whole percent from 1 to 99");
  assert_string_equal(sql_error(pDb, "SELECT samples_ci_hi('1 2', 94.5)"),
                      "samples_ci_lo/hi(): the level must be a whole percent from 1 to 99");
  /* the harness's rule, on samples 1, 4, 9, ... (every rank pair its own width) */
  static double a[1700];
  for (int i = 0; i < 1700; i++) a[i] = (double)(i + 1) * (i + 1);
  for (int n = 6; n < 1700; n++) {
    stats_median_ci_ranks(n, STATS_STOP_PCT, &j, &k);
    double want = (a[k - 1] - a[j - 1]) / 2 / sqlstats_median_sorted(a, n);
    if (stats_median_noise_sorted(a, n) != want)
      fail_msg("n = %d: the harness's noise %.17g, the interval's ranks %d, %d give %.17g", n,
               stats_median_noise_sorted(a, n), j, k, want);
  }
  sqlite3_close(pDb);
}

/* The median of each of PARTS consecutive parts in the order taken: sample
** i of n is in part floor(i PARTS / n) + 1 (the timing protocol's quarters);
** an empty part is NULL; K outside 1..PARTS is refused. */
static void test_samples_part_median(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  const char *z = "'8000 1000 7000 2000 6000 3000 5000 4000 100'"; /* 9: parts of 3, 2, 2, 2 */
  char zSql[300];
  snprintf(zSql, sizeof(zSql), "SELECT samples_part_median(%s, column1, 4) * 1e6 FROM (VALUES (1), (2), (3), (4))", z);
  assert_string_equal(rows(pDb, zSql), "7000,4000,4000,2050");
  assert_string_equal(rows(pDb, "SELECT samples_part_median('5 6 7 8', 1, 1) * 1e6"), "6.5");
  assert_true(is_null(pDb, "SELECT samples_part_median('5 6', 2, 4)"));   /* parts 1 and 3 hold one each */
  assert_float_equal(q(pDb, "SELECT samples_part_median('5 6', 3, 4) * 1e6"), 6, 1e-9);
  int iStart, iEnd;
  sqlstats_part_range(9, 1, 4, &iStart, &iEnd);
  assert_int_equal(iStart, 0);
  assert_int_equal(iEnd, 3);
  sqlstats_part_range(9, 4, 4, &iStart, &iEnd);
  assert_int_equal(iStart, 7);
  assert_int_equal(iEnd, 9);
  assert_string_equal(sql_error(pDb, "SELECT samples_part_median('1 2', 0, 4)"),
                      "samples_part_median(NS, K, PARTS): PARTS a whole number from 1, K from 1 to PARTS");
  assert_string_equal(sql_error(pDb, "SELECT samples_part_median('1 2', 5, 4)"),
                      "samples_part_median(NS, K, PARTS): PARTS a whole number from 1, K from 1 to PARTS");
  sqlite3_close(pDb);
}

/* One row's functions share one decoding: different texts in turn, and the
** same text again, give each its own values (the cache is keyed by the text). */
static void test_samples_cache(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_string_equal(rows(pDb, "SELECT samples_median(column1) * 1e6 + samples_count(column1) FROM (VALUES ('1 2 3'),"
                                " ('10 20'), ('1 2 3'), ('10 20 30 40'), ('10 20'))"),
                      "5,17,5,29,17");
  sqlite3_close(pDb);
}

/* The declarations: every level SQL reads comes from one; an unknown name
** is an error, not a NULL that would print as nothing; the words have the
** level written in; the JSON list holds every declaration whole. */
static void test_stat_declarations(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_int_equal((int)q(pDb, "SELECT stat_level('interval')"), 95);
  assert_int_equal((int)q(pDb, "SELECT stat_level('paired ratio')"), 95);
  assert_int_equal((int)q(pDb, "SELECT stat_level('share')"), 95);
  assert_int_equal((int)q(pDb, "SELECT stat_level('compare')"), 95);
  assert_int_equal((int)q(pDb, "SELECT stat_level('stopping rule')"), STATS_STOP_PCT);
  assert_int_equal((int)q(pDb, "SELECT stat_level('centre')"), 0);
  assert_int_equal(sqlstats_level("interval"), 95);
  assert_int_equal(sqlstats_level("no such"), -1);
  sqlite3_stmt *pStmt = NULL;
  assert_int_equal(sqlite3_prepare_v2(pDb, "SELECT stat_level('no such')", -1, &pStmt, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ERROR);
  sqlite3_finalize(pStmt);
  assert_float_equal(q(pDb, "SELECT count(*) FROM json_each(stat_declarations())"), 10, 0);
  assert_float_equal(q(pDb, "SELECT count(*) FROM json_each(stat_declarations()) WHERE json_extract(value, '$.name') <> ''"
                            " AND json_extract(value, '$.method') <> '' AND json_extract(value, '$.words') LIKE '%.'"
                            " AND instr(json_extract(value, '$.words'), '%L') = 0"), 10, 0);
  assert_float_equal(q(pDb, "SELECT instr(stat_words('share'), '95% Wilson') > 0"), 1, 0);
  assert_float_equal(q(pDb, "SELECT count(*) FROM json_each(stat_declarations()) WHERE json_extract(value, '$.level') > 0"
                            " AND instr(json_extract(value, '$.words'), json_extract(value, '$.level') || '%') = 0"), 0, 0);
  assert_true(is_null(pDb, "SELECT stat_words('no such')"));
  sqlite3_close(pDb);
}

/* The quantiles through SQL: the normal's and Student's t's two-sided
** quantiles at a level; NULL for a level outside 1..99 or a NULL. */
static void test_stat_quantiles(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_float_equal(q(pDb, "SELECT stat_z(95)"), 1.959963984540054, 1e-12);
  assert_float_equal(q(pDb, "SELECT stat_z(90)"), 1.644853626951472, 1e-12);
  assert_float_equal(q(pDb, "SELECT stat_t(95, 3)"), 3.182446305284263, 1e-9);
  assert_float_equal(sqlstats_z(95), 1.959963984540054, 1e-12);
  assert_float_equal(sqlstats_t(95, 1), 12.706204736174698, 1e-8);
  assert_true(is_null(pDb, "SELECT stat_z(100)"));
  assert_true(is_null(pDb, "SELECT stat_z(NULL)"));
  assert_true(is_null(pDb, "SELECT stat_t(95, NULL)"));
  /* conformal() without a level takes the interval's */
  assert_float_equal(q(pDb, "SELECT conformal(column1) FROM (VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9),(10),"
                            "(11),(12),(13),(14),(15),(16),(17),(18),(19),(20),(21),(22),(23),(24),(25),(26),(27),"
                            "(28),(29),(30),(31),(32),(33),(34),(35),(36),(37),(38),(39),(40))"), 39, 0);
  sqlite3_close(pDb);
}

/* The trial value (statistic 'trial value'): the interquartile mean, the
** mean of all but the floor(n/4) smallest and largest: an outlier left out
** (1 2 3 4 100: 3), samples alternating between two levels (as a two-launch
** kernel's do) valued between them whatever their order, where the median
** sits on one level or the other; fewer than 4 samples: their mean. Its
** Tukey-McLaughlin standard error on 1 2 3 4: winsorized 2 2 3 3, sd
** sqrt(1/3), over (1 - 2/4) sqrt(4). */
static void test_samples_iqm(void **state) {
  (void)state;
  sqlite3 *pDb = open_db();
  assert_float_equal(q(pDb, "SELECT samples_iqm('1 2 3 4 100')"), 3e-6, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_iqm('5 7')"), 6e-6, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_iqm('6400 7400 6400 7400 6400 7400 6400 7400 6400 7400 6400 7400')"),
                     6.9e-3, 1e-15);
  assert_float_equal(q(pDb, "SELECT samples_iqm('6400 6400 7400 6400 7400 7400 6400 7400 7400 6400 6400 7400')"),
                     6.9e-3, 1e-15);
  assert_float_equal(q(pDb, "SELECT samples_median('6400 6400 7400 6400 7400 7400 6400 7400 7400 6400 6400')"),
                     6.4e-3, 1e-15);
  assert_float_equal(q(pDb, "SELECT samples_iqm_se('1 2 3 4')"), sqrt(1.0 / 3) / (0.5 * 2) * 1e-6, 1e-18);
  assert_float_equal(q(pDb, "SELECT samples_iqm_se('42')"), 0, 0);
  assert_true(is_null(pDb, "SELECT samples_iqm(NULL)"));
  double a[] = {1, 2, 3, 4, 100};
  assert_float_equal(sqlstats_iqm_sorted(a, 5), 3, 1e-12);
  sqlite3_close(pDb);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_samples_decode), cmocka_unit_test(test_samples_stats), cmocka_unit_test(test_samples_ci),
      cmocka_unit_test(test_samples_part_median), cmocka_unit_test(test_samples_cache),
      cmocka_unit_test(test_median),    cmocka_unit_test(test_median_window), cmocka_unit_test(test_conformal),
      cmocka_unit_test(test_size_band), cmocka_unit_test(test_wilson),       cmocka_unit_test(test_verdict_at_least),
      cmocka_unit_test(test_verdict_over), cmocka_unit_test(test_claim_judge_part),
      cmocka_unit_test(test_claim_judge_over), cmocka_unit_test(test_target_at_least), cmocka_unit_test(test_target_at_most),
      cmocka_unit_test(test_stat_declarations), cmocka_unit_test(test_stat_quantiles),
      cmocka_unit_test(test_samples_iqm),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
