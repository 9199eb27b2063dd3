/*
** reports/seed_reduce.c: the reduction seed's code as written, see
** seed_reduce.h.
*/
#include "reports/seed_reduce.h"

/* The seed's reduceUnrolling8 as written. Its host launches
** grid.x/8 blocks with grid.x = (n-1)/block + 1, and in block b thread tid
** (idx = 8*block*b + tid) replaces x[idx] by its 8-element column sum only
** when idx + 7*block < n, then the block tree sums x[8*block*b ..][0..block).
** So: chunks past the last counted block are dropped, and in a last, partly
** filled chunk a column that does not reach n keeps only its first element
** x[idx] (the rest of it is dropped). The seed's int accumulators wrap; this
** returns the exact sum, equal to the seed's as long as nothing overflows. */
int64_t seed_unroll8_as_written(const int32_t *x, size_t n, int block) {
  if (n == 0 || block < 1) return 0;
  const size_t nB = (size_t)block;
  const size_t nGrid = ((n - 1) / nB + 1) / 8;
  int64_t sum = 0;
  for (size_t b = 0; b < nGrid; b++) {
    for (size_t tid = 0; tid < nB; tid++) {
      const size_t idx = 8 * nB * b + tid;
      if (idx + 7 * nB < n)
        for (size_t k = 0; k < 8; k++) sum += x[idx + k * nB];
      else
        sum += x[idx];
    }
  }
  return sum;
}
