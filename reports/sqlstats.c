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
**   claim_judge(RULE, THR, A, B, LO, HI)
**                           aggregate: the verdict of a seed's claim over its
**                           parts (one row for a claim on one configuration;
**                           a row per configuration or effect for a claim
**                           'over configurations'), each part's interval
**                           LO..HI judged by the claim's rule (its row of
**                           table seed_claim, reports/schema.sql):
**                             'at least'  the claim's direction: the whole
**                                         interval above THR, or above 1
**                                         where THR is NULL (a claim that
**                                         states no magnitude: a ratio's
**                                         neutral value; strictly above, so
**                                         equal counts read 'does not
**                                         hold'); at or above THR where given
**                                         (LO >= THR). It does not hold
**                                         where the whole interval is at or
**                                         below 1 (NULL THR) or below THR.
**                                         A (not NULL): the claim's magnitude
**                                         starts there: where the direction
**                                         holds, the whole interval at or
**                                         above A holds, wholly below A is
**                                         'holds, below the claim's
**                                         magnitude', else inconclusive
**                             'range'     the same direction; the claim's
**                                         magnitude is the range A..B: the
**                                         whole interval in it holds, wholly
**                                         below A is below the claim's
**                                         magnitude, wholly above B does not
**                                         hold (more than the claim allows)
**                             'within'    the whole interval within A..B
**                                         holds, wholly outside it does not
**                                         (THR unused)
**                           anything else inconclusive. The parts combine:
**                           every part holds: 'holds'; none: 'does not hold';
**                           every part holds, some below the claim's
**                           magnitude: 'holds, below the claim's magnitude';
**                           some hold (at any magnitude) and some do not:
**                           'holds in part'; else 'inconclusive'. No part:
**                           NULL (the caller says what is missing). An
**                           unknown RULE is an SQL error naming it. One
**                           part's verdict is the aggregate over that part
**                           alone (GROUP BY the part).
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
** A result's samples (table result_sample, data/schema.sql): every sample
** of the result in the order taken, whole nanoseconds separated by single
** spaces. Each samples_* function decodes that text (NS) and refuses, with
** an SQL error naming the sample, text that is not such a list and any
** impossible value: 0, negative, not a whole number (Inf, NaN, 1e3) or over
** SQLSTATS_NS_MAX (1e13 ns, nearly three hours). A NULL NS gives NULL. Times
** are returned in milliseconds (the analysis's unit).
**   samples_count(NS)       how many samples
**   samples_median(NS)      their median (the mean of the middle two for an
**                           even count)
**   samples_quantile(NS, Q) the Q-quantile (0 <= Q <= 1), interpolating
**                           linearly between order statistics (numpy's
**                           'linear'; Q = 0.25 and 0.75 are the quartiles)
**   samples_mean(NS), samples_min(NS), samples_max(NS)
**   samples_iqm(NS)         the interquartile mean: the mean of all but the
**                           floor(n/4) smallest and largest (statistic
**                           'trial value': a trial's value of a configuration)
**   samples_iqm_se(NS)      its standard error (Tukey-McLaughlin: the
**                           winsorized standard deviation over
**                           (1 - 2 floor(n/4) / n) sqrt(n))
**   samples_rsd(NS)         the relative standard deviation: the sample
**                           standard deviation (n - 1) over the mean; 0 for
**                           one sample
**   samples_ci_lo(NS, PCT), samples_ci_hi(NS, PCT)
**                           the distribution-free PCT% interval of the
**                           median (0 < PCT < 100): the order statistics
**                           x_(j) and x_(k), j = floor((n - z sqrt(n)) / 2),
**                           k = ceil((n + z sqrt(n)) / 2) (1-based, clamped to
**                           1 and n), z the standard normal quantile of
**                           1/2 + PCT/200, computed (the normal approximation
**                           of the binomial; the rule of the harness's
**                           stopping noise, stats_median_noise_sorted)
**   samples_part_median(NS, K, PARTS)
**                           the median of the K-th (1..PARTS) of PARTS
**                           consecutive parts of the samples in the order
**                           taken (sample i, from 0, is in part
**                           floor(i PARTS / n) + 1); NULL for an empty part
**   samples_json(NS)        the samples as a JSON array of milliseconds, in
**                           the order taken (exact decimals: 2048 ns is
**                           0.002048), for json_each() to make rows of
**
** Built two ways from this one file: linked into mdquery and the tests'
** query tool, which call sqlstats_register() on every connection they open,
** and into dbtool, whose merge and snapshot check every samples text with
** sqlstats_samples_decode(); and as the
** loadable extension build/lib/sqlstats.so (reports/sqlstats_ext.c), which
** the sqlite3 command loads (`.load build/lib/sqlstats`) for the report's
** snapshot, its figure data and `make compare`.
*/
#ifndef SQLSTATS_EXTENSION
#include <sqlite3.h>
#endif
#include <math.h>
#include <stddef.h>
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
/* The largest sample a samples text may hold, in nanoseconds (1e13 ns is
** nearly three hours: no configuration's one sample takes that long). */
#define SQLSTATS_NS_MAX 1e13
/* The level, in percent, of every interval the report prints: the one place
** it is set (the declarations below take it; fmt_level, reports/format.c,
** prints it: tests/unit/test_format.c). */
#define SQLSTATS_LEVEL 95

/* A declared statistic. */
typedef struct StatDecl {
  const char *zName;   /* the name SQL asks by: stat_level('interval') */
  const char *zMethod; /* how it is computed, in a few words */
  int pct;             /* its level in percent; 0: it has none */
  const char *zWords;  /* one line for readers; %L stands for the level (e.g. "95%") */
} StatDecl;

/* Every statistic the report, make compare, the export and the stopping rule
** use, in the order the Method section gives them. */
static const StatDecl aStatDecl[] = {
    {"trial value", "interquartile mean of every sample", 0,
     "A trial is one process running one binary's matrix once; its value of a configuration is the mean of the "
     "middle half of every sample it took (all are stored): unlike the median it does not jump between the two "
     "levels a two-launch kernel's samples alternate between, and unlike the mean it ignores a stray slow "
     "sample."},
    {"stopping rule", "order-statistic interval of the median", STATS_STOP_PCT,
     "A trial samples until the distribution-free %L interval of its median (order statistics, normal "
     "approximation of the binomial) is narrow enough, or its time budget is spent."},
    {"centre", "median of the trial values", 0,
     "A configuration's time on a GPU is the median of its trials' values, each corrected for its process's "
     "launch floor: a process that runs slow as a whole does not move it."},
    {"interval", "split-conformal, leave one trial out", SQLSTATS_LEVEL,
     "Its interval holds the value a further trial on that GPU gives %L of the time: the centre plus or minus "
     "the larger of the configuration's own relative range and the split-conformal %L quantile of how far "
     "each trial fell from the median of the others, pooled over the GPU's configurations of the same size "
     "band and variant."},
    {"one-run interval", "trimmed-mean standard error", SQLSTATS_LEVEL,
     "A GPU measured in one trial only gets that trial's value plus or minus the two-sided %L normal quantile "
     "times its standard error (Tukey and McLaughlin's, from the winsorized samples): its sampling noise "
     "alone."},
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

/* ------------------------------------------------------------ claims -- */

int sqlstats_claim_part(const char *zRule, double thr, double a, double b, double lo, double hi) {
  if (!zRule) return -1;
  int bAtLeast = !strcmp(zRule, "at least"), bRange = !strcmp(zRule, "range"), bWithin = !strcmp(zRule, "within");
  if (!bAtLeast && !bRange && !bWithin) return -1;
  if (isnan(lo) || isnan(hi)) return CLAIM_INCONCLUSIVE;
  if (bWithin) {
    if (lo >= a && hi <= b) return CLAIM_HOLDS;
    if (hi < a || lo > b) return CLAIM_NOT;
    return CLAIM_INCONCLUSIVE;
  }
  /* the direction: above the neutral 1 where no threshold is stated */
  int bUp = isnan(thr) ? lo > 1 : lo >= thr, bDown = isnan(thr) ? hi <= 1 : hi < thr;
  if (bDown) return CLAIM_NOT;
  if (!bUp) return CLAIM_INCONCLUSIVE;
  if (bRange && lo > b) return CLAIM_NOT;
  if (isnan(a)) return bRange ? CLAIM_INCONCLUSIVE : CLAIM_HOLDS;
  if (hi < a) return CLAIM_BELOW;
  if (lo >= a && (!bRange || hi <= b)) return CLAIM_HOLDS;
  return CLAIM_INCONCLUSIVE;
}

const char *sqlstats_claim_verdict(int n, int nHolds, int nBelow, int nNot) {
  if (n <= 0) return NULL;
  if (nHolds == n) return "holds";
  if (nNot == n) return "does not hold";
  if (nHolds + nBelow == n) return "holds, below the claim's magnitude";
  if (nHolds + nBelow > 0 && nNot > 0) return "holds in part";
  return "inconclusive";
}

static double arg_or_nan(sqlite3_value *v);

/* claim_judge(): the parts counted by their verdict. */
typedef struct ClaimCount {
  int n, nHolds, nBelow, nNot;
} ClaimCount;

static void claim_judge_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ClaimCount *p = sqlite3_aggregate_context(ctx, sizeof(*p));
  if (!p) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  const char *zRule = (const char *)sqlite3_value_text(argv[0]);
  int v = sqlstats_claim_part(zRule, arg_or_nan(argv[1]), arg_or_nan(argv[2]), arg_or_nan(argv[3]),
                              arg_or_nan(argv[4]), arg_or_nan(argv[5]));
  if (v < 0) {
    char *z = sqlite3_mprintf("claim_judge(): unknown rule '%s' (at least, range, within)", zRule ? zRule : "NULL");
    sqlite3_result_error(ctx, z ? z : "claim_judge(): unknown rule", -1);
    sqlite3_free(z);
    return;
  }
  p->n++;
  p->nHolds += v == CLAIM_HOLDS;
  p->nBelow += v == CLAIM_BELOW;
  p->nNot += v == CLAIM_NOT;
}

static void claim_judge_final(sqlite3_context *ctx) {
  ClaimCount *p = sqlite3_aggregate_context(ctx, 0);
  const char *z = p ? sqlstats_claim_verdict(p->n, p->nHolds, p->nBelow, p->nNot) : NULL;
  if (z) sqlite3_result_text(ctx, z, -1, SQLITE_STATIC);
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

/* ---------------------------------------------------------- samples -- */

int sqlstats_samples_decode(const char *z, int n, double **paNs, int *pnNs, char *zErr, size_t nErr) {
  int nNs = 0, nAlloc = 0;
  double *a = NULL;
  const char *zWhy = NULL;
  long long iAt = 0;
  *paNs = NULL;
  *pnNs = 0;
  if (n <= 0) zWhy = "no sample";
  for (int i = 0; !zWhy && i < n;) {
    /* One sample: digits up to a single space or the end. */
    int iStart = i;
    double v = 0;
    iAt = nNs + 1;
    if (z[i] == '-') zWhy = "negative";
    while (!zWhy && i < n && z[i] >= '0' && z[i] <= '9') {
      if (i - iStart >= 16) zWhy = "absurd (over 1e13 ns)";
      v = v * 10 + (z[i] - '0');
      i++;
    }
    if (!zWhy && (i == iStart || (i < n && z[i] != ' ')))
      zWhy = "not a whole number of nanoseconds";
    if (!zWhy && z[iStart] == '0') zWhy = i - iStart == 1 ? "0 ns: impossible" : "not a whole number of nanoseconds";
    if (!zWhy && v > SQLSTATS_NS_MAX) zWhy = "absurd (over 1e13 ns)";
    if (zWhy) break;
    if (nNs == nAlloc) {
      int nNew = nAlloc ? 2 * nAlloc : 64;
      double *aNew = realloc(a, sizeof(double) * (size_t)nNew);
      if (!aNew) {
        free(a);
        snprintf(zErr, nErr, "out of memory");
        return -1;
      }
      a = aNew;
      nAlloc = nNew;
    }
    a[nNs++] = v;
    if (i < n) { /* the separator: one space, then another sample */
      i++;
      if (i == n) {
        iAt = nNs + 1;
        zWhy = "a space at the end";
      }
    }
  }
  if (zWhy) {
    free(a);
    if (n <= 0) snprintf(zErr, nErr, "no sample (an empty text)");
    else snprintf(zErr, nErr, "sample %lld: %s", iAt, zWhy);
    return -1;
  }
  *paNs = a;
  *pnNs = nNs;
  return 0;
}


/* The interquartile mean of n sorted values: the mean of all but the
** floor(n / 4) smallest and the floor(n / 4) largest (the 25% trimmed
** mean; every value below 4). */
double sqlstats_iqm_sorted(const double *a, int n) {
  int g = n / 4;
  double sum = 0;
  for (int i = g; i < n - g; i++) sum += a[i];
  return sum / (n - 2 * g);
}

/* Its standard error (Tukey and McLaughlin): the standard deviation (n - 1)
** of the values winsorized at the same g (the g smallest set to a[g], the g
** largest to a[n - 1 - g]) over (1 - 2 g / n) sqrt(n); 0 for one value. */
double sqlstats_iqm_se_sorted(const double *a, int n) {
  if (n < 2) return 0;
  int g = n / 4;
  double sum = 0, ss = 0;
  for (int i = 0; i < n; i++) sum += a[i < g ? g : i > n - 1 - g ? n - 1 - g : i];
  double m = sum / n;
  for (int i = 0; i < n; i++) {
    double d = a[i < g ? g : i > n - 1 - g ? n - 1 - g : i] - m;
    ss += d * d;
  }
  return sqrt(ss / (n - 1)) / ((1.0 - 2.0 * g / n) * sqrt((double)n));
}

void sqlstats_part_range(int n, int k, int parts, int *piStart, int *piEnd) {
  *piStart = (int)(((long long)(k - 1) * n + parts - 1) / parts);
  *piEnd = (int)(((long long)k * n + parts - 1) / parts);
}

void sqlstats_ms_text(double ns, char *z, size_t nz) {
  long long v = (long long)ns;
  int nLen = snprintf(z, nz, "%lld.%06lld", v / 1000000, v % 1000000);
  while (nLen > 0 && z[nLen - 1] == '0') z[--nLen] = 0;
  if (nLen > 0 && z[nLen - 1] == '.') z[--nLen] = 0;
}

/* The last samples text decoded, per connection: every samples_* function
** of one row reads the same text, which is decoded and sorted once. */
typedef struct SampleCache {
  int nRef;             /* the functions registered with it */
  char *z;              /* the text (a copy) */
  int n;                /* its length */
  double *aOrder;       /* the samples in the order taken (ns) */
  double *aSorted;      /* the same, sorted */
  int nNs;
  double sum;           /* their sum */
} SampleCache;

static void cache_unref(void *p) {
  SampleCache *c = p;
  if (--c->nRef > 0) return;
  free(c->z);
  free(c->aOrder);
  free(c->aSorted);
  free(c);
}

/* A samples_* function's user data: the shared cache, and which statistic
** (the one-argument functions: S_*; samples_ci_lo 0 and _hi 1). */
enum { S_COUNT, S_MEDIAN, S_MEAN, S_MIN, S_MAX, S_RSD, S_IQM, S_IQM_SE, S_JSON };
typedef struct SampleFn {
  SampleCache *c;
  int eStat;
} SampleFn;

static void samples_fn_free(void *p) {
  cache_unref(((SampleFn *)p)->c);
  free(p);
}

/* The samples of argument v, decoded (from the cache when it is the last
** text): the cache, or NULL with the error set (or the result NULL for a
** NULL argument: *pbNull). */
static SampleCache *samples_arg(sqlite3_context *ctx, sqlite3_value *v, int *pbNull) {
  SampleCache *c = ((SampleFn *)sqlite3_user_data(ctx))->c;
  *pbNull = 0;
  if (sqlite3_value_type(v) == SQLITE_NULL) {
    *pbNull = 1;
    return NULL;
  }
  const char *z = (const char *)sqlite3_value_text(v);
  int n = sqlite3_value_bytes(v);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return NULL;
  }
  if (c->z && c->n == n && !memcmp(c->z, z, (size_t)n)) return c;
  char zErr[200];
  double *a = NULL;
  int nNs = 0;
  if (sqlstats_samples_decode(z, n, &a, &nNs, zErr + 9, sizeof(zErr) - 9)) {
    memcpy(zErr, "samples: ", 9);
    sqlite3_result_error(ctx, zErr, -1);
    return NULL;
  }
  char *zCopy = malloc((size_t)n + 1);
  double *aSorted = malloc(sizeof(double) * (size_t)nNs);
  if (!zCopy || !aSorted) {
    free(a);
    free(zCopy);
    free(aSorted);
    sqlite3_result_error_nomem(ctx);
    return NULL;
  }
  memcpy(zCopy, z, (size_t)n);
  memcpy(aSorted, a, sizeof(double) * (size_t)nNs);
  qsort(aSorted, (size_t)nNs, sizeof(double), cmp_double);
  free(c->z);
  free(c->aOrder);
  free(c->aSorted);
  c->z = zCopy;
  c->n = n;
  c->aOrder = a;
  c->aSorted = aSorted;
  c->nNs = nNs;
  c->sum = 0;
  for (int i = 0; i < nNs; i++) c->sum += aSorted[i];
  return c;
}


static void samples_stat_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const SampleFn *f = sqlite3_user_data(ctx);
  int bNull;
  SampleCache *c = samples_arg(ctx, argv[0], &bNull);
  if (!c) return;
  const double *s = c->aSorted;
  int n = c->nNs;
  double mean = c->sum / n;
  switch (f->eStat) {
    case S_COUNT: sqlite3_result_int(ctx, n); return;
    case S_MEDIAN: sqlite3_result_double(ctx, sqlstats_median_sorted(s, n) / 1e6); return;
    case S_MEAN: sqlite3_result_double(ctx, mean / 1e6); return;
    case S_MIN: sqlite3_result_double(ctx, s[0] / 1e6); return;
    case S_MAX: sqlite3_result_double(ctx, s[n - 1] / 1e6); return;
    case S_IQM: sqlite3_result_double(ctx, sqlstats_iqm_sorted(s, n) / 1e6); return;
    case S_IQM_SE: sqlite3_result_double(ctx, sqlstats_iqm_se_sorted(s, n) / 1e6); return;
    case S_RSD: {
      double ss = 0;
      for (int i = 0; i < n; i++) ss += (s[i] - mean) * (s[i] - mean);
      sqlite3_result_double(ctx, n > 1 ? sqrt(ss / (n - 1)) / mean : 0.0);
      return;
    }
    default: {
      /* At most 14 digits, a point and a comma per sample. */
      char *z = sqlite3_malloc64((sqlite3_uint64)n * 20 + 3), *p = z;
      if (!z) {
        sqlite3_result_error_nomem(ctx);
        return;
      }
      *p++ = '[';
      for (int i = 0; i < n; i++) {
        if (i) *p++ = ',';
        sqlstats_ms_text(c->aOrder[i], p, 20);
        p += strlen(p);
      }
      *p++ = ']';
      sqlite3_result_text(ctx, z, (int)(p - z), sqlite3_free);
    }
  }
}

static void samples_ci_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  int bNull, j, k;
  double pct = sqlite3_value_double(argv[1]);
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL || !(pct >= 1 && pct <= 99) || pct != floor(pct)) {
    sqlite3_result_error(ctx, "samples_ci_lo/hi(): the level must be a whole percent from 1 to 99", -1);
    return;
  }
  const SampleFn *f = sqlite3_user_data(ctx);
  SampleCache *c = samples_arg(ctx, argv[0], &bNull);
  if (!c) return;
  stats_median_ci_ranks(c->nNs, (int)pct, &j, &k);
  sqlite3_result_double(ctx, c->aSorted[(f->eStat ? k : j) - 1] / 1e6);
}

static void samples_quantile_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  int bNull;
  double q = sqlite3_value_double(argv[1]);
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL || !(q >= 0 && q <= 1)) {
    sqlite3_result_error(ctx, "samples_quantile(): the quantile must be from 0 to 1", -1);
    return;
  }
  SampleCache *c = samples_arg(ctx, argv[0], &bNull);
  if (!c) return;
  sqlite3_result_double(ctx, stats_quantile_sorted(c->aSorted, c->nNs, q) / 1e6);
}

static void samples_part_median_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  int bNull, iStart, iEnd;
  sqlite3_int64 k = sqlite3_value_int64(argv[1]), parts = sqlite3_value_int64(argv[2]);
  if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER || sqlite3_value_type(argv[2]) != SQLITE_INTEGER || parts < 1 ||
      parts > 1000000 || k < 1 || k > parts) {
    sqlite3_result_error(ctx, "samples_part_median(NS, K, PARTS): PARTS a whole number from 1, K from 1 to PARTS", -1);
    return;
  }
  SampleCache *c = samples_arg(ctx, argv[0], &bNull);
  if (!c) return;
  sqlstats_part_range(c->nNs, (int)k, (int)parts, &iStart, &iEnd);
  if (iEnd <= iStart) return; /* an empty part: NULL */
  double *a = malloc(sizeof(double) * (size_t)(iEnd - iStart));
  if (!a) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  memcpy(a, c->aOrder + iStart, sizeof(double) * (size_t)(iEnd - iStart));
  qsort(a, (size_t)(iEnd - iStart), sizeof(double), cmp_double);
  sqlite3_result_double(ctx, sqlstats_median_sorted(a, iEnd - iStart) / 1e6);
  free(a);
}

/* Register the samples_* functions on db, sharing one cache. */
static int register_samples(sqlite3 *db) {
  static const struct { const char *zName; int nArg, eStat; void (*x)(sqlite3_context *, int, sqlite3_value **); } a[] = {
    {"samples_count", 1, S_COUNT, samples_stat_fn},   {"samples_median", 1, S_MEDIAN, samples_stat_fn},
    {"samples_mean", 1, S_MEAN, samples_stat_fn},     {"samples_min", 1, S_MIN, samples_stat_fn},
    {"samples_max", 1, S_MAX, samples_stat_fn},       {"samples_rsd", 1, S_RSD, samples_stat_fn},
    {"samples_iqm", 1, S_IQM, samples_stat_fn},       {"samples_iqm_se", 1, S_IQM_SE, samples_stat_fn},
    {"samples_json", 1, S_JSON, samples_stat_fn},     {"samples_ci_lo", 2, 0, samples_ci_fn},
    {"samples_ci_hi", 2, 1, samples_ci_fn},           {"samples_quantile", 2, 0, samples_quantile_fn},
    {"samples_part_median", 3, 0, samples_part_median_fn},
  };
  const int f = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  SampleCache *c = calloc(1, sizeof(*c));
  if (!c) return SQLITE_NOMEM;
  c->nRef = 1; /* this function's, dropped at the end */
  int rc = SQLITE_OK;
  for (size_t i = 0; rc == SQLITE_OK && i < sizeof(a) / sizeof(a[0]); i++) {
    SampleFn *p = malloc(sizeof(*p));
    if (!p) {
      rc = SQLITE_NOMEM;
      break;
    }
    p->c = c;
    p->eStat = a[i].eStat;
    c->nRef++;
    rc = sqlite3_create_function_v2(db, a[i].zName, a[i].nArg, f, p, a[i].x, NULL, NULL, samples_fn_free);
  }
  cache_unref(c);
  return rc;
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
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "claim_judge", 6, f, NULL, NULL, claim_judge_step, claim_judge_final);
  if (rc == SQLITE_OK) rc = register_samples(db);
  return rc;
}
