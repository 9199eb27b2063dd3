/*
** experiments/raytrace/raytrace_image.c: the report's picture of the ray-tracer study,
** made on the CPU so the report builds without a GPU.
**
**   raytrace-image OUT.png SIZE SPHERES
**
** Renders the study's scene (ref_raytrace_scene() with RAYTRACE_SCENE_SEED,
** SPHERES spheres, SIZE x SIZE) with the CPU ray tracer ref_raytrace(), the
** image every GPU render of that configuration was verified against, and
** writes it as an RGBA PNG. Exit status: 0 written, 1 I/O error, 2 bad
** arguments.
*/
#include <stdio.h>
#include <stdlib.h>

#include "experiments/tools/png.h"
#include "kernels/raytrace.h"
#include "experiments/raytrace/raytrace_scene.h"
#include "experiments/raytrace/ref_raytrace.h"

/* Parse a decimal integer in [iMin, iMax]; 0 on success. */
static int parse_arg(const char *z, long iMin, long iMax, int *pOut) {
  char *zEnd;
  long v = strtol(z, &zEnd, 10);
  if (zEnd == z || *zEnd != 0 || v < iMin || v > iMax) return -1;
  *pOut = (int)v;
  return 0;
}

int main(int argc, char **argv) {
  int nSize, nSph;
  if (argc != 4 || parse_arg(argv[2], 1, 16384, &nSize) || parse_arg(argv[3], 1, RAYTRACE_MAX_SPHERES, &nSph)) {
    fprintf(stderr, "Usage: raytrace-image OUT.png SIZE SPHERES  (SIZE 1..16384, SPHERES 1..%d)\n",
            RAYTRACE_MAX_SPHERES);
    return 2;
  }
  raytrace_sphere *pScene = malloc(sizeof(raytrace_sphere) * (size_t)nSph);
  unsigned char *pRgba = malloc(4 * (size_t)nSize * (size_t)nSize);
  if (!pScene || !pRgba) {
    fprintf(stderr, "raytrace-image: out of memory\n");
    return 1;
  }
  ref_raytrace_scene(pScene, nSph, RAYTRACE_SCENE_SEED, nSize, nSize);
  ref_raytrace(pScene, nSph, pRgba, nSize, nSize);
  int rc = png_write_rgba(argv[1], pRgba, nSize, nSize);
  if (rc) fprintf(stderr, "raytrace-image: cannot write %s\n", argv[1]);
  free(pScene);
  free(pRgba);
  return rc ? 1 : 0;
}
