/*
** experiments/raytrace/ref_raytrace.c: scene generator, CPU reference and image
** comparison of the ray-tracer family.
**
** Float matching: ref_raytrace() does one float operation per statement, in
** the order of the kernels' trace_pixel() (which uses __fmul_rn & co. and is
** never contracted into FMA). Build it with -std=c11 (gcc then defaults to
** -ffp-contract=off; with one operation per statement even clang's
** -ffp-contract=on cannot fuse) and without -ffast-math, so the two images
** are equal bit for bit; ref_raytrace_compare() still allows 1 unit.
*/
#include <stddef.h>
#include <math.h>
#include "experiments/harness/rng.h"
#include "kernels/raytrace.h"
#include "experiments/raytrace/ref_raytrace.h"

/* The book's scene magnified to W x H, from a splitmix64 stream. */
void ref_raytrace_scene(void *spheres, int n, unsigned seed, int W, int H) {
  raytrace_sphere *pSph = (raytrace_sphere *)spheres;
  uint64_t state = (uint64_t)seed;
  float sx = (float)W / 1024.0f, sy = (float)H / 1024.0f;
  float s = sx < sy ? sx : sy;
  for (int i = 0; i < n; i++) {
    /* same draw order as the book: r, g, b, x, y, z, radius */
    pSph[i].r = rng_float(&state);
    pSph[i].g = rng_float(&state);
    pSph[i].b = rng_float(&state);
    pSph[i].x = (rng_float(&state) * 1000.0f - 500.0f) * sx;
    pSph[i].y = (rng_float(&state) * 1000.0f - 500.0f) * sy;
    pSph[i].z = (rng_float(&state) * 1000.0f - 500.0f) * s;
    pSph[i].radius = (rng_float(&state) * 100.0f + 20.0f) * s;
  }
}

/* 8-bit channel of a colour in [0,1): (int)(c * 255), truncated. */
static unsigned char to_u8(float c) {
  float v = c * 255.0f;
  return (unsigned char)(int)v;
}

/* Every pixel: nearest hit (largest dz + z), colour * dz / radius. Rows in
** parallel (OpenMP, OMP_NUM_THREADS applies; dynamic: the spheres make some
** rows dearer), each pixel's value independent of the thread count. */
void ref_raytrace(const void *spheres, int n, unsigned char *rgba, int W, int H) {
  const raytrace_sphere *pSph = (const raytrace_sphere *)spheres;
#pragma omp parallel for schedule(dynamic, 8)
  for (int y = 0; y < H; y++) {
    float oy = (float)(y - H / 2);
    for (int x = 0; x < W; x++) {
      float ox = (float)(x - W / 2);
      float r = 0.0f, g = 0.0f, b = 0.0f;
      float maxz = -INFINITY;
      for (int i = 0; i < n; i++) {
        float radius = pSph[i].radius;
        float dx = ox - pSph[i].x;
        float dy = oy - pSph[i].y;
        float dx2 = dx * dx;
        float dy2 = dy * dy;
        float r2 = radius * radius;
        float d2 = dx2 + dy2;
        if (d2 < r2) {
          float e = r2 - dx2;
          e = e - dy2;
          float dz = sqrtf(e);
          float t = dz + pSph[i].z;
          if (t > maxz) {
            float fscale = dz / radius;
            r = pSph[i].r * fscale;
            g = pSph[i].g * fscale;
            b = pSph[i].b * fscale;
            maxz = t;
          }
        }
      }
      unsigned char *p = rgba + 4 * ((size_t)y * W + x);
      p[0] = to_u8(r);
      p[1] = to_u8(g);
      p[2] = to_u8(b);
      p[3] = 255;
    }
  }
}

/* Largest channel difference and count of differing pixels; 0 if within.
** Pixels on OpenMP threads: a max and a count, the same for any thread count. */
int ref_raytrace_compare(const unsigned char *a, const unsigned char *b, int W, int H,
                         int *pMaxDiff, long *pnDiffer) {
  size_t nPix = (size_t)W * (size_t)H;
  int maxDiff = 0;
  long nDiffer = 0;
#pragma omp parallel for schedule(static) reduction(max : maxDiff) reduction(+ : nDiffer)
  for (size_t i = 0; i < nPix; i++) {
    int bDiffer = 0;
    for (int c = 0; c < 4; c++) {
      int d = (int)a[4 * i + c] - (int)b[4 * i + c];
      if (d < 0) d = -d;
      if (d > maxDiff) maxDiff = d;
      if (d) bDiffer = 1;
    }
    nDiffer += bDiffer;
  }
  if (pMaxDiff) *pMaxDiff = maxDiff;
  if (pnDiffer) *pnDiffer = nDiffer;
  return (maxDiff <= 1 && (size_t)nDiffer <= nPix / 1000) ? 0 : 1;
}
