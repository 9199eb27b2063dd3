/*
** kernels/reduce.cu: parallel reduction (sum) of int32 or float32, the ladder
** of seed 003 ("Professional CUDA C Programming" ch. 3) with the seed's bugs
** fixed, then modern steps and CUB. Interface: reduce.h.
**
** Variants (registry key: what it does), in registry (= ladder) order:
**   neighbored                  in place in global memory, pairs tid % (2*stride) (seed step 2)
**   neighbored-less-divergence  in place, remapped index 2*stride*tid (step 3)
**   interleaved                 in place, stride halves from blockDim/2 (step 4)
**   unroll2                     fold 2 data blocks per thread block, then interleaved (step 5)
**   unroll4                     fold 4 data blocks per thread block, then interleaved (step 5)
**   unroll8                     fold 8 data blocks per thread block, then interleaved (step 5)
**   unroll-warps8               unroll8 + last warp unrolled, volatile + __syncwarp (step 6)
**   complete-unroll-warps8      unroll8 + in-block loop fully unrolled (step 7)
**   complete-unroll-template    step 7 with the block size a template parameter
**   warp-shuffle                grid-stride register sum (one scalar load a thread a step:
**                               no longer unroll8's 8 in flight) + __shfl_down_sync block reduce
**   vectorized                  warp-shuffle with 16-byte loads, 4 in flight, occupancy grid
**   single-pass                 vectorized + "last block done" counter: one launch in all
**   inflight, tma-bulk, one-launch, one-launch-det: see kernels/reduce_top.cuh
**   small-n                     one launch, a 16-byte load per thread, int32 count + sum in
**                               one 64-bit atomic per block; where n fits one block's loads
**                               a single block and no combine (kernels/reduce_top.cuh)
**   no-combine                  small-n's loads and block sums, nothing combined: a bound,
**                               not a ladder step (VARIANT_BOUND; kernels/reduce_top.cuh)
**   cub                         cub::DeviceReduce::Sum with a size_t count: CUB's 64-bit offsets
**   cub32                       cub::DeviceReduce::Sum with an int count: CUB's 32-bit offsets,
**                               so n <= INT32_MAX only (VARIANT_OFFSET32); CUB at its best
**                               wherever n fits (issue 47)
**
** Every variant but single-pass and the two CUBs writes one partial per block into the
** workspace; the common finishing stage (finish_launch: one block, preceded by
** a grid-stride pass when there are more than 16384 partials) then writes
** *d_out. (no-combine stops at the partials: it never writes *d_out.)
**
** Naming (every family): kernel <family>_<key>_kernel, launcher
** <family>_<key> ('-' in a key is '_'), one registry line per variant.
** Adding a variant = its kernel, its launcher, a line above and a line in the
** registry (+ a matrix entry if it needs special axes): the matrix's lines for
** every variant select by the registry's flags (experiments/reduce/reduce.matrix).
**
** Compile:
**   nvcc -std=c++17 -O3 -gencode arch=compute_90,code=[sm_90,compute_90] -I. -c kernels/reduce.cu -o reduce.o
*/
#include <stdint.h>
#include <type_traits>
#include <cub/device/device_reduce.cuh>

#include "kernels/cuda_check.cuh"
#include "kernels/reduce.h"

/* Longest sequential chain of additions one thread performs over elements
** (grid-stride loops) or partials (finisher); ref_reduce_f32_tolerance()
** relies on it. */
#define REDUCE_CHAIN_MAX 2048

/* Threads of the single-block finishing kernel. */
#define REDUCE_FINISH_BLOCK 1024

/* Bytes reserved at the start of the single-pass workspace for its counter. */
#define REDUCE_COUNTER_BYTES 16

// ----------------------------------------------------------------------------
// GPU kernels

/* 16-byte vector type of T for the vectorized loads. */
template <typename T> struct vec4_of;
template <> struct vec4_of<int> { typedef int4 type; };
template <> struct vec4_of<float> { typedef float4 type; };

/* Sum of v over the 32 lanes of a full warp, valid in lane 0. */
template <typename T>
__device__ T warp_sum(T v) {
  for (int iOff = 16; iOff > 0; iOff >>= 1) v += __shfl_down_sync(0xffffffffu, v, iOff);
  return v;
}

/* Sum of v over the block (blockDim.x a multiple of 32), valid in thread 0.
** All threads must call it; a second call needs a __syncthreads() between. */
template <typename T>
__device__ T block_sum(T v) {
  __shared__ T s_aWarp[32];
  const unsigned iLane = threadIdx.x & 31u, iWarp = threadIdx.x >> 5;
  v = warp_sum(v);
  if (iLane == 0) s_aWarp[iWarp] = v;
  __syncthreads();
  if (iWarp == 0) v = warp_sum(iLane < (blockDim.x >> 5) ? s_aWarp[iLane] : T(0));
  return v;
}

/* This thread's share of pX[0..n) strided by the block, summed in runs of at
** most REDUCE_CHAIN_MAX so no chain of additions exceeds that (used by the
** single block that adds partials). Loads go to L2 (__ldcg): the partials were
** written by other blocks. */
template <typename T>
__device__ T thread_sum_partials(const T *pX, size_t n) {
  const size_t nRun = (size_t)blockDim.x * REDUCE_CHAIN_MAX;
  T acc = 0;
  for (size_t i0 = 0; i0 < n; i0 += nRun) {
    const size_t iEnd = n - i0 < nRun ? n : i0 + nRun;
    T run = 0;
    for (size_t i = i0 + threadIdx.x; i < iEnd; i += blockDim.x) run += __ldcg(pX + i);
    acc += run;
  }
  return acc;
}

/* This thread's grid-stride share of d_in[0..n) with 16-byte loads over the
** 16-byte-aligned body; the scalar head (before the first aligned address)
** and tail (after the last whole vector) go to the first threads of the grid. */
template <typename T>
__device__ T thread_sum_vec4(const T *d_in, size_t n) {
  typedef typename vec4_of<T>::type V;
  const size_t iGlobal = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  const size_t nStride = (size_t)gridDim.x * blockDim.x;
  size_t nHead = ((16u - ((uintptr_t)d_in & 15u)) & 15u) / sizeof(T);
  if (nHead > n) nHead = n;
  const size_t nVec = (n - nHead) / 4;
  const size_t iTail = nHead + 4 * nVec;
  const V *pV = (const V *)(d_in + nHead);
  T acc = 0;
  size_t i = iGlobal;
  /* Four independent 16-byte loads in flight per thread, then the rest. */
  for (; i + 3 * nStride < nVec; i += 4 * nStride) {
    const V a = pV[i], b = pV[i + nStride], c = pV[i + 2 * nStride], d = pV[i + 3 * nStride];
    acc += ((a.x + a.y) + (a.z + a.w)) + ((b.x + b.y) + (b.z + b.w));
    acc += ((c.x + c.y) + (c.z + c.w)) + ((d.x + d.y) + (d.z + d.w));
  }
  for (; i < nVec; i += nStride) {
    const V v = pV[i];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  if (iGlobal < nHead) acc += d_in[iGlobal];
  if (iTail + iGlobal < n) acc += d_in[iTail + iGlobal];
  return acc;
}

/* Sum of U data blocks of this thread's column: d_in[idx + k*nBlock], k < U,
** elements at or past n count as 0 (the seed skipped the whole column). */
template <int U, typename T>
__device__ T fold_blocks(const T *d_in, size_t idx, size_t n, unsigned nBlock) {
  T sum = 0;
#pragma unroll
  for (int k = 0; k < U; k++)
    if (idx + (size_t)k * nBlock < n) sum += d_in[idx + (size_t)k * nBlock];
  return sum;
}

/* Interleaved in-place tree over pData[0..m), strides kFirst, kFirst/2, ...
** down to and including kLast; all threads reach every barrier. Before a
** stride s the live slots are [0, min(2s, m)), so the guard tid + s < m never
** touches a slot at or past m. */
template <typename T>
__device__ void tree_interleaved(T *pData, unsigned tid, unsigned m, unsigned kFirst,
                                 unsigned kLast) {
  for (unsigned stride = kFirst; stride >= kLast; stride >>= 1) {
    if (tid < stride && tid + stride < m) pData[tid] += pData[tid + stride];
    __syncthreads();
  }
}

/* The seed's unrolled last warp over live slots [0, min(64, m)), called by the
** 32 threads of warp 0. Fixed for independent thread scheduling: at step s
** only lanes tid < s add, so no lane reads a slot another lane writes in the
** same step, and __syncwarp() orders the steps. */
template <typename T>
__device__ void warp_tail_inplace(volatile T *vmem, unsigned tid, unsigned m) {
  if (tid + 32 < m) vmem[tid] += vmem[tid + 32];
  __syncwarp();
  if (tid < 16 && tid + 16 < m) vmem[tid] += vmem[tid + 16];
  __syncwarp();
  if (tid < 8 && tid + 8 < m) vmem[tid] += vmem[tid + 8];
  __syncwarp();
  if (tid < 4 && tid + 4 < m) vmem[tid] += vmem[tid + 4];
  __syncwarp();
  if (tid < 2 && tid + 2 < m) vmem[tid] += vmem[tid + 2];
  __syncwarp();
  if (tid < 1 && tid + 1 < m) vmem[tid] += vmem[tid + 1];
}

/* Live slots of a block whose chunk starts at iBase: min(nBlock, n - iBase). */
__device__ inline unsigned live_slots(size_t n, size_t iBase, unsigned nBlock) {
  return n - iBase < nBlock ? (unsigned)(n - iBase) : nBlock;
}

/* Step 2: neighbored pairs in place, active threads tid % (2*stride) == 0. */
template <typename T>
__global__ void reduce_neighbored_kernel(T *d_in, size_t n, T *d_part) {
  const unsigned tid = threadIdx.x;
  const size_t iBase = (size_t)blockIdx.x * blockDim.x;
  const unsigned m = live_slots(n, iBase, blockDim.x);
  T *pData = d_in + iBase;
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if ((tid % (2 * stride)) == 0 && tid + stride < m) pData[tid] += pData[tid + stride];
    __syncthreads();
  }
  if (tid == 0) d_part[blockIdx.x] = pData[0];
}

/* Step 3: neighbored pairs in place with index = 2*stride*tid, so the active
** threads are the first ones of the block (index + stride < m implies the
** seed's index < blockDim.x). */
template <typename T>
__global__ void reduce_neighbored_less_divergence_kernel(T *d_in, size_t n, T *d_part) {
  const unsigned tid = threadIdx.x;
  const size_t iBase = (size_t)blockIdx.x * blockDim.x;
  const unsigned m = live_slots(n, iBase, blockDim.x);
  T *pData = d_in + iBase;
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    const unsigned index = 2 * stride * tid;
    if (index + stride < m) pData[index] += pData[index + stride];
    __syncthreads();
  }
  if (tid == 0) d_part[blockIdx.x] = pData[0];
}

/* Step 4: interleaved pairs in place, stride halving from blockDim/2. */
template <typename T>
__global__ void reduce_interleaved_kernel(T *d_in, size_t n, T *d_part) {
  const size_t iBase = (size_t)blockIdx.x * blockDim.x;
  T *pData = d_in + iBase;
  tree_interleaved(pData, threadIdx.x, live_slots(n, iBase, blockDim.x), blockDim.x / 2, 1);
  if (threadIdx.x == 0) d_part[blockIdx.x] = pData[0];
}

/* Step 5: fold U data blocks into the first, then the interleaved tree. */
template <int U, typename T>
__global__ void reduce_unroll_kernel(T *d_in, size_t n, T *d_part) {
  const unsigned tid = threadIdx.x;
  const size_t iBase = (size_t)blockIdx.x * blockDim.x * U;
  const unsigned m = live_slots(n, iBase, blockDim.x);
  T *pData = d_in + iBase;
  const T sum = fold_blocks<U>(d_in, iBase + tid, n, blockDim.x);
  if (tid < m) pData[tid] = sum;
  __syncthreads();
  tree_interleaved(pData, tid, m, blockDim.x / 2, 1);
  if (tid == 0) d_part[blockIdx.x] = pData[0];
}

/* Step 6: unroll8, the tree stops at stride 64, warp 0 finishes unrolled. */
template <typename T>
__global__ void reduce_unroll_warps8_kernel(T *d_in, size_t n, T *d_part) {
  const unsigned tid = threadIdx.x;
  const size_t iBase = (size_t)blockIdx.x * blockDim.x * 8;
  const unsigned m = live_slots(n, iBase, blockDim.x);
  T *pData = d_in + iBase;
  const T sum = fold_blocks<8>(d_in, iBase + tid, n, blockDim.x);
  if (tid < m) pData[tid] = sum;
  __syncthreads();
  tree_interleaved(pData, tid, m, blockDim.x / 2, 64);
  if (tid < 32) warp_tail_inplace<T>(pData, tid, m);
  if (tid == 0) d_part[blockIdx.x] = pData[0];
}

/* Step 7: unroll8 with the in-block loop written out for blockDim <= 1024. */
template <typename T>
__global__ void reduce_complete_unroll_warps8_kernel(T *d_in, size_t n, T *d_part) {
  const unsigned tid = threadIdx.x, nBlock = blockDim.x;
  const size_t iBase = (size_t)blockIdx.x * nBlock * 8;
  const unsigned m = live_slots(n, iBase, nBlock);
  T *pData = d_in + iBase;
  const T sum = fold_blocks<8>(d_in, iBase + tid, n, nBlock);
  if (tid < m) pData[tid] = sum;
  __syncthreads();
  if (nBlock >= 1024 && tid < 512 && tid + 512 < m) pData[tid] += pData[tid + 512];
  __syncthreads();
  if (nBlock >= 512 && tid < 256 && tid + 256 < m) pData[tid] += pData[tid + 256];
  __syncthreads();
  if (nBlock >= 256 && tid < 128 && tid + 128 < m) pData[tid] += pData[tid + 128];
  __syncthreads();
  if (nBlock >= 128 && tid < 64 && tid + 64 < m) pData[tid] += pData[tid + 64];
  __syncthreads();
  if (tid < 32) warp_tail_inplace<T>(pData, tid, m);
  if (tid == 0) d_part[blockIdx.x] = pData[0];
}

/* Step 7, the book's template version: kBlock (== blockDim.x) is a compile
** time constant, so the untaken steps vanish. */
template <unsigned kBlock, typename T>
__global__ void __launch_bounds__(kBlock) reduce_complete_unroll_template_kernel(T *d_in, size_t n,
                                                                             T *d_part) {
  const unsigned tid = threadIdx.x;
  const size_t iBase = (size_t)blockIdx.x * kBlock * 8;
  const unsigned m = live_slots(n, iBase, kBlock);
  T *pData = d_in + iBase;
  const T sum = fold_blocks<8>(d_in, iBase + tid, n, kBlock);
  if (tid < m) pData[tid] = sum;
  __syncthreads();
  if (kBlock >= 1024 && tid < 512 && tid + 512 < m) pData[tid] += pData[tid + 512];
  __syncthreads();
  if (kBlock >= 512 && tid < 256 && tid + 256 < m) pData[tid] += pData[tid + 256];
  __syncthreads();
  if (kBlock >= 256 && tid < 128 && tid + 128 < m) pData[tid] += pData[tid + 128];
  __syncthreads();
  if (kBlock >= 128 && tid < 64 && tid + 64 < m) pData[tid] += pData[tid + 64];
  __syncthreads();
  if (tid < 32) warp_tail_inplace<T>(pData, tid, m);
  if (tid == 0) d_part[blockIdx.x] = pData[0];
}

/* Grid-stride scalar loads into a register, warp-shuffle block reduce, one
** partial per block. d_in is only read. */
template <typename T>
__global__ void reduce_warp_shuffle_kernel(const T *d_in, size_t n, T *d_part) {
  const size_t nStride = (size_t)gridDim.x * blockDim.x;
  T acc = 0;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += nStride) acc += d_in[i];
  acc = block_sum(acc);
  if (threadIdx.x == 0) d_part[blockIdx.x] = acc;
}

/* warp-shuffle with 16-byte loads. */
template <typename T>
__global__ void reduce_vectorized_kernel(const T *d_in, size_t n, T *d_part) {
  const T acc = block_sum(thread_sum_vec4(d_in, n));
  if (threadIdx.x == 0) d_part[blockIdx.x] = acc;
}

/* vectorized, then the last block to finish (counted by atomicAdd on
** *d_count after a __threadfence()) adds all partials into *d_out and resets
** *d_count to 0 for the next launch. */
template <typename T>
__global__ void reduce_single_pass_kernel(const T *d_in, size_t n, T *d_part,
                                          unsigned *d_count, T *d_out) {
  __shared__ bool s_bLast;
  const T acc = block_sum(thread_sum_vec4(d_in, n));
  if (threadIdx.x == 0) {
    d_part[blockIdx.x] = acc;
    __threadfence();
    s_bLast = atomicAdd(d_count, 1u) == gridDim.x - 1;
    __threadfence();
  }
  __syncthreads();
  if (!s_bLast) return;
  const T total = block_sum(thread_sum_partials(d_part, gridDim.x));
  if (threadIdx.x == 0) {
    *d_out = total;
    *d_count = 0;
  }
}

/* Common last step: one block adds the nPart partials into *d_out. */
template <typename T>
__global__ void __launch_bounds__(REDUCE_FINISH_BLOCK)
    reduce_finish_kernel(const T *d_part, size_t nPart, T *d_out) {
  const T total = block_sum(thread_sum_partials(d_part, nPart));
  if (threadIdx.x == 0) *d_out = total;
}

// ----------------------------------------------------------------------------
// kernel launchers
//
// Every launcher reduce_<key>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s)
// works like CUB: with d_ws == NULL it only stores the workspace bytes it
// needs in *pnWsBytes; otherwise it requires *pnWsBytes to be enough and
// launches. reduce_launch() has already checked n >= 1 and the block size
// against the registry; each launcher REQUIREs what its kernels rely on.

/* Partials the single finishing block takes alone; above this a grid-stride
** pass (the warp-shuffle kernel over the partials) first cuts them to at most
** REDUCE_FINISH_GRID, so the finish never costs more than a few microseconds. */
#define REDUCE_FINISH_DIRECT 16384
#define REDUCE_FINISH_GRID 1024

/* Workspace elements the finishing stage needs beyond nPart partials. */
static size_t finish_extra(size_t nPart) {
  return nPart > REDUCE_FINISH_DIRECT ? REDUCE_FINISH_GRID + 64 : 0;
}

template <typename T>
__global__ void reduce_warp_shuffle_kernel(const T *d_in, size_t n, T *d_part);

/* Reduce the nPart partials at d_part into *d_out: one block, or a
** grid-stride pass into d_part + nPart (aligned up) followed by one block. */
template <typename T>
static int finish_launch(T *d_part, size_t nPart, T *d_out, cudaStream_t s) {
  if (nPart > REDUCE_FINISH_DIRECT) {
    const size_t nGrid2 = REDUCE_FINISH_GRID;
    T *d_part2 = d_part + ceil_div(nPart, 64) * 64;
    reduce_warp_shuffle_kernel<T><<<(unsigned)nGrid2, REDUCE_FINISH_BLOCK, 0, s>>>(d_part, nPart, d_part2);
    TRY(cudaGetLastError());
    d_part = d_part2;
    nPart = nGrid2;
  }
  reduce_finish_kernel<T><<<1, REDUCE_FINISH_BLOCK, 0, s>>>(d_part, nPart, d_out);
  LAUNCH_RETURN();
}

/* Kernel signature of the ladder variants (one partial per block). */
template <typename T>
using ladder_kernel = void (*)(T *, size_t, T *);

/* True if nBlock is a power of two in [nMin, 1024]. */
static bool block_ok(int nBlock, int nMin) {
  return nBlock >= nMin && nBlock <= 1024 && (nBlock & (nBlock - 1)) == 0;
}

/* log2 of a power of two. */
static int log2_pow2(int nBlock) {
  int iLog = 0;
  while ((1 << iLog) < nBlock) iLog++;
  return iLog;
}

/* Number of SMs of the current device, queried once (one device per process). */
static cudaError_t sm_count(int *pnSM) {
  static int s_nSM = 0;
  if (s_nSM == 0) {
    int iDev = 0;
    cudaError_t e = cudaGetDevice(&iDev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&s_nSM, cudaDevAttrMultiProcessorCount, iDev);
    if (e != cudaSuccess) return e;
  }
  *pnSM = s_nSM;
  return cudaSuccess;
}

/* Grid of a grid-stride kernel: enough blocks to fill the device (SMs times
** resident blocks per SM, cached in anResident[log2 nBlock]), raised to
** ceil(n / (nBlock*REDUCE_CHAIN_MAX)) so no thread adds more than
** REDUCE_CHAIN_MAX elements, capped at ceil(n / (nBlock*nPerThread)) so
** every thread has work. */
template <typename K>
static cudaError_t stride_grid(K kernel, int anResident[11], size_t n, int nBlock,
                               size_t nPerThread, size_t *pnGrid) {
  int *pnResident = &anResident[log2_pow2(nBlock)];
  if (*pnResident == 0) {
    int nSM = 0, nPerSM = 0;
    cudaError_t e = sm_count(&nSM);
    if (e == cudaSuccess) e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nPerSM, kernel, nBlock, 0);
    if (e != cudaSuccess) return e;
    *pnResident = nSM * (nPerSM > 0 ? nPerSM : 1);
  }
  size_t nGrid = (size_t)*pnResident;
  const size_t nChainGrid = ceil_div(n, (size_t)nBlock * REDUCE_CHAIN_MAX);
  const size_t nMaxGrid = ceil_div(n, (size_t)nBlock * nPerThread);
  if (nGrid < nChainGrid) nGrid = nChainGrid;
  if (nGrid > nMaxGrid) nGrid = nMaxGrid;
  *pnGrid = nGrid;
  return nGrid <= INT32_MAX ? cudaSuccess : cudaErrorInvalidValue;
}

/* Launch a ladder kernel (each block sums nBlock*nUnroll elements into one
** partial in d_ws) and the finishing kernel. */
template <typename T>
static int ladder_launch(ladder_kernel<T> kernel, int nUnroll, int nMinBlock, T *d_in, size_t n,
                         int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out, cudaStream_t s) {
  REQUIRE(block_ok(nBlock, nMinBlock));
  const size_t nGrid = ceil_div(n, (size_t)nBlock * nUnroll);
  REQUIRE(nGrid <= INT32_MAX);
  const size_t nNeed = (ceil_div(nGrid, 64) * 64 + finish_extra(nGrid)) * sizeof(T);
  if (d_ws == NULL) {
    *pnWsBytes = nNeed;
    return (int)cudaSuccess;
  }
  REQUIRE(*pnWsBytes >= nNeed);
  T *d_part = (T *)d_ws;
  kernel<<<(unsigned)nGrid, nBlock, 0, s>>>(d_in, n, d_part);
  TRY(cudaGetLastError());
  return finish_launch<T>(d_part, nGrid, d_out, s);
}

/* neighbored. */
template <typename T>
static int reduce_neighbored(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                             T *d_out, cudaStream_t s) {
  return ladder_launch<T>(reduce_neighbored_kernel<T>, 1, 32, d_in, n, nBlock, d_ws, pnWsBytes,
                          d_out, s);
}

/* neighbored-less-divergence. */
template <typename T>
static int reduce_neighbored_less_divergence(T *d_in, size_t n, int nBlock, void *d_ws,
                                             size_t *pnWsBytes, T *d_out, cudaStream_t s) {
  return ladder_launch<T>(reduce_neighbored_less_divergence_kernel<T>, 1, 32, d_in, n, nBlock,
                          d_ws, pnWsBytes, d_out, s);
}

/* interleaved. */
template <typename T>
static int reduce_interleaved(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                              T *d_out, cudaStream_t s) {
  return ladder_launch<T>(reduce_interleaved_kernel<T>, 1, 32, d_in, n, nBlock, d_ws, pnWsBytes,
                          d_out, s);
}

/* unroll2, unroll4, unroll8 (U data blocks per thread block). */
template <int U, typename T>
static int reduce_unroll(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                         cudaStream_t s) {
  return ladder_launch<T>(reduce_unroll_kernel<U, T>, U, 32, d_in, n, nBlock, d_ws, pnWsBytes,
                          d_out, s);
}
template <typename T>
static int reduce_unroll2(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                          cudaStream_t s) {
  return reduce_unroll<2, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}
template <typename T>
static int reduce_unroll4(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                          cudaStream_t s) {
  return reduce_unroll<4, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}
template <typename T>
static int reduce_unroll8(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                          cudaStream_t s) {
  return reduce_unroll<8, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}

/* unroll-warps8 (needs a full warp plus one more: nBlock >= 64). */
template <typename T>
static int reduce_unroll_warps8(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                                T *d_out, cudaStream_t s) {
  return ladder_launch<T>(reduce_unroll_warps8_kernel<T>, 8, 64, d_in, n, nBlock, d_ws,
                          pnWsBytes, d_out, s);
}

/* complete-unroll-warps8 (nBlock >= 64). */
template <typename T>
static int reduce_complete_unroll_warps8(T *d_in, size_t n, int nBlock, void *d_ws,
                                         size_t *pnWsBytes, T *d_out, cudaStream_t s) {
  return ladder_launch<T>(reduce_complete_unroll_warps8_kernel<T>, 8, 64, d_in, n, nBlock, d_ws,
                          pnWsBytes, d_out, s);
}

/* complete-unroll-template: pick the instance for nBlock in 64..1024. */
template <typename T>
static int reduce_complete_unroll_template(T *d_in, size_t n, int nBlock, void *d_ws,
                                           size_t *pnWsBytes, T *d_out, cudaStream_t s) {
  ladder_kernel<T> kernel;
  switch (nBlock) {
    case 64: kernel = reduce_complete_unroll_template_kernel<64, T>; break;
    case 128: kernel = reduce_complete_unroll_template_kernel<128, T>; break;
    case 256: kernel = reduce_complete_unroll_template_kernel<256, T>; break;
    case 512: kernel = reduce_complete_unroll_template_kernel<512, T>; break;
    case 1024: kernel = reduce_complete_unroll_template_kernel<1024, T>; break;
    default: return (int)cudaErrorInvalidValue;
  }
  return ladder_launch<T>(kernel, 8, 64, d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}

/* Launch a grid-stride kernel writing nGrid partials into d_ws, then the
** finishing kernel. */
template <typename T>
static int stride_launch(void (*kernel)(const T *, size_t, T *), size_t nGrid, const T *d_in,
                         size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                         cudaStream_t s) {
  const size_t nNeed = (ceil_div(nGrid, 64) * 64 + finish_extra(nGrid)) * sizeof(T);
  if (d_ws == NULL) {
    *pnWsBytes = nNeed;
    return (int)cudaSuccess;
  }
  REQUIRE(*pnWsBytes >= nNeed);
  T *d_part = (T *)d_ws;
  kernel<<<(unsigned)nGrid, nBlock, 0, s>>>(d_in, n, d_part);
  TRY(cudaGetLastError());
  return finish_launch<T>(d_part, nGrid, d_out, s);
}

/* warp-shuffle: grid fills the device, at least one element per thread. */
template <typename T>
static int reduce_warp_shuffle(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                               T *d_out, cudaStream_t s) {
  static int s_anResident[11];
  size_t nGrid = 0;
  REQUIRE(block_ok(nBlock, 32));
  TRY(stride_grid(reduce_warp_shuffle_kernel<T>, s_anResident, n, nBlock, 1, &nGrid));
  return stride_launch<T>(reduce_warp_shuffle_kernel<T>, nGrid, d_in, n, nBlock, d_ws, pnWsBytes,
                          d_out, s);
}

/* vectorized: grid = min(ceil(n/(4*nBlock)), resident blocks), see stride_grid. */
template <typename T>
static int reduce_vectorized(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                             T *d_out, cudaStream_t s) {
  static int s_anResident[11];
  size_t nGrid = 0;
  REQUIRE(block_ok(nBlock, 32));
  TRY(stride_grid(reduce_vectorized_kernel<T>, s_anResident, n, nBlock, 4, &nGrid));
  return stride_launch<T>(reduce_vectorized_kernel<T>, nGrid, d_in, n, nBlock, d_ws, pnWsBytes,
                          d_out, s);
}

/* single-pass: workspace = counter (zeroed once by reduce_workspace_init, then
** reset by the kernel itself) followed by the partials; one launch. */
template <typename T>
static int reduce_single_pass(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                              T *d_out, cudaStream_t s) {
  static int s_anResident[11];
  size_t nGrid = 0;
  REQUIRE(block_ok(nBlock, 32));
  TRY(stride_grid(reduce_single_pass_kernel<T>, s_anResident, n, nBlock, 4, &nGrid));
  const size_t nNeed = REDUCE_COUNTER_BYTES + nGrid * sizeof(T);
  if (d_ws == NULL) {
    *pnWsBytes = nNeed;
    return (int)cudaSuccess;
  }
  REQUIRE(*pnWsBytes >= nNeed);
  unsigned *d_count = (unsigned *)d_ws;
  T *d_part = (T *)((char *)d_ws + REDUCE_COUNTER_BYTES);
  reduce_single_pass_kernel<T><<<(unsigned)nGrid, nBlock, 0, s>>>(d_in, n, d_part, d_count, d_out);
  LAUNCH_RETURN();
}

/* cub: cub::DeviceReduce::Sum with its temporary storage in d_ws; nBlock is
** ignored. The count is a size_t, so CUB indexes with 64-bit offsets
** (cub::detail::choose_offset_t: unsigned long long for an 8-byte count).
** CUB itself answers the size query (d_ws == NULL) and returns
** cudaErrorInvalidValue when *pnWsBytes is too small. */
template <typename T>
static int reduce_cub(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                      cudaStream_t s) {
  (void)nBlock;
  TRY(cub::DeviceReduce::Sum(d_ws, *pnWsBytes, (const T *)d_in, d_out, n, s));
  if (d_ws == NULL) return (int)cudaSuccess;
  LAUNCH_RETURN();
}

/* cub32: the same call with an int count, so CUB indexes with 32-bit
** offsets (choose_offset_t: uint32_t for a count of at most 4 bytes); CUB
** at its best where n fits an int (issue 47: faster than cub on an H200,
** most at 2^24). n > INT32_MAX is refused before any CUDA call. */
template <typename T>
static int reduce_cub32(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                        cudaStream_t s) {
  (void)nBlock;
  REQUIRE(n <= (size_t)INT32_MAX);
  TRY(cub::DeviceReduce::Sum(d_ws, *pnWsBytes, (const T *)d_in, d_out, (int)n, s));
  if (d_ws == NULL) return (int)cudaSuccess;
  LAUNCH_RETURN();
}

#include "kernels/reduce_top.cuh"

// ----------------------------------------------------------------------------
// variant registry
//
// One line per variant, in ladder order (the report's order): key,
// description, the bottleneck it removes relative to the line above, flags,
// smallest block, seed step, launcher. REDUCE_VARIANT turns the launcher
// template reduce_<key> into the entry's function pointer (one instance per
// element type) and its name, from the same token, so they cannot disagree;
// tests/unit/test_reduce_args.c checks that name against the key.
//
// experiments/reduce/reduce.matrix selects by flags, never by key: a variant
// is in the every-variant block sweep unless flagged VARIANT_NO_BLOCK,
// VARIANT_BOUND or VARIANT_OWN_SWEEP (swept by lines of its own: the tuning
// lines of inflight, one-launch and one-launch-det, small-n's block sweep),
// and in the every-variant batch line unless VARIANT_HOST, VARIANT_BOUND or
// VARIANT_NO_BATCH; so a new line here is measured by both without a matrix
// edit (tests/unit/test_variant_select.c).

/* Variant F<T> for the element type of the call. */
template <int (*FI)(int *, size_t, int, void *, size_t *, int *, cudaStream_t),
          int (*FF)(float *, size_t, int, void *, size_t *, float *, cudaStream_t)>
static int by_dtype(reduce_dtype eType, void *d_in, size_t n, int nBlock, void *d_ws,
                    size_t *pnWsBytes, void *d_out, cudaStream_t s) {
  switch (eType) {
    case REDUCE_I32: return FI((int *)d_in, n, nBlock, d_ws, pnWsBytes, (int *)d_out, s);
    case REDUCE_F32: return FF((float *)d_in, n, nBlock, d_ws, pnWsBytes, (float *)d_out, s);
  }
  return (int)cudaErrorInvalidValue;
}

#define REDUCE_VARIANT(zKey, zDesc, zBottleneck, zOrigin, mFlags, nMinBlock, nFold, launcher) \
  { {zKey, zDesc, zBottleneck, zOrigin, mFlags, #launcher}, nMinBlock, nFold,                 \
    by_dtype<launcher<int>, launcher<float> > }

extern "C" const reduce_variant reduce_variants[] = {
    /*             key, description,
    **             bottleneck removed, origin, flags, min block, fold, launcher */
    REDUCE_VARIANT("neighbored", "in-place neighbored pairs, tid % (2*stride)",
                   "", "seed 2", VARIANT_IN_PLACE, 32, 1, reduce_neighbored),
    REDUCE_VARIANT("neighbored-less-divergence", "in-place neighbored pairs, index = 2*stride*tid",
                   "warp divergence", "seed 3", VARIANT_IN_PLACE, 32, 1, reduce_neighbored_less_divergence),
    REDUCE_VARIANT("interleaved", "in-place interleaved pairs, stride halves",
                   "strided accesses of the remapped index", "seed 4", VARIANT_IN_PLACE, 32, 1, reduce_interleaved),
    REDUCE_VARIANT("unroll2", "fold 2 data blocks per thread block, then interleaved",
                   "idle threads in the first step", "seed 5", VARIANT_IN_PLACE, 32, 2, reduce_unroll2),
    REDUCE_VARIANT("unroll4", "fold 4 data blocks per thread block, then interleaved",
                   "too few loads in flight per thread", "seed 5", VARIANT_IN_PLACE, 32, 4, reduce_unroll4),
    REDUCE_VARIANT("unroll8", "fold 8 data blocks per thread block, then interleaved",
                   "too few loads in flight per thread", "seed 5", VARIANT_IN_PLACE, 32, 8, reduce_unroll8),
    REDUCE_VARIANT("unroll-warps8", "unroll8 + last warp unrolled (volatile, __syncwarp)",
                   "instruction overhead of the last warp", "seed 6", VARIANT_IN_PLACE, 64, 8,
                   reduce_unroll_warps8),
    REDUCE_VARIANT("complete-unroll-warps8", "unroll8 + in-block loop completely unrolled",
                   "loop overhead", "seed 7", VARIANT_IN_PLACE, 64, 8, reduce_complete_unroll_warps8),
    REDUCE_VARIANT("complete-unroll-template", "complete unroll with the block size a template parameter",
                   "run-time block-size tests", "seed 7", VARIANT_IN_PLACE, 64, 8, reduce_complete_unroll_template),
    REDUCE_VARIANT("warp-shuffle", "grid-stride register sum of one 4-byte load at a time, __shfl_down_sync block reduce",
                   "barriers and memory traffic of the in-block tree; and gives up unroll8's 8 loads in flight for one scalar load a thread a step",
                   "modern", 0, 32, 0, reduce_warp_shuffle),
    REDUCE_VARIANT("vectorized", "warp-shuffle with 16-byte loads, 4 in flight, occupancy-sized grid",
                   "load instructions per byte; and sizes its grid by occupancy", "modern", 0, 32, 0,
                   reduce_vectorized),
    REDUCE_VARIANT("single-pass", "vectorized + last-block-done counter: one kernel launch",
                   "the second kernel launch", "modern", 0, 32, 0, reduce_single_pass),
    REDUCE_VARIANT("inflight", "8 independent 16-byte loads per thread per tile, grid = occupancy x SMs x factor",
                   "too few bytes in flight per SM to cover DRAM latency", "top",
                   VARIANT_TUNED | VARIANT_OWN_SWEEP | VARIANT_NO_BATCH, 32, 0,
                   reduce_inflight),
    REDUCE_VARIANT("tma-bulk", "cp.async.bulk global->shared, 4-stage mbarrier pipeline of 8 KiB tiles",
                   "load instructions and registers per byte in flight", "top",
                   VARIANT_TUNED | VARIANT_HOPPER_ONLY | VARIANT_NO_BATCH,
                   32, 0, reduce_tma_bulk),
    REDUCE_VARIANT("one-launch", "inflight + atomic accumulator and last-block ticket: one launch",
                   "the second kernel launch", "top", VARIANT_TUNED | VARIANT_OWN_SWEEP, 32, 0, reduce_one_launch),
    REDUCE_VARIANT("one-launch-det", "inflight + last block adds the partials in a fixed order: one launch",
                   "float32 sums that depend on the order of the atomics", "top",
                   VARIANT_TUNED | VARIANT_OWN_SWEEP | VARIANT_NO_BATCH, 32, 0,
                   reduce_one_launch_det),
    REDUCE_VARIANT("small-n", "one launch, all loads of a thread in flight, <= 1024 threads/SM; int32: count + sum in one 64-bit atomic; one block, no combine, where n fits its loads",
                   "the ticket's fence and second atomic, and one-launch's whole-tile grid at small n", "modern",
                   VARIANT_OWN_SWEEP, 32, 0,
                   reduce_small_n),
    REDUCE_VARIANT("no-combine", "small-n's loads and block sums, each block's sum stored, nothing combines them (a bound: no result)",
                   "", "bound", VARIANT_BOUND, 32, 0, reduce_no_combine),
    REDUCE_VARIANT("cub", "cub::DeviceReduce::Sum, size_t count: 64-bit offsets",
                   "", "reference", VARIANT_NO_BLOCK, 32, 0, reduce_cub),
    REDUCE_VARIANT("cub32", "cub::DeviceReduce::Sum, int count: 32-bit offsets (n <= 2^31-1)",
                   "", "reference", VARIANT_NO_BLOCK | VARIANT_OFFSET32, 32, 0, reduce_cub32),
};
extern "C" const int reduce_nvariant = VARIANT_COUNT(reduce_variants);

// ----------------------------------------------------------------------------
// dispatch

/* Validate the common arguments and call variant iVar's launcher (d_ws NULL:
** size query only). */
static int reduce_dispatch(int iVar, reduce_dtype eType, void *d_in, size_t n, int nBlock,
                           void *d_ws, size_t *pnWsBytes, void *d_out, cudaStream_t s) {
  REQUIRE(iVar >= 0 && iVar < reduce_nvariant && n >= 1);
  REQUIRE(eType == REDUCE_I32 || eType == REDUCE_F32);
  const reduce_variant *pVar = &reduce_variants[iVar];
  REQUIRE((pVar->v.mFlags & VARIANT_NO_BLOCK) || block_ok(nBlock, pVar->nMinBlock));
  REQUIRE(!(pVar->v.mFlags & VARIANT_OFFSET32) || n <= (size_t)INT32_MAX);
  return pVar->xLaunch(eType, d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}

/* Workspace bytes of variant iVar: its launcher's size query (0 if invalid). */
extern "C" size_t reduce_workspace_bytes(int iVar, reduce_dtype eType, size_t n, int nBlock) {
  size_t nBytes = 0;
  if (reduce_dispatch(iVar, eType, NULL, n, nBlock, NULL, &nBytes, NULL, 0) != cudaSuccess) return 0;
  return nBytes;
}

/* Zero the workspace once after allocation (single-pass's counter). */
extern "C" int reduce_workspace_init(void *d_ws, size_t nWsBytes, cudaStream_t s) {
  REQUIRE(d_ws != NULL || nWsBytes == 0);
  if (nWsBytes == 0) return (int)cudaSuccess;
  return (int)cudaMemsetAsync(d_ws, 0, nWsBytes, s);
}

/* Sum d_in[0..n) into *d_out with variant iVar; see reduce.h. */
extern "C" int reduce_launch(int iVar, reduce_dtype eType, void *d_in, size_t n, int nBlock,
                             void *d_ws, size_t nWsBytes, void *d_out, cudaStream_t s) {
  REQUIRE(d_in != NULL && d_ws != NULL && d_out != NULL);
  return reduce_dispatch(iVar, eType, d_in, n, nBlock, d_ws, &nWsBytes, d_out, s);
}

/* Loads per thread and grid factor of the tuned variants; see reduce.h. */
extern "C" int reduce_tune(int nLoads, int nGridFactor) {
  REQUIRE(nLoads == 0 || nLoads == 1 || nLoads == 2 || nLoads == 4 || nLoads == 8 || nLoads == 16);
  REQUIRE(nGridFactor >= 0 && nGridFactor <= 64);
  g_nTopLoads = nLoads;
  g_nTopGridFactor = nGridFactor;
  return (int)cudaSuccess;
}
