/*
** reports/sqlstats.h: the report's statistics as SQLite functions
** (reports/sqlstats.c says what each computes).
*/
#ifndef REPORTS_SQLSTATS_H
#define REPORTS_SQLSTATS_H

#include <stddef.h>

/* Registers median(), conformal(), size_band(), size_band_label(),
** min_deviations(), wilson_lo(), wilson_hi(), verdict_at_least(),
** verdict_over(), claim_judge(), target_at_least(), target_at_most(), stat_level(),
** stat_z(), stat_t(), stat_words(), stat_declarations() and the samples_*
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
/* The interquartile mean of n sorted values and its standard error
** (samples_iqm, samples_iqm_se). */
double sqlstats_iqm_sorted(const double *a, int n);
double sqlstats_iqm_se_sorted(const double *a, int n);
/* The 0-based samples [*piStart, *piEnd) of part k (1..parts) of n. */
void sqlstats_part_range(int n, int k, int parts, int *piStart, int *piEnd);
/* ns nanoseconds (whole) as exact milliseconds text ('0.002048'). */
void sqlstats_ms_text(double ns, char *z, size_t nz);

/* The level in percent of the declared statistic zName (0: none; -1: no
** such declaration), and the two-sided pct% quantiles of the standard normal
** and of Student's t with df degrees of freedom. */
int sqlstats_level(const char *zName);
double sqlstats_z(int pct);
double sqlstats_t(int pct, double df);

/* A claim's verdict in words; NaN stands for a NULL argument. */
const char *sqlstats_verdict_at_least(double lo, double hi, double thr);
const char *sqlstats_verdict_over(double n, double nHold, double nNot);
/* A seed's claim (claim_judge, reports/sqlstats.c says the rules): one
** part's verdict under rule zRule ('at least', 'range', 'within') with
** threshold thr (NaN: the direction, above 1), the magnitude a (and b for a
** range or a band), on the interval lo..hi: a ClaimPart, or -1 for an
** unknown rule; and the verdict of n parts of which nHolds hold, nBelow
** hold below the claim's magnitude and nNot do not (NULL for none). */
enum { CLAIM_INCONCLUSIVE = 0, CLAIM_NOT = 1, CLAIM_BELOW = 2, CLAIM_HOLDS = 3 };
int sqlstats_claim_part(const char *zRule, double thr, double a, double b, double lo, double hi);
const char *sqlstats_claim_verdict(int n, int nHolds, int nBelow, int nNot);
/* A target's verdict in words ('met', 'missed', 'inconclusive'); NaN stands
** for a NULL argument. */
const char *sqlstats_target_at_least(double lo, double hi, double thr);
const char *sqlstats_target_at_most(double lo, double hi, double thr);

#endif
