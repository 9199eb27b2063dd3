/*
** kernels/distance.cu: distance field of P points over a W x H grid (seed 000).
**
** Variants (registry keys), one per memory space the points come from:
**   global   - plain loads through a const float2 * (the seed's version A)
**   constant - __constant__ float2 array set by cudaMemcpyToSymbol (version B)
**   readonly - const float2 * __restrict__ loaded with __ldg (read-only path)
**   shared   - points staged per block in blockDim-sized tiles in shared memory
**
** Access-pattern axis k: see kernels/distance.h (the lanes of a warp read
** min(k, P) neighbouring points per step, so only the constant variant must
** serialise; every thread still visits every point once).
** Fixed from the seed: the output is written, not accumulated into unzeroed
** memory, and the row pitch is W (not blockDim.x * gridDim.x).
**
** Build:
**   nvcc -std=c++17 -O3 -gencode arch=compute_90,code=[sm_90,compute_90] \
**        -Xcompiler -Wall,-Wextra --Werror all-warnings -Ikernels \
**        -c kernels/distance.cu -o distance.o
** The __constant__ array fills the whole 64 KB bank: build without -rdc (each
** .cu its own module), or ptxas rejects the link of two such files.
*/
#include <string.h>
#include <stdint.h>
#include "cuda_check.cuh"
#include "distance.h"

// ----------------------------------------------------------------------------
// GPU kernels

// The points of the "constant" variant, and how many the host last set.
__constant__ float2 c_points[DISTANCE_MAX_POINTS];
static int g_nConstPoints = 0;

// Grid coordinate in [0,5): x * 5.0f / n, explicitly rounded (matches the C
// reference bit for bit, even under -use_fast_math).
__device__ __forceinline__ float grid_coord(int x, int n) {
  return __fdiv_rn(__fmul_rn((float)x, 5.0f), (float)n);
}

// Squared distance from (fx, fy) to point p (the seed's vec::distance).
__device__ __forceinline__ float dist2(float2 p, float fx, float fy) {
  float dx = fx - p.x;
  float dy = fy - p.y;
  return dx * dx + dy * dy;
}

// First point of lane iLane for pattern k over n points: (l % k) mod n. The
// k distinct offsets of a warp (min(k, n) when k > n) are neighbouring points.
__device__ __forceinline__ int pattern_offset(int iLane, int k, int n) {
  return (iLane % k) % n;
}

// Lane of this thread in its warp (linear thread index in the block % 32).
__device__ __forceinline__ int lane_id(void) {
  return (int)((threadIdx.y * blockDim.x + threadIdx.x) % 32u);
}

// Sum dist2 over the n points read through the loader ld(i), step j reading
// point (j + o) mod n. One loop of n steps with a compare-and-select wrap
// (no modulo, no divergent trip counts), so at every step the whole warp
// issues one load with exactly its min(k, n) distinct addresses.
template <class Loader>
__device__ __forceinline__ float sum_rotated(Loader ld, int n, int o, float fx, float fy) {
  float acc = 0.0f;
  int i = o;
  for (int j = 0; j < n; j++) {
    acc += dist2(ld(i), fx, fy);
    i = i + 1 == n ? 0 : i + 1;
  }
  return acc;
}

// Points read with ordinary global loads.
__global__ void distance_global_kernel(const float2 *pts, int P, int k, float *out, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;  // no barriers in this kernel
  float fx = grid_coord(x, W), fy = grid_coord(y, H);
  int o = pattern_offset(lane_id(), k, P);
  out[(size_t)y * W + x] = sum_rotated([=](int i) { return pts[i]; }, P, o, fx, fy);
}

// Points read from the __constant__ array (uniform address = one broadcast).
__global__ void distance_constant_kernel(int P, int k, float *out, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  float fx = grid_coord(x, W), fy = grid_coord(y, H);
  int o = pattern_offset(lane_id(), k, P);
  out[(size_t)y * W + x] = sum_rotated([](int i) { return c_points[i]; }, P, o, fx, fy);
}

// Points read through the read-only data cache (LDG.E.CONSTANT via __ldg).
__global__ void distance_readonly_kernel(const float2 *__restrict__ pts, int P, int k,
                                         float *__restrict__ out, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  float fx = grid_coord(x, W), fy = grid_coord(y, H);
  int o = pattern_offset(lane_id(), k, P);
  out[(size_t)y * W + x] = sum_rotated([=](int i) { return __ldg(pts + i); }, P, o, fx, fy);
}

// Points staged in tiles of blockDim.x*blockDim.y through shared memory (one
// coalesced load per thread per tile); the k pattern applies inside a tile.
// Out-of-range threads still load their point and reach every barrier.
__global__ void distance_shared_kernel(const float2 *pts, int P, int k, float *out, int W, int H) {
  extern __shared__ float2 sh_points[];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int tid = (int)(threadIdx.y * blockDim.x + threadIdx.x);
  int nThreads = (int)(blockDim.x * blockDim.y);
  bool bInside = x < W && y < H;
  float fx = grid_coord(x, W), fy = grid_coord(y, H);
  int iLane = tid % 32;
  float acc = 0.0f;
  for (int base = 0; base < P; base += nThreads) {
    int n = min(nThreads, P - base);
    if (tid < n) sh_points[tid] = pts[base + tid];
    __syncthreads();
    if (bInside) {
      acc += sum_rotated([](int i) { return sh_points[i]; }, n, pattern_offset(iLane, k, n), fx, fy);
    }
    __syncthreads();  // the tile is overwritten next round
  }
  if (bInside) out[(size_t)y * W + x] = acc;
}

// ----------------------------------------------------------------------------
// launchers

// Variant indices, in the order of distance_variants[].
enum { VAR_GLOBAL = 0, VAR_CONSTANT = 1, VAR_READONLY = 2, VAR_SHARED = 3 };

extern "C" int distance_set_constant(const float *hostXY, int P) {
  REQUIRE(hostXY != NULL && P >= 1 && P <= DISTANCE_MAX_POINTS);
  TRY(cudaMemcpyToSymbol(c_points, hostXY, (size_t)P * sizeof(float2)));
  g_nConstPoints = P;
  return (int)cudaSuccess;
}

extern "C" int distance_launch(int iVar, const float *d_pointsXY, int P, int k, float *d_out,
                               int W, int H, int bx, int by, cudaStream_t s) {
  REQUIRE(iVar >= 0 && iVar < distance_nvariant);
  REQUIRE(P >= 1 && P <= DISTANCE_MAX_POINTS);
  REQUIRE(k >= 1 && k <= 32 && (k & (k - 1)) == 0);
  REQUIRE(d_out != NULL && W >= 1 && H >= 1);
  REQUIRE(bx >= 1 && by >= 1 && bx <= 1024 && by <= 1024 && bx * by <= 1024);
  size_t gx = ceil_div((size_t)W, (size_t)bx), gy = ceil_div((size_t)H, (size_t)by);
  REQUIRE(gy <= 65535);
  if (iVar == VAR_CONSTANT) {
    REQUIRE(P <= g_nConstPoints);
  } else {
    REQUIRE(d_pointsXY != NULL && ((uintptr_t)d_pointsXY % sizeof(float2)) == 0);
  }
  const float2 *d_pts = (const float2 *)d_pointsXY;
  dim3 grid((unsigned)gx, (unsigned)gy), block((unsigned)bx, (unsigned)by);
  switch (iVar) {
    case VAR_GLOBAL:
      distance_global_kernel<<<grid, block, 0, s>>>(d_pts, P, k, d_out, W, H);
      break;
    case VAR_CONSTANT:
      distance_constant_kernel<<<grid, block, 0, s>>>(P, k, d_out, W, H);
      break;
    case VAR_READONLY:
      distance_readonly_kernel<<<grid, block, 0, s>>>(d_pts, P, k, d_out, W, H);
      break;
    case VAR_SHARED:
      distance_shared_kernel<<<grid, block, (size_t)bx * by * sizeof(float2), s>>>(d_pts, P, k, d_out, W, H);
      break;
  }
  LAUNCH_RETURN();
}

// ----------------------------------------------------------------------------
// registry

extern "C" const distance_variant distance_variants[] = {
  {"global",   "points in global memory, plain loads (seed version A)"},
  {"constant", "points in __constant__ memory via cudaMemcpyToSymbol (seed version B)"},
  {"readonly", "points in global memory via const __restrict__ + __ldg (read-only cache)"},
  {"shared",   "points staged per block in shared-memory tiles of blockDim points"},
};
extern "C" const int distance_nvariant = (int)(sizeof(distance_variants) / sizeof(distance_variants[0]));

// ----------------------------------------------------------------------------
// dispatch

extern "C" int distance_find(const char *zKey) {
  if (zKey == NULL) return -1;
  for (int i = 0; i < distance_nvariant; i++) {
    if (strcmp(distance_variants[i].zKey, zKey) == 0) return i;
  }
  return -1;
}
