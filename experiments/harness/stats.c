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

double stats_normal_quantile(double p) {
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                             1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                             6.680131188771972e+01, -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                             -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                             3.754408661907416e+00};
  if (!(p > 0 && p < 1)) return NAN;
  double x;
  if (p < 0.02425) {
    double q = sqrt(-2 * log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p > 1 - 0.02425) {
    double q = sqrt(-2 * log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else {
    double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  /* One Halley step on the exact CDF, 0.5 erfc(-x / sqrt 2). */
  double e = 0.5 * erfc(-x / sqrt(2.0)) - p, u = e * 2.5066282746310002 * exp(x * x / 2); /* sqrt(2 pi) */
  return x - u / (1 + x * u / 2);
}

/* The continued fraction of the incomplete beta function (Lentz's method). */
static double beta_cf(double a, double b, double x) {
  const double tiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 300; m++) {
    double m2 = 2.0 * m, aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (fabs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (fabs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1 / d;
    double del = d * c;
    h *= del;
    if (fabs(del - 1) < 1e-15) break;
  }
  return h;
}

/* The regularized incomplete beta function I_x(a, b). */
static double beta_inc(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  double f = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x));
  return x < (a + 1) / (a + b + 2) ? f * beta_cf(a, b, x) / a : 1 - f * beta_cf(b, a, 1 - x) / b;
}

/* Student's t CDF with df degrees of freedom at t. */
static double t_cdf(double t, double df) {
  double tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
  return t > 0 ? 1 - tail : tail;
}

double stats_t_quantile(double p, double df) {
  if (!(p > 0 && p < 1) || !(df > 0)) return NAN;
  if (p == 0.5) return 0;
  if (p < 0.5) return -stats_t_quantile(1 - p, df);
  double lo = 0, hi = 1;
  while (t_cdf(hi, df) < p && hi < 1e300) hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    double mid = (lo + hi) / 2;
    if (t_cdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

void stats_median_ci_ranks(int n, int pct, int *pj, int *pk) {
  double r = stats_normal_quantile(0.5 + pct / 200.0) * sqrt((double)n);
  int j = (int)floor((n - r) / 2), k = (int)ceil((n + r) / 2);
  *pj = j < 1 ? 1 : j > n ? n : j;
  *pk = k > n ? n : k < 1 ? 1 : k;
}

double stats_median_noise_sorted(const double *a, int n) {
  if (n < 6) return 1.0;
  double med = stats_quantile_sorted(a, n, 0.5);
  int j, k;
  stats_median_ci_ranks(n, STATS_STOP_PCT, &j, &k);
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
