/*
** experiments/harness/stats.c: summary statistics of timed repetitions.
*/
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* qsort comparator for doubles. */
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double stats_quantile_sorted(const double *a, int n, double q) {
  double pos = q * (n - 1);
  int lo = (int)floor(pos);
  int hi = lo + 1 < n ? lo + 1 : lo;
  double frac = pos - lo;
  return a[lo] + (a[hi] - a[lo]) * frac;
}

int stats_compute(const double *a, int n, stats *p) {
  if (n < 1) return -1;
  double *s = malloc(sizeof(double) * (size_t)n);
  if (!s) return -1;
  memcpy(s, a, sizeof(double) * (size_t)n);
  qsort(s, (size_t)n, sizeof(double), cmp_double);
  double sum = 0;
  for (int i = 0; i < n; i++) sum += s[i];
  double mean = sum / n, ss = 0;
  for (int i = 0; i < n; i++) ss += (s[i] - mean) * (s[i] - mean);
  p->n = n;
  p->min = s[0];
  p->max = s[n - 1];
  p->q1 = stats_quantile_sorted(s, n, 0.25);
  p->median = stats_quantile_sorted(s, n, 0.5);
  p->q3 = stats_quantile_sorted(s, n, 0.75);
  p->mean = mean;
  p->stdev = n > 1 ? sqrt(ss / (n - 1)) : 0.0;
  p->rsd = mean != 0 ? p->stdev / mean : 0.0;
  free(s);
  return 0;
}
