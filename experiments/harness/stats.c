/*
** experiments/harness/stats.c: summary statistics, convergence rule,
** Mann-Whitney U (see stats.h).
*/
#include "experiments/harness/stats.h"

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

double stats_median_noise_sorted(const double *a, int n) {
  if (n < 6) return 1.0;
  double med = stats_quantile_sorted(a, n, 0.5), r = 1.96 * sqrt((double)n);
  int j = (int)floor((n - r) / 2), k = (int)ceil((n + r) / 2);
  if (j < 1) j = 1;
  if (k > n) k = n;
  if (!(med > 0)) return 1.0;
  return (a[k - 1] - a[j - 1]) / 2 / med;
}

stats_stop stats_stop_rule(const stats_rule *r, int n, double msSpent, double noise) {
  if (r->target <= 0) return n >= r->nMax ? STATS_FIXED : STATS_GO_ON;
  if (n >= r->nMin && msSpent >= r->msMin && noise <= r->target) return STATS_CONVERGED;
  if (n >= r->nMax) return STATS_MAX_REPS;
  if (msSpent >= r->msCap && n >= r->nMin && n >= STATS_MIN_SAMPLES) return STATS_TIME_CAP;
  return STATS_GO_ON;
}

int stats_plateau(double target, double noise, const double *aPrev, int nPrev) {
  if (!(target > 0) || nPrev < 2 || !(noise <= STATS_PLATEAU_MULT * target)) return 0;
  for (int i = nPrev - 2; i < nPrev; i++)
    if (noise < STATS_PLATEAU_FALL * aPrev[i]) return 0; /* it still narrows */
  return 1;
}

const char *stats_stop_name(stats_stop e) {
  switch (e) {
    case STATS_CONVERGED: return "converged";
    case STATS_TIME_CAP: return "time-cap";
    case STATS_MAX_REPS: return "max-reps";
    case STATS_FIXED: return "fixed";
    case STATS_PLATEAU: return "plateau";
    default: return NULL;
  }
}

/* A value and which sample it came from, for ranking. */
typedef struct mw_item { double v; int bA; } mw_item;

/* qsort comparator for mw_item by value. */
static int cmp_item(const void *x, const void *y) {
  double a = ((const mw_item *)x)->v, b = ((const mw_item *)y)->v;
  return (a > b) - (a < b);
}

int stats_mann_whitney(const double *a, int na, const double *b, int nb, double *pU, double *pZ, double *pP) {
  if (na < 1 || nb < 1) return -1;
  int n = na + nb;
  mw_item *it = malloc(sizeof(mw_item) * (size_t)n);
  if (!it) return -1;
  for (int i = 0; i < na; i++) it[i] = (mw_item){a[i], 1};
  for (int i = 0; i < nb; i++) it[na + i] = (mw_item){b[i], 0};
  qsort(it, (size_t)n, sizeof(mw_item), cmp_item);
  double rankSumA = 0, tieSum = 0;
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && it[j].v == it[i].v) j++;
    double midrank = (i + 1 + j) / 2.0; /* ranks i+1 .. j */
    double t = j - i;
    tieSum += t * t * t - t;
    for (int k = i; k < j; k++)
      if (it[k].bA) rankSumA += midrank;
    i = j;
  }
  free(it);
  double u = rankSumA - (double)na * (na + 1) / 2.0;
  double mu = (double)na * nb / 2.0;
  double var = (double)na * nb / 12.0 * ((n + 1) - tieSum / ((double)n * (n - 1)));
  if (!(var > 0)) return -1;
  double d = fabs(u - mu) - 0.5;
  if (d < 0) d = 0;
  double z = d / sqrt(var);
  *pU = u;
  *pZ = u < mu ? -z : z;
  *pP = erfc(z / sqrt(2.0));
  return 0;
}
