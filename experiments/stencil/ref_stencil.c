/*
** experiments/stencil/ref_stencil.c: CPU reference of the stencil family; see
** ref_stencil.h and the rule in kernels/stencil.h.
*/
#include <float.h>

#include "experiments/stencil/ref_stencil.h"
#include "kernels/stencil.h"

#if FLT_EVAL_METHOD != 0
#error "ref_stencil needs float arithmetic evaluated in float (FLT_EVAL_METHOD == 0)"
#endif

/* v clamped to [lo, hi]. */
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int ref_stencil(const float *in, size_t nPitch, float *out, int w, int h) {
  if (in == NULL || out == NULL || w < 1 || h < 1 || nPitch < (size_t)w) return -1;
  /* Rows in parallel (OpenMP, OMP_NUM_THREADS applies); each pixel's value
  ** does not depend on the thread count. */
#pragma omp parallel for schedule(static)
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float sum = 0.0f;
      for (int dy = -STENCIL_R; dy <= STENCIL_R; dy++) {
        const float *row = in + (size_t)clampi(y + dy, 0, h - 1) * nPitch;
        for (int dx = -STENCIL_R; dx <= STENCIL_R; dx++) sum += row[clampi(x + dx, 0, w - 1)];
      }
      out[(size_t)y * (size_t)w + (size_t)x] = sum / 25.0f;
    }
  return 0;
}
