/*
** experiments/distance/ref_distance.c: CPU reference of the distance-field family.
*/
#include <stddef.h>
#include <float.h>
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
