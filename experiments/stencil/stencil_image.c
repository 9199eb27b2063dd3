/*
** experiments/stencil/stencil_image.c: the stencil study's host image and its
** reference on demand, see stencil_image.h.
*/
#include <stdint.h>
#include <stdlib.h>

#include "experiments/harness/rng.h"
#include "experiments/stencil/ref_stencil.h"
#include "experiments/stencil/stencil_image.h"

/* The kept image and the counters. */
static struct {
  stencil_image img;  /* n 0: none */
  long long nMade, nRef;
} gImg;

/* See stencil_image.h. */
void stencil_image_clear(void) {
  free(gImg.img.pIn);
  free(gImg.img.pWant);
  gImg.img = (stencil_image){0, NULL, NULL};
}

/* See stencil_image.h. */
const stencil_image *stencil_image_get(int n, int bRef) {
  stencil_image *p = &gImg.img;
  if (n < 1) return NULL;
  const size_t nPix = (size_t)n * (size_t)n;
  if (p->n != n) {
    stencil_image_clear();
    if (!(p->pIn = malloc(nPix * sizeof(float)))) return NULL;
#pragma omp parallel for schedule(static) /* each pixel from its index: any thread count */
    for (size_t i = 0; i < nPix; i++) p->pIn[i] = rng_float_at(0x5eed0001u ^ ((uint64_t)i << 1), 0);
    p->n = n;
    gImg.nMade++;
  }
  if (bRef && !p->pWant) {
    float *pWant = malloc(nPix * sizeof(float));
    if (!pWant || ref_stencil(p->pIn, (size_t)n, pWant, n, n)) {
      free(pWant);
      stencil_image_clear();
      return NULL;
    }
    p->pWant = pWant;
    gImg.nRef++;
  }
  return p;
}

/* See stencil_image.h. */
void stencil_image_counts(long long *pnMade, long long *pnRef) {
  if (pnMade) *pnMade = gImg.nMade;
  if (pnRef) *pnRef = gImg.nRef;
}
