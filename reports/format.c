/*
** reports/format.c: the report's one formatter. The analysis returns typed
** numbers (a value, its interval's ends, a verdict); the sections (the
** template layer, the Markdown of reports/sections/, expanded by reports/mdquery.c) turn
** them into words with these SQL functions, so every number of a kind reads
** alike wherever it appears:
**
**   fmt(KIND, V)              V as KIND says (below); NULL for a NULL V
**   fmt_ci(KIND, V, LO, HI)   V and its interval: '1.27x [1.25, 1.29]' (the
**                             ends with V's digits and no unit)
**   fmt_range(KIND, V, LO, HI)
**                             V and a range over machines, which is never an
**                             interval: '1.27x (range 1.25 to 1.29)'
**   fmt_level(NAME)           the level of the declared statistic NAME
**                             (reports/sqlstats.c): e.g. '95%'
**   fmt_fold(PHRASE, LABEL, N)
**                             aggregate: one sentence's part for every GPU
**                             (or model) of the rows, in their order, those
**                             with the same PHRASE sharing it: 'PHRASE on
**                             every GPU' where every one of N rows has one
**                             phrase (N > 1), else 'P1 on the A, the B; P2 on
**                             the C' (groups in order of first appearance);
**                             NULL without a row; NULL phrases are left out
**
** Kinds (V's unit in the database -> what is printed):
**   x      a factor                    -> 1.27x, 11.4x, 128x (3 significant digits)
**   pct    a percentage (93.4)         -> 93.4%
**   share  a fraction (0.934)          -> 93.4%
**   us     milliseconds                -> 4.39 us, 22.9 us, 238 us (microseconds, 3 significant)
**   ms     milliseconds                -> 0.0439 ms, 1.27 ms, 238 ms (3 significant)
**   gbps   GB/s                        -> 4462 GB/s
**   mhz    MHz                         -> 1980 MHz
**   int    a count                     -> 9436
**   n      a problem size              -> 2^24^ for a power of two from 1024 on, else the number
**   num    a plain number              -> 3 significant digits
**   sci    a plain number, any size    -> 2 significant digits, an exponent
**                                         where it is small or large (1.2e-07)
** An unknown kind is an SQL error naming it.
*/
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "reports/format.h"
#include "reports/sqlstats.h"

/* Digits after the point that give v three significant digits (at least
** none, at most 6). */
static int digits3(double v) {
  double a = fabs(v);
  if (a == 0) return 2;
  int d = 2 - (int)floor(log10(a));
  /* rounding may carry into another digit: 9.996 prints as 10.00 at 2 */
  if (d > 0 && fabs(v) * pow(10, d) >= 999.5) d--;
  return d < 0 ? 0 : d > 6 ? 6 : d;
}

/* The number of kind zKind in z (nZ bytes), with or without its unit;
** nDigits < 0: the kind's own digits for v, else these. Returns the digits
** used, or -1 for an unknown kind. */
int format_value(char *z, int nZ, const char *zKind, double v, int nDigits, int bUnit) {
  const char *zUnit = "";
  double x = v;
  int d;
  if (!strcmp(zKind, "x")) {
    d = digits3(v);
    zUnit = "x";
  } else if (!strcmp(zKind, "pct") || !strcmp(zKind, "share")) {
    if (zKind[0] == 's') x = 100 * v;
    d = 1;
    zUnit = "%";
  } else if (!strcmp(zKind, "us")) {
    x = 1000 * v;
    d = digits3(x);
    zUnit = " us";
  } else if (!strcmp(zKind, "ms")) {
    d = digits3(v);
    zUnit = " ms";
  } else if (!strcmp(zKind, "gbps")) {
    d = 0;
    zUnit = " GB/s";
  } else if (!strcmp(zKind, "mhz")) {
    d = 0;
    zUnit = " MHz";
  } else if (!strcmp(zKind, "int")) {
    d = 0;
  } else if (!strcmp(zKind, "num")) {
    d = digits3(v);
  } else if (!strcmp(zKind, "sci")) {
    snprintf(z, (size_t)nZ, "%.2g", v);
    return 0;
  } else if (!strcmp(zKind, "n")) {
    long long n = llround(v);
    if (n >= 1024 && (n & (n - 1)) == 0) {
      int k = 0;
      while ((1LL << k) < n) k++;
      snprintf(z, (size_t)nZ, "2^%d^", k);
    } else {
      snprintf(z, (size_t)nZ, "%lld", n);
    }
    return 0;
  } else {
    return -1;
  }
  if (nDigits >= 0) d = nDigits;
  snprintf(z, (size_t)nZ, "%.*f%s", d, x, bUnit ? zUnit : "");
  return d;
}

static void bad_kind(sqlite3_context *ctx, const char *zKind) {
  char *z = sqlite3_mprintf("fmt: unknown kind '%s' (reports/format.c lists the kinds)", zKind ? zKind : "NULL");
  sqlite3_result_error(ctx, z ? z : "fmt: unknown kind", -1);
  sqlite3_free(z);
}

static void fmt_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *zKind = (const char *)sqlite3_value_text(argv[0]);
  char z[64];
  if (!zKind || format_value(z, sizeof(z), zKind, 0, -1, 1) < 0) {
    bad_kind(ctx, zKind);
    return;
  }
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  format_value(z, sizeof(z), zKind, sqlite3_value_double(argv[1]), -1, 1);
  sqlite3_result_text(ctx, z, -1, SQLITE_TRANSIENT);
}

/* fmt_ci and fmt_range: the user data says which. */
static void fmt_pair_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const int bRange = sqlite3_user_data(ctx) != NULL;
  const char *zKind = (const char *)sqlite3_value_text(argv[0]);
  char zV[64], zLo[64], zHi[96];
  if (!zKind || format_value(zV, sizeof(zV), zKind, 0, -1, 1) < 0) {
    bad_kind(ctx, zKind);
    return;
  }
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  double v = sqlite3_value_double(argv[1]);
  int d = format_value(zV, sizeof(zV), zKind, v, -1, 1);
  if (sqlite3_value_type(argv[2]) == SQLITE_NULL || sqlite3_value_type(argv[3]) == SQLITE_NULL) {
    sqlite3_result_text(ctx, zV, -1, SQLITE_TRANSIENT);
    return;
  }
  format_value(zLo, sizeof(zLo), zKind, sqlite3_value_double(argv[2]), d, 0);
  format_value(zHi, sizeof(zHi), zKind, sqlite3_value_double(argv[3]), d, bRange);
  char *z = bRange ? sqlite3_mprintf("%s (range %s to %s)", zV, zLo, zHi)
                   : sqlite3_mprintf("%s [%s, %s]", zV, zLo, zHi);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, z, -1, sqlite3_free);
}

static void fmt_level_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  const char *zName = (const char *)sqlite3_value_text(argv[0]);
  int pct = sqlstats_level(zName);
  if (pct < 0) {
    char *z = sqlite3_mprintf("fmt_level(): no statistic is declared as '%s' (reports/sqlstats.c)",
                              zName ? zName : "NULL");
    sqlite3_result_error(ctx, z ? z : "fmt_level(): unknown statistic", -1);
    sqlite3_free(z);
    return;
  }
  char z[16];
  snprintf(z, sizeof(z), "%d%%", pct);
  sqlite3_result_text(ctx, z, -1, SQLITE_TRANSIENT);
}

/* fmt_fold(): the rows' phrases and labels, in order. */
typedef struct Fold {
  int n, nAlloc, nAll;
  char **azPhrase, **azLabel;
} Fold;

static void fold_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  Fold *p = sqlite3_aggregate_context(ctx, sizeof(*p));
  if (!p) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  p->nAll = sqlite3_value_int(argv[2]);
  const char *zPhrase = (const char *)sqlite3_value_text(argv[0]);
  const char *zLabel = (const char *)sqlite3_value_text(argv[1]);
  if (!zPhrase) return;
  if (p->n == p->nAlloc) {
    int nNew = p->nAlloc ? 2 * p->nAlloc : 8;
    char **a = sqlite3_realloc64(p->azPhrase, (sqlite3_uint64)nNew * sizeof(char *));
    char **b = a ? sqlite3_realloc64(p->azLabel, (sqlite3_uint64)nNew * sizeof(char *)) : NULL;
    if (a) p->azPhrase = a;
    if (b) p->azLabel = b;
    if (!a || !b) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    p->nAlloc = nNew;
  }
  p->azPhrase[p->n] = sqlite3_mprintf("%s", zPhrase);
  p->azLabel[p->n] = sqlite3_mprintf("%s", zLabel ? zLabel : "");
  if (!p->azPhrase[p->n] || !p->azLabel[p->n]) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  p->n++;
}

static void fold_final(sqlite3_context *ctx) {
  Fold *p = sqlite3_aggregate_context(ctx, 0);
  if (!p || p->n == 0) {
    if (p) {
      sqlite3_free(p->azPhrase);
      sqlite3_free(p->azLabel);
    }
    return;
  }
  sqlite3_str *pStr = sqlite3_str_new(NULL);
  int nGroup = 0;
  for (int i = 0; i < p->n; i++) {
    int bFirst = 1;
    for (int k = 0; k < i && bFirst; k++) bFirst = strcmp(p->azPhrase[k], p->azPhrase[i]) != 0;
    if (bFirst) nGroup++;
  }
  if (nGroup == 1 && p->n == p->nAll && p->nAll > 1) {
    sqlite3_str_appendf(pStr, "%s on every GPU", p->azPhrase[0]);
  } else {
    int nDone = 0;
    for (int i = 0; i < p->n; i++) {
      int bFirst = 1;
      for (int k = 0; k < i && bFirst; k++) bFirst = strcmp(p->azPhrase[k], p->azPhrase[i]) != 0;
      if (!bFirst) continue;
      sqlite3_str_appendf(pStr, "%s%s on the ", nDone++ ? "; " : "", p->azPhrase[i]);
      int nLabel = 0;
      for (int k = i; k < p->n; k++)
        if (!strcmp(p->azPhrase[k], p->azPhrase[i]))
          sqlite3_str_appendf(pStr, "%s%s", nLabel++ ? ", the " : "", p->azLabel[k]);
    }
  }
  for (int i = 0; i < p->n; i++) {
    sqlite3_free(p->azPhrase[i]);
    sqlite3_free(p->azLabel[i]);
  }
  sqlite3_free(p->azPhrase);
  sqlite3_free(p->azLabel);
  char *z = sqlite3_str_finish(pStr);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, z, -1, sqlite3_free);
}

int format_register(sqlite3 *db) {
  static int bRange = 1;
  const int f = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  int rc = sqlite3_create_function(db, "fmt", 2, f, NULL, fmt_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "fmt_ci", 4, f, NULL, fmt_pair_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "fmt_range", 4, f, &bRange, fmt_pair_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "fmt_level", 1, f, NULL, fmt_level_fn, NULL, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_create_function(db, "fmt_fold", 3, f, NULL, NULL, fold_step, fold_final);
  return rc;
}
