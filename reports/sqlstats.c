/*
** reports/sqlstats.c: the report's statistics as SQLite functions, each
** written once and used by every program that reads the analysis views.
**
**   median(X)               aggregate and window: the median of the non-NULL
**                           X (the mean of the middle two for an even count);
**                           NULL when there is none. As a window function it
**                           takes any frame, e.g. `median(x) OVER (PARTITION BY
**                           c ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED
**                           FOLLOWING EXCLUDE CURRENT ROW)`: the median of the
**                           others (leave-one-out)
**   conformal(X, PCT)       aggregate: the split-conformal quantile, the
**                           ceil(PCT/100 (n + 1))-th smallest of the n
**                           non-NULL X (the n-th where that exceeds n): a new
**                           value exchangeable with them falls at or below it
**                           with probability >= PCT/100. PCT is an integer
**                           percent, so the rank is exact integer arithmetic
**   size_band(MS)           1, 2 or 3: a time under 20 us, 20-100 us, 100 us
**                           or more (the bands every width and coverage is
**                           pooled in); NULL for NULL
**   size_band_label(B)      the band's words ('under 20 us', ...); 0: 'all'
**   min_deviations()        20: the fewest deviations a pooled quantile is
**                           read from before a wider pool is used
**   wilson_lo(K, N), wilson_hi(K, N)
**                           the 95% Wilson score interval of the share K/N (a
**                           fraction; z = 1.96); NULL for N < 1
**   verdict_at_least(LO, HI, THR)
**                           a claim's verdict on an interval against a
**                           threshold it must reach: 'holds' where LO >= THR
**                           (the whole interval at or above it), else 'does
**                           not hold' where HI < THR (wholly below), else
**                           'inconclusive' (the interval straddles THR, or an
**                           argument is NULL: a comparison with NULL is not
**                           true, as in the SQL CASE this replaces; a caller
**                           says 'not measured' before it calls)
**   verdict_over(N, HOLD, NOT)
**                           a claim's verdict over N configurations, HOLD of
**                           which meet its threshold and NOT of which miss
**                           it: 'holds' where HOLD = N, else 'does not hold'
**                           where NOT = N, else 'holds in part' where HOLD > 0
**                           and NOT > 0, else 'inconclusive' (NULLs as in
**                           verdict_at_least)
**   target_at_least(LO, HI, THR), target_at_most(LO, HI, THR)
**                           a target's verdict on an interval: 'met' where the
**                           whole interval is at or above THR (at_least: LO >=
**                           THR; at_most: at or below it, HI <= THR), 'missed'
**                           where it is wholly on the wrong side (HI < THR;
**                           LO > THR), else 'inconclusive' (NULLs as in
**                           verdict_at_least, which both are: at_most is
**                           at_least on the negated interval and threshold)
**
** Built two ways from this one file: linked into mdquery and dbtool, which
** call sqlstats_register() on every connection they open, and as the
** loadable extension build/lib/sqlstats.so (reports/sqlstats_ext.c), which
** the sqlite3 command loads (`.load build/lib/sqlstats`) for the report's
** snapshot, its figure data and `make compare`.
*/
#ifndef SQLSTATS_EXTENSION
#include <sqlite3.h>
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reports/sqlstats.h"

/* The size bands' upper limits, in milliseconds, and their words. */
#define SQLSTATS_BAND1_MS 0.02
#define SQLSTATS_BAND2_MS 0.1
static const char *const azBandLabel[] = {"all", "under 20 us", "20-100 us", "100 us or more"};
/* The fewest deviations a pooled quantile is read from. */
#define SQLSTATS_MIN_DEVIATIONS 20
/* The normal quantile of a two-sided 95% interval. */
#define SQLSTATS_Z95 1.959963984540054

/* An aggregate's values: a growing array (the median and the quantile need
** them all). */
typedef struct ValueSet {
  double *a;
  int n, nAlloc;
  int pct; /* conformal(): the level, from the first row */
  int bPct;
} ValueSet;

static int value_add(ValueSet *p, double x) {
  if (p->n == p->nAlloc) {
    int nNew = p->nAlloc ? 2 * p->nAlloc : 16;
    double *aNew = realloc(p->a, sizeof(double) * (size_t)nNew);
    if (!aNew) return SQLITE_NOMEM;
    p->a = aNew;
    p->nAlloc = nNew;
  }
  p->a[p->n++] = x;
  return SQLITE_OK;
}

/* Remove one value equal to x (a window's row leaving the frame). */
static void value_remove(ValueSet *p, double x) {
  for (int i = 0; i < p->n; i++)
    if (p->a[i] == x) {
      p->a[i] = p->a[--p->n];
      return;
    }
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of n sorted values. */
double sqlstats_median_sorted(const double *a, int n) {
  return n % 2 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
}

/* The 1-based rank the split-conformal quantile at pct percent takes of n:
** ceil(pct (n + 1) / 100), at most n. */
int sqlstats_conformal_rank(int n, int pct) {
  int r = (pct * (n + 1) + 99) / 100;
  return r < n ? r : n;
}

int sqlstats_size_band(double ms) {
  return ms < SQLSTATS_BAND1_MS ? 1 : ms < SQLSTATS_BAND2_MS ? 2 : 3;
}

/* The rule of verdict_at_least and the targets: 1 where the whole interval
** is at or above thr, 0 where it is wholly below, else -1. NaN stands for
** NULL: every comparison with it is false, as SQL's with NULL is not true. */
static int at_least(double lo, double hi, double thr) {
  if (lo >= thr) return 1;
  if (hi < thr) return 0;
  return -1;
}

const char *sqlstats_verdict_at_least(double lo, double hi, double thr) {
  static const char *const az[] = {"inconclusive", "does not hold", "holds"};
  return az[at_least(lo, hi, thr) + 1];
}

const char *sqlstats_target_at_least(double lo, double hi, double thr) {
  static const char *const az[] = {"inconclusive", "missed", "met"};
  return az[at_least(lo, hi, thr) + 1];
}

/* At most thr: at least -thr on the negated interval. */
const char *sqlstats_target_at_most(double lo, double hi, double thr) {
  return sqlstats_target_at_least(-hi, -lo, -thr);
}

const char *sqlstats_verdict_over(double n, double nHold, double nNot) {
  if (nHold == n) return "holds";
  if (nNot == n) return "does not hold";
  if (nHold > 0 && nNot > 0) return "holds in part";
  return "inconclusive";
}

void sqlstats_wilson(double k, double n, double *pLo, double *pHi) {
  double z = SQLSTATS_Z95, p = k / n, d = 1 + z * z / n, c = (p + z * z / (2 * n)) / d;
  double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  *pLo = c - h;
  *pHi = c + h;
}

static void step_value(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ValueSet *p = sqlite3_aggregate_context(ctx, sizeof(*p));
  if (!p) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (argc > 1 && !p->bPct) {
    p->pct = sqlite3_value_int(argv[1]);
    p->bPct = 1;
    if (p->pct < 1 || p->pct > 99) {
      sqlite3_result_error(ctx, "conformal(): the level must be a percent from 1 to 99", -1);
      return;
    }
  }
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (value_add(p, sqlite3_value_double(argv[0])) != SQLITE_OK) sqlite3_result_error_nomem(ctx);
}

static void inverse_value(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ValueSet *p = sqlite3_aggregate_context(ctx, sizeof(*p));
  if (p && sqlite3_value_type(argv[0]) != SQLITE_NULL) value_remove(p, sqlite3_value_double(argv[0]));
}

/* The result of median() or conformal() over the current values; bFinal:
** free them (xFinal), else keep them (xValue of a window). */
static void median_result(sqlite3_context *ctx, int bFinal) {
  ValueSet *p = sqlite3_aggregate_context(ctx, 0);
  if (!p || p->n == 0) {
    sqlite3_result_null(ctx);
  } else {
    qsort(p->a, (size_t)p->n, sizeof(double), cmp_double);
    sqlite3_result_double(ctx, sqlstats_median_sorted(p->a, p->n));
  }
  if (bFinal && p) free(p->a);
}
static void median_value(sqlite3_context *ctx) { median_result(ctx, 0); }
static void median_final(sqlite3_context *ctx) { median_result(ctx, 1); }

static void conformal_final(sqlite3_context *ctx) {
  ValueSet *p = sqlite3_aggregate_context(ctx, 0);
  if (!p || p->n == 0) {
    sqlite3_result_null(ctx);
  } else {
    qsort(p->a, (size_t)p->n, sizeof(double), cmp_double);
    sqlite3_result_double(ctx, p->a[sqlstats_conformal_rank(p->n, p->pct) - 1]);
  }
  if (p) free(p->a);
}

static void size_band_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  sqlite3_result_int(ctx, sqlstats_size_band(sqlite3_value_double(argv[0])));
}

static void size_band_label_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  int b = sqlite3_value_int(argv[0]);
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || b < 0 || b > 3) return;
  sqlite3_result_text(ctx, azBandLabel[b], -1, SQLITE_STATIC);
}

static void min_deviations_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_int(ctx, SQLSTATS_MIN_DEVIATIONS);
}

static void wilson_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  double n = sqlite3_value_double(argv[1]), lo, hi;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL || n < 1) return;
  sqlstats_wilson(sqlite3_value_double(argv[0]), n, &lo, &hi);
  sqlite3_result_double(ctx, sqlite3_user_data(ctx) ? hi : lo);
}

/* An argument as a double; NaN for NULL (SQLite itself stores no NaN: it
** makes one NULL). */
static double arg_or_nan(sqlite3_value *v) {
  return sqlite3_value_type(v) == SQLITE_NULL ? NAN : sqlite3_value_double(v);
}

/* The three-argument verdict functions: the C function is the user data. */
typedef const char *(*verdict_x)(double, double, double);
static void verdict_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  double a = arg_or_nan(argv[0]), b = arg_or_nan(argv[1]), c = arg_or_nan(argv[2]);
  const char *z = (*(verdict_x *)sqlite3_user_data(ctx))(a, b, c);
  sqlite3_result_text(ctx, z, -1, SQLITE_STATIC);
}

int sqlstats_register(sqlite3 *db) {
  static int bHi = 1;
  static verdict_x xAtLeast = sqlstats_verdict_at_least, xOver = sqlstats_verdict_over,
                   xMet = sqlstats_target_at_least, xMetMost = sqlstats_target_at_most;
  const int f = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  int rc = sqlite3_create_window_function(db, "median", 1, f, NULL, step_value, median_final, median_value,
                                          inverse_value, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "conformal", 2, f, NULL, NULL, step_value, conformal_final);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "size_band", 1, f, NULL, size_band_fn, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "size_band_label", 1, f, NULL, size_band_label_fn, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "min_deviations", 0, f, NULL, min_deviations_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "wilson_lo", 2, f, NULL, wilson_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "wilson_hi", 2, f, &bHi, wilson_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "verdict_at_least", 3, f, &xAtLeast, verdict_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "verdict_over", 3, f, &xOver, verdict_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "target_at_least", 3, f, &xMet, verdict_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "target_at_most", 3, f, &xMetMost, verdict_fn, NULL, NULL);
  return rc;
}
