/*
** experiments/stencil/stencil_image.h: the stencil study's host image of one
** size and, only when a verification asks, its reference output. The study
** sweeps a few sizes, each over every variant; a later trial verifies
** nothing (bench_config.bVerified) and so makes no reference (ref_stencil
** over 8192^2 pixels is most of such a trial's host work). Plain C11, no
** CUDA.
*/
#ifndef EXPERIMENTS_STENCIL_IMAGE_H
#define EXPERIMENTS_STENCIL_IMAGE_H

/* The image of one size. */
typedef struct stencil_image {
  int n;        /* width = height in pixels */
  float *pIn;   /* n x n input, dense: pixel i is rng_float_at(0x5eed0001 ^ (i << 1), 0), in [0,1) */
  float *pWant; /* n x n reference output (ref_stencil over pIn), NULL until asked for */
} stencil_image;

/* The image of side n (1..STENCIL_MAX_DIM), filled on OpenMP threads, with
** its reference output when bRef (computed at the first call that asks, and
** kept with the image). One size is kept: another n drops it. NULL if host
** memory runs out (nothing is kept then). Valid until the next call or
** stencil_image_clear(). */
const stencil_image *stencil_image_get(int n, int bRef);

/* Drop the kept image (free its memory). */
void stencil_image_clear(void);

/* Images made and reference outputs computed since the start of the
** process; NULL for either not wanted. */
void stencil_image_counts(long long *pnMade, long long *pnRef);

#endif
