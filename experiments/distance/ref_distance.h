/*
** experiments/distance/ref_distance.h: CPU reference of the distance-field family
** (kernels/distance.h), C11.
*/
#ifndef EXPERIMENTS_REF_DISTANCE_H
#define EXPERIMENTS_REF_DISTANCE_H

#ifdef __cplusplus
extern "C" {
#endif

/* The field at one grid point (x, y) of a W x H grid, in double:
** sum over p < P of (fx - px)^2 + (fy - py)^2 with fx = x * 5.0f / W and
** fy = y * 5.0f / H rounded to float exactly as the kernels do. For spot
** checks of grids too large for ref_distance(). */
double ref_distance_point(const float *xy, int P, int x, int y, int W, int H);

/* The whole W x H field of the P points xy (x0,y0,x1,y1,..) into out
** (W*H floats, row y at out + y*W), computed in double, stored as float. */
void ref_distance(const float *xy, int P, float *out, int W, int H);

/* Largest |gpu - ref| accepted for a field value ref (>= 0) over P points:
** (P + 2) * FLT_EPSILON * value. See ref_distance.c for the derivation. */
double ref_distance_tolerance(int P, double value);

/* Compare a W x H field got with the reference field ref, cell by cell in
** row-major order, as the study's verification does: a cell passes when
** |got - ref| <= ref_distance_tolerance(P, ref). Returns the index
** (y * W + x) of the first cell that does not (a NaN fails), or -1. Stores
** in *pMaxRel the largest |got - ref| / max(ref, FLT_MIN) over the cells up
** to and including that one (all cells when none fails), HUGE_VAL if one of
** them differs by NaN. Rows on OpenMP threads; the results do not depend on
** the thread count. */
long long ref_distance_compare(const float *got, const float *ref, int P, int W, int H, double *pMaxRel);

#ifdef __cplusplus
}
#endif
#endif
