/*
** experiments/reduce/ref_reduce.c: CPU references for the reduction study, see
** ref_reduce.h. Build: gcc -std=c11 -O2 -Wall -Wextra -Werror -c ref_reduce.c
** (no -ffast-math: it would undo the compensated sum).
*/
#include "experiments/reduce/ref_reduce.h"

#include <float.h>

/* |v| without libm. */
static double abs_d(double v) { return v < 0.0 ? -v : v; }

/* Exact int64 sum. */
int64_t ref_reduce_i32(const int32_t *x, size_t n) {
  int64_t sum = 0;
  for (size_t i = 0; i < n; i++) sum += x[i];
  return sum;
}

/* Neumaier-compensated double sum, plus the sum of absolute values. */
double ref_reduce_f32(const float *x, size_t n, double *pSumAbs) {
  double sum = 0.0, comp = 0.0, sumAbs = 0.0;
  for (size_t i = 0; i < n; i++) {
    const double v = x[i];
    const double t = sum + v;
    if (abs_d(sum) >= abs_d(v))
      comp += (sum - t) + v;
    else
      comp += (v - t) + sum;
    sum = t;
    sumAbs += abs_d(v);
  }
  if (pSumAbs) *pSumAbs = sumAbs;
  return sum + comp;
}

/* Error bound of a float32 summation tree. A sum computed by any order of
** additions whose longest leaf-to-root path has h additions is off by at
** most h*u*sum|x| (to first order; u = FLT_EPSILON/2, Higham, "Accuracy and
** Stability", 4.2). Every GPU variant's path is a pairwise tree part (block
** trees, warp shuffles, the unrolled folds: at most about log2 n levels) plus
** sequential per-thread chains that kernels/reduce.cu keeps to at most
** REDUCE_CHAIN_MAX = 2048 additions (grid-stride loops get at least
** ceil(n / (block*2048)) blocks; the single-block finisher adds partials in
** runs of 2048). Using FLT_EPSILON = 2u instead of u leaves a factor-2
** margin for the few extra additions (head/tail elements, run totals, fold
** of 8) and the higher-order term. */
double ref_reduce_f32_tolerance(size_t n, double sumAbs) {
  int nLevel = 0;
  while (nLevel < 64 && ((size_t)1 << nLevel) < n) nLevel++;
  return (nLevel + 2048.0) * FLT_EPSILON * sumAbs;
}

/* The seed's sumMatrix loop in float. */
float ref_reduce_f32_serial(const float *x, size_t n) {
  float sum = 0.0f;
  for (size_t i = 0; i < n; i++) sum += x[i];
  return sum;
}

/* The seed's sumMatrix loop in int32, accumulated as uint32_t so overflow
** wraps (defined) instead of being undefined behaviour; same machine code. */
int32_t ref_reduce_i32_serial(const int32_t *x, size_t n) {
  uint32_t sum = 0;
  for (size_t i = 0; i < n; i++) sum += (uint32_t)x[i];
  return (int32_t)sum;
}
