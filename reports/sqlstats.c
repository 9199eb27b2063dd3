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
**                           the Wilson score interval of the share K/N (a
**                           fraction) at statistic 'share''s level; NULL for
**                           N < 1
**   stat_level(NAME)        the level in percent of the declared statistic
**                           NAME (0: it has none); an error for an unknown name
**   stat_z(PCT)             the two-sided PCT% quantile of the standard normal
**                           (95: 1.95996...)
**   stat_t(PCT, DF)         the same of Student's t with DF degrees of freedom
**   stat_words(NAME)        the declaration's line for readers, its level
**                           written in (the Method section prints these)
**   stat_declarations()     every declaration as a JSON array of objects
**                           {name, method, level, words}: view stat_decl
**                           (reports/analysis/05-statistics.sql) reads it
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
** Every statistic the report, `make compare`, the export and the stopping
** rule use is declared once, in aStatDecl below: its name, its method, its
** level and one line for readers. SQL reads the level through stat_level()
** and the words through stat_words(); nothing else types a level. The
** interval level is one constant, SQLSTATS_LEVEL; the stopping rule's is a
** setting of the measurement, STATS_STOP_PCT (experiments/harness/stats.h),
** declared here too. The normal and t quantiles and the order statistics of
** the median's interval are experiments/harness/stats.c's (linked in).
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiments/harness/stats.h"
#include "reports/sqlstats.h"

/* The size bands' upper limits, in milliseconds, and their words. */
#define SQLSTATS_BAND1_MS 0.02
#define SQLSTATS_BAND2_MS 0.1
static const char *const azBandLabel[] = {"all", "under 20 us", "20-100 us", "100 us or more"};
/* The fewest deviations a pooled quantile is read from. */
#define SQLSTATS_MIN_DEVIATIONS 20
/* The level, in percent, of every interval the report prints: the one place
** it is set (tests/report/test_level.sh changes it on a copy of the tree and
** checks that every printed level, interval and the oracle move with it). */
#define SQLSTATS_LEVEL 95

/* A declared statistic. */
typedef struct StatDecl {
  const char *zName;   /* the name SQL asks by: stat_level('interval') */
  const char *zMethod; /* how it is computed, in a few words */
  int pct;             /* its level in percent; 0: it has none */
  const char *zWords;  /* one line for readers; %L stands for the level ("95%") */
} StatDecl;

/* Every statistic the report, make compare, the export and the stopping rule
** use, in the order the Method section gives them. */
static const StatDecl aStatDecl[] = {
    {"trial value", "median of every sample", 0,
     "A trial is one process running one binary's matrix once; its value of a configuration is the median of "
     "every sample it took (all are stored)."},
    {"stopping rule", "order-statistic interval of the median", STATS_STOP_PCT,
     "A trial samples until the distribution-free %L interval of its median (order statistics, normal "
     "approximation of the binomial) is narrow enough, or its time budget is spent."},
    {"centre", "mean of the trial values", 0,
     "A configuration's time on a GPU is the mean of its trials' values (each corrected for its process's "
     "launch floor)."},
    {"interval", "split-conformal, leave one trial out", SQLSTATS_LEVEL,
     "Its interval holds the value a further trial on that GPU gives %L of the time: the centre plus or minus "
     "the larger of the configuration's own relative range and the split-conformal %L quantile of the GPU's "
     "leave-one-trial-out deviations in the same size band and variant."},
    {"one-run interval", "order-statistic interval of the median", SQLSTATS_LEVEL,
     "A GPU measured in one trial only gets the distribution-free %L interval of that trial's median instead: "
     "its sampling noise alone."},
    {"paired ratio", "median of per-process ratios, split-conformal", SQLSTATS_LEVEL,
     "A ratio of two configurations is taken within each process and its value is the median of those "
     "ratios; its %L interval is sized as a configuration's, from the leave-one-process-out deviations of "
     "the GPU's ratios of that kind."},
    {"share", "Wilson score interval", SQLSTATS_LEVEL,
     "A share (how often trials or invocations agree, how often intervals held) carries its %L Wilson score "
     "interval."},
    {"model value", "median over machines", 0,
     "A GPU model's value is the median over its machines of each machine's own value; a ratio is taken on "
     "each machine first."},
    {"model range", "lowest to highest machine value", 0,
     "Beside a model's value, the bracket gives the range over its machines (lowest to highest machine "
     "value), never an interval."},
    {"compare", "Welch t on log trial values", SQLSTATS_LEVEL,
     "make compare sets two measurement sets side by side, which share no process to pair within: a "
     "configuration's ratio of geometric means gets the %L Welch t-interval of the difference of the mean "
     "log trial values."},
};
#define N_STAT_DECL ((int)(sizeof(aStatDecl) / sizeof(aStatDecl[0])))

/* The declaration of zName, or NULL. */
static const StatDecl *stat_find(const char *zName) {
  for (int i = 0; zName && i < N_STAT_DECL; i++)
    if (!strcmp(aStatDecl[i].zName, zName)) return &aStatDecl[i];
  return NULL;
}

int sqlstats_level(const char *zName) {
  const StatDecl *p = stat_find(zName);
  return p ? p->pct : -1;
}

double sqlstats_z(int pct) { return stats_normal_quantile(0.5 + pct / 200.0); }
double sqlstats_t(int pct, double df) { return stats_t_quantile(0.5 + pct / 200.0, df); }

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
  double z = sqlstats_z(sqlstats_level("share")), p = k / n, d = 1 + z * z / n, c = (p + z * z / (2 * n)) / d;
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
  if (sqlite3_user_data(ctx) && !p->bPct) { /* conformal(): its level */
    p->pct = argc > 1 ? sqlite3_value_int(argv[1]) : sqlstats_level("interval");
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

static void stat_level_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const StatDecl *p = stat_find((const char *)sqlite3_value_text(argv[0]));
  if (!p) {
    char *z = sqlite3_mprintf("stat_level(): no statistic is declared as '%s' (reports/sqlstats.c)",
                              (const char *)sqlite3_value_text(argv[0]));
    sqlite3_result_error(ctx, z ? z : "stat_level(): unknown statistic", -1);
    sqlite3_free(z);
    return;
  }
  sqlite3_result_int(ctx, p->pct);
}

/* stat_z(PCT), stat_t(PCT, DF): NULL for a NULL argument or a level outside 1..99. */
static void stat_quantile_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  for (int i = 0; i < argc; i++)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return;
  double pct = sqlite3_value_double(argv[0]);
  if (!(pct >= 1 && pct <= 99)) return;
  double x = argc == 1 ? stats_normal_quantile(0.5 + pct / 200) : stats_t_quantile(0.5 + pct / 200,
                                                                                      sqlite3_value_double(argv[1]));
  if (x == x) sqlite3_result_double(ctx, x);
}

/* A declaration's words with its level written in for %L. */
static char *stat_words_of(const StatDecl *p) {
  char zLevel[16];
  snprintf(zLevel, sizeof(zLevel), "%d%%", p->pct);
  sqlite3_str *pStr = sqlite3_str_new(NULL);
  for (const char *z = p->zWords; *z; z++) {
    if (z[0] == '%' && z[1] == 'L') {
      sqlite3_str_appendall(pStr, zLevel);
      z++;
    } else {
      sqlite3_str_appendchar(pStr, 1, *z);
    }
  }
  return sqlite3_str_finish(pStr);
}

static void stat_words_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const StatDecl *p = stat_find((const char *)sqlite3_value_text(argv[0]));
  if (!p) return;
  char *z = stat_words_of(p);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, z, -1, sqlite3_free);
}

static void stat_declarations_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_str *pStr = sqlite3_str_new(NULL);
  sqlite3_str_appendchar(pStr, 1, '[');
  for (int i = 0; i < N_STAT_DECL; i++) {
    char *zWords = stat_words_of(&aStatDecl[i]);
    /* the declarations are this file's own text: no quote or backslash to escape */
    sqlite3_str_appendf(pStr, "%s{\"ord\":%d,\"name\":\"%s\",\"method\":\"%s\",\"level\":%d,\"words\":\"%s\"}",
                        i ? "," : "", i + 1, aStatDecl[i].zName, aStatDecl[i].zMethod, aStatDecl[i].pct,
                        zWords ? zWords : "");
    sqlite3_free(zWords);
  }
  sqlite3_str_appendchar(pStr, 1, ']');
  char *z = sqlite3_str_finish(pStr);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, z, -1, sqlite3_free);
}

int sqlstats_register(sqlite3 *db) {
  static int bHi = 1;
  static verdict_x xAtLeast = sqlstats_verdict_at_least, xOver = sqlstats_verdict_over,
                   xMet = sqlstats_target_at_least, xMetMost = sqlstats_target_at_most;
  const int f = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  static int bConformal = 1;
  int rc = sqlite3_create_window_function(db, "median", 1, f, NULL, step_value, median_final, median_value,
                                          inverse_value, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "conformal", 2, f, &bConformal, NULL, step_value, conformal_final);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "conformal", 1, f, &bConformal, NULL, step_value, conformal_final);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "stat_level", 1, f, NULL, stat_level_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "stat_z", 1, f, NULL, stat_quantile_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "stat_t", 2, f, NULL, stat_quantile_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "stat_words", 1, f, NULL, stat_words_fn, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "stat_declarations", 0, f, NULL, stat_declarations_fn, NULL, NULL);
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
