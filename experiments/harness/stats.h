/*
** experiments/harness/stats.h: summary statistics of timed repetitions.
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

#endif
