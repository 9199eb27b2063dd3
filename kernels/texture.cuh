/*
** kernels/texture.cuh: the texture-object setup the kernel families share
** (access's 1-D linear texture, stencil's 2-D pitch-linear one, both over
** float32): unnormalised coordinates, clamped addresses, point sampling,
** elements read as stored. Setup only, never timed.
*/
#ifndef KERNELS_TEXTURE_CUH
#define KERNELS_TEXTURE_CUH

#include <string.h>

#include <cuda_runtime.h>

#include "kernels/cuda_check.cuh"

/* A texture object over the resource *pRes into *pTex; the cudaError_t (as
** int), *pTex left as it was on failure. */
static inline int texture_create(const cudaResourceDesc *pRes, unsigned long long *pTex) {
  cudaTextureDesc texDesc;
  memset(&texDesc, 0, sizeof(texDesc));
  texDesc.addressMode[0] = cudaAddressModeClamp;
  texDesc.addressMode[1] = cudaAddressModeClamp; /* a 1-D resource uses [0] only */
  texDesc.filterMode = cudaFilterModePoint;
  texDesc.readMode = cudaReadModeElementType;
  texDesc.normalizedCoords = 0;
  cudaTextureObject_t tex = 0;
  TRY(cudaCreateTextureObject(&tex, pRes, &texDesc, NULL));
  *pTex = (unsigned long long)tex;
  return (int)cudaSuccess;
}

/* Destroy a texture object from texture_create (0: nothing to do). */
static inline int texture_destroy(unsigned long long tex) {
  if (tex == 0) return (int)cudaSuccess;
  return (int)cudaDestroyTextureObject((cudaTextureObject_t)tex);
}

#endif
