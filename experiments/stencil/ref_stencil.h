/*
** experiments/stencil/ref_stencil.h: CPU reference of the stencil family
** (kernels/stencil.h), plain C11, host only.
*/
#ifndef EXPERIMENTS_REF_STENCIL_H
#define EXPERIMENTS_REF_STENCIL_H

#include <stddef.h>

/* The 5x5 box stencil of kernels/stencil.h on the host: out (w*h floats,
** dense) from in (h rows of nPitch floats), clamped borders, the 25 taps
** added row by row from 0.0f in float, then divided by 25.0f: the same float
** operations in the same order as every kernel variant. Returns 0, or -1
** (out untouched) for NULL pointers, w or h < 1 or nPitch < w. */
int ref_stencil(const float *in, size_t nPitch, float *out, int w, int h);

#endif
