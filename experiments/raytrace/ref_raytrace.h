/*
** experiments/raytrace/ref_raytrace.h: scene generator, CPU reference and image
** comparison of the ray-tracer family (kernels/raytrace.h), C11.
** Sphere arrays are raytrace_sphere records (7 floats, 28 bytes).
*/
#ifndef EXPERIMENTS_REF_RAYTRACE_H
#define EXPERIMENTS_REF_RAYTRACE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Fill spheres[0..n) with the book's random scene for a W x H image, from a
** fixed splitmix64 stream seeded with seed (same seed, same scene on every
** machine). The book's 1024 x 1024 scene magnified by W/1024 in x, H/1024 in
** y and min(W,H)/1024 in radius and z: colour in [0,1), x in [-500,500)*W/1024,
** y in [-500,500)*H/1024, z in [-500,500)*s, radius in [20,120)*s. */
void ref_raytrace_scene(void *spheres, int n, unsigned seed, int W, int H);

/* Render the n spheres into rgba (4*W*H bytes, row y at rgba + 4*W*y) with
** the same float operations, in the same order, as the kernels' trace_pixel(). */
void ref_raytrace(const void *spheres, int n, unsigned char *rgba, int W, int H);

/* Compare two W x H RGBA8 images. Stores the largest channel difference in
** *pMaxDiff and the number of pixels with any differing channel in *pnDiffer
** (either pointer may be NULL). Returns 0 if the largest difference is <= 1
** and at most W*H/1000 pixels (0.1%) differ, else 1. */
int ref_raytrace_compare(const unsigned char *a, const unsigned char *b, int W, int H,
                         int *pMaxDiff, long *pnDiffer);

#ifdef __cplusplus
}
#endif
#endif
