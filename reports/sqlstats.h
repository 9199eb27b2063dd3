/*
** reports/sqlstats.h: the report's statistics as SQLite functions
** (reports/sqlstats.c says what each computes).
*/
#ifndef REPORTS_SQLSTATS_H
#define REPORTS_SQLSTATS_H

#include <stddef.h>

/* Registers median(), conformal(), size_band(), size_band_label(),
** min_deviations(), wilson_lo(), wilson_hi(), verdict_at_least(),
** verdict_over(), target_at_least(), target_at_most() and the samples_*
** functions on db: SQLITE_OK or an error. */
int sqlstats_register(sqlite3 *db);

/* The pure parts, for the unit test. */
double sqlstats_median_sorted(const double *a, int n);
int sqlstats_conformal_rank(int n, int pct);
int sqlstats_size_band(double ms);
void sqlstats_wilson(double k, double n, double *pLo, double *pHi);

/* A samples text (table result_sample: whole nanoseconds, single spaces) of
** n bytes decoded into *paNs (malloc'ed; the caller frees it), *pnNs
** samples in the order taken. 0, or -1 with one line in zErr naming the
** sample: no sample, not a whole number, 0, negative, over 1e13 ns. */
int sqlstats_samples_decode(const char *z, int n, double **paNs, int *pnNs, char *zErr, size_t nErr);
/* The q-quantile of n sorted values, interpolating linearly (numpy's 'linear'). */
double sqlstats_quantile_sorted(const double *a, int n, double q);
/* The standard normal quantile: z with P(Z <= z) = p (0 < p < 1). */
double sqlstats_normal_quantile(double p);
/* The 1-based ranks j, k of the distribution-free pct% interval of the
** median of n samples (samples_ci_lo, samples_ci_hi). */
void sqlstats_median_ci_ranks(int n, double pct, int *pj, int *pk);
/* The 0-based samples [*piStart, *piEnd) of part k (1..parts) of n. */
void sqlstats_part_range(int n, int k, int parts, int *piStart, int *piEnd);
/* ns nanoseconds (whole) as exact milliseconds text ('0.002048'). */
void sqlstats_ms_text(double ns, char *z, size_t nz);

/* A claim's verdict in words; NaN stands for a NULL argument. */
const char *sqlstats_verdict_at_least(double lo, double hi, double thr);
const char *sqlstats_verdict_over(double n, double nHold, double nNot);
/* A target's verdict in words ('met', 'missed', 'inconclusive'); NaN stands
** for a NULL argument. */
const char *sqlstats_target_at_least(double lo, double hi, double thr);
const char *sqlstats_target_at_most(double lo, double hi, double thr);

#endif
