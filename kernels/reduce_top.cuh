/*
kernels/reduce_top.cuh: the top of the reduction ladder (issue 12), included
by kernels/reduce.cu after its launchers (it uses block_sum, finish_launch,
sm_count and the other helpers defined there). Not a translation unit.

version inflight: U independent 16-byte loads per thread per tile (U = loads
  axis, default 8), block-contiguous tiles, grid = occupancy x SMs x factor;
  partials + the common finishing kernel (two launches). Removes: too few
  bytes in flight per SM to cover DRAM latency (Little's law).
version tma-bulk: the same tiles moved by the bulk copy engine
  (cp.async.bulk global->shared, a 4-stage mbarrier pipeline of 8 KiB tiles),
  threads only add from shared memory; partials + finish. Removes: load
  instructions and registers per byte in flight. sm_90+ only.
version one-launch: inflight, then each block adds its partial atomically
  into one accumulator and takes a ticket; the last block publishes it and
  resets. Removes: the second launch (its latency dominates small inputs).
  float32 sums depend on the order of the atomics (timing).
version one-launch-det: inflight, then per-block partials added in a fixed
  order by the last block (ticket). Removes: timing-dependent float32 sums
  of one-launch (for the price of the last block's pass over the partials).

version small-n (issue 22): one launch with the least fixed cost: every
  load of a thread in flight at once, one 16-byte vector per thread up to
  1024 threads per SM; int32: count and sum in one 64-bit atomic per block,
  so no fence and no ticket (float32: one-launch's atomic + ticket, the sum
  depends on the order of the atomics). Where the whole input fits one
  block's loads (n <= block x 4 loads x 4 elements: 2^12 at block 256, 2^14
  at 1024) a grid of ONE block, whose sum is the result: written straight
  to *d_out, no atomic and no combine at all (issue 47; CUB's single-tile
  path). Not tuned (loads/grid axes ignored).
version no-combine (issue 36): small-n's loads and block sums only, each
  block's sum stored, nothing combines them: a lower bound of small-n (flag
  VARIANT_BOUND), not a ladder step; no result, verified by its partials.

Tuning (process-wide, reduce_tune()): loads per thread U in {1,2,4,8,16} and
the grid factor (resident blocks x factor); tma-bulk ignores the loads.
Every thread adds at most REDUCE_CHAIN_MAX elements (the grid is raised when
needed), so float32 sums keep ref_reduce_f32_tolerance().
*/

// ----------------------------------------------------------------------------
// GPU kernels

/* How a top kernel combines its per-block sums. */
enum top_combine_mode {
  TOP_PARTIALS = 0, /* one partial per block; finish_launch adds them */
  TOP_ATOMIC = 1,   /* atomicAdd into one accumulator, last block publishes */
  TOP_FIXED = 2     /* partials, last block adds them in index order */
};

/* Loads per thread and grid factor when reduce_tune() set none. */
#define TOP_LOADS_DEFAULT 8
#define TOP_GRID_FACTOR_DEFAULT 1

/* Bulk-copy pipeline: stages and bytes per stage (a multiple of 16). */
#define TMA_STAGES 4
#define TMA_TILE_BYTES 8192

/* Split of d_in[0..n) into nHead scalars (up to the first 16-byte aligned
** address), nVec 16-byte vectors and scalars from iTail on. */
template <typename T>
struct vec4_split {
  size_t nHead, nVec, iTail;
  __device__ vec4_split(const T *d_in, size_t n) {
    nHead = ((16u - ((uintptr_t)d_in & 15u)) & 15u) / sizeof(T);
    if (nHead > n) nHead = n;
    nVec = (n - nHead) / 4;
    iTail = nHead + 4 * nVec;
  }
};

/* Sum of one 16-byte vector, pairwise. */
template <typename V>
__device__ inline auto vec4_sum(const V &v) -> decltype(v.x) {
  return (v.x + v.y) + (v.z + v.w);
}

/* This thread's part of the scalar head and tail and of the vectors
** [iFirstVec, nVec) (grid-stride): the leftovers after the whole tiles. */
template <typename T>
__device__ T thread_sum_leftovers(const T *d_in, size_t n, const vec4_split<T> &sp,
                                  size_t iFirstVec) {
  typedef typename vec4_of<T>::type V;
  const V *pV = (const V *)(d_in + sp.nHead);
  const size_t iGlobal = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  const size_t nStride = (size_t)gridDim.x * blockDim.x;
  T acc = 0;
  for (size_t i = iFirstVec + iGlobal; i < sp.nVec; i += nStride) acc += vec4_sum(pV[i]);
  if (iGlobal < sp.nHead) acc += d_in[iGlobal];
  if (sp.iTail + iGlobal < n) acc += d_in[sp.iTail + iGlobal];
  return acc;
}

/* This thread's share of d_in[0..n): tiles of U*blockDim.x vectors, tile t
** to block t % gridDim.x; in a tile, thread i loads vectors i + k*blockDim.x,
** all U loads issued before the first add. */
template <int U, typename T>
__device__ T thread_sum_tiles(const T *__restrict__ d_in, size_t n) {
  typedef typename vec4_of<T>::type V;
  const vec4_split<T> sp(d_in, n);
  const V *__restrict__ pV = (const V *)(d_in + sp.nHead);
  const size_t nTileVec = (size_t)U * blockDim.x;
  const size_t nTile = sp.nVec / nTileVec;
  T acc = 0;
  for (size_t iTile = blockIdx.x; iTile < nTile; iTile += gridDim.x) {
    const V *p = pV + iTile * nTileVec + threadIdx.x;
    V a[U];
#pragma unroll
    for (int k = 0; k < U; k++) a[k] = __ldg(p + (size_t)k * blockDim.x);
    T s[U];
#pragma unroll
    for (int k = 0; k < U; k++) s[k] = vec4_sum(a[k]);
#pragma unroll
    for (int w = 1; w < U; w *= 2)
#pragma unroll
      for (int k = 0; k + w < U; k += 2 * w) s[k] += s[k + w];
    acc += s[0];
  }
  return acc + thread_sum_leftovers(d_in, n, sp, nTile * nTileVec);
}

/* Combine the block sum v (valid in thread 0) as mode M says; d_part is the
** partials array (TOP_ATOMIC: the accumulator, d_part[0]). All threads call. */
template <int M, typename T>
__device__ void top_combine(T v, T *d_part, unsigned *d_count, T *d_out) {
  if (M == TOP_PARTIALS) {
    if (threadIdx.x == 0) d_part[blockIdx.x] = v;
    return;
  }
  if (M == TOP_ATOMIC) {
    if (threadIdx.x != 0) return;
    atomicAdd(d_part, v);
    __threadfence();
    if (atomicAdd(d_count, 1u) == gridDim.x - 1) {
      __threadfence();
      *d_out = atomicExch(d_part, T(0)); /* every block's add is in: publish, reset */
      *d_count = 0;
    }
    return;
  }
  __shared__ bool s_bLast;
  if (threadIdx.x == 0) {
    d_part[blockIdx.x] = v;
    __threadfence();
    s_bLast = atomicAdd(d_count, 1u) == gridDim.x - 1;
    __threadfence();
  }
  __syncthreads(); /* also separates block_sum's two uses of its shared array */
  if (!s_bLast) return;
  const T total = block_sum(thread_sum_partials(d_part, gridDim.x));
  if (threadIdx.x == 0) {
    *d_out = total;
    *d_count = 0;
  }
}

/* inflight, one-launch, one-launch-det: U loads in flight, combine M. */
template <int U, int M, typename T>
__global__ void __launch_bounds__(1024)
    reduce_top_kernel(const T *d_in, size_t n, T *d_part, unsigned *d_count, T *d_out) {
  top_combine<M>(block_sum(thread_sum_tiles<U>(d_in, n)), d_part, d_count, d_out);
}

/* Shared-memory address of a generic pointer into shared memory. */
__device__ inline unsigned smem_u32(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}

/* tma-bulk: thread 0 keeps TMA_STAGES bulk copies of TMA_TILE_BYTES tiles in
** flight (tile t to block t % gridDim.x), each completing on its stage's
** mbarrier; all threads wait for a stage, add it from shared memory, meet at
** a barrier, and thread 0 refills it. Dynamic shared memory:
** TMA_STAGES * TMA_TILE_BYTES. Compiled for sm_90+ only; elsewhere it traps
** (the launcher refuses to launch it there). */
template <int M, typename T>
__global__ void __launch_bounds__(1024)
    reduce_tma_kernel(const T *d_in, size_t n, T *d_part, unsigned *d_count, T *d_out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  typedef typename vec4_of<T>::type V;
  extern __shared__ __align__(128) unsigned char s_aTile[];
  __shared__ __align__(8) unsigned long long s_aBar[TMA_STAGES];
  const vec4_split<T> sp(d_in, n);
  const V *pV = (const V *)(d_in + sp.nHead);
  const size_t nTileVec = TMA_TILE_BYTES / 16;
  const size_t nTile = sp.nVec / nTileVec;
  const size_t nMine = nTile > blockIdx.x ? ceil_div(nTile - blockIdx.x, gridDim.x) : 0;
  if (threadIdx.x == 0) {
    for (int i = 0; i < TMA_STAGES; i++)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_u32(&s_aBar[i])) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  /* Thread 0: copy this block's k-th tile into stage k % TMA_STAGES. */
  auto issue = [&](size_t k) {
    const unsigned iBar = smem_u32(&s_aBar[k % TMA_STAGES]);
    const void *src = pV + (blockIdx.x + k * gridDim.x) * nTileVec;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(iBar),
                 "r"(TMA_TILE_BYTES)
                 : "memory");
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
            smem_u32(s_aTile + (k % TMA_STAGES) * TMA_TILE_BYTES)),
        "l"(src), "r"(TMA_TILE_BYTES), "r"(iBar)
        : "memory");
  };
  if (threadIdx.x == 0)
    for (size_t k = 0; k < TMA_STAGES && k < nMine; k++) issue(k);
  T acc = 0;
  for (size_t k = 0; k < nMine; k++) {
    const unsigned iBar = smem_u32(&s_aBar[k % TMA_STAGES]);
    const unsigned iParity = (unsigned)(k / TMA_STAGES) & 1u;
    asm volatile(
        "{\n .reg .pred p;\n WAIT:\n"
        " mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
        " @!p bra WAIT;\n}" ::"r"(iBar),
        "r"(iParity)
        : "memory");
    const V *sV = (const V *)(s_aTile + (k % TMA_STAGES) * TMA_TILE_BYTES);
    T t = 0;
    for (unsigned i = threadIdx.x; i < nTileVec; i += blockDim.x) t += vec4_sum(sV[i]);
    acc += t;
    __syncthreads(); /* the stage is read: it may be refilled */
    if (threadIdx.x == 0 && k + TMA_STAGES < nMine) issue(k + TMA_STAGES);
  }
  acc += thread_sum_leftovers(d_in, n, sp, nTile * nTileVec);
  top_combine<M>(block_sum(acc), d_part, d_count, d_out);
#else
  (void)d_in, (void)n, (void)d_part, (void)d_count, (void)d_out;
  __trap();
#endif
}

// ----------------------------------------------------------------------------
// kernel launchers

/* Loads per thread and grid factor set by reduce_tune() (0: default). */
static int g_nTopLoads = 0, g_nTopGridFactor = 0;

/* Grid of a top kernel: resident blocks (SMs x occupancy at nSmem bytes of
** dynamic shared memory, cached in anResident[log2 nBlock]) x the grid
** factor, capped at the number of whole tiles of nTileElems elements (at
** least 1), raised so that no thread adds more than REDUCE_CHAIN_MAX
** elements: a thread adds at most nPerTile elements of each of its tiles,
** nPerTile more of the leftover vectors and 2 scalars. */
template <typename K>
static cudaError_t top_grid(K kernel, int anResident[11], size_t nSmem, size_t n, int nBlock,
                            size_t nTileElems, size_t nPerTile, size_t *pnGrid) {
  int *pnResident = &anResident[log2_pow2(nBlock)];
  if (*pnResident == 0) {
    int nSM = 0, nPerSM = 0;
    cudaError_t e = sm_count(&nSM);
    if (e == cudaSuccess)
      e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nPerSM, kernel, nBlock, nSmem);
    if (e != cudaSuccess) return e;
    *pnResident = nSM * (nPerSM > 0 ? nPerSM : 1);
  }
  const int nFactor = g_nTopGridFactor > 0 ? g_nTopGridFactor : TOP_GRID_FACTOR_DEFAULT;
  size_t nGrid = (size_t)*pnResident * (size_t)nFactor;
  const size_t nTile = n / nTileElems;
  const size_t nTileMax = (REDUCE_CHAIN_MAX - 2 - nPerTile) / nPerTile; /* tiles per block */
  if (nGrid > nTile) nGrid = nTile > 0 ? nTile : 1;
  if (nGrid < ceil_div(nTile, nTileMax)) nGrid = ceil_div(nTile, nTileMax);
  *pnGrid = nGrid;
  return nGrid <= INT32_MAX ? cudaSuccess : cudaErrorInvalidValue;
}

/* Workspace and launch of a top kernel with combine mode M: a 16-byte
** counter, then the partials (TOP_ATOMIC: one accumulator; TOP_PARTIALS: room
** for the finishing stage too). */
template <int M, typename T, typename K>
static int top_launch(K kernel, size_t nSmem, size_t nGrid, T *d_in, size_t n, int nBlock,
                      void *d_ws, size_t *pnWsBytes, T *d_out, cudaStream_t s) {
  const size_t nPart = M == TOP_ATOMIC ? 1 : nGrid;
  const size_t nNeed =
      REDUCE_COUNTER_BYTES +
      (ceil_div(nPart, 64) * 64 + (M == TOP_PARTIALS ? finish_extra(nGrid) : 0)) * sizeof(T);
  if (d_ws == NULL) {
    *pnWsBytes = nNeed;
    return (int)cudaSuccess;
  }
  REQUIRE(*pnWsBytes >= nNeed);
  unsigned *d_count = (unsigned *)d_ws;
  T *d_part = (T *)((char *)d_ws + REDUCE_COUNTER_BYTES);
  kernel<<<(unsigned)nGrid, nBlock, nSmem, s>>>(d_in, n, d_part, d_count, d_out);
  const cudaError_t e = cudaGetLastError();
  if (M != TOP_PARTIALS || e != cudaSuccess) return (int)e;
  return finish_launch<T>(d_part, nGrid, d_out, s);
}

/* inflight / one-launch / one-launch-det with U loads per thread. */
template <int U, int M, typename T>
static int reduce_top_u(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                        cudaStream_t s) {
  static int s_anResident[11];
  size_t nGrid = 0;
  REQUIRE(block_ok(nBlock, 32));
  TRY(top_grid(reduce_top_kernel<U, M, T>, s_anResident, 0, n, nBlock, (size_t)4 * U * nBlock,
               (size_t)4 * U, &nGrid));
  return top_launch<M, T>(reduce_top_kernel<U, M, T>, 0, nGrid, d_in, n, nBlock, d_ws, pnWsBytes,
                          d_out, s);
}

/* The loads-per-thread dispatch of reduce_top_u. */
template <int M, typename T>
static int reduce_top(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                      cudaStream_t s) {
  switch (g_nTopLoads > 0 ? g_nTopLoads : TOP_LOADS_DEFAULT) {
    case 1: return reduce_top_u<1, M, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
    case 2: return reduce_top_u<2, M, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
    case 4: return reduce_top_u<4, M, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
    case 8: return reduce_top_u<8, M, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
    case 16: return reduce_top_u<16, M, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
  }
  return (int)cudaErrorInvalidValue;
}

/* inflight: partials + finishing kernel. */
template <typename T>
static int reduce_inflight(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                           cudaStream_t s) {
  return reduce_top<TOP_PARTIALS, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}

/* one-launch: atomic accumulator + ticket. */
template <typename T>
static int reduce_one_launch(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                             T *d_out, cudaStream_t s) {
  return reduce_top<TOP_ATOMIC, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}

/* one-launch-det: partials added in index order by the last block. */
template <typename T>
static int reduce_one_launch_det(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes,
                                 T *d_out, cudaStream_t s) {
  return reduce_top<TOP_FIXED, T>(d_in, n, nBlock, d_ws, pnWsBytes, d_out, s);
}

/* 1 if the tma-bulk kernel exists as sm_90+ code for the current device
** (device compute capability >= 9.0 and the build carries sm_90+ code for
** it); asked once per process. */
static bool tma_usable(void) {
  static int s_bUsable = -1;
  if (s_bUsable < 0) {
    int iDev = 0, nMajor = 0;
    cudaFuncAttributes a;
    s_bUsable = cudaGetDevice(&iDev) == cudaSuccess &&
                cudaDeviceGetAttribute(&nMajor, cudaDevAttrComputeCapabilityMajor, iDev) == cudaSuccess &&
                nMajor >= 9 &&
                cudaFuncGetAttributes(&a, reduce_tma_kernel<TOP_PARTIALS, int>) == cudaSuccess &&
                a.ptxVersion >= 90;
  }
  return s_bUsable != 0;
}

/* tma-bulk: partials + finishing kernel; cudaErrorNotSupported where the
** device or the build lacks sm_90 (the study skips it there first). */
template <typename T>
static int reduce_tma_bulk(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                           cudaStream_t s) {
  static int s_anResident[11];
  size_t nGrid = 0;
  REQUIRE(block_ok(nBlock, 32));
  if (!tma_usable()) return (int)cudaErrorNotSupported;
  const size_t nSmem = (size_t)TMA_STAGES * TMA_TILE_BYTES;
  const size_t nPerTile = 4 * ceil_div(TMA_TILE_BYTES / 16, (size_t)nBlock);
  TRY(top_grid(reduce_tma_kernel<TOP_PARTIALS, T>, s_anResident, nSmem, n, nBlock,
               TMA_TILE_BYTES / sizeof(T), nPerTile, &nGrid));
  return top_launch<TOP_PARTIALS, T>(reduce_tma_kernel<TOP_PARTIALS, T>, nSmem, nGrid, d_in, n,
                                     nBlock, d_ws, pnWsBytes, d_out, s);
}

// ----------------------------------------------------------------------------
// small-n (issue 22): one launch with the least fixed cost

/* version small-n: every thread issues its 16-byte loads (up to
** SMALL_LOADS at once, predicated, so a thread with one vector has it in
** flight at once), a grid of at most SMALL_THREADS_PER_SM threads per SM
** (4 blocks of 256) and one vector per thread below that; then one atomic per
** block. int32: the block's sum (as 32 unsigned bits) and a count of 1 go
** into ONE 64-bit atomicAdd (sum in the low SMALL_COUNT_SHIFT bits, the block
** count above), so the block that reads count gridDim.x - 1 holds the whole
** sum in the atomic's old value: no __threadfence, no ticket, no second
** atomic; it writes *d_out and zeroes the word for the next launch. The low
** field cannot carry into the count while gridDim.x <= SMALL_GRID_MAX.
** A grid of one block (small_grid gives one wherever the input fits one
** block's loads, small_one_block_max) combines nothing: its block sum goes
** straight to *d_out, and the workspace is not touched.
** float32: the same loads, then one-launch's combine (atomicAdd into an
** accumulator, fence, ticket): the float32 sum depends on the order of the
** atomics. Removes: the ticket's fence and second atomic and one-launch's
** whole-tile grid (few loads in flight at small n). */

/* Most threads per SM of the small-n grid (H100: 528 blocks of 256). */
#define SMALL_THREADS_PER_SM 1024
/* 16-byte loads a thread issues before its first add. */
#define SMALL_LOADS 4
/* int32: bit where the block count starts in the packed 64-bit word; the
** sums of SMALL_GRID_MAX 32-bit values fit below it. */
#define SMALL_COUNT_SHIFT 44
#define SMALL_GRID_MAX 4096
static_assert(SMALL_LOADS == 4, "thread_sum_small adds its loads as a 4-term tree");
static_assert(SMALL_GRID_MAX <= (1u << (64 - SMALL_COUNT_SHIFT)) - 1 &&
                  (unsigned long long)SMALL_GRID_MAX * 0xffffffffull < (1ull << SMALL_COUNT_SHIFT),
              "the packed word's count and sum fields are too narrow for SMALL_GRID_MAX blocks");

/* This thread's share of d_in[0..n): grid-stride over the 16-byte vectors,
** SMALL_LOADS strides per trip with every load issued before the adds; the
** scalar head and tail go to the first threads of the grid. */
template <typename T>
__device__ T thread_sum_small(const T *__restrict__ d_in, size_t n) {
  typedef typename vec4_of<T>::type V;
  const vec4_split<T> sp(d_in, n);
  const V *__restrict__ pV = (const V *)(d_in + sp.nHead);
  const size_t iGlobal = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  const size_t nStride = (size_t)gridDim.x * blockDim.x;
  T acc = 0;
  for (size_t i = iGlobal; i < sp.nVec; i += SMALL_LOADS * nStride) {
    T s[SMALL_LOADS];
    V a[SMALL_LOADS];
#pragma unroll
    for (int k = 0; k < SMALL_LOADS; k++) {
      a[k].x = a[k].y = a[k].z = a[k].w = 0;
      if (i + k * nStride < sp.nVec) a[k] = __ldg(pV + i + k * nStride);
    }
#pragma unroll
    for (int k = 0; k < SMALL_LOADS; k++) s[k] = vec4_sum(a[k]);
    acc += (s[0] + s[1]) + (s[2] + s[3]);
  }
  if (iGlobal < sp.nHead) acc += d_in[iGlobal];
  if (sp.iTail + iGlobal < n) acc += d_in[sp.iTail + iGlobal];
  return acc;
}

/* int32 combine: block sum v (thread 0) and a count of 1 in one 64-bit
** atomic on d_ws's first 8 bytes; the last block publishes and resets. */
__device__ inline void small_combine(int v, void *d_ws, int *d_out) {
  if (threadIdx.x != 0) return;
  unsigned long long *d_acc = (unsigned long long *)d_ws;
  const unsigned long long add = (1ull << SMALL_COUNT_SHIFT) + (unsigned long long)(unsigned)v;
  const unsigned long long old = atomicAdd(d_acc, add);
  if ((old >> SMALL_COUNT_SHIFT) == (unsigned long long)(gridDim.x - 1)) {
    *d_out = (int)(unsigned)(old + add); /* the low 32 bits: the int32 sum, wrapped */
    *d_acc = 0;                          /* every block has added: ready for the next launch */
  }
}

/* float32 combine: one-launch's (counter in the first 4 bytes of d_ws, the
** accumulator after REDUCE_COUNTER_BYTES). */
__device__ inline void small_combine(float v, void *d_ws, float *d_out) {
  top_combine<TOP_ATOMIC>(v, (float *)((char *)d_ws + REDUCE_COUNTER_BYTES), (unsigned *)d_ws, d_out);
}

/* One block's share where the input fits it: a full tile (n = blockDim x
** SMALL_LOADS 16-byte vectors, the input 16-byte aligned) is loaded with no
** bound on any load, as straight-line code (CUB's full-tile path: on an H200,
** GPU-846ca074, 2026-11-29, the looped and predicated loads of
** thread_sum_small read 4096 int32 in 3.84 or 4.00 us from one process to the
** next, this in 3.84 in both); anything else as thread_sum_small. The same additions in the same
** order as thread_sum_small's one trip. */
template <typename T>
__device__ T thread_sum_one_block(const T *__restrict__ d_in, size_t n) {
  typedef typename vec4_of<T>::type V;
  if (n != (size_t)blockDim.x * SMALL_LOADS * 4 || ((uintptr_t)d_in & 15u) != 0) return thread_sum_small(d_in, n);
  const V *__restrict__ pV = (const V *)d_in + threadIdx.x;
  V a[SMALL_LOADS];
#pragma unroll
  for (int k = 0; k < SMALL_LOADS; k++) a[k] = __ldg(pV + (size_t)k * blockDim.x);
  T s[SMALL_LOADS];
#pragma unroll
  for (int k = 0; k < SMALL_LOADS; k++) s[k] = vec4_sum(a[k]);
  return T(0) + ((s[0] + s[1]) + (s[2] + s[3]));
}

/* small-n; kOne: a grid of one block, whose sum is the result (no combine). */
template <typename T, bool kOne>
__global__ void __launch_bounds__(1024)
    reduce_small_n_kernel(const T *__restrict__ d_in, size_t n, void *d_ws, T *d_out) {
  const T v = block_sum(kOne ? thread_sum_one_block(d_in, n) : thread_sum_small(d_in, n));
  if (!kOne) small_combine(v, d_ws, d_out);
  else if (threadIdx.x == 0) *d_out = v;
}

/* The most elements one block of nBlock threads loads in one trip of
** thread_sum_small: SMALL_LOADS 16-byte vectors a thread (the scalar head,
** at most 3, and the tail are within it). Up to it small-n runs one block. */
template <typename T>
static size_t small_one_block_max(int nBlock) {
  return (size_t)nBlock * SMALL_LOADS * (16 / sizeof(T));
}

/* Grid of small-n: one block where the input fits one block's loads
** (n <= small_one_block_max); else one 16-byte vector per thread, at
** most SMALL_THREADS_PER_SM threads per SM; float32 raised so that no thread
** adds more than REDUCE_CHAIN_MAX elements (SMALL_LOADS vectors a trip plus 2
** scalars: it adds at most 4 * ceil(nVec / threads) + 2); int32 (exact)
** capped at SMALL_GRID_MAX blocks for the packed atomic. */
template <typename T>
static cudaError_t small_grid(size_t n, int nBlock, size_t *pnGrid) {
  int nSM = 0;
  const cudaError_t e = sm_count(&nSM);
  if (e != cudaSuccess) return e;
  if (n <= small_one_block_max<T>(nBlock)) {
    *pnGrid = 1;
    return cudaSuccess;
  }
  size_t nGrid = ceil_div(ceil_div(n, 4), (size_t)nBlock);
  size_t nCap = (size_t)nSM * SMALL_THREADS_PER_SM / (size_t)nBlock;
  if (nCap < 1) nCap = 1;
  if (nGrid > nCap) nGrid = nCap;
  if (std::is_same<T, float>::value) {
    const size_t nChainGrid = ceil_div(n, (size_t)nBlock * (REDUCE_CHAIN_MAX - 8));
    if (nGrid < nChainGrid) nGrid = nChainGrid;
  } else if (nGrid > SMALL_GRID_MAX) {
    nGrid = SMALL_GRID_MAX;
  }
  *pnGrid = nGrid;
  return nGrid <= INT32_MAX ? cudaSuccess : cudaErrorInvalidValue;
}

/* small-n: workspace = up to 7 bytes to the first 8-byte boundary (the
** 64-bit atomic's word), 16 bytes (int32: the packed word; float32: the
** counter) and one accumulator slot, zeroed once by reduce_workspace_init,
** reset by the kernel (a grid of one block never touches it); one launch. */
template <typename T>
static int reduce_small_n(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                          cudaStream_t s) {
  size_t nGrid = 0;
  REQUIRE(block_ok(nBlock, 32));
  TRY(small_grid<T>(n, nBlock, &nGrid));
  const size_t nNeed = 8 + REDUCE_COUNTER_BYTES + 64 * sizeof(T);
  if (d_ws == NULL) {
    *pnWsBytes = nNeed;
    return (int)cudaSuccess;
  }
  REQUIRE(*pnWsBytes >= nNeed);
  void *d_word = (void *)(((uintptr_t)d_ws + 7u) & ~(uintptr_t)7u);
  if (nGrid == 1) reduce_small_n_kernel<T, true><<<1, nBlock, 0, s>>>(d_in, n, d_word, d_out);
  else reduce_small_n_kernel<T, false><<<(unsigned)nGrid, nBlock, 0, s>>>(d_in, n, d_word, d_out);
  LAUNCH_RETURN();
}

// ----------------------------------------------------------------------------
// no-combine (issue 36): small-n without its combine, a lower bound

/* version no-combine: small-n's grid (small_grid), loads (thread_sum_small,
** and on a grid of one block thread_sum_one_block, as small-n) and block sums, then each block stores its sum in its own slot of the
** workspace and nothing adds them: no atomic, no last block, *d_out never
** written. What small-n costs beyond it is its combine (none on a grid of
** one block, where small-n stores its one sum in *d_out instead). Flagged
** VARIANT_BOUND: not a ladder step, and its result is wrong by design; it is
** verified by the host adding the stored block sums (the workspace is
** exactly those: reduce_workspace_bytes() / the element size of them). */
template <typename T>
__global__ void __launch_bounds__(1024)
    reduce_no_combine_kernel(const T *__restrict__ d_in, size_t n, T *d_part) {
  const T v = block_sum(gridDim.x == 1 ? thread_sum_one_block(d_in, n) : thread_sum_small(d_in, n));
  if (threadIdx.x == 0) d_part[blockIdx.x] = v;
}

/* no-combine: workspace = one slot per block (small-n's grid), nothing else;
** one launch; d_out untouched. */
template <typename T>
static int reduce_no_combine(T *d_in, size_t n, int nBlock, void *d_ws, size_t *pnWsBytes, T *d_out,
                             cudaStream_t s) {
  size_t nGrid = 0;
  (void)d_out;
  REQUIRE(block_ok(nBlock, 32));
  TRY(small_grid<T>(n, nBlock, &nGrid));
  const size_t nNeed = nGrid * sizeof(T);
  if (d_ws == NULL) {
    *pnWsBytes = nNeed;
    return (int)cudaSuccess;
  }
  REQUIRE(*pnWsBytes >= nNeed);
  reduce_no_combine_kernel<T><<<(unsigned)nGrid, nBlock, 0, s>>>(d_in, n, (T *)d_ws);
  LAUNCH_RETURN();
}
