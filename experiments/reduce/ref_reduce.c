/*
** experiments/reduce/ref_reduce.c: CPU references for the reduction study, see
** ref_reduce.h. Build: gcc -std=c11 -O2 -Wall -Wextra -Werror -c ref_reduce.c
** (no -ffast-math: it would undo the compensated sum).
*/
#include "experiments/reduce/ref_reduce.h"

#include <float.h>
#include <string.h>

/* |v| without libm and without a branch: the sign bit cleared. (The
** comparison v < 0.0 ? -v : v was a branch on the sign of every input, half
** of them mispredicted: ref_reduce_f32 took 4-5x as long. The values are the
** same but for -0.0, which only ever adds to a sum as +0.0 does.) */
static double abs_d(double v) {
  uint64_t u;
  memcpy(&u, &v, sizeof(u));
  u &= ~((uint64_t)1 << 63);
  memcpy(&v, &u, sizeof(v));
  return v;
}

/* The references run on the host's cores (OpenMP; OMP_NUM_THREADS applies)
** over a partition fixed by n alone: chunks of REF_CHUNK elements, whose
** partial sums are combined in index order, so the result is the same bits
** for any number of threads. Partials are kept for REF_GROUP chunks at a
** time (a fixed array; the grouping does not change the combining order, so
** any REF_GROUP gives the same result). An ordered loop (omp ordered) would
** need no array but was 7x slower than serial on 2 busy cores: threads
** waiting their turn spin on the cores the others need. */
#define REF_CHUNK ((size_t)1 << 16)
#define REF_GROUP 1024

/* Exact int64 sum. Integer addition is associative and cannot overflow here
** (n < 2^32 terms of at most 2^31), so any thread split gives the same sum. */
int64_t ref_reduce_i32(const int32_t *x, size_t n) {
  int64_t sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum)
  for (size_t i = 0; i < n; i++) sum += x[i];
  return sum;
}

/* Neumaier step: adds v to the compensated pair (*pSum, *pComp). */
static void neumaier_add(double *pSum, double *pComp, double v) {
  const double t = *pSum + v;
  if (abs_d(*pSum) >= abs_d(v))
    *pComp += (*pSum - t) + v;
  else
    *pComp += (v - t) + *pSum;
  *pSum = t;
}

/* Neumaier-compensated double sum, plus the sum of absolute values: per
** REF_CHUNK chunk serially, then the chunks' sums (compensated) and their
** compensations and absolute sums (plain) in chunk order. One chunk (n <=
** REF_CHUNK) is the plain serial loop. */
double ref_reduce_f32(const float *x, size_t n, double *pSumAbs) {
  double sum = 0.0, comp = 0.0, sumAbs = 0.0;
  const size_t nChunk = (n + REF_CHUNK - 1) / REF_CHUNK;
  double aSum[REF_GROUP], aComp[REF_GROUP], aAbs[REF_GROUP];
  for (size_t iBase = 0; iBase < nChunk; iBase += REF_GROUP) {
    const size_t nIn = nChunk - iBase < REF_GROUP ? nChunk - iBase : REF_GROUP;
#pragma omp parallel for schedule(static)
    for (size_t j = 0; j < nIn; j++) {
      const size_t iFrom = (iBase + j) * REF_CHUNK, iTo = iFrom + REF_CHUNK < n ? iFrom + REF_CHUNK : n;
      double s = 0.0, c = 0.0, a = 0.0;
      for (size_t i = iFrom; i < iTo; i++) {
        neumaier_add(&s, &c, x[i]);
        a += abs_d(x[i]);
      }
      aSum[j] = s;
      aComp[j] = c;
      aAbs[j] = a;
    }
    for (size_t j = 0; j < nIn; j++) {
      neumaier_add(&sum, &comp, aSum[j]); /* exact for the first: 0 + s */
      comp += aComp[j];
      sumAbs += aAbs[j];
    }
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
