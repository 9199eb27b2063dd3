/*
** kernels/stencil.h: a 2-D stencil with reuse (seed 001's claim that texture
** caching can exceed the global-memory bandwidth on reuse), C interface.
**
** A 5x5 box filter over a float32 image of w x h pixels (1 <= w, h <=
** STENCIL_MAX_DIM), rows nPitch floats apart (nPitch >= w), clamped borders:
**
**   out[y*w + x] = (sum over dy = -2..2, then dx = -2..2, in this order, of
**                   in[cy*nPitch + cx]) / 25.0f,
**   cy = min(max(y+dy, 0), h-1),  cx = min(max(x+dx, 0), w-1),
**
** summed left to right from 0.0f in float, then one IEEE division: every
** variant does the same float operations in the same order, and
** ref_stencil() (experiments/stencil/ref_stencil.c) reproduces them. The output is
** dense (w floats a row). Each input pixel is read by 25 output pixels: the
** reuse a cache can serve.
**
** Variants differ only in the path the 25 taps are read through: plain
** global loads, the read-only path (__ldg), a 2-D texture over the pitched
** input (point sampling, clamp addressing: the texture unit does the border
** clamp), and a shared-memory tile (the reference point: reuse served by
** the program, not a cache). Blocks are 32 x (nBlock/32) threads.
**
** The table stencil_variants[] is the registry (kernels/variant.h): never
** rename or reuse a key once data has shipped with it.
*/
#ifndef KERNELS_STENCIL_H
#define KERNELS_STENCIL_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#include "kernels/variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Stencil radius (5x5 taps) and the number of taps. */
#define STENCIL_R 2
#define STENCIL_TAPS ((2 * STENCIL_R + 1) * (2 * STENCIL_R + 1))
/* Largest width or height a launcher accepts. */
#define STENCIL_MAX_DIM 16384

/* What a launcher gets: validated arguments. */
typedef struct stencil_args {
  const float *d_in;      /* input (device), h rows of nPitch floats */
  size_t nPitch;          /* floats between rows of d_in */
  unsigned long long tex; /* texture object over d_in (VARIANT_TEXTURE) */
  float *d_out;           /* output (device), w*h floats, dense */
  int w, h;               /* image size */
} stencil_args;

/* A variant's launcher: one launch of a grid of blocks of 32 x by threads. */
typedef void (*stencil_launcher)(const stencil_args *pArgs, dim3 grid, dim3 block, cudaStream_t s);

/* One registered variant (see kernels/variant.h). Flags used:
** VARIANT_TEXTURE (reads through tex, not d_in), VARIANT_SHARED (a tile of
** stencil_shared_bytes(nBlock) bytes of dynamic shared memory per block). */
typedef struct stencil_variant {
  kernel_variant v;         /* key, description, bottleneck, flags, launcher name */
  stencil_launcher xLaunch; /* its launcher */
} stencil_variant;

extern const stencil_variant stencil_variants[];
extern const int stencil_nvariant;

/* Index of the variant with key zKey, or -1. */
#define stencil_find(zKey) variant_find(stencil_variants, stencil_nvariant, sizeof(stencil_variant), (zKey))

/* Dynamic shared memory of one block of nBlock threads of a VARIANT_SHARED
** variant: a (32+4) x (nBlock/32+4) float tile. */
size_t stencil_shared_bytes(int nBlock);

/* Create a 2-D texture object (in *pTex) over the w x h floats at d_in, rows
** nPitch floats apart: pitch-linear, point sampling, clamp addressing,
** unnormalised coordinates, element read mode. A setup call, not timed;
** pair with stencil_texture_destroy(). Returns a cudaError_t as int:
** cudaErrorInvalidValue when w or h is out of range, exceeds the device's
** cudaDevAttrMaxTexture2DLinearWidth/Height, or the row pitch in bytes is
** not a multiple of cudaDevAttrTexturePitchAlignment (cudaMallocPitch
** pitches are). */
int stencil_texture_create(const float *d_in, size_t nPitch, int w, int h, unsigned long long *pTex);

/* Destroy a texture object of stencil_texture_create(); 0 is a no-op. */
int stencil_texture_destroy(unsigned long long tex);

/* Run variant iVar once on stream s with blocks of nBlock threads (a multiple
** of 32 in [32, 1024], arranged 32 x nBlock/32). d_in and d_out are device
** pointers (h rows of nPitch floats; w*h floats); tex is a texture object
** over d_in for a VARIANT_TEXTURE variant (which does not read d_in) and is
** ignored (pass 0) otherwise. Returns a cudaError_t as int:
** cudaErrorInvalidValue for a bad variant, w, h, nPitch < w, nBlock, a NULL
** pointer the variant needs or a zero texture. One kernel launch only. */
int stencil_launch(int iVar, const float *d_in, size_t nPitch, unsigned long long tex, float *d_out, int w, int h,
                   int nBlock, cudaStream_t s);

/* Bytes one launch requests (what GB/s is computed from): read = the bytes
** the threads request, STENCIL_TAPS x 4 per pixel, counting every reuse (so
** requested GB/s above DRAM bandwidth means a cache or the tile served the
** reuse); written = 4 per pixel. Both 0 for a bad variant, w or h. */
void stencil_traffic(int iVar, int w, int h, unsigned long long *pBytesRead, unsigned long long *pBytesWritten);

#ifdef __cplusplus
}
#endif
#endif
