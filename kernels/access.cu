/*
** kernels/access.cu: global-access-pattern kernels (seed 004 readOffset from
** "Professional CUDA C Programming" ch. 4; local and texture memory from seed
** 001). Interface and exact output rules: access.h.
**
** Variants (registry key: what it does; m = outputs, see access.h):
**   read-offset          C[i] = A[i+k] + B[i+k], i < n-k, plain loads (book's readOffset)
**   read-offset-ldg      same, const __restrict__ + __ldg (read-only / non-coherent path)
**   read-offset-tex      same, A and B fetched with tex1Dfetch<float> from linear textures
**   read-offset-unroll4  same, plain loads, 4 outputs per thread blockDim apart, tail-safe
**   write-offset         C[i+k] = A[i] + B[i], i < n-k (misaligned stores, aligned loads)
**   read-stride          C[i] = A[i*s] + B[i*s], i < ceil(n/s) (k = stride s)
**   local-dynamic        32-float per-thread array read at run-time indices: local memory
**   local-static         same float additions, compile-time indices: array in registers
**
** Naming (every family): kernel <family>_<key>_kernel, launcher
** <family>_<key> ('-' in a key is '_'), one registry line per variant.
**
** Built twice, identical source, only the load caching differs:
**   nvcc -std=c++17 -O3 -gencode arch=compute_90,code=[sm_90,compute_90] \
**        -Xcompiler -Wall,-Wextra --Werror all-warnings \
**        -Xptxas -dlcm=ca -DACCESS_DLCM=\"ca\" -I. -c kernels/access.cu -o access_ca.o
**   nvcc ... -Xptxas -dlcm=cg -DACCESS_DLCM=\"cg\" ... -o access_cg.o
** Add -Xptxas -v to see registers, stack frame and spills per kernel:
** access_local_dynamic_kernel must show a 128-byte stack frame,
** access_local_static_kernel 0 bytes.
*/
#include <stdint.h>
#include <string.h>
#include <cuda_runtime.h>

#include "kernels/access.h"
#include "kernels/cuda_check.cuh"
#include "kernels/texture.cuh"

#ifndef ACCESS_DLCM
#define ACCESS_DLCM "default"
#endif

// ----------------------------------------------------------------------------
// GPU kernels
// Index arithmetic is in size_t: i + k and i * s cannot wrap for any n the
// launcher accepts. m is always the number of outputs (>= 1).

// seed 004 readOffset: C[i] = A[i+k] + B[i+k] for i < m = n-k, plain loads
// (no __restrict__, so the compiler cannot switch them to the read-only path)
__global__ void access_read_offset_kernel(const float *A, const float *B, float *C,
                                   size_t m, size_t k) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) C[i] = A[i + k] + B[i + k];
}

// read-offset through the read-only data path (ld.global.nc)
__global__ void access_read_offset_ldg_kernel(const float *__restrict__ A,
                                       const float *__restrict__ B,
                                       float *__restrict__ C, size_t m, size_t k) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) C[i] = __ldg(A + i + k) + __ldg(B + i + k);
}

// read-offset through the texture path; i + k < n <= 2^27 fits in int
__global__ void access_read_offset_tex_kernel(cudaTextureObject_t texA,
                                       cudaTextureObject_t texB, float *C,
                                       size_t m, size_t k) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) {
    int j = (int)(i + k);
    C[i] = tex1Dfetch<float>(texA, j) + tex1Dfetch<float>(texB, j);
  }
}

// book's readOffsetUnroll4: a block covers 4*blockDim outputs, thread t does
// t, t+blockDim, t+2*blockDim, t+3*blockDim; all loads are issued before any
// store; every element is guarded, so the tail is handled (the book drops it)
__global__ void access_read_offset_unroll4_kernel(const float *A, const float *B, float *C,
                                           size_t m, size_t k) {
  size_t i0 = (size_t)blockIdx.x * blockDim.x * 4 + threadIdx.x;
  float c[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
  for (int u = 0; u < 4; u++) {
    size_t i = i0 + (size_t)u * blockDim.x;
    if (i < m) c[u] = A[i + k] + B[i + k];
  }
#pragma unroll
  for (int u = 0; u < 4; u++) {
    size_t i = i0 + (size_t)u * blockDim.x;
    if (i < m) C[i] = c[u];
  }
}

// book's writeOffset: C[i+k] = A[i] + B[i] for i < m = n-k, plain loads
__global__ void access_write_offset_kernel(const float *A, const float *B, float *C,
                                    size_t m, size_t k) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) C[i + k] = A[i] + B[i];
}

// strided reads, coalesced writes: C[i] = A[i*s] + B[i*s] for i < m = ceil(n/s)
// ((m-1)*s < n, so every read is in bounds)
__global__ void access_read_stride_kernel(const float *A, const float *B, float *C,
                                   size_t m, size_t s) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) C[i] = A[i * s] + B[i * s];
}

// 32-float per-thread array filled at compile-time indices, then read at the
// run-time indices (r + j) & 31 (r = (i*7) & 31 depends on the thread), which
// registers cannot serve: the array is placed in local memory (128-byte stack
// frame, STL/LDL). Only float adds: result bitwise equal to ref_access().
__global__ void access_local_dynamic_kernel(const float *A, float *C, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = A[i];
  float a[ACCESS_LOCAL_LEN];
#pragma unroll
  for (int j = 0; j < ACCESS_LOCAL_LEN; j++) a[j] = x + (float)j;
  unsigned r = (unsigned)(i * 7u) & 31u;
  float sum = 0.0f;
#pragma unroll
  for (unsigned j = 0; j < ACCESS_LOCAL_LEN; j++) sum += a[(r + j) & 31u];
  C[i] = sum;
}

// the same float additions in the same order as access_local_dynamic_kernel, but the
// rotation by r is moved into the values (a[j] = x + (r+j)&31) so that every
// array index is a compile-time constant after unrolling: the array stays in
// registers (0-byte stack frame, no spills)
__global__ void access_local_static_kernel(const float *A, float *C, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = A[i];
  unsigned r = (unsigned)(i * 7u) & 31u;
  float a[ACCESS_LOCAL_LEN];
#pragma unroll
  for (unsigned j = 0; j < ACCESS_LOCAL_LEN; j++) a[j] = x + (float)((r + j) & 31u);
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < ACCESS_LOCAL_LEN; j++) sum += a[j];
  C[i] = sum;
}

// ----------------------------------------------------------------------------
// launchers
// Each launches its kernel once with arguments access_launch() validated.

static void access_read_offset(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_read_offset_kernel<<<nGrid, nBlock, 0, s>>>(a->d_A, a->d_B, a->d_C, a->m, a->k);
}

static void access_read_offset_ldg(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_read_offset_ldg_kernel<<<nGrid, nBlock, 0, s>>>(a->d_A, a->d_B, a->d_C, a->m, a->k);
}

static void access_read_offset_tex(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_read_offset_tex_kernel<<<nGrid, nBlock, 0, s>>>((cudaTextureObject_t)a->texA,
                                                         (cudaTextureObject_t)a->texB, a->d_C, a->m, a->k);
}

static void access_read_offset_unroll4(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_read_offset_unroll4_kernel<<<nGrid, nBlock, 0, s>>>(a->d_A, a->d_B, a->d_C, a->m, a->k);
}

static void access_write_offset(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_write_offset_kernel<<<nGrid, nBlock, 0, s>>>(a->d_A, a->d_B, a->d_C, a->m, a->k);
}

static void access_read_stride(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_read_stride_kernel<<<nGrid, nBlock, 0, s>>>(a->d_A, a->d_B, a->d_C, a->m, a->k);
}

static void access_local_dynamic(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_local_dynamic_kernel<<<nGrid, nBlock, 0, s>>>(a->d_A, a->d_C, a->n);
}

static void access_local_static(const access_args *a, unsigned nGrid, int nBlock, cudaStream_t s) {
  access_local_static_kernel<<<nGrid, nBlock, 0, s>>>(a->d_A, a->d_C, a->n);
}

// ----------------------------------------------------------------------------
// variant registry
// One line per variant: key, description, bottleneck it removes relative to
// read-offset (the baseline), origin, flags, pattern, outputs per thread,
// launcher.
// ACCESS_VARIANT spells the launcher's name from the same token as its
// pointer (tests/unit/test_access_ref.c checks it against the key).

#define ACCESS_VARIANT(zKey, zDesc, zBottleneck, zOrigin, mFlags, ePattern, nElemPerThread, launcher) \
  { {zKey, zDesc, zBottleneck, zOrigin, mFlags, #launcher}, ePattern, nElemPerThread, launcher }

extern "C" const access_variant access_variants[] = {
  ACCESS_VARIANT("read-offset", "C[i]=A[i+k]+B[i+k], plain global loads (seed 004 readOffset)",
                 "", "seed 004", 0, ACCESS_READ_OFFSET, 1, access_read_offset),
  ACCESS_VARIANT("read-offset-ldg", "read-offset via const __restrict__ + __ldg (read-only path)",
                 "the coherent load path (read-only, non-coherent loads)", "seed 004", 0, ACCESS_READ_OFFSET, 1,
                 access_read_offset_ldg),
  ACCESS_VARIANT("read-offset-tex", "read-offset via tex1Dfetch on linear-memory texture objects",
                 "the global load path (texture cache)", "seed 001", VARIANT_TEXTURE, ACCESS_READ_OFFSET, 1,
                 access_read_offset_tex),
  ACCESS_VARIANT("read-offset-unroll4", "read-offset, 4 outputs per thread blockDim apart",
                 "too few loads in flight per thread", "seed 004", 0, ACCESS_READ_OFFSET, 4, access_read_offset_unroll4),
  ACCESS_VARIANT("write-offset", "C[i+k]=A[i]+B[i]: aligned loads, offset stores",
                 "", "seed 004", 0, ACCESS_WRITE_OFFSET, 1, access_write_offset),
  ACCESS_VARIANT("read-stride", "C[i]=A[i*s]+B[i*s], i<ceil(n/s): strided loads",
                 "", "seed 004", 0, ACCESS_READ_STRIDE, 1, access_read_stride),
  ACCESS_VARIANT("local-dynamic", "32-float per-thread array at run-time indices (local memory)",
                 "", "seed 001", 0, ACCESS_LOCAL, 1, access_local_dynamic),
  ACCESS_VARIANT("local-static", "same adds, compile-time indices (array in registers)",
                 "local-memory traffic (the array stays in registers)", "seed 001", 0, ACCESS_LOCAL, 1,
                 access_local_static),
};
extern "C" const int access_nvariant = VARIANT_COUNT(access_variants);

// the -dlcm this object was built for
extern "C" const char *access_build_dlcm(void) { return ACCESS_DLCM; }

// ----------------------------------------------------------------------------
// dispatch

// number of outputs of variant iVar for (n, k), or 0 when iVar, n or k is
// invalid for it (a valid call always has m >= 1)
static size_t access_nout(int iVar, size_t n, int k) {
  if (iVar < 0 || iVar >= access_nvariant) return 0;
  if (n < 1 || n > ACCESS_MAX_N) return 0;
  switch (access_pattern_axis(access_variants[iVar].ePattern)) {
    case ACCESS_AXIS_OFFSET:
      if (k < 0 || (size_t)k >= n) return 0;
      return n - (size_t)k;
    case ACCESS_AXIS_STRIDE:
      if (k < 1) return 0;
      return ceil_div(n, (size_t)k);
    case ACCESS_AXIS_NONE:
      return n;
  }
  return 0;
}

// texture object over n floats of linear device memory (setup, not timed)
extern "C" int access_texture_create(const float *d_buf, size_t n,
                                     unsigned long long *pTex) {
  REQUIRE(d_buf != NULL && pTex != NULL && n >= 1);
  *pTex = 0;
  int iDev = 0, nMaxWidth = 0, nAlign = 0;
  TRY(cudaGetDevice(&iDev));
  TRY(cudaDeviceGetAttribute(&nMaxWidth, cudaDevAttrMaxTexture1DLinearWidth, iDev));
  TRY(cudaDeviceGetAttribute(&nAlign, cudaDevAttrTextureAlignment, iDev));
  REQUIRE(n <= (size_t)nMaxWidth);
  REQUIRE(nAlign <= 0 || (uintptr_t)d_buf % (uintptr_t)nAlign == 0);

  cudaResourceDesc resDesc;
  memset(&resDesc, 0, sizeof(resDesc));
  resDesc.resType = cudaResourceTypeLinear;
  resDesc.res.linear.devPtr = (void *)d_buf;
  resDesc.res.linear.desc = cudaCreateChannelDesc<float>();
  resDesc.res.linear.sizeInBytes = n * sizeof(float);

  return texture_create(&resDesc, pTex);
}

// destroy a texture object from access_texture_create (0: nothing to do)
extern "C" int access_texture_destroy(unsigned long long tex) { return texture_destroy(tex); }

// validate, size the grid and launch variant iVar once on stream s
extern "C" int access_launch(int iVar, const float *d_A, const float *d_B, float *d_C,
                             size_t n, int k, unsigned long long texA,
                             unsigned long long texB, int nBlock, cudaStream_t s) {
  REQUIRE(iVar >= 0 && iVar < access_nvariant);
  REQUIRE(nBlock >= 32 && nBlock <= 1024 && nBlock % 32 == 0);
  size_t m = access_nout(iVar, n, k);  // 0 for a bad n or k
  REQUIRE(m >= 1);
  REQUIRE(d_C != NULL);
  const access_variant *pVar = &access_variants[iVar];
  if (pVar->v.mFlags & VARIANT_TEXTURE) {
    REQUIRE(texA != 0 && texB != 0);
  } else {
    REQUIRE(d_A != NULL);
    if (pVar->ePattern != ACCESS_LOCAL) REQUIRE(d_B != NULL);
  }
  size_t nGrid = ceil_div(m, (size_t)nBlock * (size_t)pVar->nElemPerThread);
  REQUIRE(nGrid >= 1 && nGrid <= 2147483647u);  // gridDim.x limit
  const access_args args = {d_A, d_B, d_C, n, m, (size_t)k, texA, texB};  // k unused by local-*
  pVar->xLaunch(&args, (unsigned)nGrid, nBlock, s);
  LAUNCH_RETURN();
}

// useful bytes read and written by one launch (see access.h)
extern "C" void access_traffic(int iVar, size_t n, int k,
                               unsigned long long *pBytesRead,
                               unsigned long long *pBytesWritten) {
  unsigned long long nRead = 0, nWritten = 0;
  size_t m = access_nout(iVar, n, k);
  if (m >= 1) {
    int nIn = access_variants[iVar].ePattern == ACCESS_LOCAL ? 1 : 2;
    nRead = (unsigned long long)nIn * m * sizeof(float);
    nWritten = (unsigned long long)m * sizeof(float);
  }
  if (pBytesRead) *pBytesRead = nRead;
  if (pBytesWritten) *pBytesWritten = nWritten;
}
