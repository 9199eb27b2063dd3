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

#ifdef __cplusplus
}
#endif
#endif
