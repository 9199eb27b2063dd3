/*
** experiments/distance/ref_distance.c: CPU reference of the distance-field family.
*/
#include <stddef.h>
#include <float.h>
#include <math.h>
#include "experiments/distance/ref_distance.h"

/* Grid coordinate in [0,5), the same float operations as the kernels'
** grid_coord() (x * 5.0f / n, each step correctly rounded; C11 with
** FLT_EVAL_METHOD 0 evaluates it in float). */
static float grid_coord(int x, int n) {
  float f = (float)x * 5.0f;
  return f / (float)n;
}

/* The field at grid point (x, y), in double. */
double ref_distance_point(const float *xy, int P, int x, int y, int W, int H) {
  double fx = grid_coord(x, W), fy = grid_coord(y, H);
  double acc = 0.0;
  for (int p = 0; p < P; p++) {
    double dx = fx - (double)xy[2 * p];
    double dy = fy - (double)xy[2 * p + 1];
    acc += dx * dx + dy * dy;
  }
  return acc;
}

/* The whole field, rows in parallel (OpenMP, OMP_NUM_THREADS applies; each
** point's value does not depend on the thread count). */
void ref_distance(const float *xy, int P, float *out, int W, int H) {
#pragma omp parallel for schedule(static)
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      out[(size_t)y * W + x] = (float)ref_distance_point(xy, P, x, y, W, H);
    }
  }
}

/* Bound on |gpu - ref| relative to the exact value v (u = FLT_EPSILON / 2,
** the unit roundoff). The grid coordinate is the same float on both sides.
** On the GPU each term is fl(fx - px)^2 + fl(fy - py)^2: one rounding of the
** difference (doubled by squaring), one of the square, one of the add, so at
** most about 4u relative, whatever FMA contraction does; recursively summing
** P non-negative terms in any order adds at most (P - 1)u relative (first
** order), and storing the reference as float one more u. Together (P + 4)u
** = (P/2 + 2) * FLT_EPSILON; (P + 2) * FLT_EPSILON covers it with room for
** the second-order terms and for a compiler that fuses the loop into 2P
** FMAs (about (2P + 2)u). Terms are non-negative, so the bound is relative
** to the value itself, with no cancellation. */
double ref_distance_tolerance(int P, double value) {
  return ((double)P + 2.0) * (double)FLT_EPSILON * (value < 0 ? -value : value);
}

/* A cell's contribution to the largest relative error: HUGE_VAL for a NaN
** difference, else |got - ref| / max(ref, FLT_MIN). */
static double cell_rel(float got, double ref) {
  const double err = fabs((double)got - ref);
  return isnan(err) ? HUGE_VAL : err / (ref > FLT_MIN ? ref : FLT_MIN);
}

/* The largest of cell_rel over cells [0, nCell), and 0. Max is exact and
** associative on these (no NaN), so the thread count does not matter. */
static double max_rel(const float *got, const float *ref, long long nCell) {
  double maxRel = 0.0;
#pragma omp parallel for schedule(static) reduction(max : maxRel)
  for (long long i = 0; i < nCell; i++) {
    const double v = cell_rel(got[i], ref[i]);
    if (v > maxRel) maxRel = v;
  }
  return maxRel;
}

/* See ref_distance.h. One pass takes the first failing cell (a min
** reduction) and the largest error over all cells; a failure is rare, and
** only then is the largest error up to it taken again. */
long long ref_distance_compare(const float *got, const float *ref, int P, int W, int H, double *pMaxRel) {
  const long long nCell = (long long)W * H;
  long long iBad = nCell;
  double maxRel = 0.0;
#pragma omp parallel for schedule(static) reduction(min : iBad) reduction(max : maxRel)
  for (long long i = 0; i < nCell; i++) {
    const double err = fabs((double)got[i] - (double)ref[i]);
    const double v = isnan(err) ? HUGE_VAL : err / (ref[i] > FLT_MIN ? (double)ref[i] : FLT_MIN);
    if (v > maxRel) maxRel = v;
    if (!(err <= ref_distance_tolerance(P, ref[i])) && i < iBad) iBad = i;
  }
  *pMaxRel = iBad < nCell ? max_rel(got, ref, iBad + 1) : maxRel;
  return iBad < nCell ? iBad : -1;
}
