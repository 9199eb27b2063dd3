/*
** kernels/stencil.cu: a 5x5 box stencil read through four load paths (seed
** 001: "texture caching can exceed the global-memory bandwidth on reuse").
** Interface and the exact output rule: stencil.h.
**
** Variants (registry key: what it does):
**   global   25 taps per pixel with plain global loads (no __restrict__)
**   ldg      same, const __restrict__ + __ldg (read-only / non-coherent path)
**   tex      same, tex2D<float> on a pitch-linear 2-D texture, point sampling,
**            clamp addressing (the texture unit clamps the border)
**   shared   a (32+4) x (by+4) tile staged in shared memory, then 25 taps from it
**
** Naming (every family): kernel stencil_<key>_kernel, launcher
** stencil_<key>, one registry line per variant.
**
**   nvcc -std=c++17 -O3 -gencode arch=compute_90,code=[sm_90,compute_90] \
**        -I. -c kernels/stencil.cu -o stencil.o
*/
#include <stdint.h>
#include <string.h>

#include <cuda_runtime.h>

#include "kernels/stencil.h"
#include "kernels/cuda_check.cuh"
#include "kernels/texture.cuh"

// ----------------------------------------------------------------------------
// GPU kernels
// Every variant adds the 25 taps row by row (dy, then dx, from -R) from 0.0f
// and divides once by 25.0f: the same float operations as ref_stencil().

static __device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

// plain global loads
__global__ void stencil_global_kernel(const float *in, size_t nPitch, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float sum = 0.0f;
  for (int dy = -STENCIL_R; dy <= STENCIL_R; dy++) {
    const float *row = in + (size_t)clampi(y + dy, 0, h - 1) * nPitch;
    for (int dx = -STENCIL_R; dx <= STENCIL_R; dx++) sum += row[clampi(x + dx, 0, w - 1)];
  }
  out[(size_t)y * w + x] = sum / 25.0f;
}

// the read-only data path (ld.global.nc)
__global__ void stencil_ldg_kernel(const float *__restrict__ in, size_t nPitch, float *__restrict__ out, int w,
                                   int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float sum = 0.0f;
  for (int dy = -STENCIL_R; dy <= STENCIL_R; dy++) {
    const float *row = in + (size_t)clampi(y + dy, 0, h - 1) * nPitch;
    for (int dx = -STENCIL_R; dx <= STENCIL_R; dx++) sum += __ldg(row + clampi(x + dx, 0, w - 1));
  }
  out[(size_t)y * w + x] = sum / 25.0f;
}

// the texture path: texel (x, y) is sampled at (x + 0.5, y + 0.5); clamp
// addressing returns the border texel for coordinates outside the image
__global__ void stencil_tex_kernel(cudaTextureObject_t tex, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float sum = 0.0f;
  for (int dy = -STENCIL_R; dy <= STENCIL_R; dy++)
    for (int dx = -STENCIL_R; dx <= STENCIL_R; dx++)
      sum += tex2D<float>(tex, (float)(x + dx) + 0.5f, (float)(y + dy) + 0.5f);
  out[(size_t)y * w + x] = sum / 25.0f;
}

// a (32+2R) x (by+2R) tile of clamped input in shared memory, loaded by the
// whole block (threads outside the image load too and pass the barrier)
__global__ void stencil_shared_kernel(const float *in, size_t nPitch, float *out, int w, int h) {
  extern __shared__ float tile[];
  const int nTw = blockDim.x + 2 * STENCIL_R, nTh = blockDim.y + 2 * STENCIL_R;
  const int x0 = blockIdx.x * blockDim.x, y0 = blockIdx.y * blockDim.y;
  for (int j = threadIdx.y; j < nTh; j += blockDim.y) {
    const float *row = in + (size_t)clampi(y0 + j - STENCIL_R, 0, h - 1) * nPitch;
    for (int i = threadIdx.x; i < nTw; i += blockDim.x) tile[j * nTw + i] = row[clampi(x0 + i - STENCIL_R, 0, w - 1)];
  }
  __syncthreads();
  int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
  if (x >= w || y >= h) return;
  float sum = 0.0f;
  for (int dy = -STENCIL_R; dy <= STENCIL_R; dy++)
    for (int dx = -STENCIL_R; dx <= STENCIL_R; dx++)
      sum += tile[(threadIdx.y + STENCIL_R + dy) * nTw + threadIdx.x + STENCIL_R + dx];
  out[(size_t)y * w + x] = sum / 25.0f;
}

// ----------------------------------------------------------------------------
// launchers
// Each launches its kernel once with arguments stencil_launch() validated.

static void stencil_global(const stencil_args *a, dim3 grid, dim3 block, cudaStream_t s) {
  stencil_global_kernel<<<grid, block, 0, s>>>(a->d_in, a->nPitch, a->d_out, a->w, a->h);
}
static void stencil_ldg(const stencil_args *a, dim3 grid, dim3 block, cudaStream_t s) {
  stencil_ldg_kernel<<<grid, block, 0, s>>>(a->d_in, a->nPitch, a->d_out, a->w, a->h);
}
static void stencil_tex(const stencil_args *a, dim3 grid, dim3 block, cudaStream_t s) {
  stencil_tex_kernel<<<grid, block, 0, s>>>((cudaTextureObject_t)a->tex, a->d_out, a->w, a->h);
}
static void stencil_shared(const stencil_args *a, dim3 grid, dim3 block, cudaStream_t s) {
  stencil_shared_kernel<<<grid, block, stencil_shared_bytes((int)(block.x * block.y)), s>>>(a->d_in, a->nPitch,
                                                                                           a->d_out, a->w, a->h);
}

// ----------------------------------------------------------------------------
// variant registry
// One line per variant: key, description, bottleneck it removes relative to
// global (the baseline), origin, flags, launcher.
#define STENCIL_VARIANT(zKey, zDesc, zBottleneck, zOrigin, mFlags, launcher) \
  { {zKey, zDesc, zBottleneck, zOrigin, mFlags, #launcher}, launcher }

extern "C" const stencil_variant stencil_variants[] = {
  STENCIL_VARIANT("global", "5x5 box stencil, 25 taps with plain global loads", "", "seed 001", 0, stencil_global),
  STENCIL_VARIANT("ldg", "same, const __restrict__ + __ldg (read-only path)",
                  "the coherent load path (read-only, non-coherent loads)", "seed 001", 0, stencil_ldg),
  STENCIL_VARIANT("tex", "same, tex2D on a pitch-linear texture, point sampling, clamp addressing",
                  "the global load path (texture cache, border clamp in hardware)", "seed 001", VARIANT_TEXTURE,
                  stencil_tex),
  STENCIL_VARIANT("shared", "same, taps from a shared-memory tile of the block's input",
                  "reuse left to a cache (the program stages it)", "reference", VARIANT_SHARED, stencil_shared),
};
extern "C" const int stencil_nvariant = VARIANT_COUNT(stencil_variants);

// ----------------------------------------------------------------------------
// dispatch

extern "C" size_t stencil_shared_bytes(int nBlock) {
  if (nBlock < 32) return 0;
  return (size_t)(32 + 2 * STENCIL_R) * (size_t)(nBlock / 32 + 2 * STENCIL_R) * sizeof(float);
}

// 2-D pitch-linear texture over the input (setup, not timed)
extern "C" int stencil_texture_create(const float *d_in, size_t nPitch, int w, int h, unsigned long long *pTex) {
  REQUIRE(d_in != NULL && pTex != NULL);
  *pTex = 0;
  REQUIRE(w >= 1 && h >= 1 && w <= STENCIL_MAX_DIM && h <= STENCIL_MAX_DIM && nPitch >= (size_t)w);
  int iDev = 0, nMaxW = 0, nMaxH = 0, nAlign = 0;
  TRY(cudaGetDevice(&iDev));
  TRY(cudaDeviceGetAttribute(&nMaxW, cudaDevAttrMaxTexture2DLinearWidth, iDev));
  TRY(cudaDeviceGetAttribute(&nMaxH, cudaDevAttrMaxTexture2DLinearHeight, iDev));
  TRY(cudaDeviceGetAttribute(&nAlign, cudaDevAttrTexturePitchAlignment, iDev));
  REQUIRE(w <= nMaxW && h <= nMaxH);
  REQUIRE(nAlign <= 0 || (nPitch * sizeof(float)) % (size_t)nAlign == 0);
  cudaResourceDesc resDesc;
  memset(&resDesc, 0, sizeof(resDesc));
  resDesc.resType = cudaResourceTypePitch2D;
  resDesc.res.pitch2D.devPtr = (void *)d_in;
  resDesc.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  resDesc.res.pitch2D.width = (size_t)w;
  resDesc.res.pitch2D.height = (size_t)h;
  resDesc.res.pitch2D.pitchInBytes = nPitch * sizeof(float);
  return texture_create(&resDesc, pTex);
}

extern "C" int stencil_texture_destroy(unsigned long long tex) { return texture_destroy(tex); }

// validate, size the grid and launch variant iVar once on stream s
extern "C" int stencil_launch(int iVar, const float *d_in, size_t nPitch, unsigned long long tex, float *d_out, int w,
                              int h, int nBlock, cudaStream_t s) {
  REQUIRE(iVar >= 0 && iVar < stencil_nvariant);
  REQUIRE(nBlock >= 32 && nBlock <= 1024 && nBlock % 32 == 0);
  REQUIRE(w >= 1 && h >= 1 && w <= STENCIL_MAX_DIM && h <= STENCIL_MAX_DIM && nPitch >= (size_t)w);
  REQUIRE(d_out != NULL);
  const stencil_variant *pVar = &stencil_variants[iVar];
  if (pVar->v.mFlags & VARIANT_TEXTURE)
    REQUIRE(tex != 0);
  else
    REQUIRE(d_in != NULL);
  dim3 block(32, (unsigned)(nBlock / 32));
  dim3 grid((unsigned)ceil_div((size_t)w, 32), (unsigned)ceil_div((size_t)h, block.y));
  const stencil_args args = {d_in, nPitch, tex, d_out, w, h};
  pVar->xLaunch(&args, grid, block, s);
  LAUNCH_RETURN();
}

// requested bytes of one launch (see stencil.h)
extern "C" void stencil_traffic(int iVar, int w, int h, unsigned long long *pBytesRead,
                                unsigned long long *pBytesWritten) {
  unsigned long long nRead = 0, nWritten = 0;
  if (iVar >= 0 && iVar < stencil_nvariant && w >= 1 && h >= 1 && w <= STENCIL_MAX_DIM && h <= STENCIL_MAX_DIM) {
    unsigned long long nPix = (unsigned long long)w * (unsigned long long)h;
    nRead = (unsigned long long)STENCIL_TAPS * sizeof(float) * nPix;
    nWritten = sizeof(float) * nPix;
  }
  if (pBytesRead) *pBytesRead = nRead;
  if (pBytesWritten) *pBytesWritten = nWritten;
}
