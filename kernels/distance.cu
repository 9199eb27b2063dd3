/*
** kernels/distance.cu: distance field of P points over a W x H grid (seed 000).
**
** Variants (registry key: what it does), one per memory space the points
** come from:
**   global    plain loads through a const float2 * (the seed's version A)
**   constant  __constant__ float2 array set by cudaMemcpyToSymbol (version B)
**   readonly  const float2 * __restrict__ loaded with __ldg (read-only path)
**   shared    points staged per block in blockDim-sized tiles in shared memory
**
** Naming (every family): kernel <family>_<key>_kernel, launcher
** <family>_<key> ('-' in a key is '_'), one registry line per variant.
**
** Access-pattern axis k: see kernels/distance.h (the lanes of a warp read
** min(k, P) neighbouring points per step, so only the constant variant must
** serialise; every thread still visits every point once).
** Fixed from the seed: the output is written, not accumulated into unzeroed
** memory, and the row pitch is W (not blockDim.x * gridDim.x).
**
** Build:
**   nvcc -std=c++17 -O3 -gencode arch=compute_90,code=[sm_90,compute_90] \
**        -Xcompiler -Wall,-Wextra --Werror all-warnings -I. \
**        -c kernels/distance.cu -o distance.o
** The __constant__ array fills the whole 64 KB bank: build without -rdc (each
** .cu its own module), or ptxas rejects the link of two such files.
*/
#include <stdint.h>
#include <string.h>

#include "kernels/cuda_check.cuh"
#include "kernels/distance.h"

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
// Each launches its kernel once with arguments distance_launch() validated.

static void distance_global(const distance_args *a, cudaStream_t s) {
  distance_global_kernel<<<dim3(a->gx, a->gy), dim3(a->bx, a->by), 0, s>>>(
      (const float2 *)a->d_pointsXY, a->P, a->k, a->d_out, a->W, a->H);
}

static void distance_constant(const distance_args *a, cudaStream_t s) {
  distance_constant_kernel<<<dim3(a->gx, a->gy), dim3(a->bx, a->by), 0, s>>>(a->P, a->k, a->d_out, a->W, a->H);
}

static void distance_readonly(const distance_args *a, cudaStream_t s) {
  distance_readonly_kernel<<<dim3(a->gx, a->gy), dim3(a->bx, a->by), 0, s>>>(
      (const float2 *)a->d_pointsXY, a->P, a->k, a->d_out, a->W, a->H);
}

static void distance_shared(const distance_args *a, cudaStream_t s) {
  distance_shared_kernel<<<dim3(a->gx, a->gy), dim3(a->bx, a->by), distance_shared_bytes(a->bx * a->by), s>>>(
      (const float2 *)a->d_pointsXY, a->P, a->k, a->d_out, a->W, a->H);
}

// ----------------------------------------------------------------------------
// variant registry
// One line per variant: key, description, bottleneck it removes relative to
// global (the baseline), origin, flags, launcher. DISTANCE_VARIANT spells the
// launcher's name from the same token as its pointer
// (tests/unit/test_distance_ref.c checks it against the key).

#define DISTANCE_VARIANT(zKey, zDesc, zBottleneck, zOrigin, mFlags, launcher) \
  { {zKey, zDesc, zBottleneck, zOrigin, mFlags, #launcher}, launcher }

extern "C" const distance_variant distance_variants[] = {
  DISTANCE_VARIANT("global", "points in global memory, plain loads (seed version A)",
                   "", "seed 000", 0, distance_global),
  DISTANCE_VARIANT("constant", "points in __constant__ memory via cudaMemcpyToSymbol (seed version B)",
                   "per-thread loads of warp-uniform points (one broadcast per warp)", "seed 000", VARIANT_CONSTANT,
                   distance_constant),
  DISTANCE_VARIANT("readonly", "points in global memory via const __restrict__ + __ldg (read-only cache)",
                   "the coherent load path (read-only cache)", "seed 000", 0, distance_readonly),
  DISTANCE_VARIANT("shared", "points staged per block in shared-memory tiles of blockDim points",
                   "repeated global loads of every point by every block", "seed 000", VARIANT_SHARED, distance_shared),
};
extern "C" const int distance_nvariant = VARIANT_COUNT(distance_variants);

// ----------------------------------------------------------------------------
// dispatch

extern "C" int distance_set_constant(const float *hostXY, int P) {
  REQUIRE(hostXY != NULL && P >= 1 && P <= DISTANCE_MAX_POINTS);
  TRY(cudaMemcpyToSymbol(c_points, hostXY, (size_t)P * sizeof(float2)));
  TRY(cudaDeviceSynchronize()); /* landed before a launch on a non-blocking stream reads it */
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
  const distance_variant *pVar = &distance_variants[iVar];
  if (pVar->v.mFlags & VARIANT_CONSTANT) {
    REQUIRE(P <= g_nConstPoints);
  } else {
    REQUIRE(d_pointsXY != NULL && ((uintptr_t)d_pointsXY % sizeof(float2)) == 0);
  }
  const distance_args args = {d_pointsXY, P, k, d_out, W, H, (unsigned)gx, (unsigned)gy, (unsigned)bx, (unsigned)by};
  pVar->xLaunch(&args, s);
  LAUNCH_RETURN();
}
