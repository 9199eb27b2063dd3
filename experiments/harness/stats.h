/*
** experiments/harness/stats.h: summary statistics of timed repetitions (the
** progress line), the convergence rule that decides when to stop sampling,
** and the Mann-Whitney U test. Nothing here is stored: the database keeps
** every sample (result_sample), and the analysis computes its statistics
** from them (reports/sqlstats.c).
*/
#ifndef HARNESS_STATS_H
#define HARNESS_STATS_H

#include <stddef.h>

/* Summary of n samples (milliseconds). */
typedef struct stats {
  int n;          /* number of samples */
  double min, max;
  double q1, median, q3; /* quartiles, linear interpolation between order statistics */
  double mean;
  double stdev;   /* sample standard deviation (n-1); 0 when n < 2 */
  double rsd;     /* stdev / mean; 0 when mean == 0 */
} stats;

/* Compute the summary of a[0..n) (n >= 1). a is not modified. Returns 0, or
** -1 when n < 1 or memory runs out. */
int stats_compute(const double *a, int n, stats *p);

/* Quantile q in [0,1] of the sorted array a[0..n), interpolating linearly
** between order statistics (the method numpy calls 'linear'). */
double stats_quantile_sorted(const double *a, int n, double q);

/* The level, in percent, of the interval the stopping rule reads (below).
** It is a setting of the measurement (part of every binary's build id); the
** statistics engine, reports/sqlstats.c, declares it beside the report's
** statistics, so the report's Method text states it from here. */
#define STATS_STOP_PCT 95

/* The p-quantile of the standard normal distribution, 0 < p < 1 (NaN
** outside): Acklam's rational approximation refined by one Halley step on
** erfc, about 1e-15 relative. The one normal quantile of the project: the
** engine's intervals call it too. */
double stats_normal_quantile(double p);

/* The p-quantile of Student's t with df > 0 degrees of freedom (df may be
** fractional), 0 < p < 1 (NaN outside): the regularized incomplete beta
** function inverted by bisection, about 1e-12. */
double stats_t_quantile(double p, double df);

/* The 1-based order statistics j <= k that bound the distribution-free pct%
** interval of the median of n sorted values: j = floor((n - z sqrt(n)) / 2),
** k = ceil((n + z sqrt(n)) / 2), z the two-sided pct% normal quantile (the
** normal approximation of the binomial), clamped to 1..n. */
void stats_median_ci_ranks(int n, int pct, int *pj, int *pk);

/* The noise the convergence rule reads: the relative half-width of the
** distribution-free STATS_STOP_PCT% interval of the median of the sorted
** a[0..n), (x_(k) - x_(j)) / 2 / median with j, k from
** stats_median_ci_ranks. Unlike the rsd it is not inflated by a few outliers
** (a preempted sample), and it shrinks as 1/sqrt(n) for any shape. 1.0 when
** n < 6 or the median is not positive. The analysis states this interval at
** any level through the same ranks (samples_ci_lo, samples_ci_hi:
** reports/sqlstats.c). */
double stats_median_noise_sorted(const double *a, int n);

/* Why sampling stops (stored in result.stop_reason). */
typedef enum stats_stop {
  STATS_GO_ON = 0,        /* take more samples */
  STATS_CONVERGED,        /* noise <= target after the minimum count and time */
  STATS_TIME_CAP,         /* the configuration's sampling time is spent */
  STATS_MAX_REPS,         /* the sample store is full */
  STATS_FIXED,            /* a fixed count was asked for (target <= 0) and taken */
  STATS_PLATEAU           /* the noise stopped narrowing near the target (stats_plateau) */
} stats_stop;

/* No result rests on fewer samples than this, whatever the time budget. */
#define STATS_MIN_SAMPLES 10

/* The convergence rule's settings. */
typedef struct stats_rule {
  double target;          /* noise target (0.005 = 0.5%); <= 0: fixed count nMax */
  int nMin;               /* at least this many samples */
  int nMax;               /* at most this many */
  double msMin;           /* at least this much sampling time (wall clock) */
  double msCap;           /* at most this much */
} stats_rule;

/* The rule: given n samples taken in msSpent with the given noise, stop or
** go on. Order: fixed count, then converged (n >= nMin, msSpent >= msMin,
** noise <= target), then max-reps, then time-cap (only once n >= nMin and
** n >= STATS_MIN_SAMPLES: a time budget never overrides the minimum). */
stats_stop stats_stop_rule(const stats_rule *r, int n, double msSpent, double noise);

/* The plateau rule (issue 36 item 5): sampling also stops ('plateau') at a
** noise check (they come every ~25% more samples) where the noise is at most
** STATS_PLATEAU_MULT x the target and is not below STATS_PLATEAU_FALL x
** either of the two previous checks' noises. Independent samples would have
** narrowed it to about 0.89 and 0.80 of them (1/sqrt(n)); one that has not
** fallen over the last ~56% more samples is held up by drift or a second
** mode, which more samples do not resolve before the time cap. Replayed on
** the shipped H100 and H200 samples (at most 256 a configuration) it cut
** about 6-9% of the sampling time and moved the share of configurations
** whose two invocations' raw medians agree within 2% by 0.3-0.7 points. */
#define STATS_PLATEAU_MULT 2.0
#define STATS_PLATEAU_FALL 0.95

/* 1 if noise (at a check) is a plateau by the rule above: target > 0, noise
** <= STATS_PLATEAU_MULT x target, and aPrev[nPrev-1] and aPrev[nPrev-2] (the
** two previous checks' noises, the last one last) both at most noise /
** STATS_PLATEAU_FALL. 0 with fewer than 2 previous checks. The caller
** applies it only past the minimum count and time (as convergence). */
int stats_plateau(double target, double noise, const double *aPrev, int nPrev);

/* 'converged', 'time-cap', 'max-reps', 'fixed', 'plateau' (NULL for STATS_GO_ON). */
const char *stats_stop_name(stats_stop e);

/* Mann-Whitney U test of a[0..na) against b[0..nb), two-sided, by the normal
** approximation with the tie correction and a continuity correction of 0.5
** (what scipy.stats.mannwhitneyu(method='asymptotic') computes). *pU gets U of
** a (pairs with a > b, ties counting one half), *pZ the z score, *pP the
** p-value. Returns 0, or -1 when a sample is empty, memory runs out or every
** value is tied (no spread to test). */
int stats_mann_whitney(const double *a, int na, const double *b, int nb, double *pU, double *pZ, double *pP);

#endif
